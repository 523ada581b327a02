#!/usr/bin/env bash
# Fuzzes lifesignal's parsers and decoders with libFuzzer.
#
#   .ci/fuzz.sh [SECONDS] [TARGET...]       # default: 60 s each, every target
#   .ci/fuzz.sh 600 FuzzPNG FuzzPNM          # what the 10-minute runs used
#
# Targets: FuzzParser FuzzStoreDecoding FuzzPNG FuzzPNM FuzzInflate FuzzQR.
# Each is built with
#   swift build -c release --sanitize fuzzer -Xswiftc -DFUZZING --build-path .build-fuzz --product TARGET
# (apart from the normal build: without -DFUZZING the same executables only
# replay files, `FuzzPNG FILE|DIR...`, or write seeds, `FuzzPNG --seeds DIR`).
# The corpus lives in .build-fuzz/corpus/TARGET, started from the target's
# seeds and its kept inputs. Any crash, timeout or out-of-memory input is
# copied to Tests/FuzzRegressionTests/Fixtures/<check>/, which
# `swift test --filter FuzzRegressionTests` replays; commit it with the fix.
# Prints one line a target: duration, executions, findings. Exits 1 when
# anything was found. PACKAGE_DIR overrides the package root.
set -euo pipefail

package_dir="${PACKAGE_DIR:-$(cd "$(dirname "$0")/.." && pwd)}"
cd "$package_dir"
seconds="${1:-60}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(FuzzParser FuzzStoreDecoding FuzzPNG FuzzPNM FuzzInflate FuzzQR)
fi

check_name() {  # the FuzzTarget case a Fuzz* executable runs
    case "$1" in
        FuzzParser) echo parser ;; FuzzStoreDecoding) echo storeDecoding ;;
        FuzzPNG) echo png ;; FuzzPNM) echo pnm ;; FuzzInflate) echo inflate ;; FuzzQR) echo qr ;;
        *) echo "unknown fuzz target: $1" >&2; exit 2 ;;
    esac
}

max_len() {  # long enough for the target's structure, short enough to stay fast
    case "$1" in
        FuzzParser) echo 512 ;; FuzzQR) echo 12000 ;; *) echo 4096 ;;
    esac
}

build=(swift build -c release --sanitize fuzzer -Xswiftc -DFUZZING --build-path .build-fuzz)
for target in "${targets[@]}"; do
    check_name "$target" >/dev/null
    "${build[@]}" --product "$target" >/dev/null
done
bin="$("${build[@]}" --show-bin-path)"

found=0
for target in "${targets[@]}"; do
    check="$(check_name "$target")"
    corpus=".build-fuzz/corpus/$target"
    findings=".build-fuzz/findings/$target"
    kept="Tests/FuzzRegressionTests/Fixtures/$check"
    log=".build-fuzz/$target.log"
    mkdir -p "$corpus" "$findings" "$kept"
    # The replay build writes the seeds; the fuzzer binary would fuzz instead.
    swift build --product "$target" >/dev/null
    "$(swift build --show-bin-path)/$target" --seeds "$corpus" >/dev/null
    cp -n "$kept"/* "$corpus"/ 2>/dev/null || true
    started=$(date +%s)
    set +e
    "$bin/$target" "$corpus" -max_total_time="$seconds" -max_len="$(max_len "$target")" \
        -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
        -artifact_prefix="$findings/" >"$log" 2>&1
    set -e
    elapsed=$(( $(date +%s) - started ))
    executions="$(grep -Eo '^#[0-9]+' "$log" | tail -1 | tr -d '#')"
    new=0
    for artifact in "$findings"/*; do
        [ -e "$artifact" ] || continue
        cp "$artifact" "$kept/$(basename "$artifact")"
        new=$((new + 1))
    done
    echo "$target: ${elapsed} s, ${executions:-0} executions, $new finding(s) (log: $log)"
    [ "$new" -eq 0 ] || found=1
done
exit "$found"
