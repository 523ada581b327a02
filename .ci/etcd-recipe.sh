#!/usr/bin/env bash
# Follows the README's "Sharing across machines" recipe word for word on six
# fresh machines: network namespaces admin, host1, host2, host3, ada and bob
# on one bridge, each with its own home, resolving host1-3 by /etc/hosts.
#
#   bash .ci/etcd-recipe.sh LIFESIGNAL_BINARY
#
# The commands come from the README itself: every ```sh block after a
# `<!-- recipe: MACHINE -->` mark runs, in order, on that machine (a login
# shell in its home, `set -e`), so the recipe cannot drift from what is
# tested. What a person does by hand between blocks, the script does: it
# hands out the files step 1 makes, starts the member block on host1-3
# (N=1, 2, 3) in the background, puts the code `login` showed in place of
# the example 123456, gives Bob's picture to Ada, and starts the agent's
# unit as systemd would (its ExecStart, Environment and EnvironmentFile: no
# user systemd runs in a namespace). Then it checks what the recipe
# promises: Ada's alert reaches Bob's file within seconds, and again after
# a member restarts (the agent signs in again with the agent.env password).
# Needs root, iproute2, openssl, etcd and etcdctl. Everything it makes is
# removed at exit.
set -euo pipefail
cd "$(dirname "$0")/.."
binary=$(readlink -f "${1:?usage: etcd-recipe.sh LIFESIGNAL_BINARY}")
[[ -x $binary ]] || { echo "etcd-recipe: $binary is not executable" >&2; exit 2; }
for tool in ip openssl etcd etcdctl curl setsid; do
    command -v "$tool" >/dev/null || { echo "etcd-recipe: $tool is missing" >&2; exit 2; }
done

machines=(admin host1 host2 host3 ada bob)
declare -A address=([admin]=10.231.77.10 [host1]=10.231.77.11 [host2]=10.231.77.12 [host3]=10.231.77.13
                    [ada]=10.231.77.21 [bob]=10.231.77.22)
prefix=lsr$$
bridge=${prefix}br
work=$(mktemp -d /tmp/lifesignal-recipe.XXXXXX)
pids=()

cleanup() {
    local pid
    for pid in "${pids[@]}"; do kill -9 -- "-$pid" 2>/dev/null || true; done
    for machine in "${machines[@]}"; do
        ip netns del "$prefix-$machine" 2>/dev/null || true
        rm -rf "/etc/netns/$prefix-$machine"
    done
    ip link del "$bridge" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

fail() {
    echo "etcd-recipe: $*" >&2
    for log in "$work"/logs/*; do echo "--- ${log##*/}" >&2; tail -n 15 "$log" >&2; done
    exit 1
}

# The README's blocks, one file each, and the machine each runs on.
mkdir -p "$work/blocks" "$work/logs"
awk -v dir="$work/blocks" '
    /^<!-- recipe: [a-z0-9]+ -->$/ { machine = $3; want = 1; next }
    want && /^```sh$/ { n++; file = sprintf("%s/%02d-%s", dir, n, machine); inside = 1; want = 0; next }
    inside && /^```$/ { inside = 0; close(file); next }
    inside { print > file }
    want && !/^$/ { want = 0 }
' README.md
mapfile -t blocks < <(find "$work/blocks" -type f | sort)
order=$(printf '%s\n' "${blocks[@]##*-}" | paste -sd' ')
expected="admin member admin ada ada bob bob bob ada bob ada"
[[ $order == "$expected" ]] || fail "the README's recipe is now '$order' (expected '$expected'): update .ci/etcd-recipe.sh with it"
block() { echo "${blocks[$1]}"; }
grep -qx 'N=1' "$(block 1)" || fail "the member block no longer starts with N=1"
grep -q -- '--code 123456' "$(block 4)" && grep -q -- '--code 123456' "$(block 6)" || fail "the sign-in blocks no longer show --code 123456"
grep -qx 'systemctl --user enable --now lifesignal' "$(block 9)" || fail "the agent block no longer ends with systemctl --user enable --now lifesignal"

# Six machines on one bridge, each naming the hosts in its own /etc/hosts.
ip link add "$bridge" type bridge
ip link set "$bridge" up
index=0
for machine in "${machines[@]}"; do
    ns=$prefix-$machine
    veth=${prefix}v$((index++))
    ip netns add "$ns"
    ip link add "$veth" type veth peer name eth0 netns "$ns"
    ip link set "$veth" master "$bridge" up
    ip -n "$ns" addr add "${address[$machine]}/24" dev eth0
    ip -n "$ns" link set eth0 up
    ip -n "$ns" link set lo up
    mkdir -p "/etc/netns/$ns" "$work/home/$machine/.local/bin"
    printf '127.0.0.1 localhost\n%s host1\n%s host2\n%s host3\n' \
        "${address[host1]}" "${address[host2]}" "${address[host3]}" > "/etc/netns/$ns/hosts"
    # A fresh Debian account, with lifesignal installed as the README's Install says.
    cp -r /etc/skel/. "$work/home/$machine/"
    ln -s "$binary" "$work/home/$machine/.local/bin/lifesignal"
done

# Runs FILE on MACHINE as its person would: a login shell in their home.
run_on() { # MACHINE FILE [LOG]
    local machine=$1 file=$2 log=${3:-$work/logs/$1}
    ip netns exec "$prefix-$machine" env -i HOME="$work/home/$machine" USER="$machine" LANG=C.UTF-8 TERM=dumb \
        PATH="/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin" \
        bash -l -e -c 'cd ~ && . "$1"' recipe "$file" >>"$log" 2>&1
}
start_on() { # MACHINE FILE: in the background, in a process group of its own
    local machine=$1 file=$2
    ip netns exec "$prefix-$machine" env -i HOME="$work/home/$machine" USER="$machine" LANG=C.UTF-8 \
        PATH="/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin" \
        setsid bash -l -e -c 'cd ~ && . "$1"' recipe "$file" >>"$work/logs/$machine" 2>&1 &
    pids+=($!)
    disown
}
wait_for() { # SECONDS DESCRIPTION COMMAND...
    local seconds=$1 what=$2; shift 2
    local deadline=$((SECONDS + seconds))
    until "$@"; do
        ((SECONDS < deadline)) || fail "$what: not within $seconds s"
        sleep 0.2
    done
}
healthy() { # every member answers /health, from the admin's machine
    local n
    for n in 1 2 3; do
        ip netns exec "$prefix-admin" curl -sf --max-time 2 --cacert "$work/home/admin/family-pki/ca.crt" \
            --cert "$work/home/admin/family-pki/admin.crt" --key "$work/home/admin/family-pki/admin.key" \
            "https://host$n:2379/health" | grep -q '"health":"true"' || return 1
    done
}
member() { # N: the member block with N=N, in the background on hostN
    sed "s/^N=1\$/N=$1/" "$(block 1)" > "$work/member$1.sh"
    start_on "host$1" "$work/member$1.sh"
}
sign_in() { # PERSON BLOCK: the code the previous block showed in place of 123456
    local code
    code=$(grep -o 'Verification code for [^:]*: [0-9]\{6\}' "$work/logs/$1" | tail -n 1 | grep -o '[0-9]\{6\}$') \
        || fail "$1: login showed no code"
    sed "s/--code 123456/--code $code/" "$2" > "$work/$1-code.sh"
    run_on "$1" "$work/$1-code.sh" || fail "$1: signing in failed"
}
delivered() { grep -q "$1" "$work/home/bob/lifesignal-alerts.txt" 2>/dev/null; }

echo "step 1: certificates"
run_on admin "$(block 0)" || fail "making the certificates failed"
pki=$work/home/admin/family-pki
for n in 1 2 3; do
    mkdir -p "$work/home/host$n/etcd"
    cp "$pki/ca.crt" "$pki/host$n.crt" "$pki/host$n.key" "$work/home/host$n/etcd/"
done
for person in ada bob; do cp "$pki/ca.crt" "$pki/$person.crt" "$pki/$person.key" "$work/home/$person/"; done

echo "step 2: three members"
for n in 1 2 3; do member "$n"; done
wait_for 30 "the members to serve" healthy

echo "step 3: users, the role on family/, auth on"
run_on admin "$(block 2)" || fail "setting up users failed"

echo "step 4: Ada and Bob sign in"
run_on ada "$(block 3)" || fail "ada: setting up failed"
sign_in ada "$(block 4)"
run_on bob "$(block 5)" || fail "bob: setting up failed"
sign_in bob "$(block 6)"

echo "step 5: Ada adds Bob as her responder from his picture"
run_on bob "$(block 7)" || fail "bob: showing his code failed"
cp "$work/home/bob/bob.png" "$work/home/ada/bob.png"
run_on ada "$(block 8)" || fail "ada: adding Bob failed"
grep -q -- "--responder if they watch over you" "$work/logs/ada" || fail "qr scan did not say what the roles mean"

echo "step 6: Bob's agent, started as systemd would"
grep -vx 'systemctl --user enable --now lifesignal' "$(block 9)" > "$work/agent-setup.sh"
run_on bob "$work/agent-setup.sh" || fail "bob: setting up the agent failed"
unit=$work/home/bob/.config/systemd/user/lifesignal.service
[[ $(stat -c %a "$work/home/bob/.config/lifesignal/agent.env") == 600 ]] || fail "agent.env is not 0600"
mapfile -t variables < <(sed -n 's/^Environment="\(.*\)"$/\1/p' "$unit")
envfile=$(sed -n 's/^EnvironmentFile=-\{0,1\}//p' "$unit")
[[ $envfile == "$work/home/bob/.config/lifesignal/agent.env" ]] || fail "the unit does not read agent.env: $envfile"
mapfile -t -O "${#variables[@]}" variables < <(grep -v '^#' "$envfile")
exec_start=$(sed -n 's/^ExecStart=//p' "$unit")
ip netns exec "$prefix-bob" env -i HOME="$work/home/bob" "${variables[@]}" \
    setsid bash -c "exec $exec_start" >>"$work/logs/bob-agent" 2>&1 &
pids+=($!)
disown
wait_for 20 "the agent to start" grep -q "started" "$work/logs/bob-agent"

echo "step 6: Ada raises an alert; Bob's file has it"
run_on ada "$(block 10)" || fail "ada: raising the alert failed"
wait_for 10 "the alert to reach Bob" delivered "Emergency alert from Ada Lovelace"

echo "afterwards: host1 restarts (its tokens gone); the agent signs in again and Ada's next word arrives"
kill -9 -- "-${pids[0]}"
gone() { ! kill -0 -- "-${pids[0]}" 2>/dev/null; }
wait_for 10 "host1's member to die" gone
member 1
wait_for 30 "host1 to serve again" healthy
printf 'lifesignal alert off\n' > "$work/alert-off.sh"
run_on ada "$work/alert-off.sh" || fail "ada: cancelling the alert failed"
wait_for 15 "the cancellation to reach Bob" delivered "Ada Lovelace cancelled their alert"
echo "etcd recipe: 1 passed, 0 failed"
