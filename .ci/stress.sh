#!/usr/bin/env bash
# Longer stress runs than `swift test` does: more kill -9 rounds and more
# property-test seeds, with the release binary.
#
#   .ci/stress.sh [PATH_TO_LIFESIGNAL]      # default: .build/release/lifesignal, built if missing
#
# LIFESIGNAL_STRESS_ROUNDS (default 1000) sets the kill -9 rounds,
# LIFESIGNAL_PROPERTY_RUNS (default 20) adds random property seeds, and
# LIFESIGNAL_ALARM_SEQUENCES (default 5000) adds sequences of 40 steps to the
# alarm model's property test (swift test runs 2,000 of 6); every seed is
# printed, and LIFESIGNAL_STRESS_SEED=N replays one. The full-disk
# test needs mount (root or CAP_SYS_ADMIN) and the lock test flock(1)
# (util-linux); each says "skipped: ..." when it cannot run. About 2 minutes.
set -euo pipefail

cd "${PACKAGE_DIR:-$(cd "$(dirname "$0")/.." && pwd)}"
binary="${1:-.build/release/lifesignal}"
if [ ! -x "$binary" ]; then
    swift build -c release --product lifesignal
fi
if ! command -v flock >/dev/null; then
    apt-get install -y util-linux >/dev/null || echo "no flock: the lock test will skip"
fi
LIFESIGNAL_BINARY="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"
export LIFESIGNAL_BINARY
export LIFESIGNAL_STRESS_ROUNDS="${LIFESIGNAL_STRESS_ROUNDS:-1000}"
export LIFESIGNAL_PROPERTY_RUNS="${LIFESIGNAL_PROPERTY_RUNS:-20}"
export LIFESIGNAL_ALARM_SEQUENCES="${LIFESIGNAL_ALARM_SEQUENCES:-5000}"
echo "stress: $LIFESIGNAL_BINARY, $LIFESIGNAL_STRESS_ROUNDS kill rounds, $LIFESIGNAL_PROPERTY_RUNS extra property seeds," \
    "$LIFESIGNAL_ALARM_SEQUENCES extra alarm sequences"
swift test --filter StressTests 2>&1 | tee /tmp/lifesignal-stress.log \
    | grep -E "^(kill loop|damaged files|damage containment|full disk|fault injection|isolation|skipped|property test failed|alarm property)|✘|Test run with"
grep -q "Test run with .* passed" /tmp/lifesignal-stress.log
