import Glibc

/// Everything a timed command started, found in `/proc` and killed when its
/// time is up.
///
/// Killing the command's process group is not enough: a grandchild may make
/// a session of its own (`setsid`) or a group of its own (a shell with job
/// control), and one whose parent exited meanwhile (a daemon's double fork)
/// no longer descends from the command at all. So the command is started
/// as the leader of a session of its own, and what is killed is every
/// process in that session, every process descending from the command, and,
/// in a process that adopts orphans (`adoptOrphans`, the lifesignal binary),
/// every adopted orphan started after the command (one started before is
/// left over from an earlier command), with its descendants.
/// They are all stopped first, until no new one turns up, and only then
/// killed: a stopped process cannot fork its way out between two looks.
struct ProcessTree {
    /// One process as `/proc/PID/stat` shows it.
    struct Entry {
        var parent: pid_t
        var session: pid_t
        /// A zombie: dead, waiting for its parent to reap it.
        var isZombie: Bool
        /// When it started, in clock ticks since boot.
        var startTime: UInt64
    }

    /// Makes this process the parent of every orphan among its descendants
    /// (PR_SET_CHILD_SUBREAPER) instead of init, so that a command's
    /// double-forked daemon is still ours to find. Only for a process whose
    /// children are all its own commands: in a test process, orphans of other
    /// tests' processes would be adopted too.
    static func adoptOrphans() {
        _ = systemPrctl(36 /* PR_SET_CHILD_SUBREAPER */, 1, 0, 0, 0)
    }

    /// Stops, then kills, everything `root` (a session leader) started; with
    /// `adopted`, also this process's children started after `root` and
    /// theirs, and reaps those. `root` itself is left for the caller to
    /// reap. Without `/proc`, kills `root`'s process group only.
    static func kill(root: pid_t, adopted: Bool) {
        let me = getpid()
        var stopped = Set<pid_t>()
        // Bounded: a process that forks faster than it can be stopped still
        // meets the kill below, and each round stops all there were.
        for _ in 0..<64 {
            guard let table = snapshot() else { break }
            let fresh = members(of: table, root: root, adopted: adopted, me: me).subtracting(stopped)
            if fresh.isEmpty { break }
            for pid in fresh { Glibc.kill(pid, SIGSTOP) }
            stopped.formUnion(fresh)
        }
        Glibc.kill(-root, SIGKILL)
        Glibc.kill(root, SIGKILL)
        for pid in stopped { Glibc.kill(pid, SIGKILL) }
        // The adopted ones killed here are ours to reap (so are orphans
        // adopted meanwhile, whose parents were just killed).
        guard adopted else { return }
        var left = stopped.subtracting([root])
        for _ in 0..<100 where !left.isEmpty {
            left = left.filter { pid in
                var status: Int32 = 0
                return waitpid(pid, &status, WNOHANG) == 0
            }
            if !left.isEmpty { usleep(10_000) }
        }
    }

    /// Reaps the adopted orphans that have ended since (zombies), so a
    /// long-running process (`agent`) does not collect them. Only in a
    /// process that adopts orphans, where every child is a command's.
    static func reapAdopted() {
        var status: Int32 = 0
        while waitpid(-1, &status, WNOHANG) > 0 {}
    }

    /// Who belongs to the command `root`: its session, its descendants and,
    /// with `adopted`, this process's children started after it and theirs.
    /// Zombies are dead already, and this process is never one.
    static func members(of table: [pid_t: Entry], root: pid_t, adopted: Bool, me: pid_t) -> Set<pid_t> {
        var pending = [root]
        if adopted, let started = table[root]?.startTime {
            for (pid, entry) in table where entry.parent == me && entry.startTime >= started { pending.append(pid) }
        }
        for (pid, entry) in table where entry.session == root { pending.append(pid) }
        var children: [pid_t: [pid_t]] = [:]
        for (pid, entry) in table { children[entry.parent, default: []].append(pid) }
        var members = Set<pid_t>()
        while let pid = pending.popLast() {
            guard pid != me, members.insert(pid).inserted else { continue }
            pending += children[pid] ?? []
        }
        return members.filter { table[$0].map { !$0.isZombie } ?? false }
    }

    /// Every process this one can see, or nil without `/proc`.
    static func snapshot() -> [pid_t: Entry]? {
        guard let directory = opendir("/proc") else { return nil }
        defer { closedir(directory) }
        var table: [pid_t: Entry] = [:]
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let pid = pid_t(name), let stat = readStat(pid) else { continue }
            table[pid] = stat
        }
        return table
    }

    /// `/proc/PID/stat`: "PID (COMM) STATE PPID PGRP SESSION ...", where COMM
    /// may hold spaces and parentheses, so the fields after the last ")".
    static func readStat(_ pid: pid_t) -> Entry? {
        let descriptor = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
        guard count > 0 else { return nil }
        return parseStat(buffer.prefix(count))
    }

    static func parseStat(_ bytes: ArraySlice<UInt8>) -> Entry? {
        guard let close = bytes.lastIndex(of: UInt8(ascii: ")")) else { return nil }
        // From the state (field 3) on: ppid is field 4, session 6, starttime 22.
        let fields = bytes[(close + 1)...].split(separator: UInt8(ascii: " "))
        func number<T: FixedWidthInteger>(_ field: Int) -> T? {
            fields.count > field - 3 ? T(String(decoding: fields[field - 3], as: UTF8.self)) : nil
        }
        guard let state = fields.first?.first, let parent: pid_t = number(4), let session: pid_t = number(6),
              let startTime: UInt64 = number(22) else { return nil }
        return Entry(parent: parent, session: session, isZombie: state == UInt8(ascii: "Z") || state == UInt8(ascii: "X"),
                     startTime: startTime)
    }
}

/// prctl(2), which Swift cannot import because C declares it variadic: here
/// with the five integer arguments the kernel takes, which Swift's calling
/// convention passes exactly as C's does on Linux's 64-bit ABIs (x86-64:
/// RDI, RSI, RDX, RCX, R8; AArch64: X0 to X4).
@_silgen_name("prctl")
private func systemPrctl(_ option: Int32, _ argument2: UInt, _ argument3: UInt, _ argument4: UInt,
                         _ argument5: UInt) -> Int32
