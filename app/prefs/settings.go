package prefs

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"time"

	"koma/i18n"
)

// SettingsFile is the name of the settings blob in the store.
const SettingsFile = "settings.json"

// AutosaveFile is the name of the autosaved match in the store.
const AutosaveFile = "autosave.json"

// settingsVersion is written into the file so that a later format can recognise this one.
const settingsVersion = 1

// Speed is how fast moves are animated.
type Speed string

// The animation speeds, in the order the settings offer them.
const (
	SpeedOff    Speed = "off"
	SpeedFast   Speed = "fast"
	SpeedNormal Speed = "normal"
	SpeedSlow   Speed = "slow"
)

// Speeds lists the animation speeds in the order the settings show them.
var Speeds = []Speed{SpeedSlow, SpeedNormal, SpeedFast, SpeedOff}

// Scale converts animation time to wall time: the animation is advanced by dt*Scale per
// tick. Off returns 0, which callers treat as "finish at once".
func (s Speed) Scale() float64 {
	switch s {
	case SpeedOff:
		return 0
	case SpeedFast:
		return 2
	case SpeedSlow:
		return 0.5
	}
	return 1
}

// Scaled returns dt scaled by the speed.
func (s Speed) Scaled(dt time.Duration) time.Duration {
	return time.Duration(float64(dt) * s.Scale())
}

// Setup remembers the last choices made on a game's setup screen.
type Setup struct {
	// Options is the option string of the chosen variant ("size=8").
	Options string `json:"options"`
	// Side is the seat the person took, or -1 for two people at one machine.
	Side int `json:"side"`
	// Level is the computer's level name.
	Level string `json:"level"`
}

// Settings are the user's preferences.
type Settings struct {
	Version int `json:"version"`
	// Lang is the interface language.
	Lang i18n.Lang `json:"lang"`
	// Highlights shows the legal targets of the selected piece.
	Highlights bool `json:"highlights"`
	// Coords shows file and rank labels around the board.
	Coords bool `json:"coords"`
	// Animation is the speed of move animations.
	Animation Speed `json:"animation"`
	// HideMarks leaves out the marks that describe the position (Mabi's paralysed pieces,
	// a chain's visited points) for players who would rather see for themselves; the
	// marks of the board itself (thrones, goals) stay.
	HideMarks bool `json:"hideMarks,omitempty"`
	// EvalBar shows, beside the board, who the computer thinks is winning. It is off by
	// default: some players would rather not know.
	EvalBar bool `json:"evalBar,omitempty"`
	// Sound plays a quiet knock for each move and another for a capture.
	Sound bool `json:"sound"`
	// Setups holds the last setup per game ID. JSON writes map keys sorted, so the file
	// stays deterministic.
	Setups map[string]Setup `json:"setups,omitempty"`
}

// Defaults returns the settings of a first run, in the given language.
func Defaults(lang i18n.Lang) Settings {
	return Settings{Version: settingsVersion, Lang: lang, Highlights: true, Coords: true, Animation: SpeedNormal, Sound: true}
}

// normalize replaces values this version does not know by defaults, so that a file written
// by a newer version or edited by hand still gives usable settings.
func (s *Settings) normalize(lang i18n.Lang) {
	s.Version = settingsVersion
	if !slices.Contains(i18n.Languages(), s.Lang) {
		s.Lang = lang
	}
	if !slices.Contains(Speeds, s.Animation) {
		s.Animation = SpeedNormal
	}
}

// LoadSettings reads the settings from the store. A missing file gives the defaults with
// lang as the language. A file that cannot be read as settings (not a JSON object, or
// larger than MaxBlobBytes) also gives the defaults, is kept aside under the name returned
// in kept (see Store.Quarantine) and is reported in problem, for the app to tell the user;
// it is never deleted. When the store itself fails, as with a folder in the file's place,
// problem says so and kept is "": nothing was moved.
func LoadSettings(st Store, lang i18n.Lang) (s Settings, kept string, problem error) {
	s = Defaults(lang)
	data, err := st.Read(SettingsFile)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return s, "", nil
	case errors.Is(err, ErrTooLarge):
	case err != nil:
		return s, "", fmt.Errorf("prefs: settings: %w", err)
	default:
		loaded, perr := parseSettings(data, lang)
		if perr == nil {
			return loaded, "", nil
		}
		err = perr
	}
	kept, qerr := st.Quarantine(SettingsFile)
	if qerr != nil {
		return s, "", fmt.Errorf("prefs: settings: %w (%w)", err, qerr)
	}
	return s, kept, fmt.Errorf("prefs: settings: %w", err)
}

// utf8BOM is the byte-order mark some editors put at the start of a UTF-8 file.
const utf8BOM = "\xEF\xBB\xBF"

// parseSettings decodes a settings file: one JSON object, after an optional byte-order mark.
func parseSettings(data []byte, lang i18n.Lang) (Settings, error) {
	data = bytes.TrimPrefix(data, []byte(utf8BOM))
	// Unmarshal accepts null, and leaves the settings as they were: that is not a file of
	// settings either.
	if trimmed := bytes.TrimLeft(data, " \t\r\n"); len(trimmed) == 0 || trimmed[0] != '{' {
		return Settings{}, errors.New("not a JSON object")
	}
	s := Defaults(lang)
	if err := json.Unmarshal(data, &s); err != nil {
		return Settings{}, err
	}
	s.normalize(lang)
	return s, nil
}

// SaveSettings writes the settings to the store.
func SaveSettings(st Store, s Settings) error {
	s.Version = settingsVersion
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return fmt.Errorf("prefs: settings: %w", err)
	}
	if err := st.Write(SettingsFile, append(data, '\n')); err != nil {
		return fmt.Errorf("prefs: settings: %w", err)
	}
	return nil
}
