package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"
)

func gzipped(t *testing.T, data []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	if _, err := zw.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestHandler(t *testing.T) {
	wasm := []byte("\x00asm\x01\x00\x00\x00 pretend module")
	page := []byte("<!doctype html><title>Koma</title>")
	script := []byte("// wasm_exec")
	root := fstest.MapFS{
		"index.html":   {Data: page},
		"koma.wasm":    {Data: wasm},
		"koma.wasm.gz": {Data: gzipped(t, wasm)},
		"wasm_exec.js": {Data: script},
	}
	h := handler(root)
	tests := []struct {
		name, path, accept string
		status             int
		ctype, encoding    string
		body               []byte // after decompression
		decodedLength      string
	}{
		{"wasm compressed", "/koma.wasm", "gzip, deflate, br", 200, "application/wasm", "gzip", wasm, strconv.Itoa(len(wasm))},
		{"wasm plain", "/koma.wasm", "", 200, "application/wasm", "", wasm, ""},
		{"gzip refused", "/koma.wasm", "gzip;q=0", 200, "application/wasm", "", wasm, ""},
		{"page at root", "/", "gzip", 200, "text/html; charset=utf-8", "", page, ""},
		{"script", "/wasm_exec.js", "gzip", 200, "text/javascript; charset=utf-8", "", script, ""},
		{"missing", "/nothing.wasm", "gzip", 404, "", "", nil, ""},
		{"escape attempt", "/../koma.wasm", "", 200, "application/wasm", "", wasm, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodGet, tc.path, nil)
			if tc.accept != "" {
				req.Header.Set("Accept-Encoding", tc.accept)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			res := rec.Result()
			if res.StatusCode != tc.status {
				t.Fatalf("status %d, want %d", res.StatusCode, tc.status)
			}
			if tc.status != 200 {
				return
			}
			if got := res.Header.Get("Cache-Control"); got != "no-cache" {
				t.Errorf("Cache-Control %q, want no-cache", got)
			}
			if got := res.Header.Get("Content-Type"); got != tc.ctype {
				t.Errorf("Content-Type %q, want %q", got, tc.ctype)
			}
			if got := res.Header.Get("Content-Encoding"); got != tc.encoding {
				t.Errorf("Content-Encoding %q, want %q", got, tc.encoding)
			}
			if got := res.Header.Get("X-Decoded-Length"); got != tc.decodedLength {
				t.Errorf("X-Decoded-Length %q, want %q", got, tc.decodedLength)
			}
			var body io.Reader = res.Body
			if tc.encoding == "gzip" {
				zr, err := gzip.NewReader(res.Body)
				if err != nil {
					t.Fatal(err)
				}
				body = zr
			}
			got, err := io.ReadAll(body)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, tc.body) {
				t.Errorf("body %q, want %q", got, tc.body)
			}
		})
	}
}

func TestAcceptsGzip(t *testing.T) {
	tests := []struct {
		header string
		want   bool
	}{
		{"", false},
		{"gzip", true},
		{"deflate, gzip;q=1.0, *;q=0.5", true},
		{"br", false},
		{"gzip;q=0", false},
		{"gzip; q=0", false},
		{"x-gzip", false},
	}
	for _, tc := range tests {
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		r.Header.Set("Accept-Encoding", tc.header)
		if got := acceptsGzip(r); got != tc.want {
			t.Errorf("acceptsGzip(%q) = %v, want %v", tc.header, got, tc.want)
		}
	}
}

// TestHandlerOddPaths sends paths no file can have to a handler over a real directory,
// where opening them fails with errors other than "not found": the answer is a client
// error, never a 500.
func TestHandlerOddPaths(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte("<title>Koma</title>"), 0o644); err != nil {
		t.Fatal(err)
	}
	h := handler(os.DirFS(dir))
	long := strings.Repeat("a", 256)
	tests := []struct {
		name, path string
		status     int
	}{
		{"segment of 255 bytes", "/" + strings.Repeat("a", 255), 404},
		{"segment of 256 bytes", "/" + long, 404},
		{"long segment in a folder", "/x/" + long + "/y", 404},
		{"long segment with the gzip twin", "/" + long + ".wasm", 404},
		{"NUL", "/%00", 400},
		{"NUL inside a name", "/index%00.html", 400},
		{"page still served", "/", 200},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodGet, tc.path, nil)
			req.Header.Set("Accept-Encoding", "gzip")
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != tc.status {
				t.Errorf("GET %.40s: status %d, want %d", tc.path, rec.Code, tc.status)
			}
		})
	}
}

// TestServerTimeouts opens connections that send half a request, trickle a body or stay
// idle after a request, and checks that the server closes them once its timeouts pass.
func TestServerTimeouts(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	short := timeouts{
		readHeader: 100 * time.Millisecond,
		read:       200 * time.Millisecond,
		write:      time.Second,
		idle:       150 * time.Millisecond,
	}
	srv := newServer(handler(fstest.MapFS{"index.html": {Data: []byte("<title>Koma</title>")}}), short)
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })

	tests := []struct {
		name, send string
		trickle    bool // then send a byte every 20 ms until the connection breaks
	}{
		{"half-sent header", "GET / HTTP/1.1\r\nHost: koma\r\n", false},
		{"idle after a request", "GET / HTTP/1.1\r\nHost: koma\r\n\r\n", false},
		{"trickled body", "POST / HTTP/1.1\r\nHost: koma\r\nContent-Length: 1000\r\n\r\n", true},
		{"trickled body on GET", "GET / HTTP/1.1\r\nHost: koma\r\nContent-Length: 1000\r\n\r\n", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			conn, err := net.Dial("tcp", ln.Addr().String())
			if err != nil {
				t.Fatal(err)
			}
			if _, err := io.WriteString(conn, tc.send); err != nil {
				t.Fatal(err)
			}
			stop, stopped := make(chan struct{}), make(chan struct{})
			go func() {
				defer close(stopped)
				if !tc.trickle {
					return
				}
				tick := time.NewTicker(20 * time.Millisecond)
				defer tick.Stop()
				for {
					select {
					case <-stop:
						return
					case <-tick.C:
						if _, err := conn.Write([]byte("x")); err != nil {
							return
						}
					}
				}
			}()
			defer func() {
				close(stop)
				conn.Close()
				<-stopped
			}()
			// Without timeouts the server would keep the connection open: give up after 3 s.
			conn.SetReadDeadline(time.Now().Add(3 * time.Second))
			start := time.Now()
			_, err = io.Copy(io.Discard, conn)
			// A server closing on unread bytes may reset the connection rather than end it:
			// either way it is closed. Only hitting our own deadline means it stayed open.
			if ne, ok := err.(net.Error); ok && ne.Timeout() {
				t.Fatalf("the connection was still open after %v", time.Since(start).Round(time.Millisecond))
			}
		})
	}
}

// TestNewServerTimeouts checks that the command's server gets every timeout: one left at
// zero lets a client hold a connection for ever at that stage.
func TestNewServerTimeouts(t *testing.T) {
	srv := newServer(http.NotFoundHandler(), defaultTimeouts)
	tests := []struct {
		name      string
		got, want time.Duration
	}{
		{"ReadHeaderTimeout", srv.ReadHeaderTimeout, 10 * time.Second},
		{"ReadTimeout", srv.ReadTimeout, 30 * time.Second},
		{"WriteTimeout", srv.WriteTimeout, 5 * time.Minute},
		{"IdleTimeout", srv.IdleTimeout, 2 * time.Minute},
	}
	for _, tc := range tests {
		if tc.got != tc.want {
			t.Errorf("%s = %v, want %v", tc.name, tc.got, tc.want)
		}
	}
}

// longPath returns a request path of exactly n bytes, in segments short enough to pass
// the check on segment length, so that only the length of the whole path is at stake.
func longPath(n int) string {
	seg := "/" + strings.Repeat("a", 99)
	return strings.Repeat(seg, n/len(seg)+1)[:n]
}

// TestHandlerLongPath sends paths too long for the system to open to a handler over a real
// directory: the answer is 414, never the 500 the failed open would give.
func TestHandlerLongPath(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte("<title>Koma</title>"), 0o644); err != nil {
		t.Fatal(err)
	}
	h := handler(os.DirFS(dir))
	tests := []struct {
		name, path string
		status     int
	}{
		{"at the limit", longPath(maxPath), 404},
		{"one byte over the limit", longPath(maxPath + 1), 414},
		{"4,097 bytes", longPath(4097), 414},
		{"8,000 bytes", longPath(8000), 414},
		{"long with a trailing slash", longPath(5000) + "/", 414},
		{"page still served", "/", 200},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, accept := range []string{"", "gzip"} {
				req := httptest.NewRequest(http.MethodGet, tc.path, nil)
				req.Header.Set("Accept-Encoding", accept)
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, req)
				if rec.Code != tc.status {
					t.Errorf("GET of %d bytes, Accept-Encoding %q: status %d, want %d", len(tc.path), accept, rec.Code, tc.status)
				}
			}
		})
	}
}

// TestHandlerMethods checks that only GET and HEAD are served: anything else is refused
// with 405 and the methods that would work.
func TestHandlerMethods(t *testing.T) {
	h := handler(fstest.MapFS{
		"index.html":   {Data: []byte("<title>Koma</title>")},
		"wasm_exec.js": {Data: []byte("// wasm_exec")},
	})
	tests := []struct {
		method string
		status int
	}{
		{http.MethodGet, 200},
		{http.MethodHead, 200},
		{http.MethodPost, 405},
		{http.MethodPut, 405},
		{http.MethodPatch, 405},
		{http.MethodDelete, 405},
		{http.MethodOptions, 405},
		{http.MethodTrace, 405},
		{http.MethodConnect, 405},
		{"PROPFIND", 405},
	}
	for _, tc := range tests {
		t.Run(tc.method, func(t *testing.T) {
			for _, target := range []string{"/", "/wasm_exec.js", "/nothing"} {
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, httptest.NewRequest(tc.method, target, strings.NewReader("body")))
				if tc.status == 200 && target == "/nothing" {
					if rec.Code != 404 {
						t.Errorf("%s %s: status %d, want 404", tc.method, target, rec.Code)
					}
					continue
				}
				if rec.Code != tc.status {
					t.Errorf("%s %s: status %d, want %d", tc.method, target, rec.Code, tc.status)
				}
				wantAllow := ""
				if tc.status == 405 {
					wantAllow = "GET, HEAD"
				}
				if got := rec.Header().Get("Allow"); got != wantAllow {
					t.Errorf("%s %s: Allow %q, want %q", tc.method, target, got, wantAllow)
				}
			}
		})
	}
}

// TestRunRefusesBadDir runs the command, as a child process, with a -dir it cannot serve
// and checks that it exits with status 2 and says why on stderr instead of starting.
func TestRunRefusesBadDir(t *testing.T) {
	// In the child, this test binary is the command.
	if dir, ok := os.LookupEnv("KOMA_SERVE_DIR"); ok {
		os.Args = []string{"serve", "-addr", "127.0.0.1:0", "-dir", dir}
		main()
		os.Exit(0)
	}
	tmp := t.TempDir()
	file := filepath.Join(tmp, "koma.wasm")
	if err := os.WriteFile(file, []byte("\x00asm"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, dir string
		starts    bool
		stderr    []string // each must appear in the message
	}{
		{"directory", tmp, true, nil},
		{"regular file", file, false, []string{"serve: -dir " + file, "not a directory"}},
		{"below a regular file", filepath.Join(file, "dist"), false, []string{"serve: -dir", filepath.Join(file, "dist")}},
		{"missing", filepath.Join(tmp, "missing"), false, []string{"serve: -dir", filepath.Join(tmp, "missing"), "web.sh"}},
		{"empty", "", false, []string{"serve: -dir"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^TestRunRefusesBadDir$")
			cmd.Env = append(os.Environ(), "KOMA_SERVE_DIR="+tc.dir)
			var stderr strings.Builder
			cmd.Stderr = &stderr
			out, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			// A child that started serving would never end on its own.
			timer := time.AfterFunc(5*time.Second, func() { cmd.Process.Kill() })
			defer timer.Stop()
			line, _ := bufio.NewReader(out).ReadString('\n')
			started := strings.HasPrefix(line, "serving ")
			if started {
				cmd.Process.Kill()
			}
			err = cmd.Wait()
			if started != tc.starts {
				t.Fatalf("-dir %q: started %v, want %v (stdout %q, stderr %q)", tc.dir, started, tc.starts, line, stderr.String())
			}
			if tc.starts {
				return
			}
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() != 2 {
				t.Errorf("-dir %q: exit %v, want status 2", tc.dir, err)
			}
			for _, want := range tc.stderr {
				if !strings.Contains(stderr.String(), want) {
					t.Errorf("-dir %q: stderr %q lacks %q", tc.dir, stderr.String(), want)
				}
			}
		})
	}
}
