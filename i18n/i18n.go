// Package i18n holds Koma's texts in English and Japanese: the interface strings and the
// rules of every game.
//
// The texts live in locales/<lang>/ and are embedded in the binary:
//
//   - ui.txt holds the interface strings, one "key = value" line each (see ParseUI);
//   - rules/<game>.md holds the rules of one game: a front matter with its name, summary and
//     labels, then a small Markdown subset (see ParseRules).
//
// The package is pure Go (no Ebitengine) so that tests and tools can read the texts without
// a display.
package i18n

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
	"sync"
)

// Lang is a language code.
type Lang string

// The languages Koma speaks.
const (
	English  Lang = "en"
	Japanese Lang = "ja"
)

// Languages lists the supported languages in the order the settings show them.
func Languages() []Lang { return []Lang{English, Japanese} }

// Match maps a locale name as systems and browsers spell it ("ja_JP.UTF-8", "ja-JP", "en")
// to the supported language it asks for, falling back to English.
func Match(locale string) Lang {
	// Only the primary subtag matters: Koma has one Japanese and one English.
	primary, _, _ := strings.Cut(locale, "_")
	primary, _, _ = strings.Cut(primary, "-")
	primary, _, _ = strings.Cut(primary, ".")
	primary, _, _ = strings.Cut(primary, "@")
	if strings.EqualFold(strings.TrimSpace(primary), string(Japanese)) {
		return Japanese
	}
	return English
}

//go:embed locales
var locales embed.FS

// uiCatalogs is parsed on first use rather than in init so that a broken catalog costs
// nothing until it is needed and never panics; Check reports the problem.
var uiCatalogs = sync.OnceValues(func() (map[Lang]map[string]string, error) {
	cats := make(map[Lang]map[string]string, len(Languages()))
	var errs []error
	for _, lang := range Languages() {
		cat, err := loadUI(locales, lang)
		cats[lang] = cat
		if err != nil {
			errs = append(errs, err)
		}
	}
	return cats, errors.Join(errs...)
})

func loadUI(fsys fs.FS, lang Lang) (map[string]string, error) {
	name := path.Join("locales", string(lang), "ui.txt")
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		return map[string]string{}, fmt.Errorf("i18n: %s: %w", name, err)
	}
	// ParseUI keeps every good line even when others are malformed, so one typo does not
	// blank the whole interface.
	cat, err := parseUI(data)
	if err != nil {
		return cat, fmt.Errorf("i18n: %s: %w", name, err)
	}
	return cat, nil
}

// T returns the interface string for key in lang, formatted with args like fmt.Sprintf
// when args are given. A missing key falls back to English, then to the key itself.
func T(lang Lang, key string, args ...any) string {
	cats, _ := uiCatalogs()
	return lookup(cats, lang, key, args)
}

func lookup(cats map[Lang]map[string]string, lang Lang, key string, args []any) string {
	value, ok := cats[lang][key]
	if !ok {
		value, ok = cats[English][key]
	}
	if !ok {
		value = key
	}
	if verbs(value) != len(args) {
		noteMisformatted(lang, key, len(args))
	}
	if len(args) > 0 {
		return fmt.Sprintf(value, args...)
	}
	return value
}

// misformatted holds the strings asked for with a number of arguments other than their
// verbs: fmt would show "%!(EXTRA …)" or "%!s(MISSING)", or the raw verb, to the player.
var misformatted struct {
	sync.Mutex
	seen []string
}

func noteMisformatted(lang Lang, key string, args int) {
	misformatted.Lock()
	defer misformatted.Unlock()
	entry := fmt.Sprintf("%s:%s with %d arguments", lang, key, args)
	if !slices.Contains(misformatted.seen, entry) {
		misformatted.seen = append(misformatted.seen, entry)
	}
}

// Misformatted lists the strings asked for so far with the wrong number of arguments, as
// "lang:key with n arguments". The screen tests check that it stays empty once they have
// drawn every screen in every language.
func Misformatted() []string {
	misformatted.Lock()
	defer misformatted.Unlock()
	return slices.Clone(misformatted.seen)
}

// verbs counts the formatting verbs of a string: each % that is not part of "%%".
func verbs(format string) int {
	n := 0
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		if i+1 < len(format) && format[i+1] == '%' {
			i++
			continue
		}
		n++
	}
	return n
}

// Has reports whether lang itself (without falling back to English) has the key.
func Has(lang Lang, key string) bool {
	cats, _ := uiCatalogs()
	_, ok := cats[lang][key]
	return ok
}

// Keys returns the keys of lang's interface strings, sorted.
func Keys(lang Lang) []string {
	cats, _ := uiCatalogs()
	keys := make([]string, 0, len(cats[lang]))
	for k := range cats[lang] {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// Check parses every embedded text, the interface strings and all rules documents of every
// language, and reports every problem found. The app can call it at start-up to log broken
// texts; T and Rules keep working around them.
func Check() error {
	_, err := uiCatalogs()
	errs := []error{err}
	for _, lang := range Languages() {
		ids, err := RulesIDs(lang)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		for _, id := range ids {
			if _, err := Rules(lang, id); err != nil {
				errs = append(errs, err)
			}
		}
	}
	return errors.Join(errs...)
}
