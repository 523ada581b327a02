#!/usr/bin/env bash
# Fuzzes lifesignal's parsers and decoders with libFuzzer.
#
#   .ci/fuzz.sh [SECONDS] [TARGET...]       # default: 60 s each, every target
#   .ci/fuzz.sh 600 FuzzPNG FuzzPNM          # what the 10-minute runs used
#
# Targets: FuzzParser FuzzStoreDecoding FuzzPNG FuzzJPEG FuzzPNM FuzzInflate FuzzQR FuzzDurations.
# Each is built with
#   swift build -c release --sanitize fuzzer -Xswiftc -DFUZZING --build-path .build-fuzz --product TARGET
# (apart from the normal build: without -DFUZZING the same executables only
# replay files, `FuzzPNG FILE|DIR...`, or write seeds, `FuzzPNG --seeds DIR`).
# The corpus lives in .build-fuzz/corpus/TARGET, started from the target's
# seeds and its kept inputs; the target's dictionary of tokens (`--dictionary`)
# is passed with -dict. libFuzzer stops at a finding; it is restarted until
# SECONDS are used up. Every crash, timeout or out-of-memory input goes to
# .build-fuzz/findings/TARGET and is copied to
# Tests/FuzzRegressionTests/Fixtures/known-defects/<check>/; once the defect
# is fixed, move it to Fixtures/<check>/, which
# `swift test --filter FuzzRegressionTests` replays.
# Prints one line a target: duration, executions, findings. Exits 1 when
# anything was found. PACKAGE_DIR overrides the package root.
# (The alarm path is fuzzed differently: its model-based property test runs
# as many random sequences as LIFESIGNAL_ALARM_SEQUENCES asks; see
# .ci/stress.sh.)
set -euo pipefail

package_dir="${PACKAGE_DIR:-$(cd "$(dirname "$0")/.." && pwd)}"
cd "$package_dir"
seconds="${1:-60}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(FuzzParser FuzzStoreDecoding FuzzPNG FuzzJPEG FuzzPNM FuzzInflate FuzzQR FuzzDurations)
fi

check_name() {  # the FuzzTarget case a Fuzz* executable runs
    case "$1" in
        FuzzParser) echo parser ;; FuzzStoreDecoding) echo storeDecoding ;;
        FuzzPNG) echo png ;; FuzzJPEG) echo jpeg ;; FuzzPNM) echo pnm ;; FuzzInflate) echo inflate ;; FuzzQR) echo qr ;;
        FuzzDurations) echo durations ;;
        *) echo "unknown fuzz target: $1" >&2; exit 2 ;;
    esac
}

max_len() {  # long enough for the target's structure, short enough to stay fast
    case "$1" in
        FuzzParser) echo 512 ;; FuzzDurations) echo 64 ;; FuzzQR) echo 12000 ;; *) echo 4096 ;;
    esac
}

retrying() {  # a source edited during a build fails it; the next try is clean
    for _ in 1 2 3; do
        if "$@" >/dev/null 2>&1; then return 0; fi
        sleep 2
    done
    "$@"
}

# Swift's own crash backtracer would catch the fatal-error trap before
# libFuzzer sees it, and the crash would go unrecorded.
export SWIFT_BACKTRACE=enable=no

build=(swift build -c release --sanitize fuzzer -Xswiftc -DFUZZING --build-path .build-fuzz)
for target in "${targets[@]}"; do
    check_name "$target" >/dev/null
    retrying "${build[@]}" --product "$target"
done
bin="$("${build[@]}" --show-bin-path)"

found=0
for target in "${targets[@]}"; do
    check="$(check_name "$target")"
    corpus=".build-fuzz/corpus/$target"
    findings=".build-fuzz/findings/$target"
    known="Tests/FuzzRegressionTests/Fixtures/known-defects/$check"
    log=".build-fuzz/$target.log"
    mkdir -p "$corpus" "$findings"
    # The replay build writes the seeds and the dictionary.
    retrying swift build --product "$target"
    replay="$(swift build --show-bin-path)/$target"
    "$replay" --seeds "$corpus" >/dev/null
    "$replay" --dictionary ".build-fuzz/$target.dict"
    cp -n "Tests/FuzzRegressionTests/Fixtures/$check"/* "$corpus"/ 2>/dev/null || true
    : >"$log"
    started=$(date +%s)
    deadline=$((started + seconds))
    executions=0
    runs=0
    while [ "$(date +%s)" -lt "$deadline" ]; do
        set +e
        "$bin/$target" "$corpus" -max_total_time=$((deadline - $(date +%s))) -max_len="$(max_len "$target")" \
            -dict=".build-fuzz/$target.dict" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
            -artifact_prefix="$findings/" >".build-fuzz/$target.run.log" 2>&1
        set -e
        cat ".build-fuzz/$target.run.log" >>"$log"
        last="$(grep -Eo '^#[0-9]+' ".build-fuzz/$target.run.log" | tail -1 | tr -d '#')"
        executions=$((executions + ${last:-0}))
        runs=$((runs + 1))
        # A finding already in the corpus would stop every restart at once.
        for artifact in "$findings"/*; do
            [ -e "$artifact" ] && rm -f "$corpus/${artifact##*-}"
        done
    done
    elapsed=$(( $(date +%s) - started ))
    new=0
    for artifact in "$findings"/*; do
        [ -e "$artifact" ] || continue
        mkdir -p "$known"
        cp -n "$artifact" "$known/$(basename "$artifact")"
        new=$((new + 1))
    done
    echo "$target: ${elapsed} s in $runs run(s), $executions executions, $new finding(s) (log: $log)"
    [ "$new" -eq 0 ] || found=1
done
exit "$found"
