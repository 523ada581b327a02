#!/usr/bin/env bash
# Whole-process QR benchmark of the release `lifesignal` against qrencode and
# zbarimg, plus decode success rates on hard images and on JPEG versions.
#
# Usage: .ci/qr-bench.sh BINARY [--check]
#   BINARY   the release lifesignal executable (swift build -c release).
#   --check  exit 1 when a target below is missed (lifesignal slower than
#            qrencode or zbarimg in any timing, more instructions than
#            qrencode, an unread benchmark image, fewer hard images read
#            than zbarimg, JPEG reads under 95% of the PNGs'). Without it the
#            same misses are printed, exit 0.
#
# Timings: each pair of commands runs alternately, QR_BENCH_RUNS (40) times
# each after 5 warm-ups; medians and quartiles of whole-process wall time:
#   qr encode TEXT --png  vs  qrencode -o  (a 36-character and a 900-byte
#                                           payload; level M, 8 px modules)
#   qr scan --raw         vs  zbarimg --raw  on a version 2 screenshot (clean,
#                                           8 px modules) and a 1000x1000
#                                           photo-like image (rotated, tilted,
#                                           noisy, gradient and plasma
#                                           background, JPEG round trip, PNG)
# Instructions (callgrind, when valgrind is installed) of both encoders, and
# the PNG sizes. Success rates: the QRDetector fixtures (converted to PNG;
# each expected payload is read by zbarimg from a clean drawing of the
# fixture's truth grid) and freshly drawn hard variants (small rotations,
# blur, noise, perspective, combinations), by both tools; then every one of
# those saved as JPEG at quality 80, baseline and progressive, read by us
# from the JPEG against what we read from its PNG. An image counts for a
# tool when the tool returns exactly the expected payload (for zbarimg, as
# one of the symbols it lists).
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
# compare NAME OURS... -- THEIRS...: both commands run alternately, $runs
# times each after 5 warm-ups (each round starting with the other one, so a
# change of machine load falls on both alike); writes NAME.tsv with every
# run's wall time in ms. `hyperfine -N` (when installed) times the pair too,
# for its own report; the figures used are the interleaved ones.
compare() {
    local name=$1
    shift
    python3 - "$runs" "$name" "$@" <<'PY'
import subprocess, sys, time
runs, name, rest = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
split = rest.index("--")
commands = [rest[:split], rest[split + 1:]]
times = [[], []]
for round in range(runs + 5):
    order = (0, 1) if round % 2 == 0 else (1, 0)
    for which in order:
        start = time.perf_counter()
        subprocess.run(commands[which], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if round >= 5:
            times[which].append((time.perf_counter() - start) * 1000)
with open(name + ".tsv", "w") as out:
    for a, b in zip(*times):
        out.write("%.4f\t%.4f\n" % (a, b))
PY
}
echo "qr-bench: timing $runs interleaved runs of each pair after 5 warm-ups (wall time of whole processes)"
# A 900-byte text: words from a fixed list, deterministic.
long_payload=$(python3 -c '
import random
r = random.Random(9)
w = "the quick brown fox jumps over lazy dogs while seven wizards box jolly quotes".split()
s = ""
while len(s) < 900: s += r.choice(w) + " "
print(s[:900], end="")')
compare enc36 "$bin" qr encode "$payload" --ecc M --scale 8 --png ours36.png -- \
    qrencode -l M -s 8 -m 4 -o theirs36.png "$payload"
compare enc900 "$bin" qr encode "$long_payload" --ecc M --scale 8 --png ours900.png -- \
    qrencode -l M -s 8 -m 4 -o theirs900.png "$long_payload"
compare shot "$bin" qr scan screenshot.png --raw -- zbarimg -q --raw screenshot.png
compare photo "$bin" qr scan photo.png --raw -- zbarimg -q --raw photo.png
if command -v hyperfine >/dev/null; then
    hyperfine -N -i --style basic --warmup 5 --runs "$runs" \
        "$bin qr encode '$payload' --ecc M --scale 8 --png ours36.png" "qrencode -l M -s 8 -m 4 -o theirs36.png '$payload'" \
        2>/dev/null | grep -E "Benchmark|Time|±" >hyperfine.txt || true
fi
# Instructions (valgrind, when installed): the same on a busy machine.
# valgrind 3.19 cannot read the DWARF 5 debug information that the statically
# linked OpenSSL brings into the release binary ("unhandled dwarf2 abbrev
# form"), so ours is counted on a copy without it: the same code.
instructions() {
    command -v valgrind >/dev/null || { echo "-"; return; }
    local program="$1"; shift
    if [ "$program" = "$bin" ] && command -v strip >/dev/null; then
        strip --strip-debug -o "$PWD/lifesignal-nodebug" "$bin" && program="$PWD/lifesignal-nodebug"
    fi
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$program" "$@" 2>&1 >/dev/null | sed -n 's/.*Collected : //p'
}
ir_ours36=$(instructions "$bin" qr encode "$payload" --ecc M --scale 8 --png ir.png)
ir_them36=$(instructions qrencode -l M -s 8 -m 4 -o ir.png "$payload")
ir_ours900=$(instructions "$bin" qr encode "$long_payload" --ecc M --scale 8 --png ir.png)
ir_them900=$(instructions qrencode -l M -s 8 -m 4 -o ir.png "$long_payload")
ir_start=$(instructions "$bin" --version)
sizes="$(stat -c %s ours36.png) $(stat -c %s theirs36.png) $(stat -c %s ours900.png) $(stat -c %s theirs900.png)"
for image in ours36.png ours900.png; do
    expected=$payload
    [[ $image == ours900.png ]] && expected=$long_payload
    [[ $(zbarimg -q --raw "$image" 2>/dev/null) == "$expected" ]] || unread+=("zbarimg:$image")
done

# --- success rates ------------------------------------------------------------
mkdir fixtures hard
# Each fixture's truth grid drawn cleanly, for zbarimg to tell its payload.
python3 - "$fixtures" fixtures <<'PY'
import os, sys
source, target = sys.argv[1], sys.argv[2]
for name in sorted(os.listdir(source)):
    if not name.endswith(".truth") and not name.endswith(".truth2"):
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
    base, kind = name.rsplit(".", 1)
    with open(os.path.join(target, base + "." + kind + ".pgm"), "wb") as f:
        f.write(b"P5\n%d %d\n255\n" % (size, size) + bytes(pixels))
PY
for pgm in "$fixtures"/*.pgm; do
    name=$(basename "$pgm" .pgm)
    "${IM[@]}" "$pgm" "fixtures/$name.png"
    zbarimg -q -Sbinary --raw "fixtures/$name.truth.pgm" >"fixtures/$name.expected" 2>/dev/null || {
        echo "qr-bench: cannot tell the payload of fixture $name from its truth grid" >&2
        exit 1
    }
    # A picture of two codes: reading either is reading it.
    if [[ -e "fixtures/$name.truth2.pgm" ]]; then
        zbarimg -q -Sbinary --raw "fixtures/$name.truth2.pgm" >"fixtures/$name.expected2" 2>/dev/null
    fi
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
        [[ -e "$1/$name.expected2" && $got == "$(<"$1/$name.expected2")" ]] && ours=1
        if zbarimg -q --raw "$image" 2>/dev/null | grep -qxF -- "$(<"$1/$name.expected")"; then zbar=1; fi
        printf '%s\t%s\t%s\n' "$name" "$ours" "$zbar"
    done
}
score fixtures >fixtures.tsv
score hard >hard.tsv
# The same images as JPEG at quality 80, baseline and progressive: what a
# phone would save. Read by us from the JPEG files themselves.
mkdir jpeg-base jpeg-progressive
for image in fixtures/*.png hard/*.png; do
    name=$(basename "$(dirname "$image")")-$(basename "$image" .png)
    expected="$(dirname "$image")/$(basename "$image" .png).expected"
    "${IM[@]}" "$image" -quality 80 "jpeg-base/$name.jpg"
    "${IM[@]}" "$image" -quality 80 -interlace JPEG "jpeg-progressive/$name.jpg"
    for kind in base progressive; do
        cp "$expected" "jpeg-$kind/$name.expected"
        [[ ! -e "${expected}2" ]] || cp "${expected}2" "jpeg-$kind/$name.expected2"
    done
done
# jpeg_score DIR: name, ours from the PNG (1/0), ours from the JPEG (1/0).
jpeg_score() {
    local image name png got
    for image in "$1"/*.jpg; do
        name=$(basename "$image" .jpg)
        png="${name%%-*}/${name#*-}.png"
        local from_png=0 from_jpeg=0
        local wanted=("$(<"$1/$name.expected")")
        [[ ! -e "$1/$name.expected2" ]] || wanted+=("$(<"$1/$name.expected2")")
        got=$("$bin" qr scan "$png" --raw 2>/dev/null || true)
        for payload in "${wanted[@]}"; do [[ $got == "$payload" ]] && from_png=1; done
        got=$("$bin" qr scan "$image" --raw 2>/dev/null || true)
        for payload in "${wanted[@]}"; do [[ $got == "$payload" ]] && from_jpeg=1; done
        printf '%s\t%s\t%s\n' "$name" "$from_png" "$from_jpeg"
    done
}
jpeg_score jpeg-base >jpeg-base.tsv
jpeg_score jpeg-progressive >jpeg-progressive.tsv

# --- report -------------------------------------------------------------------
echo "qr-bench: $(qrencode --version 2>&1 | head -1); zbarimg $(zbarimg --version 2>/dev/null | head -1)"
python3 - "$check" "${unread[*]}" "$ir_ours36" "$ir_them36" "$ir_ours900" "$ir_them900" "$ir_start" $sizes <<'PY'
import statistics, sys
check = sys.argv[1] == "1"
unread = sys.argv[2].split()
ir = sys.argv[3:8]
sizes = list(map(int, sys.argv[8:12]))
def rows(path):
    return [l.split("\t") for l in open(path).read().split("\n") if l]
def timing(name):
    pairs = [(float(a), float(b)) for a, b in rows(name + ".tsv")]
    ours, theirs = [p[0] for p in pairs], [p[1] for p in pairs]
    def summary(values):
        q = statistics.quantiles(values, n=4)
        return statistics.median(values), q[0], q[2]
    return summary(ours), summary(theirs)
fixtures, hard = rows("fixtures.tsv"), rows("hard.tsv")
jpeg_base, jpeg_progressive = rows("jpeg-base.tsv"), rows("jpeg-progressive.tsv")
def rate(rs, column):
    return sum(int(r[column]) for r in rs)
print()
print(f"{'':38} {'lifesignal':>22} {'other tool':>22}   ours/other")
print(f"{'':38} {'median (p25-p75) ms':>22} {'median (p25-p75) ms':>22}")
problems = [f"lifesignal does not read the benchmark image {name}" for name in unread if not name.startswith("zbarimg:")]
problems += [f"zbarimg does not read our {name[8:]}" for name in unread if name.startswith("zbarimg:")]
for label, name, tool in (("encode 36 chars PNG (vs qrencode -o)", "enc36", "qrencode"),
                          ("encode 900 bytes PNG (vs qrencode -o)", "enc900", "qrencode"),
                          ("scan v2 screenshot (vs zbarimg)", "shot", "zbarimg"),
                          ("scan 1000x1000 photo (vs zbarimg)", "photo", "zbarimg")):
    (m, a, b), (n, c, d) = timing(name)
    word = "faster" if m < n else "slower"
    print(f"{label:38} {m:8.2f} ({a:5.2f}-{b:5.2f}) {n:8.2f} ({c:5.2f}-{d:5.2f})   {m / n:5.2f}x ({word})")
    if m > n:
        problems.append(f"{label}: lifesignal is slower")
if ir[0] != "-":
    print()
    print(f"{'instructions (callgrind)':38} {'lifesignal':>22} {'qrencode':>22}")
    for label, ours, theirs in (("encode 36 chars PNG", ir[0], ir[1]), ("encode 900 bytes PNG", ir[2], ir[3])):
        o, t = int(ours.replace(",", "")), int(theirs.replace(",", ""))
        print(f"{label:38} {o:22,d} {t:22,d}   {o / t:5.2f}x")
        if o > t:
            problems.append(f"{label}: more instructions than qrencode")
    print(f"{'  (lifesignal --version alone)':38} {int(ir[4].replace(',', '')):22,d}")
print()
print(f"{'PNG size, 36 chars / 900 bytes':38} {sizes[0]:>10,d} {sizes[2]:>10,d}  {sizes[1]:>10,d} {sizes[3]:>10,d}")
total = fixtures + hard
print()
for label, rs in (("read: QRDetector fixtures", fixtures), ("read: fresh hard variants", hard), ("read: all hard images", total)):
    print(f"{label:38} {str(rate(rs, 1)) + '/' + str(len(rs)):>22} {str(rate(rs, 2)) + '/' + str(len(rs)):>22}   "
          f"{100 * rate(rs, 1) / len(rs):.0f}% vs {100 * rate(rs, 2) / len(rs):.0f}%")
for label, rs in (("JPEG q80 baseline vs its PNG", jpeg_base), ("JPEG q80 progressive vs its PNG", jpeg_progressive)):
    from_png, from_jpeg = rate(rs, 1), rate(rs, 2)
    share = 100 * from_jpeg / max(1, from_png)
    print(f"{label:38} {str(from_jpeg) + ' of ' + str(from_png) + ' read':>22} {'':>22}   {share:.0f}% of the PNGs' reads")
    if from_jpeg < 0.95 * from_png:
        problems.append(f"{label}: under 95% of what the PNG versions read")
print()
only_ours = [r[0] for r in total if r[1] == "1" and r[2] == "0"]
only_zbar = [r[0] for r in total if r[1] == "0" and r[2] == "1"]
neither = [r[0] for r in total if r[1] == "0" and r[2] == "0"]
print("read only by lifesignal: " + (", ".join(only_ours) or "none"))
print("read only by zbarimg:    " + (", ".join(only_zbar) or "none"))
print("read by neither:         " + (", ".join(neither) or "none"))
jpeg_lost = [r[0] for r in jpeg_base + jpeg_progressive if r[1] == "1" and r[2] == "0"]
print("read as PNG, not as JPEG: " + (", ".join(jpeg_lost) or "none"))
if rate(total, 1) < rate(total, 2): problems.append("lifesignal reads fewer hard images than zbarimg")
for p in problems:
    print("qr-bench: target missed: " + p)
if check and problems:
    sys.exit(1)
PY
