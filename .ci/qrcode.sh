#!/usr/bin/env bash
# Interop checks for the QRCode module: real scanners read what it encodes.
#
# Usage: .ci/qrcode.sh [package-dir]
#   package-dir: a Swift package with the QRCodeTests target (default: the repository root).
#
# 1. Dumps symbols through the QRCODE_DUMP_DIR test (SymbolDumpTests): PBM rasters,
#    SVGs, and terminal renderings (default and inverted) for payloads up to version 40,
#    long and short UTF-8, and binary data.
# 2. zbarimg -Sbinary --raw must return each payload byte for byte from the PBM, the
#    SVG (rasterised by rsvg-convert; ImageMagick 6's own SVG renderer mis-scales
#    viewBox paths) and both terminal renderings (drawn back to pixels by python3).
# 3. zbarimg's text mode must return the exact text for every ASCII and ECI 26 symbol;
#    how often it garbles UTF-8 without ECI is printed (that is why the encoder writes ECI 26).
# 4. The qrencode fixtures are regenerated and compared (a mismatch is only a warning:
#    another qrencode version may pick other masks or modes).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
package=$(cd "${1:-$root}" && pwd)
fixtures="$root/Tests/QRCodeTests/Fixtures"

missing=()
command -v zbarimg >/dev/null || missing+=(zbar-tools)
command -v qrencode >/dev/null || missing+=(qrencode)
command -v rsvg-convert >/dev/null || missing+=(librsvg2-bin)
[[ -x /usr/bin/convert ]] || missing+=(imagemagick)
if ((${#missing[@]})); then
    echo "qrcode.sh: installing ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
dump="$work/dump"

(cd "$package" && QRCODE_DUMP_DIR="$dump" swift test --filter SymbolDumpTests >"$work/swift-test.log" 2>&1) || {
    cat "$work/swift-test.log"
    echo "qrcode.sh: swift test --filter SymbolDumpTests failed" >&2
    exit 1
}
shopt -s nullglob
payloads=("$dump"/*.payload)
((${#payloads[@]} > 0)) || { echo "qrcode.sh: the dump test wrote no symbols" >&2; exit 1; }

# Terminal text → greyscale PGM. Ink (any block) is white on black for the default
# rendering and black on white for the inverted one, as a terminal would show it.
term_to_pgm() {
    python3 - "$1" "$2" "$3" <<'PY'
import sys
source, target, ink_is_light = sys.argv[1], sys.argv[2], sys.argv[3] == "light"
lines = open(source, encoding="utf-8").read().split("\n")[:-1]
rows = []
for line in lines:
    rows.append([c in "█▀" for c in line])
    rows.append([c in "█▄" for c in line])
scale, border = 4, 8
width = len(rows[0]) * scale + 2 * border
height = len(rows) * scale + 2 * border
background = 0 if ink_is_light else 255
pixels = bytearray([background]) * (width * height)
for y, row in enumerate(rows):
    for x, ink in enumerate(row):
        if ink:
            value = 255 - background
            for dy in range(scale):
                start = (border + y * scale + dy) * width + border + x * scale
                pixels[start:start + scale] = bytes([value]) * scale
with open(target, "wb") as out:
    out.write(b"P5\n%d %d\n255\n" % (width, height) + bytes(pixels))
PY
}

failures=0
checks=0
plain_garbled=0
plain_total=0
scan() { zbarimg -q "$@" 2>/dev/null || true; }

for payload in "${payloads[@]}"; do
    id=$(basename "$payload" .payload)
    rsvg-convert "$dump/$id.svg" -o "$work/$id.svg.png"
    term_to_pgm "$dump/$id.term.txt" "$work/$id.term.pgm" light
    term_to_pgm "$dump/$id.inv.txt" "$work/$id.inv.pgm" dark
    for image in "$dump/$id.pbm" "$work/$id.svg.png" "$work/$id.term.pgm" "$work/$id.inv.pgm"; do
        checks=$((checks + 1))
        scan -Sbinary --raw "$image" >"$work/out"
        if ! cmp -s "$work/out" "$payload"; then
            echo "FAIL (bytes) $id: $(basename "$image")"
            failures=$((failures + 1))
        fi
    done
    case "$id" in
    binary-*) ;;
    *-plain)
        plain_total=$((plain_total + 1))
        scan --raw "$dump/$id.pbm" | cmp -s - <(cat "$payload"; echo) || plain_garbled=$((plain_garbled + 1))
        ;;
    *)
        checks=$((checks + 1))
        if ! scan --raw "$dump/$id.pbm" | cmp -s - <(cat "$payload"; echo); then
            echo "FAIL (text) $id"
            failures=$((failures + 1))
        fi
        ;;
    esac
done
echo "qrcode.sh: ${#payloads[@]} symbols, $checks zbarimg checks, $failures failures"
echo "qrcode.sh: without ECI 26, zbarimg garbled $plain_garbled of $plain_total UTF-8 texts (informational)"

if ! python3 "$fixtures/generate_qrencode_fixtures.py" "$work/fixtures" >"$work/generate.log" 2>&1; then
    echo "qrcode.sh: warning: regenerating the qrencode fixtures failed: $(tail -1 "$work/generate.log")"
    mkdir -p "$work/fixtures"
fi
for file in "$fixtures"/qrencode-*.txt; do
    if ! cmp -s "$file" "$work/fixtures/$(basename "$file")"; then
        echo "qrcode.sh: warning: $(basename "$file") differs when regenerated with $(qrencode --version 2>&1 | head -1)"
    fi
done

((failures == 0))
