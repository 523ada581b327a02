#!/usr/bin/env bash
# Interop checks for the ImageIO module against independent implementations.
#
#   .ci/imageio.sh [PACKAGE_DIR]
#
# PACKAGE_DIR is a Swift package whose test target ImageIOTests holds
# InteropDumpTests (default: the repository root). The script
#   1. installs python3, pngcheck and ImageMagick when missing (apt-get);
#   2. runs InteropDumpTests with IMAGEIO_DUMP_DIR set, which writes zlib
#      streams (with their originals) and PNGs (with the PGM of the
#      luminance our decoder reads back) made by our encoders;
#   3. checks with python3's zlib that every stream inflates to its original
#      and is within 10% of zlib -6's size;
#   4. decodes every PNG with a small independent python reader and compares
#      its luminance with ours;
#   5. runs pngcheck on our PNGs and on the committed fixtures, and has
#      ImageMagick identify ours and compare the grey ones pixel for pixel;
#   6. cross-checks the committed PNG fixtures' reference luminance against
#      ImageMagick's decoding (within 2 levels: 16-bit rounding).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
package=${1:-$root}
fixtures="$root/Tests/ImageIOTests/Fixtures/png"

# Returns the first of the given commands that exists.
first_command() {
    local name
    for name in "$@"; do
        if command -v "$name" >/dev/null 2>&1; then echo "$name"; return 0; fi
    done
    return 1
}

missing=()
command -v python3 >/dev/null 2>&1 || missing+=(python3)
command -v pngcheck >/dev/null 2>&1 || missing+=(pngcheck)
command -v identify >/dev/null 2>&1 && command -v compare >/dev/null 2>&1 || missing+=(imagemagick)
if ((${#missing[@]})); then
    echo "imageio.sh: installing ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
# Prefer the versioned ImageMagick converters: a plain "convert" on PATH may
# be something else.
converter=$(first_command magick convert-im6.q16 convert-im6 convert)

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

echo "imageio.sh: writing interop files with InteropDumpTests"
IMAGEIO_DUMP_DIR="$out" swift test --package-path "$package" --filter InteropDumpTests >"$out/swift-test.log" 2>&1 || {
    tail -40 "$out/swift-test.log"
    exit 1
}
count=$(find "$out" -name '*.png' | wc -l)
if ((count == 0)); then
    echo "imageio.sh: InteropDumpTests wrote no PNG files" >&2
    exit 1
fi

echo "imageio.sh: checking zlib streams and PNGs with python3"
python3 - "$out" <<'PY'
import glob, os, struct, sys, zlib

folder = sys.argv[1]
failures = []

for stream_path in sorted(glob.glob(os.path.join(folder, "*.zz"))):
    name = os.path.basename(stream_path)
    stream = open(stream_path, "rb").read()
    original = open(stream_path[:-3] + ".raw", "rb").read()
    try:
        if zlib.decompress(stream) != original:
            failures.append(f"{name}: inflates to different bytes")
    except zlib.error as error:
        failures.append(f"{name}: zlib rejects it: {error}")
    reference = len(zlib.compress(original, 6))
    if len(stream) > reference * 1.1 + 64:
        failures.append(f"{name}: {len(stream)} bytes, zlib -6 makes {reference}")


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else (b if pb <= pc else c)


def read_png(data):
    """Luminance of a non-interlaced 8-bit grey/RGB/RGBA or 1-bit grey PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "bad signature"
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 4:pos + 8 + length]
        crc, = struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])
        assert zlib.crc32(body) == crc, f"bad CRC in {kind}"
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body[4:])
        elif kind == b"IDAT":
            idat += body[4:]
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert interlace == 0
    channels = {0: 1, 2: 3, 6: 4}[colour]
    row_bytes = (width * channels * depth + 7) // 8
    bpp = max(1, channels * depth // 8)
    raw = zlib.decompress(idat)
    assert len(raw) == height * (row_bytes + 1), "wrong image data size"
    prior = bytearray(row_bytes)
    lum = bytearray()
    for y in range(height):
        kind = raw[y * (row_bytes + 1)]
        line = bytearray(raw[y * (row_bytes + 1) + 1:(y + 1) * (row_bytes + 1)])
        for i in range(row_bytes):
            a = line[i - bpp] if i >= bpp else 0
            b = prior[i]
            c = prior[i - bpp] if i >= bpp else 0
            line[i] = (line[i] + [0, a, b, (a + b) // 2, paeth(a, b, c)][kind]) & 0xFF
        for x in range(width):
            if depth == 1:
                lum.append(255 if line[x >> 3] >> (7 - (x & 7)) & 1 else 0)
                continue
            px = line[x * channels:(x + 1) * channels]
            r, g, b = (px[0],) * 3 if channels == 1 else px[:3]
            alpha = px[3] if channels == 4 else 255
            luma = (77 * r + 150 * g + 29 * b + 128) >> 8
            lum.append((luma * alpha + 255 * (255 - alpha) + 127) // 255)
        prior = line
    return width, height, bytes(lum)


for png_path in sorted(glob.glob(os.path.join(folder, "*.png"))):
    name = os.path.basename(png_path)
    try:
        width, height, lum = read_png(open(png_path, "rb").read())
    except Exception as error:  # any failure of the reader is a finding
        failures.append(f"{name}: {error}")
        continue
    expected = open(png_path[:-4] + ".pgm", "rb").read()
    if expected != b"P5\n%d %d\n255\n" % (width, height) + lum:
        failures.append(f"{name}: python reads different pixels than ImageIO")

for failure in failures:
    print("  FAIL", failure)
sys.exit(1 if failures else 0)
PY

echo "imageio.sh: pngcheck"
pngcheck -q "$out"/*.png "$fixtures"/*.png

echo "imageio.sh: ImageMagick identify and compare"
status=0
for png in "$out"/*.png; do
    base=${png%.png}
    name=$(basename "$base")
    size=${name##*-}
    if [[ $(identify -format '%wx%h' "$png") != "$size" ]]; then
        echo "  FAIL $name: identify reports $(identify -format '%wx%h' "$png")"
        status=1
    fi
    if [[ $name == bilevel-* || $name == grey8-* ]]; then
        differing=$(compare -metric AE "$png" "$base.pgm" null: 2>&1 || true)
        if [[ $differing != 0 ]]; then
            echo "  FAIL $name: $differing pixels differ from ImageIO's reading"
            status=1
        fi
    fi
done

echo "imageio.sh: fixture references against ImageMagick ($converter)"
for png in "$fixtures"/*.png; do
    "$converter" "$png" -depth 8 rgba:- >"$out/fixture.rgba"
    python3 - "$out/fixture.rgba" "${png%.png}.pgm" "$(basename "$png")" <<'PY' || status=1
import sys
rgba = open(sys.argv[1], "rb").read()
reference = open(sys.argv[2], "rb").read().split(b"\n", 3)[3]
lum = bytes(
    ((((77 * r + 150 * g + 29 * b + 128) >> 8) * a + 255 * (255 - a) + 127) // 255)
    for r, g, b, a in zip(rgba[0::4], rgba[1::4], rgba[2::4], rgba[3::4])
)
if len(lum) != len(reference) or max(abs(x - y) for x, y in zip(lum, reference)) > 2:
    print(f"  FAIL {sys.argv[3]}: reference luminance disagrees with ImageMagick")
    sys.exit(1)
PY
done

if ((status == 0)); then echo "imageio.sh: all interop checks passed"; fi
exit "$status"
