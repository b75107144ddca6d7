// Package prefs keeps what the app remembers between runs: the settings and the autosaved
// match. Everything goes through a small Store so that the desktop build can use files and
// the web build the browser's storage. It is pure Go and testable without a display.
package prefs

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
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
	// Quarantine moves a blob that could not be understood out of the way, so that the user
	// or a developer can still inspect it, and returns its new name (see KeptName). Copies
	// kept earlier stay; only the oldest go, when more than MaxKept would remain.
	Quarantine(name string) (string, error)
}

// BadSuffix is appended to the name of a quarantined blob.
const BadSuffix = ".bad"

// MaxKept is how many quarantined copies of one blob are kept at most.
const MaxKept = 10

// MaxBlobBytes bounds the size of a blob. Read refuses a larger one, without reading it
// whole, with an error wrapping ErrTooLarge; Write refuses to write one. Settings take a few
// kilobytes and a saved game at most match's one-megabyte record limit.
const MaxBlobBytes = 2 << 20

// ErrTooLarge is wrapped by the error of a Read or Write of more than MaxBlobBytes.
var ErrTooLarge = errors.New("too large for Koma's storage")

// KeptName is the name of the n-th copy of name kept aside by Quarantine, counting from 1:
// "settings.json.bad", then "settings.json.bad.2", "settings.json.bad.3" and so on.
func KeptName(name string, n int) string {
	if n <= 1 {
		return name + BadSuffix
	}
	return name + BadSuffix + "." + strconv.Itoa(n)
}

// keptNumber returns n when candidate is KeptName(name, n), written the way KeptName
// writes it.
func keptNumber(name, candidate string) (int, bool) {
	rest, ok := strings.CutPrefix(candidate, name+BadSuffix)
	if !ok {
		return 0, false
	}
	if rest == "" {
		return 1, true
	}
	digits, ok := strings.CutPrefix(rest, ".")
	if !ok || digits == "" || len(digits) > 9 || digits[0] == '0' || strings.Trim(digits, "0123456789") != "" {
		return 0, false
	}
	n, err := strconv.Atoi(digits)
	if err != nil || n < 2 {
		return 0, false
	}
	return n, true
}

// planKeep chooses, from the names in a store, the name under which to keep name aside:
// one past the highest copy kept so far, so that it never replaces one. It also returns
// the oldest copies to remove so that at most MaxKept remain with the new one.
func planKeep(name string, names []string) (next string, drop []string) {
	var nums []int
	for _, c := range names {
		if n, ok := keptNumber(name, c); ok {
			nums = append(nums, n)
		}
	}
	slices.Sort(nums)
	last := 0
	if len(nums) > 0 {
		last = nums[len(nums)-1]
	}
	if over := len(nums) + 1 - MaxKept; over > 0 {
		for _, n := range nums[:over] {
			drop = append(drop, KeptName(name, n))
		}
	}
	return KeptName(name, last+1), drop
}

func tooLarge(op, name string, size int64) error {
	return fmt.Errorf("prefs: %s %s: %d bytes: %w", op, name, size, ErrTooLarge)
}

func checkName(name string) error {
	if name == "" || strings.ContainsAny(name, `/\`) || name == "." || name == ".." {
		return fmt.Errorf("prefs: invalid name %q", name)
	}
	return nil
}

// checkWrite checks a blob about to be written.
func checkWrite(name string, data []byte) error {
	if err := checkName(name); err != nil {
		return err
	}
	if len(data) > MaxBlobBytes {
		return tooLarge("write", name, int64(len(data)))
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
	f, err := os.Open(filepath.Join(s.Dir, name))
	if err != nil {
		return nil, fmt.Errorf("prefs: read: %w", err)
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("prefs: read: %w", err)
	}
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("prefs: read %s: not a regular file (%s)", name, info.Mode().Type())
	}
	if info.Size() > MaxBlobBytes {
		return nil, tooLarge("read", name, info.Size())
	}
	// The size can change between Stat and reading: read one byte past the limit to know.
	data, err := io.ReadAll(io.LimitReader(f, MaxBlobBytes+1))
	if err != nil {
		return nil, fmt.Errorf("prefs: read: %w", err)
	}
	if len(data) > MaxBlobBytes {
		return nil, tooLarge("read", name, int64(len(data)))
	}
	return data, nil
}

// Write implements Store. It writes a temporary file and renames it, so that a crash in
// the middle never leaves half a file behind.
func (s *FileStore) Write(name string, data []byte) error {
	if err := checkWrite(name, data); err != nil {
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
	path := filepath.Join(s.Dir, name)
	info, err := os.Lstat(path)
	if err != nil {
		return "", fmt.Errorf("prefs: keep %s aside: %w", name, err)
	}
	if !info.Mode().IsRegular() {
		// Only files are moved: a folder or a link in its place is the user's doing.
		return "", fmt.Errorf("prefs: keep %s aside: not a regular file (%s)", name, info.Mode().Type())
	}
	entries, err := os.ReadDir(s.Dir)
	if err != nil {
		return "", fmt.Errorf("prefs: keep %s aside: %w", name, err)
	}
	names := make([]string, len(entries))
	for i, e := range entries {
		names[i] = e.Name()
	}
	bad, drop := planKeep(name, names)
	// os.Rename would replace a file of that name: make sure there is none.
	if _, err := os.Lstat(filepath.Join(s.Dir, bad)); !errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("prefs: keep %s aside: %s is in the way (%v)", name, bad, err)
	}
	if err := os.Rename(path, filepath.Join(s.Dir, bad)); err != nil {
		return "", fmt.Errorf("prefs: keep %s aside: %w", name, err)
	}
	for _, old := range drop {
		// A copy that cannot be removed only means one more is kept.
		os.Remove(filepath.Join(s.Dir, old))
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
	if len(data) > MaxBlobBytes {
		return nil, tooLarge("read", name, int64(len(data)))
	}
	return slices.Clone(data), nil
}

// Write implements Store.
func (s *MemStore) Write(name string, data []byte) error {
	if err := checkWrite(name, data); err != nil {
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
	bad, drop := planKeep(name, slices.Collect(maps.Keys(s.blobs)))
	delete(s.blobs, name)
	s.blobs[bad] = data
	for _, old := range drop {
		delete(s.blobs, old)
	}
	return bad, nil
}
