package assets

import _ "embed"

//go:generate go run ../build/licenses -o LICENSES.txt

// licences is generated from go.mod by build/licenses; its test fails when go.mod names a
// module or version the file does not.
//
//go:embed LICENSES.txt
var licences string

// Licences returns the list of the software Koma bundles or links, with the licence texts
// that come with it (the font's included): shown on the About screen and shipped beside
// the programs in the release archives.
func Licences() string { return licences }
