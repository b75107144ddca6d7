#!/bin/sh
# Builds Koma's release archives into build/dist/ (or $KOMA_DIST), each holding one folder
# of the same name:
#
#   koma-VERSION-linux-amd64   (gzipped tar) the program, a desktop entry, the icons, an
#                              installer for the current user, the licences and a README
#   koma-VERSION-windows-amd64 (zip) koma.exe with its icon, the licences and a README
#   koma-VERSION-web           (zip) the web app for any static web server (build/web.sh)
#   SHA256SUMS                 the archives' checksums
#
# VERSION is the one the programs report (koma -version): the Git tag of the commit when
# there is one, otherwise Go's pseudo-version for the commit. KOMA_VERSION=v1.2.0 sets it
# instead, for a build outside a Git checkout. build/release_test.sh checks the result.
#
# The Linux program needs cgo and the libraries of build/deps.sh; the Windows one is
# cross-compiled without cgo. Its icon and version resource are made by go-winres, run from
# the Go module proxy at the version below; KOMA_WINRES=0 builds without them.
set -eu
cd "$(dirname "$0")/.."
root=$(pwd)
dist=${KOMA_DIST:-$root/build/dist}
winres=github.com/tc-hib/go-winres@v0.3.3

work=$(mktemp -d)
syso=$root/rsrc_windows_amd64.syso
cleanup() {
	rm -rf "$work"
	rm -f "$syso"
}
trap cleanup EXIT INT TERM

# Version control information goes into the binaries when this is a Git checkout; GOFLAGS
# may turn it off for everyday builds, so it is set here either way.
if git -C "$root" rev-parse HEAD >/dev/null 2>&1; then
	export GOFLAGS=-buildvcs=true
else
	export GOFLAGS=-buildvcs=false
fi
ldflags="-s -w"
if [ -n "${KOMA_VERSION:-}" ]; then
	ldflags="$ldflags -X koma/rules/version.Override=$KOMA_VERSION"
fi
export KOMA_LDFLAGS="$ldflags"

# The version, as the programs will say it; komacli needs no display to tell it.
CGO_ENABLED=0 go build -trimpath -ldflags="$ldflags" -o "$work/komacli" ./rules/cmd/komacli
version=$("$work/komacli" -version | sed 's/^komacli //')
# In file names: letters, digits and . _ + - only.
tag=$(printf '%s' "$version" | tr -c 'A-Za-z0-9._+-' '-')
echo "release.sh: Koma $version"

rm -rf "$dist"
mkdir -p "$dist"

# Fill a README template with the version and, for Linux, what the binary needs.
readme() { # template out [glibc built-on]
	sed -e "s|@VERSION@|$version|g" -e "s|@GLIBC@|${3:-}|g" -e "s|@BUILT_ON@|${4:-}|g" "$1" >"$2"
}

echo "== Linux"
lin=koma-$tag-linux-amd64
mkdir -p "$work/$lin"
CGO_ENABLED=1 GOOS=linux GOARCH=amd64 go build -trimpath -ldflags="$ldflags" -o "$work/$lin/koma" .
go run ./build/icons -hicolor "$work/$lin/icons/hicolor"
cp build/release/koma.desktop build/release/install.sh assets/LICENSES.txt "$work/$lin/"
chmod 755 "$work/$lin/install.sh" "$work/$lin/koma"
# The newest C library version the binary asks for is the oldest it runs with.
glibc=$(objdump -T "$work/$lin/koma" 2>/dev/null | grep -o 'GLIBC_[0-9.]*' | sed 's/GLIBC_//' | sort -t. -k1,1n -k2,2n -k3,3n | tail -1)
built_on=$(. /etc/os-release 2>/dev/null && echo "$PRETTY_NAME" || uname -sr)
readme build/release/README-linux.txt "$work/$lin/README.txt" "${glibc:-2.34}" "$built_on"
tar -C "$work" --owner=0 --group=0 --numeric-owner -czf "$dist/$lin.tar.gz" "$lin"

echo "== Windows"
win=koma-$tag-windows-amd64
mkdir -p "$work/$win"
if [ "${KOMA_WINRES:-1}" != 0 ]; then
	# The icon Explorer shows: every window size drawn by build/icons, in one icon file,
	# linked into koma.exe as a resource with the GUI manifest (per-monitor DPI awareness,
	# as Ebitengine sets up anyway, and the modern look of the file dialogs). The resource
	# object must lie beside main.go for go build to link it; the trap removes it.
	go run ./build/icons -ico "$work/koma.ico"
	(cd "$work" && go run "$winres" simply --arch amd64 --out rsrc --icon koma.ico --manifest gui \
		--product-name Koma --file-description Koma --original-filename koma.exe)
	mv "$work/rsrc_windows_amd64.syso" "$syso"
else
	echo "release.sh: KOMA_WINRES=0, so koma.exe has no icon"
fi
CGO_ENABLED=0 GOOS=windows GOARCH=amd64 go build -trimpath -ldflags="$ldflags -H=windowsgui" -o "$work/$win/koma.exe" .
rm -f "$syso"
cp assets/LICENSES.txt "$work/$win/"
readme build/release/README-windows.txt "$work/$win/README.txt"
# Windows' own editors want CRLF line ends.
for f in README.txt LICENSES.txt; do
	sed 's/$/\r/' "$work/$win/$f" >"$work/$win/$f.crlf" && mv "$work/$win/$f.crlf" "$work/$win/$f"
done
(cd "$work" && zip -q -r -X "$dist/$win.zip" "$win")

echo "== Web"
web=koma-$tag-web
sh build/web.sh
mkdir -p "$work/$web"
cp -R build/web/dist/. "$work/$web/"
readme build/release/README-web.txt "$work/$web/README.txt"
(cd "$work" && zip -q -r -X "$dist/$web.zip" "$web")

(cd "$dist" && sha256sum ./*.tar.gz ./*.zip | sed 's| \./| |' >SHA256SUMS)
echo "release.sh: wrote $dist:"
ls -l "$dist"
