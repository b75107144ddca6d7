// Command serve serves the web build of Koma on the loopback interface, with the content
// types browsers need for WebAssembly.
//
//	go run ./build/serve [-addr 127.0.0.1:8080] [-dir build/web/dist]
package main

import (
	"flag"
	"fmt"
	"log"
	"mime"
	"net"
	"net/http"
	"os"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "address to listen on")
	dir := flag.String("dir", "build/web/dist", "folder to serve")
	flag.Parse()
	if _, err := os.Stat(*dir); err != nil {
		fmt.Fprintf(os.Stderr, "serve: %v (run ./build/web.sh first)\n", err)
		os.Exit(2)
	}
	// WebAssembly.instantiateStreaming refuses any other content type.
	if err := mime.AddExtensionType(".wasm", "application/wasm"); err != nil {
		log.Fatalf("serve: %v", err)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatalf("serve: %v", err)
	}
	fmt.Printf("serving %s on http://%s/\n", *dir, ln.Addr())
	log.Fatal(http.Serve(ln, noCache(http.FileServer(http.Dir(*dir)))))
}

// noCache keeps a developer from running a stale build after rebuilding.
func noCache(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		h.ServeHTTP(w, r)
	})
}
