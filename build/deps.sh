#!/bin/sh
# Installs the Debian/Ubuntu packages Koma needs, skipping those already present.
#   build/deps.sh run    what building and running the desktop app needs
#   build/deps.sh test   the above plus what the tests need: a virtual X display, and
#                        Chromium and Node.js for the browser test of the web build
set -eu

run_pkgs="gcc libc6-dev pkg-config libasound2-dev libgl1-mesa-dev libx11-dev libxrandr-dev libxcursor-dev libxinerama-dev libxi-dev libxxf86vm-dev libgtk-3-dev"
test_pkgs="$run_pkgs xvfb xauth chromium zip unzip"

case "${1:-run}" in
run) pkgs=$run_pkgs ;;
test) pkgs=$test_pkgs ;;
*) echo "usage: build/deps.sh run|test" >&2; exit 2 ;;
esac

if ! command -v dpkg-query >/dev/null 2>&1; then
	echo "build/deps.sh: not a Debian/Ubuntu system; install the equivalents of: $pkgs" >&2
	exit 0
fi

missing=""
for p in $pkgs; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
		missing="$missing $p"
	fi
done
# The browser test runs under Node.js with npm. A machine that has them from elsewhere
# (NodeSource, nvm) keeps its own; Debian's are the fallback.
if [ "${1:-run}" = test ] && ! { command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1; }; then
	missing="$missing nodejs npm"
fi
[ -z "$missing" ] && exit 0

echo "Installing:$missing"
sudo=""
if [ "$(id -u)" != 0 ]; then
	sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
# shellcheck disable=SC2086 # the list is meant to split into words
$sudo apt-get install -y -qq --no-install-recommends $missing
