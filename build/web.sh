#!/bin/sh
# Builds the web version of Koma into build/web/dist/: index.html, wasm_exec.js, koma.wasm
# and koma.wasm.gz. Serve it with: go run ./build/serve
# Fails when the gzipped module outgrows its budget (KOMA_WASM_GZ_BUDGET bytes, 6 MB).
set -eu
cd "$(dirname "$0")/.."
out=build/web/dist
budget=${KOMA_WASM_GZ_BUDGET:-6000000}
rm -rf "$out"
mkdir -p "$out"
GOOS=js GOARCH=wasm go build -trimpath -ldflags="-s -w" -o "$out/koma.wasm" .
cp "$(go env GOROOT)/lib/wasm/wasm_exec.js" "$out/"
cp build/web/index.html "$out/"
gzip -9 -k -n "$out/koma.wasm"
raw=$(wc -c <"$out/koma.wasm")
gz=$(wc -c <"$out/koma.wasm.gz")
echo "built $out: koma.wasm $raw bytes, gzipped $gz bytes (budget $budget)"
if [ "$gz" -gt "$budget" ]; then
	echo "web.sh: koma.wasm.gz is $gz bytes, over the budget of $budget" >&2
	exit 1
fi
