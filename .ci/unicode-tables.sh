#!/usr/bin/env bash
# The Unicode tables in the sources (display widths, base letters for name
# matching) against the Unicode Character Database they are derived from:
# installs Debian's unicode-data when missing, then runs the table tests with
# the data required, so nothing is skipped.
#
# Usage: .ci/unicode-tables.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

if [[ ! -f /usr/share/unicode/UnicodeData.txt ]]; then
    echo "installing: unicode-data"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq unicode-data >/dev/null
fi

log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! LIFESIGNAL_REQUIRE_UNICODE_DATA=1 swift test --filter 'UnicodeWidthTests|NameFoldingTests' >"$log" 2>&1; then
    grep -E "✘|error" "$log" >&2 || cat "$log" >&2
    exit 1
fi
tail -n 1 "$log"
