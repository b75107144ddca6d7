// Package prefs keeps what the app remembers between runs: the settings and the autosaved
// match. Everything goes through a small Store so that the desktop build can use files and
// the web build the browser's storage. It is pure Go and testable without a display.
package prefs

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
)

// Store reads and writes small named blobs. Names are plain file names such as
// "settings.json", without directories.
type Store interface {
	// Read returns the blob, or an error wrapping fs.ErrNotExist when there is none.
	Read(name string) ([]byte, error)
	// Write replaces the blob.
	Write(name string, data []byte) error
	// Remove deletes the blob; removing a missing blob is not an error.
	Remove(name string) error
	// Quarantine moves a blob that could not be understood out of the way, to name+".bad",
	// so that the user or a developer can still inspect it. It returns the new name.
	Quarantine(name string) (string, error)
}

// BadSuffix is appended to the name of a quarantined blob.
const BadSuffix = ".bad"

func checkName(name string) error {
	if name == "" || strings.ContainsAny(name, `/\`) || name == "." || name == ".." {
		return fmt.Errorf("prefs: invalid name %q", name)
	}
	return nil
}

// FileStore keeps blobs as files in one directory, created on the first write.
type FileStore struct {
	// Dir is the directory holding the files.
	Dir string
}

// UserFileStore returns a store in the user's configuration directory (for example
// ~/.config/koma on Linux).
func UserFileStore() (*FileStore, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return nil, fmt.Errorf("prefs: config directory: %w", err)
	}
	return &FileStore{Dir: filepath.Join(dir, "koma")}, nil
}

// Read implements Store.
func (s *FileStore) Read(name string) ([]byte, error) {
	if err := checkName(name); err != nil {
		return nil, err
	}
	data, err := os.ReadFile(filepath.Join(s.Dir, name))
	if err != nil {
		return nil, fmt.Errorf("prefs: read: %w", err)
	}
	return data, nil
}

// Write implements Store. It writes a temporary file and renames it, so that a crash in
// the middle never leaves half a file behind.
func (s *FileStore) Write(name string, data []byte) error {
	if err := checkName(name); err != nil {
		return err
	}
	if err := os.MkdirAll(s.Dir, 0o755); err != nil {
		return fmt.Errorf("prefs: write %s: %w", name, err)
	}
	tmp, err := os.CreateTemp(s.Dir, name+".*.tmp")
	if err != nil {
		return fmt.Errorf("prefs: write %s: %w", name, err)
	}
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("prefs: write %s: %w", name, err)
	}
	if err := os.Rename(tmp.Name(), filepath.Join(s.Dir, name)); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("prefs: write %s: %w", name, err)
	}
	return nil
}

// Remove implements Store.
func (s *FileStore) Remove(name string) error {
	if err := checkName(name); err != nil {
		return err
	}
	if err := os.Remove(filepath.Join(s.Dir, name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("prefs: remove: %w", err)
	}
	return nil
}

// Quarantine implements Store.
func (s *FileStore) Quarantine(name string) (string, error) {
	if err := checkName(name); err != nil {
		return "", err
	}
	bad := name + BadSuffix
	if err := os.Rename(filepath.Join(s.Dir, name), filepath.Join(s.Dir, bad)); err != nil {
		return "", fmt.Errorf("prefs: keep %s aside: %w", name, err)
	}
	return bad, nil
}

// MemStore keeps blobs in memory: for tests, and as a fallback when no persistent storage
// is available. It is safe for concurrent use.
type MemStore struct {
	mu    sync.Mutex
	blobs map[string][]byte
}

// NewMemStore returns an empty MemStore.
func NewMemStore() *MemStore { return &MemStore{blobs: map[string][]byte{}} }

// Read implements Store.
func (s *MemStore) Read(name string) ([]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	data, ok := s.blobs[name]
	if !ok {
		return nil, fmt.Errorf("prefs: read %s: %w", name, fs.ErrNotExist)
	}
	return slices.Clone(data), nil
}

// Write implements Store.
func (s *MemStore) Write(name string, data []byte) error {
	if err := checkName(name); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.blobs[name] = slices.Clone(data)
	return nil
}

// Remove implements Store.
func (s *MemStore) Remove(name string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.blobs, name)
	return nil
}

// Quarantine implements Store.
func (s *MemStore) Quarantine(name string) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	data, ok := s.blobs[name]
	if !ok {
		return "", fmt.Errorf("prefs: keep %s aside: %w", name, fs.ErrNotExist)
	}
	delete(s.blobs, name)
	s.blobs[name+BadSuffix] = data
	return name + BadSuffix, nil
}
