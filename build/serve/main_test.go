package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"testing/fstest"
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
