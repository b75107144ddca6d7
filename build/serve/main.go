// Command serve serves the web build of Koma on the loopback interface, with the content
// types browsers need for WebAssembly.
//
//	go run ./build/serve [-addr 127.0.0.1:8080] [-dir build/web/dist]
//
// A file with a gzipped twin beside it (koma.wasm and koma.wasm.gz) is sent compressed to
// browsers that accept gzip, as a production web server would be set up to do.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"mime"
	"net"
	"net/http"
	"os"
	"path"
	"strconv"
	"strings"
	"syscall"
	"time"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "serve:", err)
		os.Exit(2)
	}
}

func run(args []string) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on (port 0 picks a free one)")
	dir := fs.String("dir", "build/web/dist", "folder to serve")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if err := checkDir(*dir); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	// The test script reads this line to learn the port.
	fmt.Printf("serving %s on http://%s/\n", *dir, ln.Addr())
	return newServer(handler(os.DirFS(*dir)), defaultTimeouts).Serve(ln)
}

// checkDir refuses a -dir that is missing or not a directory: served anyway, it would
// start fine and then answer 500 to every request, which looks like a bug in the build.
func checkDir(dir string) error {
	info, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("-dir: %w (run ./build/web.sh first)", err)
	}
	if !info.IsDir() {
		return fmt.Errorf("-dir %s: %w", dir, syscall.ENOTDIR)
	}
	return nil
}

// timeouts bound each stage of a connection, so that a client sending half a request,
// trickling a body or idling after a response is cut off instead of holding a connection
// for ever. Tests pass shorter ones to newServer.
type timeouts struct {
	readHeader time.Duration // from accepting a request to the end of its headers
	read       time.Duration // the whole request, body included
	write      time.Duration // from the end of the headers to the end of the response
	idle       time.Duration // between requests on a kept-alive connection
}

// defaultTimeouts are those of the command. Nothing served reads a request body, so read
// can be short; write must let koma.wasm (about 6 MB gzipped, 20 MB plain) through a slow
// link, and 5 minutes asks for no more than about 70 KB/s even uncompressed.
var defaultTimeouts = timeouts{
	readHeader: 10 * time.Second,
	read:       30 * time.Second,
	write:      5 * time.Minute,
	idle:       2 * time.Minute,
}

// newServer returns the server for h with the timeouts t.
func newServer(h http.Handler, t timeouts) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: t.readHeader,
		ReadTimeout:       t.read,
		WriteTimeout:      t.write,
		IdleTimeout:       t.idle,
	}
}

// maxPath is the longest request path served. Opening a name longer than the system's
// PATH_MAX (4,096 bytes on Linux, counting the -dir it is joined to) fails with an error
// that would otherwise become a 500; no file of the build comes near this length, and
// the margin leaves room for -dir.
const maxPath = 2048

// maxSegment is the longest path segment served: longer names cannot exist on the usual
// file systems, and opening one fails with an error that would otherwise become a 500.
const maxSegment = 255

// checkPath tells whether a cleaned request path can name a file: a NUL byte never can
// (400), nor a segment longer than maxSegment (404). It returns 0 for a usable path.
func checkPath(name string) int {
	if strings.IndexByte(name, 0) >= 0 {
		return http.StatusBadRequest
	}
	for _, seg := range strings.Split(name, "/") {
		if len(seg) > maxSegment {
			return http.StatusNotFound
		}
	}
	return 0
}

// contentTypes are set explicitly: WebAssembly.instantiateStreaming refuses a .wasm sent
// with any type but application/wasm, and the system's MIME table may not know it.
var contentTypes = map[string]string{
	".wasm": "application/wasm",
	".js":   "text/javascript; charset=utf-8",
	".html": "text/html; charset=utf-8",
	".json": "application/json",
	// The web app's manifest; Chromium reads it whatever its type, other browsers may not.
	".webmanifest": "application/manifest+json",
}

func contentType(name string) string {
	ext := path.Ext(name)
	if t, ok := contentTypes[ext]; ok {
		return t
	}
	if t := mime.TypeByExtension(ext); t != "" {
		return t
	}
	return "application/octet-stream"
}

// handler serves root, preferring a file's .gz twin when the client accepts gzip. Every
// answer says no-cache, so a developer never runs a stale build after rebuilding.
func handler(root fs.FS) http.Handler {
	files := http.FileServerFS(root)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		// The file server would answer any method like GET, telling a client that a POST
		// or DELETE worked when nothing here can change.
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, http.StatusText(http.StatusMethodNotAllowed), http.StatusMethodNotAllowed)
			return
		}
		if len(r.URL.Path) > maxPath {
			http.Error(w, http.StatusText(http.StatusRequestURITooLong), http.StatusRequestURITooLong)
			return
		}
		name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
		if code := checkPath(name); code != 0 {
			http.Error(w, http.StatusText(code), code)
			return
		}
		if name == "" || strings.HasSuffix(r.URL.Path, "/") {
			name = path.Join(name, "index.html")
		}
		w.Header().Set("Content-Type", contentType(name))
		if acceptsGzip(r) && !strings.HasSuffix(name, ".gz") {
			if serveGzip(w, r, root, name) {
				return
			}
		}
		files.ServeHTTP(w, r)
	})
}

func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		enc, q, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.TrimSpace(enc) == "gzip" && strings.ReplaceAll(q, " ", "") != "q=0" {
			return true
		}
	}
	return false
}

// serveGzip sends name.gz for name when it exists and reports whether it did. The size of
// the uncompressed file goes along in X-Decoded-Length, so the page's progress bar can
// count the bytes it really receives.
func serveGzip(w http.ResponseWriter, r *http.Request, root fs.FS, name string) bool {
	gz, err := fs.Stat(root, name+".gz")
	if err != nil || gz.IsDir() {
		return false
	}
	plain, err := fs.Stat(root, name)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return false
	}
	f, err := root.Open(name + ".gz")
	if err != nil {
		return false
	}
	defer f.Close()
	rs, ok := f.(interface {
		Read([]byte) (int, error)
		Seek(int64, int) (int64, error)
	})
	if !ok {
		return false
	}
	w.Header().Set("Content-Encoding", "gzip")
	w.Header().Add("Vary", "Accept-Encoding")
	if plain != nil {
		w.Header().Set("X-Decoded-Length", strconv.FormatInt(plain.Size(), 10))
	}
	http.ServeContent(w, r, name, gz.ModTime(), rs)
	return true
}
