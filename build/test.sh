#!/bin/sh
# Installs what the tests need, then runs go vet and every test under a virtual X display.
# Needs Go 1.21 or newer on PATH.
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

echo "== go test"
# Packages that draw link Ebitengine, which needs an X display even in tests.
# timeout guards against a stray Xvfb keeping the run alive.
timeout 1500 xvfb-run -a -s "-screen 0 1280x1024x24" go test -count=1 ./...
