#!/usr/bin/env bash
# Interop check for the QRDetector fixtures: regenerates them with the real
# tools (qrencode, ImageMagick, zbarimg) into a temporary directory and
# checks that the committed truth grids and manifest (including which
# fixtures zbarimg reads) still match what the tools produce.
#
# Usage: .ci/qrdetector.sh   (no arguments; installs missing tools with apt-get)
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
fixtures="$root/Tests/QRDetectorTests/Fixtures"

need=()
command -v qrencode >/dev/null || need+=(qrencode)
command -v zbarimg >/dev/null || need+=(zbar-tools)
command -v convert-im6.q16 >/dev/null || command -v magick >/dev/null || need+=(imagemagick)
if [ ${#need[@]} -gt 0 ]; then
    apt-get update -qq
    apt-get install -y -qq "${need[@]}" >/dev/null
fi

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$fixtures/generate.sh" "$out"

status=0
for truth in "$fixtures"/*.truth "$fixtures"/*.truth2; do
    name=$(basename "$truth")
    if ! cmp -s "$truth" "$out/$name"; then
        echo "qrdetector: truth grid $name differs from a fresh qrencode run" >&2
        status=1
    fi
done
if ! diff -u "$fixtures/manifest.tsv" "$out/manifest.tsv"; then
    echo "qrdetector: manifest differs (fixture list or zbarimg results changed)" >&2
    status=1
fi
missing=$(comm -3 <(cd "$fixtures" && printf "%s\n" ./*.pgm | sort) <(cd "$out" && printf "%s\n" ./*.pgm | sort))
if [ -n "$missing" ]; then
    echo "qrdetector: fixture images differ in name: $missing" >&2
    status=1
fi
[ "$status" -eq 0 ] && echo "qrdetector: fixtures reproducible; $(awk -F'\t' 'NR > 1 { z += $4; n++ } END { print z "/" n }' "$fixtures/manifest.tsv") read by zbarimg"
exit "$status"
