#!/bin/sh
# Installs what the tests need, then runs go vet and every test under a virtual X display,
# builds the web version and tests it in headless Chromium.
# Needs Go 1.21 or newer on PATH. KOMA_WEB_TEST=0 skips the browser test (and the release
# archives' test after it), KOMA_RELEASE_TEST=0 the release archives' test; screenshots go
# to $KOMA_SHOTS (default /tmp/koma-e2e).
set -eu
cd "$(dirname "$0")/.."
sh build/deps.sh test

echo "== gofmt"
unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))
if [ -n "$unformatted" ]; then
	echo "gofmt would change:"; echo "$unformatted"
	exit 1
fi

echo "== go vet"
go vet ./...
echo "== go vet (js/wasm)"
GOOS=js GOARCH=wasm go vet ./...

echo "== go test"
# Packages that draw link Ebitengine, which needs an X display even in tests.
# timeout guards against a stray Xvfb keeping the run alive.
timeout 2400 xvfb-run -a -s "-screen 0 1280x1024x24" go test -count=1 -timeout 35m ./...

echo "== go test (js/wasm, under Node.js)"
# The browser's storage code, against a stand-in localStorage; the rest runs in Chromium below.
GOOS=js GOARCH=wasm go test -count=1 -exec="$(go env GOROOT)/lib/wasm/go_js_wasm_exec" ./app/prefs/

if [ "${KOMA_WEB_TEST:-1}" = 0 ]; then
	echo "== browser test skipped (KOMA_WEB_TEST=0)"
	exit 0
fi
echo "== web build"
sh build/web.sh
echo "== browser test"
(cd build/web/e2e && npm ci --no-audit --no-fund --loglevel=error)
# Headless Chromium draws WebGL in software here, so the test takes a few minutes.
KOMA_SHOTS=${KOMA_SHOTS:-/tmp/koma-e2e} timeout 1200 node build/web/e2e/e2e.mjs

if [ "${KOMA_RELEASE_TEST:-1}" = 0 ]; then
	echo "== release archives skipped (KOMA_RELEASE_TEST=0)"
	exit 0
fi
echo "== release archives"
# Builds build/dist with build/release.sh, then checks the Linux, Windows and web archives
# (the web one in Chromium, online and offline). About 5 minutes.
KOMA_SHOTS=${KOMA_SHOTS:-/tmp/koma-e2e}/release timeout 1800 sh build/release_test.sh
