#!/bin/sh
# Builds the web version of Koma into build/web/dist/: index.html, wasm_exec.js, koma.wasm
# and koma.wasm.gz. Serve it with: go run ./build/serve
set -eu
cd "$(dirname "$0")/.."
out=build/web/dist
rm -rf "$out"
mkdir -p "$out"
GOOS=js GOARCH=wasm go build -trimpath -ldflags="-s -w" -o "$out/koma.wasm" .
cp "$(go env GOROOT)/lib/wasm/wasm_exec.js" "$out/"
cp build/web/index.html "$out/"
gzip -9 -k -n "$out/koma.wasm"
raw=$(wc -c <"$out/koma.wasm")
gz=$(wc -c <"$out/koma.wasm.gz")
echo "built $out: koma.wasm $raw bytes, gzipped $gz bytes"
