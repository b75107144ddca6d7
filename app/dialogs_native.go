//go:build !js

package app

import (
	"errors"
	"fmt"
	"runtime"
	"sync"

	"github.com/sqweek/dialog"
)

// nativeDialogs funnels every dialog through one goroutine locked to its OS thread: GTK
// expects all its calls on one thread, and the scene's goroutines come and go.
type nativeDialogs struct {
	once sync.Once
	jobs chan func()
}

// NativeDialogs returns the desktop file dialogs.
func NativeDialogs() Dialogs { return &nativeDialogs{} }

func (d *nativeDialogs) run(f func()) {
	d.once.Do(func() {
		d.jobs = make(chan func())
		go func() {
			runtime.LockOSThread()
			for job := range d.jobs {
				job()
			}
		}()
	})
	done := make(chan struct{})
	d.jobs <- func() {
		defer close(done)
		f()
	}
	<-done
}

func (d *nativeDialogs) builder(req FileRequest) *dialog.FileBuilder {
	b := dialog.File().Title(req.Title)
	if req.Ext != "" {
		b = b.Filter(req.FilterName, req.Ext)
	}
	if req.StartFile != "" {
		b = b.SetStartFile(req.StartFile)
	}
	if req.StartDir != "" {
		b = b.SetStartDir(req.StartDir)
	}
	return b
}

func dialogErr(err error) error {
	if errors.Is(err, dialog.ErrCancelled) {
		return ErrDialogCancelled
	}
	return fmt.Errorf("app: file dialog: %w", err)
}

// guard turns a panic inside the dialog library (GTK failing to start, for instance) into
// an error: a missing dialog must not take the game down with it.
func guard(err *error) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("app: file dialog failed: %v", r)
	}
}

// SaveFile implements Dialogs.
func (d *nativeDialogs) SaveFile(req FileRequest) (path string, err error) {
	d.run(func() {
		defer guard(&err)
		path, err = d.builder(req).Save()
	})
	if err != nil {
		return "", dialogErr(err)
	}
	return path, nil
}

// OpenFile implements Dialogs.
func (d *nativeDialogs) OpenFile(req FileRequest) (path string, err error) {
	d.run(func() {
		defer guard(&err)
		path, err = d.builder(req).Load()
	})
	if err != nil {
		return "", dialogErr(err)
	}
	return path, nil
}
