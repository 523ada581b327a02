import Glibc

// peak-memory PROGRAM [ARGUMENT ...]
//
// Runs PROGRAM with its output discarded and prints "<exit status> <peak
// resident memory in KB>" of it. Tests measure through this small process
// because Linux counts, in a child's peak, the memory of the process it was
// spawned from (posix_spawn's child runs in its parent's memory until exec,
// and exec records that memory's high-water mark): a child of a test runner
// holding 200 MB reports at least 200 MB whatever it used itself.

/// Writes one line to standard error.
func complain(_ line: String) {
    _ = (line + "\n").withCString { write(2, $0, strlen($0)) }
}

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    complain("usage: peak-memory PROGRAM [ARGUMENT ...]")
    exit(2)
}
var actions = posix_spawn_file_actions_t()
posix_spawn_file_actions_init(&actions)
posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
let argv = arguments.dropFirst().map { strdup($0) } + [nil]
var pid: pid_t = 0
let spawned = posix_spawn(&pid, arguments[1], &actions, nil, argv, environ)
guard spawned == 0 else {
    complain("peak-memory: cannot run \(arguments[1]): \(String(cString: strerror(spawned)))")
    exit(127)
}
var status: Int32 = 0
var usage = rusage()
while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
let exited = status & 0x7F == 0
print("\(exited ? (status >> 8) & 0xFF : 128 + status & 0x7F) \(usage.ru_maxrss)")
