#!/usr/bin/env bash
# The release link's symbol order: the functions and data that common commands
# touch, listed in the order they are first touched, so that lld puts them next
# to each other at the front of their sections (--symbol-ordering-file in
# Package.swift).
#
# Why: a start-up is dominated by page faults, not instructions. The static
# binary's 12 MB of code is mapped from the file 64 KiB at a time (the
# kernel's fault-around) when first executed, and its .bss and .data a page at
# a time when first written; the code a command runs was spread over some 3 MB
# of the Swift runtime, the standard library, libc and our modules, so
# `--version` took ~130 page faults where a static C program takes ~26.
#
# Usage: .ci/startup-order.sh BINARY [--check]
#   BINARY   a release lifesignal (swift build -c release).
#   Writes Sources/lifesignal/startup-order.txt from runs of BINARY under
#   valgrind's lackey tool (every instruction and data address), mapped to the
#   binary's symbols: --version, status, qr encode, checkin, notifications
#   (for people and as JSON), tick, contacts list and qr scan, each in a
#   signed-in account of a throw-away store, watching and watched by a
#   second account that has pinged it.
#   --check  write nothing: exit 1 when the committed file misses more than a
#            tenth of the symbols those runs touch (regenerate it then).
# A symbol the file names that the link no longer has is ignored by the linker;
# a function it does not name is placed after the listed ones, as before.
set -euo pipefail

usage() { echo "usage: $0 BINARY [--check]" >&2; exit 2; }
(($# >= 1 && $# <= 2)) || usage
[[ -x $1 ]] || usage
check=0
if (($# == 2)); then [[ $2 == --check ]] || usage; check=1; fi
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
target="$root/Sources/lifesignal/startup-order.txt"

missing=()
command -v valgrind >/dev/null || missing+=(valgrind)
command -v python3 >/dev/null || missing+=(python3)
command -v nm >/dev/null && command -v readelf >/dev/null && command -v strip >/dev/null || missing+=(binutils)
if ((${#missing[@]})); then
    echo "startup-order: installing ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
# The store named by LIFESIGNAL_STORE and the clock's zone set, as the
# benchmark runs commands (and as many people do): parsing the location and
# reading the zone are on every command's path then.
export LANG=C.UTF-8 LC_ALL=C.UTF-8 TZ=UTC HOME="$work/home" XDG_CONFIG_HOME="$work/home/config" \
    XDG_DATA_HOME="$work/home/data" XDG_STATE_HOME="$work/home/state" XDG_CACHE_HOME="$work/home/cache" \
    LIFESIGNAL_STORE="$work/store"
unset LIFESIGNAL_NOW
mkdir -p "$HOME"
# valgrind 3.19 cannot read the DWARF 5 debug information of the static
# OpenSSL: trace a copy without debug information (the same code and symbols).
strip --strip-debug -o "$work/lifesignal" "$bin"
program="$work/lifesignal"

# sign_in STATE_DIR PHONE FIRST_NAME: a signed-in account, its session in STATE_DIR.
sign_in() {
    local code
    code=$(XDG_STATE_HOME=$1 "$program" login --phone "$2" 2>&1 |
        sed -n 's/^Verification code for [^:]*: \([0-9]*\)$/\1/p')
    [[ -n $code ]] || { echo "startup-order: cannot sign in (no verification code printed)" >&2; exit 1; }
    XDG_STATE_HOME=$1 "$program" login --phone "$2" --code "$code" --first-name "$3" --last-name Lovelace >/dev/null 2>&1
}
# Ada, whose commands are traced, and Bob watch each other, and Bob has
# pinged her; she has checked in, has unread notifications, and a tick has
# looked at the store: what a signed-in account in daily use reads (as the
# benchmark's stores have), so that its code is listed too. And a QR image
# to scan.
sign_in "$XDG_STATE_HOME" +15551234567 Ada
sign_in "$work/bob" +15552220000 Bob
bob=$(XDG_STATE_HOME="$work/bob" "$program" qr show --json | sed -n 's/.*"qrCodeID": "\([^"]*\)".*/\1/p')
[[ -n $bob ]] || { echo "startup-order: cannot read the second account's QR code ID" >&2; exit 1; }
"$program" contacts add "$bob" --responder >/dev/null 2>&1
"$program" contacts role Bob --responder --dependent >/dev/null 2>&1
"$program" checkin >/dev/null 2>&1
XDG_STATE_HOME="$work/bob" "$program" ping send Ada >/dev/null 2>&1
"$program" tick >/dev/null 2>&1
"$program" qr encode "LIFESIGNAL:6MDAD-K98QG-7JKJ3-JEB5X" --png scan.png >/dev/null

traces=()
trace() {
    local name=$1
    shift
    valgrind --tool=lackey --trace-mem=yes --log-file="$work/$name.trace" "$program" "$@" >/dev/null 2>&1 || {
        echo "startup-order: '$*' failed under valgrind" >&2
        exit 1
    }
    traces+=("$work/$name.trace")
}
# --version first: what every command runs comes first in the file.
trace version --version
trace status status
trace qr-encode qr encode "LIFESIGNAL:6MDAD-K98QG-7JKJ3-JEB5X" --ecc M --scale 8 --png out.png
trace checkin checkin
trace notifications notifications --limit 20
trace notifications-json notifications --json --limit 20
trace tick tick
trace contacts contacts list
trace qr-scan qr scan scan.png --raw

python3 - "$program" "$target" "$check" "${traces[@]}" <<'PY'
import bisect, re, subprocess, sys
program, target, check, traces = sys.argv[1], sys.argv[2], sys.argv[3] == "1", sys.argv[4:]
symbols = []
for line in subprocess.run(["nm", "-n", "--defined-only", program], capture_output=True, text=True,
                           check=True).stdout.splitlines():
    fields = line.split()
    if len(fields) == 3 and fields[1] in "TtDdBbRrVvWw":
        symbols.append((int(fields[0], 16), fields[2]))
starts = [address for address, _ in symbols]
low, high = symbols[0][0], symbols[-1][0] + 4096
touched = {}
for path in traces:
    with open(path) as trace:
        for line in trace:
            # lackey: "I  ADDR,SIZE" (instruction), " L/S/M ADDR,SIZE" (data).
            if line.startswith("=="):
                continue
            try:
                address = int(line[3:].split(",", 1)[0], 16)
            except ValueError:
                continue
            if not low <= address < high:
                continue
            index = bisect.bisect_right(starts, address) - 1
            if index >= 0:
                touched.setdefault(symbols[index][1], len(touched))
# valgrind's CPU picks other variants of glibc's string functions (ifuncs)
# than the machine will: list every variant of each one touched.
variant = re.compile(r"^(__(?:mem|str|stp|wmem|wcs|raw)\w*?)_(?:sse2|ssse3|sse4_1|sse4_2|avx2|avx512|avx|evex512|evex)")
names = {name for _, name in symbols}
ordered = []
for name in touched:
    ordered.append(name)
    match = variant.match(name)
    if match:
        ordered += sorted(n for n in names if n.startswith(match.group(1) + "_") and variant.match(n) and n not in touched)
ordered = list(dict.fromkeys(ordered))
if check:
    committed = set(open(target).read().split())
    missing = [name for name in touched if name not in committed]
    print(f"startup-order: {len(touched)} symbols touched, {len(missing)} not in {target}")
    if len(missing) > len(touched) // 10:
        print("startup-order: regenerate it: .ci/startup-order.sh BINARY")
        sys.exit(1)
else:
    with open(target, "w") as out:
        out.write("\n".join(ordered) + "\n")
    print(f"startup-order: wrote {len(ordered)} symbols to {target}")
    # The build does not know the file is an input of the link.
    print("startup-order: relink to use it: rm .build/release/lifesignal && swift build -c release")
PY
