package app

import "errors"

// ErrDialogCancelled is returned by Dialogs when the user closes a dialog without choosing.
var ErrDialogCancelled = errors.New("app: dialog cancelled")

// FileRequest describes a file dialog.
type FileRequest struct {
	// Title is the dialog's title (some platforms ignore it).
	Title string
	// FilterName describes the files offered, such as "Koma games".
	FilterName string
	// Ext is the file extension offered, without the dot.
	Ext string
	// StartFile is the suggested file name of a save dialog.
	StartFile string
}

// Dialogs opens the platform's file dialogs. The calls block until the user answers, so
// scenes call them from a goroutine of their own, never inside Update, and ignore board
// input meanwhile. The file itself is read or written by the caller.
type Dialogs interface {
	// SaveFile asks where to save a file and returns the chosen path.
	SaveFile(req FileRequest) (path string, err error)
	// OpenFile asks for a file to open and returns its path.
	OpenFile(req FileRequest) (path string, err error)
}
