# bash completion for lifesignal; generated from its command table.

_lifesignal_subcommands() {
    case $1 in
        '') REPLY='login logout status profile sessions checkin trip jobs alert ping drill report ack timeline contacts notifications qr settings tick agent doctor store completions help' ;;
        'profile') REPLY='set edit-note' ;;
        'sessions') REPLY='end' ;;
        'checkin') REPLY='history interval deadline extend pause resume code' ;;
        'checkin code') REPLY='set clear' ;;
        'trip') REPLY='start extend end' ;;
        'jobs') REPLY='list add show remove' ;;
        'alert') REPLY='on off' ;;
        'ping') REPLY='send list respond' ;;
        'contacts') REPLY='list add show role remove invitations accept decline' ;;
        'notifications') REPLY='list show read delete follow' ;;
        'qr') REPLY='show refresh scan encode' ;;
        'settings') REPLY='get set' ;;
        'store') REPLY='copy' ;;
        *) REPLY='' ;;
    esac
}

_lifesignal_default() {
    case $1 in
        'jobs') REPLY='list' ;;
        'ping') REPLY='send' ;;
        'contacts') REPLY='list' ;;
        'notifications') REPLY='list' ;;
        *) REPLY='' ;;
    esac
}

_lifesignal_options() {
    case $1 in
        '') REPLY='--help -h --store --json --quiet -q --no-color --version' ;;
        'login') REPLY='--phone --code --first-name --last-name --help -h --store --json --quiet -q --no-color' ;;
        'logout') REPLY='--help -h --store --json --quiet -q --no-color' ;;
        'status') REPLY='--check --watch --help -h --store --json --quiet -q --no-color' ;;
        'profile') REPLY='--help -h --store --json --quiet -q --no-color' ;;
        'profile set') REPLY='--first-name --last-name --note --help -h --store --json --quiet -q --no-color' ;;
        'profile edit-note') REPLY='--help -h --store --json --quiet -q --no-color' ;;
        'sessions') REPLY='--help -h --store --json --quiet -q --no-color' ;;
        'sessions end') REPLY='--others --help -h --store --json --quiet -q --no-color' ;;
        'checkin') REPLY='--code --label --job --keep-output --help -h --store --json --quiet -q --no-color' ;;
        'checkin history') REPLY='--limit -n --help -h --store --json --quiet -q --no-color' ;;
        'checkin interval') REPLY='--reminder --grace --repeat --code --yes -y --help -h --store --json --quiet -q --no-color' ;;
        'checkin deadline') REPLY='--days --zone --code --help -h --store --json --quiet -q --no-color' ;;
        'checkin extend') REPLY='--code --help -h --store --json --quiet -q --no-color' ;;
        'checkin pause') REPLY='--for --until --reason --code --help -h --store --json --quiet -q --no-color' ;;
        'checkin resume') REPLY='--code --help -h --store --json --quiet -q --no-color' ;;
        'checkin code') REPLY='--help -h --store --json --quiet -q --no-color' ;;
        'checkin code set') REPLY='--code --duress --help -h --store --json --quiet -q --no-color' ;;
        'checkin code clear') REPLY='--code --help -h --store --json --quiet -q --no-color' ;;
        'trip') REPLY='--help -h --store --json --quiet -q --no-color' ;;
        'trip start') REPLY='--until --note --code --help -h --store --json --quiet -q --no-color' ;;
        'trip extend') REPLY='--code --help -h --store --json --quiet -q --no-color' ;;
        'trip end') REPLY='--code --help -h --store --json --quiet -q --no-color' ;;
        'jobs') REPLY='--help -h --store --json --quiet -q --no-color' ;;
        'jobs list') REPLY='--help -h --store --json --quiet -q --no-color' ;;
        'jobs add') REPLY='--every --deadline --days --grace --max-runtime --help -h --store --json --quiet -q --no-color' ;;
        'jobs show') REPLY='--help -h --store --json --quiet -q --no-color' ;;
        'jobs remove') REPLY='--yes -y --help -h --store --json --quiet -q --no-color' ;;
        'alert') REPLY='--help -h --store --json --quiet -q --no-color' ;;
        'alert on') REPLY='--yes -y --help -h --store --json --quiet -q --no-color' ;;
        'alert off') REPLY='--help -h --store --json --quiet -q --no-color' ;;
        'ping') REPLY='--within --escalate --help -h --store --json --quiet -q --no-color' ;;
        'ping send') REPLY='--within --escalate --help -h --store --json --quiet -q --no-color' ;;
        'ping list') REPLY='--help -h --store --json --quiet -q --no-color' ;;
        'ping respond') REPLY='--help -h --store --json --quiet -q --no-color' ;;
        'drill') REPLY='--wait --last --help -h --store --json --quiet -q --no-color' ;;
        'report') REPLY='--since --help -h --store --json --quiet -q --no-color' ;;
        'ack') REPLY='--help -h --store --json --quiet -q --no-color' ;;
        'timeline') REPLY='--help -h --store --json --quiet -q --no-color' ;;
        'contacts') REPLY='--responders --dependents --sort --help -h --store --json --quiet -q --no-color' ;;
        'contacts list') REPLY='--responders --dependents --sort --help -h --store --json --quiet -q --no-color' ;;
        'contacts add') REPLY='--image --phone --responder --dependent --first-name --last-name --help -h --store --json --quiet -q --no-color' ;;
        'contacts show') REPLY='--help -h --store --json --quiet -q --no-color' ;;
        'contacts role') REPLY='--responder --no-responder --dependent --no-dependent --delay --yes -y --help -h --store --json --quiet -q --no-color' ;;
        'contacts remove') REPLY='--yes -y --help -h --store --json --quiet -q --no-color' ;;
        'contacts invitations') REPLY='--help -h --store --json --quiet -q --no-color' ;;
        'contacts accept') REPLY='--help -h --store --json --quiet -q --no-color' ;;
        'contacts decline') REPLY='--help -h --store --json --quiet -q --no-color' ;;
        'notifications') REPLY='--type --unread --limit -n --help -h --store --json --quiet -q --no-color' ;;
        'notifications list') REPLY='--type --unread --limit -n --help -h --store --json --quiet -q --no-color' ;;
        'notifications show') REPLY='--help -h --store --json --quiet -q --no-color' ;;
        'notifications read') REPLY='--all --help -h --store --json --quiet -q --no-color' ;;
        'notifications delete') REPLY='--all --yes -y --help -h --store --json --quiet -q --no-color' ;;
        'notifications follow') REPLY='--help -h --store --json --quiet -q --no-color' ;;
        'qr') REPLY='--help -h --store --json --quiet -q --no-color' ;;
        'qr show') REPLY='--png --svg --scale --invert --help -h --store --json --quiet -q --no-color' ;;
        'qr refresh') REPLY='--help -h --store --json --quiet -q --no-color' ;;
        'qr scan') REPLY='--raw --help -h --store --json --quiet -q --no-color' ;;
        'qr encode') REPLY='--ecc --png --svg --scale --invert --help -h --store --json --quiet -q --no-color' ;;
        'settings') REPLY='--help -h --store --json --quiet -q --no-color' ;;
        'settings get') REPLY='--help -h --store --json --quiet -q --no-color' ;;
        'settings set') REPLY='--help -h --store --json --quiet -q --no-color' ;;
        'tick') REPLY='--help -h --store --json --quiet -q --no-color' ;;
        'agent') REPLY='--systemd-unit --launchd-plist --help -h --store --json --quiet -q --no-color' ;;
        'doctor') REPLY='--help -h --store --json --quiet -q --no-color' ;;
        'store') REPLY='--help -h --store --json --quiet -q --no-color' ;;
        'store copy') REPLY='--help -h --store --json --quiet -q --no-color' ;;
        'completions') REPLY='--help -h --store --json --quiet -q --no-color' ;;
        *) REPLY='' ;;
    esac
}

_lifesignal_value_kind() {
    case $1:$2 in
        'login:--phone') REPLY='none' ;;
        'login:--code') REPLY='none' ;;
        'login:--first-name') REPLY='none' ;;
        'login:--last-name') REPLY='none' ;;
        'profile set:--first-name') REPLY='none' ;;
        'profile set:--last-name') REPLY='none' ;;
        'profile set:--note') REPLY='none' ;;
        'checkin:--code') REPLY='none' ;;
        'checkin:--label') REPLY='none' ;;
        'checkin:--job') REPLY='none' ;;
        'checkin history:--limit') REPLY='none' ;;
        'checkin history:-n') REPLY='none' ;;
        'checkin interval:--reminder') REPLY='choices:1h 2h 4h 8h' ;;
        'checkin interval:--grace') REPLY='choices:0 30m 1h 2h' ;;
        'checkin interval:--repeat') REPLY='choices:off 1h 6h 12h' ;;
        'checkin interval:--code') REPLY='none' ;;
        'checkin deadline:--days') REPLY='choices:daily weekdays weekends mon-fri' ;;
        'checkin deadline:--zone') REPLY='none' ;;
        'checkin deadline:--code') REPLY='none' ;;
        'checkin extend:--code') REPLY='none' ;;
        'checkin pause:--for') REPLY='choices:1d 3d 7d 14d' ;;
        'checkin pause:--until') REPLY='none' ;;
        'checkin pause:--reason') REPLY='none' ;;
        'checkin pause:--code') REPLY='none' ;;
        'checkin resume:--code') REPLY='none' ;;
        'checkin code set:--code') REPLY='none' ;;
        'checkin code set:--duress') REPLY='none' ;;
        'checkin code clear:--code') REPLY='none' ;;
        'trip start:--until') REPLY='none' ;;
        'trip start:--note') REPLY='none' ;;
        'trip start:--code') REPLY='none' ;;
        'trip extend:--code') REPLY='none' ;;
        'trip end:--code') REPLY='none' ;;
        'jobs add:--every') REPLY='choices:1h 1d 7d' ;;
        'jobs add:--deadline') REPLY='none' ;;
        'jobs add:--days') REPLY='choices:daily weekdays weekends mon-fri' ;;
        'jobs add:--grace') REPLY='choices:30m 1h 2h' ;;
        'jobs add:--max-runtime') REPLY='choices:30m 1h 2h' ;;
        'ping:--within') REPLY='choices:15m 30m 1h 2h' ;;
        'ping send:--within') REPLY='choices:15m 30m 1h 2h' ;;
        'drill:--wait') REPLY='choices:0s 30s 2m 10m' ;;
        'report:--since') REPLY='choices:7d 30d 90d 400d' ;;
        'contacts:--sort') REPLY='choices:time-left name added' ;;
        'contacts list:--sort') REPLY='choices:time-left name added' ;;
        'contacts add:--image') REPLY='file' ;;
        'contacts add:--phone') REPLY='none' ;;
        'contacts add:--first-name') REPLY='none' ;;
        'contacts add:--last-name') REPLY='none' ;;
        'contacts role:--delay') REPLY='choices:0 1h 2h 4h' ;;
        'notifications:--type') REPLY='choices:alert ping role added removed contact check-in sign-in test all' ;;
        'notifications:--limit') REPLY='none' ;;
        'notifications:-n') REPLY='none' ;;
        'notifications list:--type') REPLY='choices:alert ping role added removed contact check-in sign-in test all' ;;
        'notifications list:--limit') REPLY='none' ;;
        'notifications list:-n') REPLY='none' ;;
        'qr show:--png') REPLY='file' ;;
        'qr show:--svg') REPLY='file' ;;
        'qr show:--scale') REPLY='none' ;;
        'qr encode:--ecc') REPLY='choices:L M Q H' ;;
        'qr encode:--png') REPLY='file' ;;
        'qr encode:--svg') REPLY='file' ;;
        'qr encode:--scale') REPLY='none' ;;
        *':--store') REPLY='directory' ;;
        *) REPLY='' ;;
    esac
}

_lifesignal_argument_kind() {
    case $1:$2 in
        'sessions end:0') REPLY='none' ;;
        'checkin interval:0') REPLY='choices:8h 16h 1d 2d 3d' ;;
        'checkin deadline:0') REPLY='choices:off 08:00 10:00 12:00 20:00' ;;
        'checkin extend:0') REPLY='choices:1h 2h 4h 1d' ;;
        'trip start:0') REPLY='choices:1h 3h 8h 1d' ;;
        'trip extend:0') REPLY='choices:30m 1h 2h 1d' ;;
        'jobs add:0') REPLY='none' ;;
        'jobs show:0') REPLY='none' ;;
        'jobs remove:0') REPLY='none' ;;
        'ping:0') REPLY='dynamic:dependents' ;;
        'ping send:0') REPLY='dynamic:dependents' ;;
        'ping respond:0') REPLY='dynamic:pings' ;;
        'ack:0') REPLY='dynamic:dependents' ;;
        'timeline:0') REPLY='dynamic:dependents' ;;
        'contacts add:0') REPLY='none' ;;
        'contacts show:0') REPLY='dynamic:contacts' ;;
        'contacts role:0') REPLY='dynamic:contacts' ;;
        'contacts remove:0') REPLY='dynamic:contacts' ;;
        'contacts accept:0') REPLY='dynamic:invitations' ;;
        'contacts decline:0') REPLY='dynamic:invitations' ;;
        'notifications show:0') REPLY='dynamic:notifications' ;;
        'notifications read:0') REPLY='dynamic:notifications' ;;
        'notifications delete:0') REPLY='dynamic:notifications' ;;
        'qr scan:0') REPLY='file' ;;
        'qr encode:0') REPLY='none' ;;
        'settings get:0') REPLY='choices:alerts pings check-ins contacts dependent-news notify-command sms-command etcd-cacert etcd-cert etcd-key time-zone quiet-hours' ;;
        'settings set:0') REPLY='choices:alerts pings check-ins contacts dependent-news notify-command sms-command etcd-cacert etcd-cert etcd-key time-zone quiet-hours' ;;
        'settings set:1') REPLY='none' ;;
        'store copy:0') REPLY='directory' ;;
        'store copy:1') REPLY='directory' ;;
        'completions:0') REPLY='choices:bash zsh fish' ;;
        *) REPLY=none ;;
    esac
}

_lifesignal_passthrough() {
    case $1 in
        'checkin') REPLY=1 ;;
        *) REPLY='' ;;
    esac
}

_lifesignal_dequote() {
    local word=$1 i c
    REPLY=''
    case $word in
        \'*) word=${word#\'}; REPLY=${word%\'}; return ;;
        \"*) word=${word#\"}; word=${word%\"} ;;
    esac
    for ((i = 0; i < ${#word}; i++)); do
        c=${word:i:1}
        if [[ $c == "\\" ]]; then i=$((i + 1)); c=${word:i:1}; fi
        REPLY+=$c
    done
}

_lifesignal_offer() {
    local line
    case $1 in
        file)
            compopt -o filenames 2>/dev/null
            mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -f -- "$cur") ;;
        directory)
            compopt -o filenames 2>/dev/null
            mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -d -- "$cur") ;;
        command)
            mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -c -- "$cur") ;;
        words:*|choices:*)
            mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -W "${1#*:}" -- "$cur") ;;
        dynamic:*)
            # Candidates may hold spaces: match them against the word
            # as typed without its quoting (`Ada\ L` is `Ada L`), in
            # any letter case unless it has a capital (as zsh's
            # matcher does), and hand them back quoted. A line's tab
            # starts what the candidate is, which bash cannot show.
            # When none starts with the word, the program matched
            # another part (a last name): offer what it found.
            _lifesignal_dequote "$cur"
            local typed=$REPLY folded=${REPLY,,}
            local -a found=() starting=()
            [[ $typed == *[[:upper:]]* ]] && folded=''
            while IFS= read -r line; do
                line=${line%%$'\t'*}
                [[ -n $line ]] || continue
                found+=("$line")
                if [[ $line == "$typed"* || ( -n $folded && ${line,,} == "$folded"* ) ]]; then
                    starting+=("$line")
                fi
            done < <(lifesignal __complete "${1#dynamic:}" "$typed" 2>/dev/null)
            ((${#starting[@]})) && found=("${starting[@]}")
            for line in "${found[@]}"; do
                printf -v line '%q' "$line"
                COMPREPLY+=("$line")
            done ;;
    esac
}

_lifesignal() {
    local cur=${COMP_WORDS[COMP_CWORD]} end=$COMP_CWORD
    local cmdpath='' word pending='' skip='' i npos=0 descend=1 dashdash=0 helpmode=0 REPLY
    COMPREPLY=()
    # bash splits --option=value at '=', so rebuild the pair.
    if [[ $cur == '=' ]]; then
        pending=${COMP_WORDS[COMP_CWORD-1]} cur='' end=$((COMP_CWORD - 1))
    elif ((COMP_CWORD >= 2)) && [[ ${COMP_WORDS[COMP_CWORD-1]} == '=' ]]; then
        pending=${COMP_WORDS[COMP_CWORD-2]} end=$((COMP_CWORD - 2))
    fi
    for ((i = 1; i < end; i++)); do
        word=${COMP_WORDS[i]}
        if [[ -n $skip ]]; then skip=''; continue; fi
        if ((dashdash)); then npos=$((npos + 1)); continue; fi
        case $word in
            --)
                dashdash=1 npos=0
                _lifesignal_default "$cmdpath"
                if ((descend)) && [[ -n $REPLY ]]; then cmdpath=${cmdpath:+$cmdpath }$REPLY; fi
                descend=0
                continue ;;
            =) skip=1; continue ;;
            -?*)
                _lifesignal_value_kind "$cmdpath" "$word"
                if [[ -n $REPLY && ${COMP_WORDS[i+1]-} != '=' ]]; then skip=1; fi
                continue ;;
        esac
        if ((descend)); then
            if [[ -z $cmdpath && $helpmode == 0 && $word == 'help' ]]; then helpmode=1; continue; fi
            _lifesignal_subcommands "$cmdpath"
            if [[ " $REPLY " == *" $word "* ]]; then
                cmdpath=${cmdpath:+$cmdpath }$word
                _lifesignal_subcommands "$cmdpath"
                [[ -n $REPLY ]] || descend=0
                continue
            fi
            descend=0
            if ((helpmode)); then continue; fi
            _lifesignal_default "$cmdpath"
            if [[ -n $REPLY ]]; then cmdpath=${cmdpath:+$cmdpath }$REPLY; fi
        fi
        npos=$((npos + 1))
    done
    if [[ -n $skip ]]; then pending=${COMP_WORDS[end - 1]}; fi
    if [[ -n $pending ]]; then
        _lifesignal_value_kind "$cmdpath" "$pending"
        _lifesignal_offer "$REPLY"
        return
    fi
    if ((helpmode)); then
        ((descend)) || return
        _lifesignal_subcommands "$cmdpath"
        _lifesignal_offer "words:$REPLY"
        return
    fi
    if ((dashdash)); then
        _lifesignal_passthrough "$cmdpath"
        if [[ -n $REPLY ]]; then
            if ((npos == 0)); then _lifesignal_offer command; else _lifesignal_offer file; fi
            return
        fi
        _lifesignal_argument_kind "$cmdpath" "$npos"
        _lifesignal_offer "$REPLY"
        return
    fi
    if [[ $cur == -* ]]; then
        _lifesignal_options "$cmdpath"
        _lifesignal_offer "words:$REPLY"
        return
    fi
    if ((descend)); then
        _lifesignal_subcommands "$cmdpath"
        _lifesignal_offer "words:$REPLY"
    fi
    _lifesignal_argument_kind "$cmdpath" "$npos"
    _lifesignal_offer "$REPLY"
}

complete -F _lifesignal lifesignal
