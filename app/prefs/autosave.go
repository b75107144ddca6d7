package prefs

import (
	"errors"
	"fmt"
	"io/fs"

	"koma/app/match"
	"koma/rules"
)

// SaveAutosave stores m as the match to continue.
func SaveAutosave(st Store, m *match.Match) error {
	data, err := m.Save()
	if err != nil {
		return fmt.Errorf("prefs: autosave: %w", err)
	}
	if err := st.Write(AutosaveFile, data); err != nil {
		return fmt.Errorf("prefs: autosave: %w", err)
	}
	return nil
}

// ClearAutosave forgets the match to continue, once it is over or abandoned.
func ClearAutosave(st Store) error {
	if err := st.Remove(AutosaveFile); err != nil {
		return fmt.Errorf("prefs: autosave: %w", err)
	}
	return nil
}

// LoadAutosave returns the autosaved match, or nil without an error when there is none. An
// autosave that does not load (a corrupt file, a game no longer offered, a move the rules
// now refuse, a file larger than MaxBlobBytes) is kept aside under the name returned in
// kept and reported as an error wrapping match.ErrCorrupt. An autosave the store cannot
// read at all is reported with kept "": nothing was moved.
func LoadAutosave(st Store, cat rules.Catalog) (m *match.Match, kept string, err error) {
	data, err := st.Read(AutosaveFile)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, "", nil
	case errors.Is(err, ErrTooLarge):
		err = fmt.Errorf("%w: %w", match.ErrCorrupt, err)
	case err != nil:
		return nil, "", fmt.Errorf("prefs: autosave: %w", err)
	default:
		m, err = match.Load(data, cat)
	}
	if err != nil {
		kept, qerr := st.Quarantine(AutosaveFile)
		if qerr != nil {
			return nil, "", fmt.Errorf("prefs: autosave: %w (%w)", err, qerr)
		}
		return nil, kept, fmt.Errorf("prefs: autosave: %w", err)
	}
	return m, "", nil
}
