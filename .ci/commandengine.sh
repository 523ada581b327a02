#!/usr/bin/env bash
# Interop checks for the CommandEngine module.
#
# 1. Runs the CommandEngine tests with every external tool required, so the
#    completion scripts are exercised in real bash, zsh and fish, the bash
#    script is linted by ShellCheck and the sample man page passes mandoc
#    -Tlint (the tests
#    skip these when a tool is missing; here a missing tool fails).
# 2. Given the release binary, checks what it ships: `completions SHELL`
#    output passes shellcheck / zsh -n / fish -n and registers with
#    bash-completion, and every page under man/ passes mandoc -Tlint.
#
# Usage: .ci/commandengine.sh [path/to/lifesignal]
# COMMANDENGINE_PACKAGE names the package holding CommandEngineTests
# (default: the repository root).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
package=${COMMANDENGINE_PACKAGE:-$root}

missing=()
for tool in zsh fish mandoc shellcheck; do
    command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
[[ -f /usr/share/bash-completion/bash_completion ]] || missing+=(bash-completion)
if ((${#missing[@]})); then
    echo "installing: ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

echo "== CommandEngine tests (tools required)"
log=$(mktemp)
if ! (cd "$package" && COMMANDENGINE_REQUIRE_TOOLS=1 swift test --filter CommandEngineTests >"$log" 2>&1); then
    grep -E "✘|error" "$log" >&2 || cat "$log" >&2
    rm -f "$log"
    exit 1
fi
tail -n 1 "$log"
rm -f "$log"

if (($# == 0)); then
    echo "== no binary given; skipping shipped completions and man pages"
    exit 0
fi

binary=$1
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

echo "== shipped completion scripts"
"$binary" completions bash >"$scratch/lifesignal.bash"
"$binary" completions zsh >"$scratch/_lifesignal"
"$binary" completions fish >"$scratch/lifesignal.fish"
shellcheck -s bash "$scratch/lifesignal.bash"
bash -n "$scratch/lifesignal.bash"
zsh -n "$scratch/_lifesignal"
fish --no-config -n "$scratch/lifesignal.fish"
registered=$(bash --norc -c 'source /usr/share/bash-completion/bash_completion
    source "$1"; complete -p lifesignal' _ "$scratch/lifesignal.bash")
[[ $registered == *"-F _lifesignal lifesignal"* ]] || { echo "bash: not registered: $registered" >&2; exit 1; }
# Shipped files, when present, must be exactly what the binary prints.
for pair in bash:lifesignal.bash zsh:_lifesignal fish:lifesignal.fish; do
    shell=${pair%%:*} file=${pair#*:}
    if [[ -f $root/completions/$file ]] && ! cmp -s "$root/completions/$file" <("$binary" completions "$shell"); then
        echo "completions/$file differs from 'lifesignal completions $shell'" >&2
        exit 1
    fi
done

echo "== man pages"
shopt -s nullglob
for page in "$root"/man/*.[1-9]; do
    # A cross-reference to a page this machine lacks (cron, crontab) is not a
    # defect of ours, and a page shipped with a program names the program in
    # its footer (.Os lifesignal VERSION), which mandoc notes as BSD style.
    report=$(mandoc -Tlint -W style "$page" 2>&1 | grep -v -e 'outdated mandoc.db' -e 'referenced manual not found' \
        -e 'operating system explicitly specified' || true)
    if [[ -n $report ]]; then
        echo "$report" >&2
        exit 1
    fi
    echo "ok: ${page#"$root"/}"
done
echo "== commandengine checks passed"
