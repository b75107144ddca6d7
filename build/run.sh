#!/bin/sh
# Installs what is missing, then starts Koma. Needs Go 1.21 or newer on PATH.
set -eu
cd "$(dirname "$0")/.."
sh build/deps.sh run
exec go run . "$@"
