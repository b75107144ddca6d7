//go:build js

package prefs

import (
	"fmt"
	"io/fs"
	"syscall/js"
)

// Default returns the store the app uses on this platform: the browser's localStorage.
func Default() (Store, error) {
	ls := js.Global().Get("localStorage")
	if ls.IsUndefined() || ls.IsNull() {
		return nil, fmt.Errorf("prefs: the browser offers no localStorage")
	}
	return &LocalStore{ls: ls}, nil
}

// LocalStore keeps blobs in the browser's localStorage under "koma/<name>".
type LocalStore struct {
	ls js.Value
}

func localKey(name string) string { return "koma/" + name }

// Read implements Store.
func (s *LocalStore) Read(name string) ([]byte, error) {
	v := s.ls.Call("getItem", localKey(name))
	if v.IsNull() || v.IsUndefined() {
		return nil, fmt.Errorf("prefs: read %s: %w", name, fs.ErrNotExist)
	}
	return []byte(v.String()), nil
}

// Write implements Store.
func (s *LocalStore) Write(name string, data []byte) (err error) {
	if err := checkName(name); err != nil {
		return err
	}
	// setItem throws when the quota is exceeded; syscall/js turns that into a panic.
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("prefs: write %s: %v", name, r)
		}
	}()
	s.ls.Call("setItem", localKey(name), string(data))
	return nil
}

// Remove implements Store.
func (s *LocalStore) Remove(name string) error {
	s.ls.Call("removeItem", localKey(name))
	return nil
}

// Quarantine implements Store.
func (s *LocalStore) Quarantine(name string) (string, error) {
	data, err := s.Read(name)
	if err != nil {
		return "", fmt.Errorf("prefs: keep %s aside: %w", name, err)
	}
	if err := s.Write(name+BadSuffix, data); err != nil {
		return "", err
	}
	s.ls.Call("removeItem", localKey(name))
	return name + BadSuffix, nil
}
