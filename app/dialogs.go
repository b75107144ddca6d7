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
	// StartDir is the folder a dialog opens in; empty leaves it to the platform.
	StartDir string
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

// Transfer is implemented by Dialogs that move whole files rather than paths: the
// browser, which has no file system to show, downloads a saved game and uploads one to
// open. Scenes use it in preference to the path-based methods when it is offered. Like
// those, its calls block until the user has answered.
type Transfer interface {
	// Download offers data to the user as a file named name and returns the name used.
	Download(req FileRequest, data []byte) (name string, err error)
	// Upload asks the user for a file and returns its name and content. A file larger
	// than limit bytes is refused with an error.
	Upload(req FileRequest, limit int64) (name string, data []byte, err error)
}
