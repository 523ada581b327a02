import Glibc

/// Counts the instructions one whole run of a command executes, with
/// valgrind's callgrind: unlike wall time on a shared machine, the count
/// repeats to within a fraction of a percent whatever the load, so it is
/// what `--check` gates on. (`perf stat -e instructions` would be cheaper,
/// but virtual machines, this one included, often do not expose the
/// hardware counter.)
///
/// valgrind 3.19 cannot read the DWARF 5 debug information the statically
/// linked OpenSSL brings into the release binary ("unhandled dwarf2 abbrev
/// form"), so the binary is counted on a copy without debug information
/// (`strip --strip-debug`): the same code, the same count.
struct InstructionCounter {
    let valgrind: String
    /// Where callgrind's log goes (its summary line carries the count).
    let log: String
    let scratch: String
    /// Each binary counted (lifesignal, and this benchmark for its SHA-256
    /// row) with the copy without debug information that runs in its place.
    let countedCopies: [String: String]

    /// The counter, or nil when valgrind is not installed.
    init?(scratch: String, binaries: [String]) throws {
        let candidates: [String] = ["/usr/bin/valgrind", "/usr/local/bin/valgrind"]
        guard let found = candidates.first(where: { access($0, X_OK) == 0 }) else {
            return nil
        }
        valgrind = found
        log = scratch + "/callgrind.log"
        self.scratch = scratch
        var copies: [String: String] = [:]
        for (number, binary) in binaries.enumerated() {
            let copy = scratch + "/counted-\(number)-nodebug"
            let strip = ProcessProbe(program: "/usr/bin/strip", arguments: ["--strip-debug", "-o", copy, binary],
                                     environment: ["PATH": "/usr/bin:/bin"])
            let sample = try strip.run()
            guard sample.status == 0 else {
                throw BenchError.commandFailed(label: "strip --strip-debug \(binary)", status: sample.status, stderr: "")
            }
            copies[binary] = copy
        }
        countedCopies = copies
    }

    /// Instructions of one run of `row` (its whole life: dynamic start-up,
    /// work, exit), which must succeed.
    func count(_ row: BenchCase) throws -> Int {
        let program = countedCopies[row.program] ?? row.program
        let arguments = ["--tool=callgrind", "--callgrind-out-file=/dev/null", "--log-file=" + log, program] + row.arguments
        let probe = ProcessProbe(program: valgrind, arguments: arguments,
                                 environment: row.environment(scratch: scratch))
        let sample = try probe.run()
        guard sample.status == 0 else {
            throw BenchError.commandFailed(label: row.key + " under callgrind", status: sample.status, stderr: TextFile.read(log))
        }
        guard let count = Self.collected(in: TextFile.read(log)) else {
            throw BenchError.unexpectedOutput(label: row.key, detail: "callgrind reported no instruction count in \(log)")
        }
        return count
    }

    /// The number in callgrind's "==PID== Collected : N" line.
    static func collected(in log: String) -> Int? {
        for line in log.split(separator: "\n") {
            let words = line.split(separator: " ")
            if words.count >= 4, words[1] == "Collected", words[2] == ":" { return Int(words[3]) }
        }
        return nil
    }
}
