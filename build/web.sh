#!/bin/sh
# Builds the web version of Koma into build/web/dist/: the page (index.html), Go's loader
# (wasm_exec.js), the module (koma.wasm) and its gzipped twin (koma.wasm.gz), the web app
# manifest with the icons (drawn by build/icons), the service worker (sw.js) that lets the
# app start offline, and the licences. Serve it with: go run ./build/serve
# Fails when the gzipped module outgrows its budget (KOMA_WASM_GZ_BUDGET bytes, 6 MB).
# KOMA_LDFLAGS replaces the linker flags (build/release.sh passes the version through it).
set -eu
cd "$(dirname "$0")/.."
out=build/web/dist
budget=${KOMA_WASM_GZ_BUDGET:-6000000}
rm -rf "$out"
mkdir -p "$out"
GOOS=js GOARCH=wasm go build -trimpath -ldflags="${KOMA_LDFLAGS:--s -w}" -o "$out/koma.wasm" .
cp "$(go env GOROOT)/lib/wasm/wasm_exec.js" "$out/"
cp build/web/index.html build/web/manifest.webmanifest assets/LICENSES.txt "$out/"
go run ./build/icons -web "$out"
# The service worker names its cache after the build: a hash of every file it keeps, so
# that any change to them makes browsers fetch the new build (see build/web/sw.js).
build_id=$(cd "$out" && cat index.html wasm_exec.js koma.wasm manifest.webmanifest ./*.png | sha256sum | cut -c1-16)
sed "s/__KOMA_BUILD__/$build_id/" build/web/sw.js >"$out/sw.js"
gzip -9 -k -n "$out/koma.wasm"
raw=$(wc -c <"$out/koma.wasm")
gz=$(wc -c <"$out/koma.wasm.gz")
echo "built $out (build $build_id): koma.wasm $raw bytes, gzipped $gz bytes (budget $budget)"
if [ "$gz" -gt "$budget" ]; then
	echo "web.sh: koma.wasm.gz is $gz bytes, over the budget of $budget" >&2
	exit 1
fi
