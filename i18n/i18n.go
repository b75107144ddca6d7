// Package i18n holds Koma's texts in English and Japanese: the interface strings and the
// rules of every game.
//
// CONTRACT STUB: the i18n helper replaces the internals; the exported API below is what the
// app relies on.
package i18n

import "fmt"

// Lang is a language code.
type Lang string

// The languages Koma speaks.
const (
	English  Lang = "en"
	Japanese Lang = "ja"
)

// Languages lists the supported languages in the order the settings show them.
func Languages() []Lang { return []Lang{English, Japanese} }

// Detect returns the language of the system (desktop) or the browser (web), falling back
// to English.
func Detect() Lang { return English }

// T returns the interface string for key in lang, formatted with args like fmt.Sprintf
// when args are given. A missing key falls back to English, then to the key itself.
func T(lang Lang, key string, args ...any) string {
	if len(args) > 0 {
		return fmt.Sprintf(key, args...)
	}
	return key
}

// BlockKind says what a block of a rules document is.
type BlockKind uint8

// The block kinds of the rules documents' Markdown subset.
const (
	Heading BlockKind = iota + 1
	Paragraph
	Bullet
	// Diagram asks for a board picture: Text holds a spec such as "konane:size=6".
	Diagram
)

// Block is one block of a rules document. Text may contain **bold** spans.
type Block struct {
	Kind BlockKind
	Text string
}

// RulesDoc is the rules of one game in one language.
type RulesDoc struct {
	// Name is the game's name; Summary one sentence about it.
	Name, Summary string
	// Labels holds the game's own strings from the front matter: option names
	// ("option.size"), option values ("option.size.6") and any game-specific outcome
	// reasons ("reason.<reason>").
	Labels map[string]string
	Blocks []Block
}

// Rules returns the rules of a game in lang.
func Rules(lang Lang, gameID string) (RulesDoc, error) {
	return RulesDoc{Name: gameID, Summary: gameID}, nil
}
