// Package tafl implements three tafl games for Koma.
package tafl
