#!/usr/bin/env bash
# Regenerates the JPEG test fixtures (run from any directory).
#
# Needs ImageMagick (a plasma test picture), libjpeg-turbo's cjpeg and
# djpeg, qrencode (apt-get install imagemagick libjpeg-turbo-progs qrencode)
# and python3.
#
# For each NAME.jpg made by cjpeg (sampling, progressive, restart
# intervals, greyscale) it writes what djpeg decodes, the reference the
# tests compare with (libjpeg's integer IDCT; ours may differ by rounding):
#   NAME.pgm  djpeg -grayscale: the Y component, the luminance
#   NAME.ppm  djpeg -nosmooth: RGB with chroma upsampled by replication
# orient-N.jpg is base-420.jpg with an EXIF APP1 segment giving orientation
# N, and orient-N.pgm the reference turned as N says. arithmetic.jpg is
# arithmetic-coded (refused by name), truncated.jpg ends inside its data,
# qr-photo.jpg is a tilted, noisy photo-like lifesignal code (needs qrencode),
# cmyk.jpg an ImageMagick CMYK (YCCK) file with cmyk.ppm, ImageMagick's RGB of it.
set -euo pipefail
cd "$(dirname "$0")"
if command -v convert-im6.q16 >/dev/null; then IM=(convert-im6.q16); else IM=(magick); fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"${IM[@]}" -seed 5 -size 67x45 plasma: "$tmp/source.ppm"
"${IM[@]}" -seed 9 -size 200x120 plasma: -blur 0x1 "$tmp/large.ppm"

make() {  # make NAME CJPEG-OPTIONS... (source last)
    local name=$1
    shift
    cjpeg "$@" >"$name.jpg"
    djpeg -grayscale -pnm "$name.jpg" >"$name.pgm"
    if [[ $name != grey* ]]; then djpeg -nosmooth -pnm "$name.jpg" >"$name.ppm"; fi
}
rm -f ./*.jpg ./*.pgm ./*.ppm
make base-420 -quality 80 "$tmp/source.ppm"
make base-444 -quality 80 -sample 1x1 "$tmp/source.ppm"
make base-422 -quality 80 -sample 2x1 "$tmp/source.ppm"
make base-440 -quality 80 -sample 1x2 "$tmp/source.ppm"
make base-411 -quality 90 -sample 4x1 "$tmp/source.ppm"
make base-q20 -quality 20 "$tmp/source.ppm"
make base-restart1 -quality 80 -restart 1B "$tmp/source.ppm"
make base-restart7 -quality 80 -sample 1x1 -restart 7B "$tmp/source.ppm"
make grey -grayscale -quality 80 "$tmp/source.ppm"
make grey-progressive -grayscale -quality 80 -progressive "$tmp/source.ppm"
make progressive-420 -quality 80 -progressive "$tmp/source.ppm"
make progressive-444 -quality 95 -progressive -sample 1x1 "$tmp/source.ppm"
make progressive-restart3 -quality 80 -progressive -restart 3B "$tmp/source.ppm"
make progressive-large -quality 80 -progressive "$tmp/large.ppm"
make base-large -quality 80 -optimize "$tmp/large.ppm"
cjpeg -arithmetic "$tmp/source.ppm" >arithmetic.jpg
# CMYK as ImageMagick writes it (Adobe, YCCK); the reference is its own
# conversion back to RGB.
"${IM[@]}" "$tmp/source.ppm" -colorspace CMYK -quality 90 cmyk.jpg
"${IM[@]}" cmyk.jpg -colorspace sRGB -depth 8 ppm:cmyk.ppm
# A phone-photo-like QR code for the command-line tests: a lifesignal
# payload, turned a little, noisy, progressive JPEG at quality 80.
qrencode -s 6 -m 4 -l M -o "$tmp/code.png" "LIFESIGNAL:6MDAD-K98QG-7JKJ3-JEB5X"
"${IM[@]}" "$tmp/code.png" -background white -rotate 6 -seed 4 -attenuate 0.6 +noise Gaussian -colorspace Gray "$tmp/code.pgm"
cjpeg -quality 80 -progressive "$tmp/code.pgm" >qr-photo.jpg
head -c 900 base-large.jpg >truncated.jpg

python3 - <<'PY'
import struct
base = open("base-420.jpg", "rb").read()
ref = open("base-420.pgm", "rb").read()
head, pixels = ref.split(b"\n255\n", 1)
width, height = map(int, head.split()[1:3])
rows = [pixels[y * width:(y + 1) * width] for y in range(height)]
def turned(n):
    get = lambda x, y: rows[y][x]
    if n in (5, 6, 7, 8):
        w, h = height, width
    else:
        w, h = width, height
    out = bytearray(w * h)
    for y in range(height):
        for x in range(width):
            tx, ty = {1: (x, y), 2: (width - 1 - x, y), 3: (width - 1 - x, height - 1 - y), 4: (x, height - 1 - y),
                      5: (y, x), 6: (height - 1 - y, x), 7: (height - 1 - y, width - 1 - x), 8: (y, width - 1 - x)}[n]
            out[ty * w + tx] = rows[y][x]
    return b"P5\n%d %d\n255\n" % (w, h) + bytes(out)
for n, order in ((3, "II"), (6, "MM"), (5, "II"), (8, "MM")):
    little = order == "II"
    pack = (lambda f, *v: struct.pack("<" + f, *v)) if little else (lambda f, *v: struct.pack(">" + f, *v))
    tiff = order.encode() + pack("H", 42) + pack("I", 8)
    # IFD0: one unrelated entry (ImageWidth), then Orientation, then no next IFD.
    tiff += pack("H", 2) + pack("HHI", 0x0100, 3, 1) + pack("H", 67) + b"\0\0"
    tiff += pack("HHI", 0x0112, 3, 1) + pack("H", n) + b"\0\0" + pack("I", 0)
    app1 = b"Exif\0\0" + tiff
    segment = b"\xff\xe1" + struct.pack(">H", len(app1) + 2) + app1
    open("orient-%d.jpg" % n, "wb").write(base[:2] + segment + base[2:])
    open("orient-%d.pgm" % n, "wb").write(turned(n))
PY
ls -l
