#!/bin/sh
# subset.sh rebuilds the bundled UI fonts from Debian's fonts-mplus package.
#
# Developer tool, not run by the tests. Needs: apt-get install -y fonts-mplus fonttools
# (pyftsubset) and python3 (standard library only). Run it from anywhere:
#
#   sh assets/fonts/subset.sh            # JIS level-1 kanji + every character the texts use
#   KOMA_FONT_LEVEL2=1 sh assets/fonts/subset.sh   # also every JIS level-2 kanji (~1.1 MB each)
#
# Why a subset: the full M+ 1 faces are 1.5-1.7 MB each and the web build downloads them.
# Why no JIS level-2 by default: it adds ~460 KB per face for rare kanji (and M+ draws only
# about two thirds of them); instead the script adds whatever character the embedded texts
# (i18n/locales) use, so the font-coverage test in i18n passes after re-running it.
# Why Medium rather than Regular: Regular looks thin and faint at 11-13 px on screen, and
# Bold still stands out beside Medium.
# Why no hinting: Ebitengine's text/v2 (go-text) rasterises outlines unhinted, so hints
# would only cost bytes (~150 KB per face).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
src=${MPLUS_DIR:-/usr/share/fonts/opentype/mplus}

command -v pyftsubset >/dev/null || { echo "subset.sh: pyftsubset missing (apt-get install fonttools)" >&2; exit 1; }
[ -f "$src/Mplus1-Medium.otf" ] || { echo "subset.sh: $src/Mplus1-Medium.otf missing (apt-get install fonts-mplus)" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Unicode blocks kept whole: Latin (Basic, Latin-1, Extended-A), general punctuation,
# arrows, mathematical operators, geometric shapes, CJK symbols and punctuation, hiragana,
# katakana, half- and full-width forms.
blocks="U+0020-007E,U+00A0-00FF,U+0100-017F,U+2000-206F,U+2190-21FF,U+2200-22FF,U+25A0-25FF,U+3000-303F,U+3040-309F,U+30A0-30FF,U+FF00-FFEF"

# Every character of JIS X 0208 found by decoding each double-byte Shift_JIS code: the
# non-kanji rows, level-1 kanji (0x889F-0x9872) and, on request, level-2 kanji; plus every
# character of the texts under i18n/locales.
KOMA_FONT_LEVEL2=${KOMA_FONT_LEVEL2:-0} python3 - "$root/i18n/locales" >"$tmp/unicodes.txt" <<'PY'
import os, sys

level2 = os.environ.get("KOMA_FONT_LEVEL2") == "1"
chars = set()
for lead in list(range(0x81, 0xA0)) + list(range(0xE0, 0xF0)):
    for trail in list(range(0x40, 0x7F)) + list(range(0x80, 0xFD)):
        code = lead << 8 | trail
        if code > 0x9872 and not level2:
            continue
        try:
            text = bytes([lead, trail]).decode("shift_jis")
        except UnicodeDecodeError:
            continue
        if len(text) == 1:
            chars.add(ord(text))
for folder, _, names in os.walk(sys.argv[1]):
    for name in names:
        if name.endswith((".txt", ".md")):
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                chars.update(ord(c) for c in f.read() if ord(c) >= 0x20)
print(",".join("U+%04X" % c for c in sorted(chars)))
PY

for face in Medium Bold; do
	pyftsubset "$src/Mplus1-$face.otf" \
		--unicodes="$blocks,$(cat "$tmp/unicodes.txt")" \
		--layout-features+=palt,halt \
		--no-hinting \
		--output-file="$here/Mplus1-$face.subset.otf"
	echo "subset.sh: $(wc -c <"$here/Mplus1-$face.subset.otf") bytes  Mplus1-$face.subset.otf"
done
