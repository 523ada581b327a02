#!/usr/bin/env bash
# Whole-process QR benchmark of the release `lifesignal` against qrencode and
# zbarimg, plus decode success rates on hard images.
#
# Usage: .ci/qr-bench.sh BINARY [--check]
#   BINARY   the release lifesignal executable (swift build -c release).
#   --check  exit 1 when lifesignal is slower than qrencode or zbarimg in any
#            timing, cannot read a benchmark image, or reads fewer hard images
#            than zbarimg. Without it the same misses are printed, exit 0.
#
# Timings: medians of whole processes (hyperfine -N, or a python3 loop when
# hyperfine is missing), all in one run:
#   qr encode TEXT --png   vs  qrencode -o     (same payload, level M, 8 px modules)
#   qr scan --raw          vs  zbarimg --raw   on a version 2 screenshot (clean,
#                                              8 px modules) and a 1000x1000
#                                              photo-like image (rotated, tilted,
#                                              noisy, gradient and plasma
#                                              background, JPEG round trip, PNG)
#   plus, for diagnosis only, `lifesignal --version` (process start-up) and
#   `qr encode` to stdout (the encoder without a file to write).
# Success rates: the QRDetector fixtures (converted to PNG; each expected payload
# is read by zbarimg from a clean drawing of the fixture's truth grid) and
# freshly drawn hard variants (small rotations, blur, noise, perspective,
# combinations). An image counts for a tool when the tool returns exactly the
# expected payload (for zbarimg, as one of the symbols it lists).
set -euo pipefail

# Resolve python3 once: a version-manager shim costs a shell start per call.
python3=$(python3 -c 'import sys; print(sys.executable)')
python3() { "$python3" "$@"; }

usage() { echo "usage: $0 BINARY [--check]" >&2; exit 2; }
(($# >= 1 && $# <= 2)) || usage
[[ -x $1 ]] || usage
check=0
if (($# == 2)); then [[ $2 == --check ]] || usage; check=1; fi
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
fixtures="$root/Tests/QRDetectorTests/Fixtures"

missing=()
command -v qrencode >/dev/null || missing+=(qrencode)
command -v zbarimg >/dev/null || missing+=(zbar-tools)
command -v convert-im6.q16 >/dev/null || command -v magick >/dev/null || missing+=(imagemagick)
command -v hyperfine >/dev/null || missing+=(hyperfine)
if ((${#missing[@]})); then
    echo "qr-bench: installing ${missing[*]}"
    apt-get update -qq
    for package in "${missing[@]}"; do
        # hyperfine is optional: the python3 loop below stands in for it.
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package" >/dev/null ||
            [[ $package == hyperfine ]]
    done
fi
# /usr/local/bin/convert may be a stand-in: use ImageMagick's own binaries.
if command -v convert-im6.q16 >/dev/null; then IM=(convert-im6.q16); else IM=(magick); fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
export LANG=C.UTF-8 LC_ALL=C.UTF-8
runs=${QR_BENCH_RUNS:-40}

# --- images -------------------------------------------------------------------
payload="LIFESIGNAL:6MDAD-K98QG-7JKJ3-JEB5X"
qrencode -s 8 -m 4 -v 2 -l M -o screenshot.png "$payload"
photo_payload="https://lifesignal.example/add?code=6MDAD-K98QG-7JKJ3-JEB5X"
qrencode -s 9 -m 4 -v 4 -l M -o photo-symbol.png "$photo_payload"
# A printed code on a cluttered desk: tilted paper, uneven light, noise, JPEG.
"${IM[@]}" -seed 31 -size 1000x1000 plasma:fractal -colorspace Gray -blur 0x6 +level 25%,75% photo-back.png
"${IM[@]}" photo-symbol.png -background white -rotate 11 -virtual-pixel transparent -alpha set \
    -distort Perspective "0,0,20,30 400,0,380,10 400,400,400,400 0,400,10,380" photo-paper.png
"${IM[@]}" photo-back.png photo-paper.png -geometry +260+240 -compose Over -composite \
    \( -size 1000x1000 gradient:white-gray45 -rotate 90 \) -compose Multiply -composite \
    -blur 0x0.8 -seed 13 -attenuate 0.5 +noise Gaussian -quality 60 photo.jpg
"${IM[@]}" photo.jpg PNG24:photo.png
unread=()
for image in screenshot.png photo.png; do
    expected=$payload
    [[ $image == photo.png ]] && expected=$photo_payload
    got=$("$bin" qr scan "$image" --raw 2>/dev/null || true)
    [[ $got == "$expected" ]] || unread+=("$image")
    got=$(zbarimg -q --raw "$image" 2>/dev/null || true)
    [[ $got == "$expected" ]] || echo "qr-bench: warning: zbarimg does not read $image"
done

# --- timings ------------------------------------------------------------------
# median NAME COMMAND...: the median wall time of COMMAND in milliseconds.
median() {
    local name=$1
    shift
    if command -v hyperfine >/dev/null; then
        local quoted
        quoted=$(printf '%q ' "$@")
        hyperfine -N -i --style none --warmup 5 --runs "$runs" --export-json "$name.json" "$quoted" >/dev/null 2>&1
        python3 -c 'import json, sys; print("%.2f" % (json.load(open(sys.argv[1]))["results"][0]["median"] * 1000))' "$name.json"
    else
        python3 - "$runs" "$@" <<'PY'
import statistics, subprocess, sys, time
runs, command = int(sys.argv[1]), sys.argv[2:]
times = []
for i in range(runs + 5):
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if i >= 5:
        times.append(time.perf_counter() - start)
print("%.2f" % (statistics.median(times) * 1000))
PY
    fi
}
tool="hyperfine -N, $runs runs after 5 warm-ups"
command -v hyperfine >/dev/null || tool="python3 loop, $runs runs after 5 warm-ups"
echo "qr-bench: timing with $tool (median wall time of whole processes)"
enc_ours=$(median enc-ours "$bin" qr encode "$payload" --ecc M --scale 8 --png ours.png)
enc_them=$(median enc-them qrencode -l M -s 8 -m 4 -o theirs.png "$payload")
# Diagnostics only: process start-up, and the encoder without a file to write.
start_ours=$(median start-ours "$bin" --version)
term_ours=$(median term-ours "$bin" qr encode "$payload" --ecc M)
shot_ours=$(median shot-ours "$bin" qr scan screenshot.png --raw)
shot_them=$(median shot-them zbarimg -q --raw screenshot.png)
photo_ours=$(median photo-ours "$bin" qr scan photo.png --raw)
photo_them=$(median photo-them zbarimg -q --raw photo.png)

# --- success rates ------------------------------------------------------------
mkdir fixtures hard
# Each fixture's truth grid drawn cleanly, for zbarimg to tell its payload.
python3 - "$fixtures" fixtures <<'PY'
import os, sys
source, target = sys.argv[1], sys.argv[2]
for name in sorted(os.listdir(source)):
    if not name.endswith(".truth"):
        continue
    rows = [l for l in open(os.path.join(source, name)).read().split("\n") if l]
    scale, quiet = 4, 4
    size = (len(rows) + 2 * quiet) * scale
    pixels = bytearray([255]) * (size * size)
    for y, row in enumerate(rows):
        for x, c in enumerate(row):
            if c == "#":
                for dy in range(scale):
                    start = ((quiet + y) * scale + dy) * size + (quiet + x) * scale
                    pixels[start:start + scale] = bytes(scale)
    with open(os.path.join(target, name[:-6] + ".truth.pgm"), "wb") as f:
        f.write(b"P5\n%d %d\n255\n" % (size, size) + bytes(pixels))
PY
for pgm in "$fixtures"/*.pgm; do
    name=$(basename "$pgm" .pgm)
    "${IM[@]}" "$pgm" "fixtures/$name.png"
    zbarimg -q -Sbinary --raw "fixtures/$name.truth.pgm" >"fixtures/$name.expected" 2>/dev/null || {
        echo "qr-bench: cannot tell the payload of fixture $name from its truth grid" >&2
        exit 1
    }
done

# hard NAME VERSION SCALE PAYLOAD IM-OPTIONS...: a fresh hard image.
hard() {
    local name=$1 version=$2 scale=$3 text=$4
    shift 4
    qrencode -s "$scale" -m 4 -v "$version" -l M -o "hard/$name.src.png" "$text"
    "${IM[@]}" "hard/$name.src.png" "$@" "hard/$name.png"
    printf '%s' "$text" >"hard/$name.expected"
    rm "hard/$name.src.png"
}
# keystone W: corner pairs pulling the top edge in by W/N on each side.
keystone() {
    local w=$1 n=$2
    echo "0,0,$((w / n)),$((w / (2 * n))) $w,0,$((w - w / n)),$((w / (3 * n))) $w,$w,$w,$w 0,$w,0,$w"
}
for angle in 2 4 6 9 13 18 26 37; do
    hard "rotate-$angle" 5 3 "small rotation by $angle degrees" -background white -rotate "$angle"
done
for sigma in 1.0 1.3 1.6 1.9; do
    hard "blur-$sigma" 4 4 "blurred with sigma $sigma" -blur "0x$sigma"
done
for amount in 1.0 1.4 1.8 2.2; do
    hard "noise-$amount" 6 4 "gaussian noise $amount" -seed 17 -attenuate "$amount" +noise Gaussian -colorspace Gray
done
for n in 12 8 6 5; do
    width=$(( (37 + 8) * 4 ))
    hard "perspective-1in$n" 5 4 "keystone one in $n" -virtual-pixel white -distort Perspective "$(keystone "$width" "$n")"
done
width=$(( (45 + 8) * 4 ))
hard "combo-rotate-blur" 7 4 "rotated and blurred" -background white -rotate 8 -blur 0x1.2
hard "combo-noise-tilt" 7 4 "noisy and tilted" -virtual-pixel white -distort Perspective "$(keystone "$width" 7)" \
    -seed 23 -attenuate 1.2 +noise Gaussian -colorspace Gray
hard "combo-small-rotate" 3 3 "small rotated noisy" -background white -rotate 5 -seed 29 -attenuate 0.8 +noise Gaussian -colorspace Gray
qrencode -s 4 -m 4 -v 6 -l M -o hard/jpeg.src.png "jpeg round trip"
"${IM[@]}" hard/jpeg.src.png -background white -rotate 3 -blur 0x0.9 -quality 30 hard/jpeg.jpg
"${IM[@]}" hard/jpeg.jpg hard/combo-jpeg-q30.png
printf '%s' "jpeg round trip" >hard/combo-jpeg-q30.expected
rm hard/jpeg.src.png hard/jpeg.jpg

# score DIR: one line a image: name, ours (1/0), zbarimg (1/0).
score() {
    local image name got
    for image in "$1"/*.png; do
        name=$(basename "$image" .png)
        got=$("$bin" qr scan "$image" --raw 2>/dev/null || true)
        local ours=0 zbar=0
        [[ $got == "$(<"$1/$name.expected")" ]] && ours=1
        if zbarimg -q --raw "$image" 2>/dev/null | grep -qxF -- "$(<"$1/$name.expected")"; then zbar=1; fi
        printf '%s\t%s\t%s\n' "$name" "$ours" "$zbar"
    done
}
score fixtures >fixtures.tsv
score hard >hard.tsv

# --- report -------------------------------------------------------------------
echo "qr-bench: $(qrencode --version 2>&1 | head -1); zbarimg $(zbarimg --version 2>/dev/null | head -1)"
python3 - "$check" "$enc_ours" "$enc_them" "$shot_ours" "$shot_them" "$photo_ours" "$photo_them" \
    "$start_ours" "$term_ours" "${unread[*]}" <<'PY'
import sys
check = sys.argv[1] == "1"
enc, enc_q, shot, shot_z, photo, photo_z, start, term = map(float, sys.argv[2:10])
def rows(path):
    return [l.split("\t") for l in open(path).read().split("\n") if l]
fixtures, hard = rows("fixtures.tsv"), rows("hard.tsv")
def rate(rs, column):
    return sum(int(r[column]) for r in rs)
def ratio(ours, theirs):
    word = "faster" if ours < theirs else "slower" if ours > theirs else "same"
    return f"{ours / theirs:5.2f}x  ({word})"
print()
print(f"{'':34} {'lifesignal':>12} {'other tool':>12}   ours/other")
print(f"{'encode PNG (vs qrencode), ms':34} {enc:12.2f} {enc_q:12.2f}   {ratio(enc, enc_q)}")
print(f"{'scan v2 screenshot (vs zbarimg), ms':34} {shot:12.2f} {shot_z:12.2f}   {ratio(shot, shot_z)}")
print(f"{'scan 1000x1000 photo (vs zbarimg), ms':34} {photo:12.2f} {photo_z:12.2f}   {ratio(photo, photo_z)}")
print(f"{'  (lifesignal --version), ms':34} {start:12.2f}")
print(f"{'  (qr encode to stdout, no file), ms':34} {term:12.2f}")
total = fixtures + hard
for label, rs in (("read: QRDetector fixtures", fixtures), ("read: fresh hard variants", hard), ("read: all hard images", total)):
    print(f"{label:34} {str(rate(rs, 1)) + '/' + str(len(rs)):>12} {str(rate(rs, 2)) + '/' + str(len(rs)):>12}   "
          f"{100 * rate(rs, 1) / len(rs):.0f}% vs {100 * rate(rs, 2) / len(rs):.0f}%")
print()
only_ours = [r[0] for r in total if r[1] == "1" and r[2] == "0"]
only_zbar = [r[0] for r in total if r[1] == "0" and r[2] == "1"]
neither = [r[0] for r in total if r[1] == "0" and r[2] == "0"]
print("read only by lifesignal: " + (", ".join(only_ours) or "none"))
print("read only by zbarimg:    " + (", ".join(only_zbar) or "none"))
print("read by neither:         " + (", ".join(neither) or "none"))
problems = [f"lifesignal does not read the benchmark image {name}" for name in sys.argv[10].split()]
if enc > enc_q: problems.append("qr encode --png is slower than qrencode")
if shot > shot_z: problems.append("qr scan is slower than zbarimg on the screenshot")
if photo > photo_z: problems.append("qr scan is slower than zbarimg on the photo")
if rate(total, 1) < rate(total, 2): problems.append("lifesignal reads fewer hard images than zbarimg")
for p in problems:
    print("qr-bench: target missed: " + p)
if check and problems:
    sys.exit(1)
PY
