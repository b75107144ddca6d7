#!/bin/sh
# Tests the release archives of build/release.sh as a player would meet them:
#
# - Linux: the archive holds the program, the desktop entry, every icon size, the installer,
#   the licences and the README; the unpacked program prints its version and, under a
#   virtual X display, renders the menu to a PNG; the installer installs and removes.
# - Windows: the zip holds koma.exe, the licences and the README; koma.exe is a 64-bit
#   Windows GUI program (PE headers) carrying its icon resource.
# - Web: the zip holds the whole web build, the service worker named after its build; the
#   unpacked folder is served and played in Chromium, online and then offline
#   (build/web/e2e/e2e.mjs, scenario "offline").
#
#   sh build/release_test.sh            builds the archives with build/release.sh first
#   KOMA_RELEASE_REUSE=1 sh build/release_test.sh    tests the archives already there
#   KOMA_WEB_TEST=0 sh build/release_test.sh         skips the browser
#
# Screenshots go to $KOMA_SHOTS (default /tmp/koma-release): the menu of the unpacked Linux
# program, and the browser's under web/.
#
# Needs what build/deps.sh test installs, plus unzip and binutils' objdump. Ends with the
# line "N passed, N failed" and a non-zero status if anything failed.
set -eu
cd "$(dirname "$0")/.."
root=$(pwd)
dist=${KOMA_DIST:-$root/build/dist}
export KOMA_DIST="$dist"

if [ "${KOMA_RELEASE_REUSE:-0}" != 1 ] || ! ls "$dist"/*.tar.gz >/dev/null 2>&1; then
	sh build/release.sh
fi

passed=0
failed=0
check() { # description command...
	what=$1
	shift
	if "$@" >/dev/null 2>&1; then
		passed=$((passed + 1))
		echo "ok   $what"
	else
		failed=$((failed + 1))
		echo "FAIL $what"
	fi
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
# Screenshots to look at afterwards, never in the repository.
shots=${KOMA_SHOTS:-/tmp/koma-release}
mkdir -p "$shots"

# hexat prints count bytes of file from offset as lowercase hex, without spaces.
hexat() { od -An -v -tx1 -j "$2" -N "$3" "$1" | tr -d ' \n'; }
# le32 reads a little-endian 32-bit number at offset.
le32() {
	h=$(hexat "$1" "$2" 4)
	echo $((0x$(echo "$h" | cut -c7-8)$(echo "$h" | cut -c5-6)$(echo "$h" | cut -c3-4)$(echo "$h" | cut -c1-2)))
}
le16() {
	h=$(hexat "$1" "$2" 2)
	echo $((0x$(echo "$h" | cut -c3-4)$(echo "$h" | cut -c1-2)))
}
# png_size prints a PNG's width and height from its header, or fails for a file that is not
# a PNG.
png_size() {
	[ "$(hexat "$1" 0 8)" = 89504e470d0a1a0a ] || return 1
	echo "$((0x$(hexat "$1" 16 4)))x$((0x$(hexat "$1" 20 4)))"
}
listed() { grep -qx "$2" "$1"; }

lin_tar=$(ls "$dist"/koma-*-linux-amd64.tar.gz)
win_zip=$(ls "$dist"/koma-*-windows-amd64.zip)
web_zip=$(ls "$dist"/koma-*-web.zip)
lin=$(basename "$lin_tar" .tar.gz)
win=$(basename "$win_zip" .zip)
web=$(basename "$web_zip" .zip)
echo "== $lin"

tar -tzf "$lin_tar" | sed 's|/$||' >"$work/lin.list"
for f in koma koma.desktop install.sh LICENSES.txt README.txt; do
	check "the Linux archive holds $f" listed "$work/lin.list" "$lin/$f"
done
for n in 16 32 48 64 128 256 512; do
	check "the Linux archive holds the ${n}px icon" listed "$work/lin.list" "$lin/icons/hicolor/${n}x${n}/apps/koma.png"
done
mkdir -p "$work/linux"
tar -C "$work/linux" -xzf "$lin_tar"
app=$work/linux/$lin
check "the unpacked program is executable" test -x "$app/koma"
for n in 16 32 256; do
	check "the ${n}px icon is a ${n}x${n} PNG" test "$(png_size "$app/icons/hicolor/${n}x${n}/apps/koma.png")" = "${n}x${n}"
done
check "the desktop entry starts koma with its icon" sh -c "grep -qx 'Exec=koma' '$app/koma.desktop' && grep -qx 'Icon=koma' '$app/koma.desktop'"
if command -v desktop-file-validate >/dev/null 2>&1; then
	check "desktop-file-validate accepts the desktop entry" desktop-file-validate "$app/koma.desktop"
fi
check "the licences include the font's" grep -q "SIL Open Font License" "$app/LICENSES.txt"
version=$(cd "$work" && HOME="$work/home" xvfb-run -a "$app/koma" -version 2>/dev/null | tail -1 || true)
tag=${lin#koma-}
tag=${tag%-linux-amd64}
echo "     koma -version: $version"
check "the unpacked program prints its version, the one in the archive's name" \
	test "$(printf '%s' "${version#koma }" | tr -c 'A-Za-z0-9._+-' '-')" = "$tag"
check "the README names the version" grep -q "${version#koma }" "$app/README.txt"
# Started from the unpacked folder with a clean home, as on a new machine.
(cd "$app" && HOME="$work/home" timeout 120 xvfb-run -a -s "-screen 0 1280x1024x24" ./koma -shot "$work/menu.png" -lang en >"$work/shot.log" 2>&1) || true
check "the unpacked program renders its menu under Xvfb (1280x800 PNG)" test "$(png_size "$work/menu.png")" = 1280x800
if [ -f "$work/menu.png" ]; then cp "$work/menu.png" "$shots/linux-menu.png"; else cat "$work/shot.log"; fi
PREFIX="$work/prefix" HOME="$work/home" sh "$app/install.sh" >/dev/null
check "install.sh installs the program" test -x "$work/prefix/bin/koma"
check "install.sh installs the menu entry, starting the program by its full path" \
	grep -qx "Exec=$work/prefix/bin/koma" "$work/prefix/share/applications/koma.desktop"
check "install.sh installs the icons" test -f "$work/prefix/share/icons/hicolor/48x48/apps/koma.png"
PREFIX="$work/prefix" HOME="$work/home" sh "$app/install.sh" --remove >/dev/null
check "install.sh --remove removes them" sh -c "! test -e '$work/prefix/bin/koma' && ! test -e '$work/prefix/share/applications/koma.desktop' && ! test -e '$work/prefix/share/icons/hicolor/48x48/apps/koma.png'"

echo "== $win"
unzip -Z1 "$win_zip" | sed 's|/$||' >"$work/win.list"
for f in koma.exe LICENSES.txt README.txt; do
	check "the Windows zip holds $f" listed "$work/win.list" "$win/$f"
done
mkdir -p "$work/windows"
unzip -q "$win_zip" -d "$work/windows"
exe=$work/windows/$win/koma.exe
pe=$(le32 "$exe" 60)
check "koma.exe starts with MZ" test "$(hexat "$exe" 0 2)" = 4d5a
check "koma.exe has the PE signature where its header says" test "$(hexat "$exe" "$pe" 4)" = 50450000
check "koma.exe is for 64-bit x86 (machine 0x8664)" test "$(le16 "$exe" $((pe + 4)))" = $((0x8664))
# The optional header follows the 20-byte file header; PE32+ has magic 0x20b and the
# subsystem at offset 68 (2: a GUI program, which opens no console window).
check "koma.exe is a PE32+ image" test "$(le16 "$exe" $((pe + 24)))" = $((0x20b))
check "koma.exe is a GUI program (no console window)" test "$(le16 "$exe" $((pe + 24 + 68)))" = 2
if [ "${KOMA_WINRES:-1}" != 0 ]; then
	check "koma.exe carries resources (its icon)" sh -c "objdump -h '$exe' | grep -q '\.rsrc'"
fi
check "the Windows README has Windows line ends" sh -c "head -1 '$work/windows/$win/README.txt' | od -c | grep -q '\\\\r'"

echo "== $web"
unzip -Z1 "$web_zip" | sed 's|/$||' >"$work/web.list"
for f in index.html wasm_exec.js koma.wasm koma.wasm.gz sw.js manifest.webmanifest favicon.png icon-192.png icon-512.png icon-maskable-512.png LICENSES.txt README.txt; do
	check "the web zip holds $f" listed "$work/web.list" "$web/$f"
done
mkdir -p "$work/web"
unzip -q "$web_zip" -d "$work/web"
check "the service worker is named after its build" grep -Eq 'const BUILD = "[0-9a-f]{16}"' "$work/web/$web/sw.js"
if [ "${KOMA_WEB_TEST:-1}" != 0 ]; then
	(cd build/web/e2e && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
	if KOMA_WEB_DIST="$work/web/$web" KOMA_E2E_ONLY=offline KOMA_SHOTS="$shots/web" \
		timeout 900 node build/web/e2e/e2e.mjs >"$work/e2e.log" 2>&1; then
		check "the unpacked web app plays in Chromium, online and offline" true
	else
		check "the unpacked web app plays in Chromium, online and offline" false
		cat "$work/e2e.log"
	fi
	grep -E "^e2e: .*(ok|FAIL) " "$work/e2e.log" | sed 's/^e2e: *[0-9.]*s /     /' || true
fi

echo "release_test: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
