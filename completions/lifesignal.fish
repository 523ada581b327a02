# fish completion for lifesignal; generated from its command table.

function __lifesignal_subcommands
    switch $argv[1]
        case ''
            printf '%s\t%s\n' 'login' 'Sign in with your phone number and a verification code' 'logout' 'Sign out of this store' 'status' 'Show your check-in status, alert, pings, unread notifications and the dependents who need you' 'profile' 'Show your profile' 'sessions' 'List where you are signed in: machine, since when, last used' 'checkin' 'Check in now, or when a command succeeds' 'trip' 'Show the trip in progress: a one-off deadline with a note for your responders' 'jobs' 'List, add, show and remove your jobs: schedules of their own for cron jobs, backups and the like' 'alert' 'Show, raise or cancel an emergency alert' 'ping' 'Ask a dependent to check in; list and answer pings' 'drill' 'Test your alarm: every responder gets a labelled test notice the way a missed check-in would reach them' 'report' 'How your missed check-ins and alerts reached your responders: delivery times and what never got through' 'ack' 'Say you are handling a dependent\'s missed check-in, alert or missed job' 'timeline' 'Show who will be told what, and when, if no check-in comes' 'contacts' 'List, add, change and remove your responders and dependents' 'notifications' 'Read, mark, delete and follow your notifications' 'qr' 'Show, refresh, scan and make QR codes' 'settings' 'Show or change notification preferences and external commands' 'tick' 'Bring deadlines up to date and deliver new notifications (for cron)' 'agent' 'Stay running: deadlines kept on the second, new notifications delivered at once' 'doctor' 'Check the whole store for damage and contradictions (changes nothing)' 'store' 'Work on whole stores' 'completions' 'Print the completion script for a shell' 'help' 'Show help for a command'
        case 'profile'
            printf '%s\t%s\n' 'set' 'Change your name or emergency note' 'edit-note' 'Edit your emergency note in $VISUAL or $EDITOR'
        case 'sessions'
            printf '%s\t%s\n' 'end' 'End a session (or every other one)'
        case 'checkin'
            printf '%s\t%s\n' 'history' 'List your past check-ins, newest first' 'interval' 'Show or set how often you check in, and when you and your responders are told' 'deadline' 'Show or set a fixed daily deadline (check in by 10:00 on weekdays) instead of the rolling interval' 'extend' 'Add time to your current deadline (back later than planned)' 'pause' 'Pause your deadlines for a while; your responders are told' 'resume' 'End your pause now; your responders are told' 'code' 'Set or clear your check-in code and duress code'
        case 'checkin code'
            printf '%s\t%s\n' 'set' 'Set (or change) your check-in and duress codes' 'clear' 'Clear your codes: check-ins need none again'
        case 'trip'
            printf '%s\t%s\n' 'start' 'Check in and be due back at the end of a trip; your note reaches your responders if you miss it' 'extend' 'Move the end of the trip in progress later' 'end' 'Back: end the trip in progress with a check-in'
        case 'jobs'
            printf '%s\t%s\n' 'list' 'List your jobs: whether each is on time, and its last run' 'add' 'Add a job with its own deadline, watched from now' 'show' 'Show a job: its deadline, whether it is overdue, and its latest runs with their durations' 'remove' 'Remove a job: nothing more is told of it'
        case 'alert'
            printf '%s\t%s\n' 'on' 'Raise an emergency alert: every responder is told, with your note' 'off' 'Cancel your alert: every responder is told'
        case 'ping'
            printf '%s\t%s\n' 'send' 'Ping a dependent (a second ping while one is pending sends nothing new)' 'list' 'List pings you received and sent' 'respond' 'Answer a ping you received (all pending ones without an ID)'
        case 'contacts'
            printf '%s\t%s\n' 'list' 'List your contacts (dependents show their check-in status)' 'add' 'Add a contact by QR code, or invite one by phone number' 'show' 'Show one contact, or someone you invited' 'role' 'Change a contact\'s roles, or a responder\'s delay (the other side sees the change)' 'remove' 'Remove a contact on both sides, or withdraw an invitation' 'invitations' 'List the invitations sent to you and by you' 'accept' 'Accept an invitation: you become contacts with the roles it proposes' 'decline' 'Decline an invitation: nothing is linked'
        case 'notifications'
            printf '%s\t%s\n' 'list' 'List notifications, newest first' 'show' 'Show one notification whole: its message, with any emergency note, and who it is about' 'read' 'Mark a notification (or all) as read' 'delete' 'Delete a notification (or all)' 'follow' 'Print new notifications as they arrive, until interrupted'
        case 'qr'
            printf '%s\t%s\n' 'show' 'Show your QR code and its ID, for others to add you' 'refresh' 'Replace your QR code ID; the old one stops working at once' 'scan' 'Read a QR code from an image (PNG, JPEG, PBM, PGM, PPM)' 'encode' 'Draw any text as a QR code (works signed out)'
        case 'settings'
            printf '%s\t%s\n' 'get' 'Print one setting' 'set' 'Change one setting'
        case 'store'
            printf '%s\t%s\n' 'copy' 'Copy a whole store into an empty one; everyone stays signed in'
    end
end

function __lifesignal_default
    switch $argv[1]
        case 'jobs'
            echo 'list'
        case 'ping'
            echo 'send'
        case 'contacts'
            echo 'list'
        case 'notifications'
            echo 'list'
    end
end

function __lifesignal_options
    switch $argv[1]
        case ''
            printf '%s\t%s\n' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).' '--version' 'Print the version and exit.'
        case 'login'
            printf '%s\t%s\n' '--phone' 'Your phone number in international form: +15551234567, +1 555-123-4567 or 001 555 123 4567.' '--code' 'The 6-digit verification code you received; - reads it from standard input. Other users can see a code given here in the process list while login runs: prefer --code - or LIFESIGNAL_LOGIN_CODE.' '--first-name' 'Your first name (for a new account).' '--last-name' 'Your last name (for a new account).' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'logout'
            printf '%s\t%s\n' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'status'
            printf '%s\t%s\n' '--check' 'Print nothing; exit 11 when your alert is active, 10 when you or one of your jobs is overdue, 13 when you are fine but a dependent needs you, 0 otherwise.' '--watch' 'Keep the status on the screen, redrawn every second and at once when something changes, until Ctrl-C; needs a terminal.' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'profile'
            printf '%s\t%s\n' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'profile set'
            printf '%s\t%s\n' '--first-name' 'Your first name.' '--last-name' 'Your last name.' '--note' 'Your emergency note, shown to responders when you miss a check-in or raise an alert (empty clears it; - reads it from standard input).' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'profile edit-note'
            printf '%s\t%s\n' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'sessions'
            printf '%s\t%s\n' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'sessions end'
            printf '%s\t%s\n' '--others' 'End every session but this one.' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'checkin'
            printf '%s\t%s\n' '--code' 'Your check-in code, when you set codes (LIFESIGNAL_CHECKIN_CODE keeps it out of the process list; on a terminal you are asked).' '--label' 'What your circle sees of the command in your check-in history (by default its name only).' '--job' 'Check in one of your jobs (\'jobs add\'), not yourself: after COMMAND when given.' '--keep-output' 'With --job: when COMMAND fails, its last 20 lines (at most 4 KB) go to your responders with the failure.' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'checkin history'
            printf '%s\t%s\n' '--limit' 'Show at most N check-ins (default 20).' '-n' 'Show at most N check-ins (default 20).' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'checkin interval'
            printf '%s\t%s\n' '--reminder' 'How long before the deadline to remind you.' '--grace' 'How long after the deadline your responders are told (0: at once); at the deadline only you are told you are late.' '--repeat' 'Tell each responder already told again every DURATION while a missed check-in stays unresolved, or off.' '--code' 'Your check-in code, needed once you set codes (else LIFESIGNAL_CHECKIN_CODE, else you are asked on a terminal).' '--yes' 'Make the change without asking, even when it tells your responders at once.' '-y' 'Make the change without asking, even when it tells your responders at once.' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'checkin deadline'
            printf '%s\t%s\n' '--days' 'The days it applies on (default daily): mon-fri, weekdays, weekends, sat,sun...' '--zone' 'Read the time in this zone (Europe/Madrid) rather than your account\'s.' '--code' 'Your check-in code, needed once you set codes (else LIFESIGNAL_CHECKIN_CODE, else you are asked on a terminal).' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'checkin extend'
            printf '%s\t%s\n' '--code' 'Your check-in code, needed once you set codes (else LIFESIGNAL_CHECKIN_CODE, else you are asked on a terminal).' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'checkin pause'
            printf '%s\t%s\n' '--for' 'Pause for this long (at most 30d).' '--until' 'Pause until TIME: ISO 8601 (2026-03-04T18:00:00Z), or local time without a zone (2026-03-04T18:00, 2026-03-04).' '--reason' 'Why, for your responders (one line, at most 200 bytes).' '--code' 'Your check-in code, needed once you set codes (else LIFESIGNAL_CHECKIN_CODE, else you are asked on a terminal).' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'checkin resume'
            printf '%s\t%s\n' '--code' 'Your check-in code, needed once you set codes (else LIFESIGNAL_CHECKIN_CODE, else you are asked on a terminal).' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'checkin code'
            printf '%s\t%s\n' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'checkin code set'
            printf '%s\t%s\n' '--code' 'The new check-in code (4 to 64 bytes).' '--duress' 'The new duress code, different from the check-in code.' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'checkin code clear'
            printf '%s\t%s\n' '--code' 'Your current check-in code (else LIFESIGNAL_CHECKIN_CODE, else you are asked).' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'trip'
            printf '%s\t%s\n' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'trip start'
            printf '%s\t%s\n' '--until' 'Due back at TIME: HH:MM (the next on your account\'s clock), ISO 8601, or local time without a zone.' '--note' 'What your responders should know if you miss it (one line, at most 500 bytes).' '--code' 'Your check-in code, needed once you set codes (else LIFESIGNAL_CHECKIN_CODE, else you are asked on a terminal).' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'trip extend'
            printf '%s\t%s\n' '--code' 'Your check-in code, needed once you set codes (else LIFESIGNAL_CHECKIN_CODE, else you are asked on a terminal).' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'trip end'
            printf '%s\t%s\n' '--code' 'Your check-in code, needed once you set codes (else LIFESIGNAL_CHECKIN_CODE, else you are asked on a terminal).' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'jobs'
            printf '%s\t%s\n' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'jobs list'
            printf '%s\t%s\n' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'jobs add'
            printf '%s\t%s\n' '--every' 'Due one DURATION after its last check-in (at least 1m, at most 30d).' '--deadline' 'Due by TIME (HH:MM, 24 h) each chosen day, on your account\'s clock.' '--days' 'The days it applies on (default daily): mon-fri, weekdays, weekends, sat,sun...' '--grace' 'How long after the deadline before your responders are told (default 0).' '--max-runtime' 'Tell your responders once when a run is still going this long after it started.' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'jobs show'
            printf '%s\t%s\n' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'jobs remove'
            printf '%s\t%s\n' '--yes' 'Remove without asking.' '-y' 'Remove without asking.' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'alert'
            printf '%s\t%s\n' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'alert on'
            printf '%s\t%s\n' '--yes' 'Raise it without asking.' '-y' 'Raise it without asking.' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'alert off'
            printf '%s\t%s\n' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'ping'
            printf '%s\t%s\n' '--within' 'They have this long to answer (1m to 7d); when it passes unanswered, you are told once.' '--escalate' 'With --within: their other responders are told too when it passes.' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'ping send'
            printf '%s\t%s\n' '--within' 'They have this long to answer (1m to 7d); when it passes unanswered, you are told once.' '--escalate' 'With --within: their other responders are told too when it passes.' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'ping list'
            printf '%s\t%s\n' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'ping respond'
            printf '%s\t%s\n' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'drill'
            printf '%s\t%s\n' '--wait' 'Wait up to this long (0s to 1h, default 2m) for every responder\'s delivery to take the notice.' '--last' 'Report on your latest drill (who acknowledged it since, too) without sending one.' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'report'
            printf '%s\t%s\n' '--since' 'Look back this far (1h to 400d, default 30d).' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'ack'
            printf '%s\t%s\n' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'timeline'
            printf '%s\t%s\n' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'contacts'
            printf '%s\t%s\n' '--responders' 'Only the people who watch over you.' '--dependents' 'Only the people you watch over.' '--sort' 'Order: time left until due (overdue and alerting first; the default), name, or date added.' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'contacts list'
            printf '%s\t%s\n' '--responders' 'Only the people who watch over you.' '--dependents' 'Only the people you watch over.' '--sort' 'Order: time left until due (overdue and alerting first; the default), name, or date added.' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'contacts add'
            printf '%s\t%s\n' '--image' 'Read the code from a picture of their QR code (PNG, JPEG, PBM, PGM, PPM; - for stdin).' '--phone' 'Invite them by phone number, in any form login takes; they are added once they accept.' '--responder' 'They watch over you.' '--dependent' 'You watch over them.' '--first-name' 'With --phone: their first name, as your lists show them until they accept.' '--last-name' 'With --phone: their last name, as your lists show them until they accept.' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'contacts show'
            printf '%s\t%s\n' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'contacts role'
            printf '%s\t%s\n' '--responder' 'Make them your responder, or (--no-responder) stop.' '--no-responder' 'Make them your responder, or (--no-responder) stop.' '--dependent' 'Make them your dependent, or (--no-dependent) stop.' '--no-dependent' 'Make them your dependent, or (--no-dependent) stop.' '--delay' 'As your responder, tell them of a missed check-in this long after the grace period (0: at once; at most 7d).' '--yes' 'Change without asking, even when it leaves you no responder.' '-y' 'Change without asking, even when it leaves you no responder.' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'contacts remove'
            printf '%s\t%s\n' '--yes' 'Remove without asking.' '-y' 'Remove without asking.' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'contacts invitations'
            printf '%s\t%s\n' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'contacts accept'
            printf '%s\t%s\n' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'contacts decline'
            printf '%s\t%s\n' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'notifications'
            printf '%s\t%s\n' '--type' 'Only this type: alert, ping, role, added, removed, contact (added or removed), check-in, sign-in, test (drills) or all; in any case, singular or plural.' '--unread' 'Only unread notifications.' '--limit' 'Show at most N notifications.' '-n' 'Show at most N notifications.' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'notifications list'
            printf '%s\t%s\n' '--type' 'Only this type: alert, ping, role, added, removed, contact (added or removed), check-in, sign-in, test (drills) or all; in any case, singular or plural.' '--unread' 'Only unread notifications.' '--limit' 'Show at most N notifications.' '-n' 'Show at most N notifications.' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'notifications show'
            printf '%s\t%s\n' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'notifications read'
            printf '%s\t%s\n' '--all' 'Every notification.' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'notifications delete'
            printf '%s\t%s\n' '--all' 'Every notification.' '--yes' 'Delete without asking.' '-y' 'Delete without asking.' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'notifications follow'
            printf '%s\t%s\n' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'qr'
            printf '%s\t%s\n' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'qr show'
            printf '%s\t%s\n' '--png' 'Write the code as a PNG image (1-bit grey); - writes it to standard output.' '--svg' 'Write the code as an SVG image; - writes it to standard output.' '--scale' 'Pixels per module in the image files (default 8).' '--invert' 'Swap dark and light on the terminal, for a light background without colour (colour output is always black on white).' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'qr refresh'
            printf '%s\t%s\n' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'qr scan'
            printf '%s\t%s\n' '--raw' 'Print only the payload, byte for byte.' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'qr encode'
            printf '%s\t%s\n' '--ecc' 'Error correction level; by default the highest that fits the smallest symbol.' '--png' 'Write the code as a PNG image (1-bit grey); - writes it to standard output.' '--svg' 'Write the code as an SVG image; - writes it to standard output.' '--scale' 'Pixels per module in the image files (default 8).' '--invert' 'Swap dark and light on the terminal, for a light background without colour (colour output is always black on white).' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'settings'
            printf '%s\t%s\n' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'settings get'
            printf '%s\t%s\n' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'settings set'
            printf '%s\t%s\n' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'tick'
            printf '%s\t%s\n' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'agent'
            printf '%s\t%s\n' '--systemd-unit' 'Print a systemd user unit that runs the agent, and exit.' '--launchd-plist' 'Print a launchd agent (a property list for macOS) that runs it, and exit.' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'doctor'
            printf '%s\t%s\n' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'store'
            printf '%s\t%s\n' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'store copy'
            printf '%s\t%s\n' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
        case 'completions'
            printf '%s\t%s\n' '--help' 'Show help for the command.' '-h' 'Show help for the command.' '--store' 'Use STORE: a directory, or etcd://HOST:PORT/PREFIX (default: $LIFESIGNAL_STORE, else $XDG_DATA_HOME/lifesignal).' '--json' 'Print data as JSON (and errors as JSON on stderr).' '--quiet' 'Print nothing on success, except data asked for.' '-q' 'Print nothing on success, except data asked for.' '--no-color' 'Never colour the output (also: NO_COLOR, TERM=dumb).'
    end
end

function __lifesignal_value_kind
    switch $argv[1]:$argv[2]
        case 'login:--phone'
            echo 'none'
        case 'login:--code'
            echo 'none'
        case 'login:--first-name'
            echo 'none'
        case 'login:--last-name'
            echo 'none'
        case 'profile set:--first-name'
            echo 'none'
        case 'profile set:--last-name'
            echo 'none'
        case 'profile set:--note'
            echo 'none'
        case 'checkin:--code'
            echo 'none'
        case 'checkin:--label'
            echo 'none'
        case 'checkin:--job'
            echo 'none'
        case 'checkin history:--limit'
            echo 'none'
        case 'checkin history:-n'
            echo 'none'
        case 'checkin interval:--reminder'
            echo 'choices:1h 2h 4h 8h'
        case 'checkin interval:--grace'
            echo 'choices:0 30m 1h 2h'
        case 'checkin interval:--repeat'
            echo 'choices:off 1h 6h 12h'
        case 'checkin interval:--code'
            echo 'none'
        case 'checkin deadline:--days'
            echo 'choices:daily weekdays weekends mon-fri'
        case 'checkin deadline:--zone'
            echo 'none'
        case 'checkin deadline:--code'
            echo 'none'
        case 'checkin extend:--code'
            echo 'none'
        case 'checkin pause:--for'
            echo 'choices:1d 3d 7d 14d'
        case 'checkin pause:--until'
            echo 'none'
        case 'checkin pause:--reason'
            echo 'none'
        case 'checkin pause:--code'
            echo 'none'
        case 'checkin resume:--code'
            echo 'none'
        case 'checkin code set:--code'
            echo 'none'
        case 'checkin code set:--duress'
            echo 'none'
        case 'checkin code clear:--code'
            echo 'none'
        case 'trip start:--until'
            echo 'none'
        case 'trip start:--note'
            echo 'none'
        case 'trip start:--code'
            echo 'none'
        case 'trip extend:--code'
            echo 'none'
        case 'trip end:--code'
            echo 'none'
        case 'jobs add:--every'
            echo 'choices:1h 1d 7d'
        case 'jobs add:--deadline'
            echo 'none'
        case 'jobs add:--days'
            echo 'choices:daily weekdays weekends mon-fri'
        case 'jobs add:--grace'
            echo 'choices:30m 1h 2h'
        case 'jobs add:--max-runtime'
            echo 'choices:30m 1h 2h'
        case 'ping:--within'
            echo 'choices:15m 30m 1h 2h'
        case 'ping send:--within'
            echo 'choices:15m 30m 1h 2h'
        case 'drill:--wait'
            echo 'choices:0s 30s 2m 10m'
        case 'report:--since'
            echo 'choices:7d 30d 90d 400d'
        case 'contacts:--sort'
            echo 'choices:time-left name added'
        case 'contacts list:--sort'
            echo 'choices:time-left name added'
        case 'contacts add:--image'
            echo 'file'
        case 'contacts add:--phone'
            echo 'none'
        case 'contacts add:--first-name'
            echo 'none'
        case 'contacts add:--last-name'
            echo 'none'
        case 'contacts role:--delay'
            echo 'choices:0 1h 2h 4h'
        case 'notifications:--type'
            echo 'choices:alert ping role added removed contact check-in sign-in test all'
        case 'notifications:--limit'
            echo 'none'
        case 'notifications:-n'
            echo 'none'
        case 'notifications list:--type'
            echo 'choices:alert ping role added removed contact check-in sign-in test all'
        case 'notifications list:--limit'
            echo 'none'
        case 'notifications list:-n'
            echo 'none'
        case 'qr show:--png'
            echo 'file'
        case 'qr show:--svg'
            echo 'file'
        case 'qr show:--scale'
            echo 'none'
        case 'qr encode:--ecc'
            echo 'choices:L M Q H'
        case 'qr encode:--png'
            echo 'file'
        case 'qr encode:--svg'
            echo 'file'
        case 'qr encode:--scale'
            echo 'none'
        case '*:--store'
            echo 'directory'
    end
end

function __lifesignal_argument_kind
    switch $argv[1]:$argv[2]
        case 'sessions end:0'
            echo 'none'
        case 'checkin interval:0'
            echo 'choices:8h 16h 1d 2d 3d'
        case 'checkin deadline:0'
            echo 'choices:off 08:00 10:00 12:00 20:00'
        case 'checkin extend:0'
            echo 'choices:1h 2h 4h 1d'
        case 'trip start:0'
            echo 'choices:1h 3h 8h 1d'
        case 'trip extend:0'
            echo 'choices:30m 1h 2h 1d'
        case 'jobs add:0'
            echo 'none'
        case 'jobs show:0'
            echo 'none'
        case 'jobs remove:0'
            echo 'none'
        case 'ping:0'
            echo 'dynamic:dependents'
        case 'ping send:0'
            echo 'dynamic:dependents'
        case 'ping respond:0'
            echo 'dynamic:pings'
        case 'ack:0'
            echo 'dynamic:dependents'
        case 'timeline:0'
            echo 'dynamic:dependents'
        case 'contacts add:0'
            echo 'none'
        case 'contacts show:0'
            echo 'dynamic:contacts'
        case 'contacts role:0'
            echo 'dynamic:contacts'
        case 'contacts remove:0'
            echo 'dynamic:contacts'
        case 'contacts accept:0'
            echo 'dynamic:invitations'
        case 'contacts decline:0'
            echo 'dynamic:invitations'
        case 'notifications show:0'
            echo 'dynamic:notifications'
        case 'notifications read:0'
            echo 'dynamic:notifications'
        case 'notifications delete:0'
            echo 'dynamic:notifications'
        case 'qr scan:0'
            echo 'file'
        case 'qr encode:0'
            echo 'none'
        case 'settings get:0'
            echo 'choices:alerts pings check-ins contacts dependent-news notify-command sms-command etcd-cacert etcd-cert etcd-key time-zone quiet-hours'
        case 'settings set:0'
            echo 'choices:alerts pings check-ins contacts dependent-news notify-command sms-command etcd-cacert etcd-cert etcd-key time-zone quiet-hours'
        case 'settings set:1'
            echo 'none'
        case 'store copy:0'
            echo 'directory'
        case 'store copy:1'
            echo 'directory'
        case 'completions:0'
            echo 'choices:bash zsh fish'
        case '*'
            echo none
    end
end

function __lifesignal_passthrough
    switch $argv[1]
        case 'checkin'
            echo 1
    end
end

function __lifesignal_offer --argument-names kind cur prefix
    switch $kind
        case file
            __fish_complete_path "$cur" | string replace -r -- '^' "$prefix"
        case directory
            __fish_complete_directories "$cur" | string replace -r -- '^' "$prefix"
        case command
            __fish_complete_command
        case 'choices:*'
            string split ' ' -- (string replace 'choices:' '' -- $kind) | string replace -r -- '^' "$prefix"
        case 'dynamic:*'
            # The token without its escapes (`Ada\ L` is `Ada L`); fish
            # escapes the spaces of what it inserts.
            lifesignal __complete (string replace 'dynamic:' '' -- $kind) (string unescape -- "$cur") 2>/dev/null | string replace -r -- '^' "$prefix"
    end
end

function __lifesignal_complete
    set -l words (commandline -opc)
    set -e words[1]
    set -l cur (commandline -ct)
    set -l cmdpath ''
    set -l pending ''
    set -l prefix ''
    set -l skip 0
    set -l npos 0
    set -l descend 1
    set -l dashdash 0
    set -l helpmode 0
    if string match -q -- '--*=*' "$cur"
        set pending (string split -m 1 '=' -- "$cur")[1]
        set cur (string split -m 1 '=' -- "$cur")[2]
        set prefix "$pending="
    end
    for word in $words
        if test $skip = 1
            set skip 0
            continue
        end
        if test $dashdash = 1
            set npos (math $npos + 1)
            continue
        end
        switch $word
            case '--'
                set dashdash 1
                set npos 0
                set -l fallback (__lifesignal_default "$cmdpath")
                if test $descend = 1 -a -n "$fallback"
                    set cmdpath (string trim -- "$cmdpath $fallback")
                end
                set descend 0
                continue
            case '-?*'
                if test -n "$(__lifesignal_value_kind "$cmdpath" "$word")"
                    set skip 1
                end
                continue
        end
        if test $descend = 1
            if test -z "$cmdpath" -a $helpmode = 0 -a "$word" = 'help'
                set helpmode 1
                continue
            end
            if contains -- $word (__lifesignal_subcommands "$cmdpath" | string replace -r '\t.*' '')
                set cmdpath (string trim -- "$cmdpath $word")
                if test -z "$(__lifesignal_subcommands "$cmdpath")"
                    set descend 0
                end
                continue
            end
            set descend 0
            if test $helpmode = 1
                continue
            end
            set -l fallback (__lifesignal_default "$cmdpath")
            if test -n "$fallback"
                set cmdpath (string trim -- "$cmdpath $fallback")
            end
        end
        set npos (math $npos + 1)
    end
    if test $skip = 1
        set pending $words[-1]
    end
    if test -n "$pending"
        __lifesignal_offer "$(__lifesignal_value_kind "$cmdpath" "$pending")" "$cur" "$prefix"
        return
    end
    if test $helpmode = 1
        test $descend = 1; and __lifesignal_subcommands "$cmdpath"
        return
    end
    if test $dashdash = 1
        if test -n "$(__lifesignal_passthrough "$cmdpath")"
            if test $npos = 0
                __lifesignal_offer command "$cur"
            else
                __lifesignal_offer file "$cur"
            end
            return
        end
        __lifesignal_offer "$(__lifesignal_argument_kind "$cmdpath" $npos)" "$cur"
        return
    end
    if string match -q -- '-*' "$cur"
        __lifesignal_options "$cmdpath"
        return
    end
    if test $descend = 1
        __lifesignal_subcommands "$cmdpath"
    end
    __lifesignal_offer "$(__lifesignal_argument_kind "$cmdpath" $npos)" "$cur"
end

complete -c lifesignal -f -a '(__lifesignal_complete)'
