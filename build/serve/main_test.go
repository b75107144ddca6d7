package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
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

// TestServerTimeouts opens connections that send half a request or stay idle after one,
// and checks that the server closes them once its timeouts pass.
func TestServerTimeouts(t *testing.T) {
	saved := [2]time.Duration{readHeaderTimeout, idleTimeout}
	readHeaderTimeout, idleTimeout = 200*time.Millisecond, 300*time.Millisecond
	t.Cleanup(func() { readHeaderTimeout, idleTimeout = saved[0], saved[1] })

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := newServer(handler(fstest.MapFS{"index.html": {Data: []byte("<title>Koma</title>")}}))
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })

	tests := []struct {
		name, send string
	}{
		{"half-sent header", "GET / HTTP/1.1\r\nHost: koma\r\n"},
		{"idle after a request", "GET / HTTP/1.1\r\nHost: koma\r\n\r\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			conn, err := net.Dial("tcp", ln.Addr().String())
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			if _, err := io.WriteString(conn, tc.send); err != nil {
				t.Fatal(err)
			}
			// Without timeouts the server would keep the connection open: give up after 5 s.
			conn.SetReadDeadline(time.Now().Add(5 * time.Second))
			start := time.Now()
			if _, err := io.Copy(io.Discard, conn); err != nil {
				t.Fatalf("the connection was still open after %v: %v", time.Since(start).Round(time.Millisecond), err)
			}
		})
	}
}
