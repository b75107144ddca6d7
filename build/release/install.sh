#!/bin/sh
# Installs Koma for the current user: the program into ~/.local/bin, its icons into the
# icon theme and an entry into the applications menu. Run it from the unpacked folder:
#   ./install.sh            install
#   ./install.sh --remove   remove what it installed
# PREFIX changes where (default ~/.local).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
prefix=${PREFIX:-$HOME/.local}
bin=$prefix/bin
apps=$prefix/share/applications
icons=$prefix/share/icons/hicolor
if [ "${1:-}" = --remove ]; then
	rm -f "$bin/koma" "$apps/koma.desktop"
	for d in "$icons"/*/apps; do rm -f "$d/koma.png"; done
	echo "Koma removed from $prefix"
	exit 0
fi
mkdir -p "$bin" "$apps"
cp "$here/koma" "$bin/koma"
chmod 755 "$bin/koma"
for d in "$here"/icons/hicolor/*/apps; do
	size=$(basename "$(dirname "$d")")
	mkdir -p "$icons/$size/apps"
	cp "$d/koma.png" "$icons/$size/apps/koma.png"
done
# The menu starts the program by its full path: ~/.local/bin is not on every desktop's PATH.
sed "s|^Exec=.*|Exec=$bin/koma|" "$here/koma.desktop" >"$apps/koma.desktop"
# Tell the desktop about the new entry and icons where the tools exist; both are optional.
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$apps" || true
command -v gtk-update-icon-cache >/dev/null 2>&1 && gtk-update-icon-cache -q -t "$icons" 2>/dev/null || true
echo "Koma installed: $bin/koma, with a menu entry in $apps"
