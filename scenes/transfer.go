package scenes

import "koma/app"

// Where the platform moves whole files (the browser), saving downloads the match and opening
// uploads one. The answers travel through the same channel as the dialogs' and
// gameFiles.poll handles them alike; path then holds the file's name.

// download hands the saved match to the platform, off the game loop.
func (f *gameFiles) download(t app.Transfer, req app.FileRequest, data []byte) {
	f.dialog = true
	results := f.results
	go func() {
		name, err := t.Download(req, data)
		results <- fileResult{path: name, err: err}
	}()
}

// upload asks the platform for a saved game, off the game loop.
func (f *gameFiles) upload(t app.Transfer, req app.FileRequest) {
	f.dialog = true
	results := f.results
	go func() {
		name, data, err := t.Upload(req, maxOpenBytes)
		results <- fileResult{opened: true, path: name, data: data, err: err}
	}()
}
