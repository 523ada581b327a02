import Glibc

/// Everything that stops a benchmark run, worded in one place.
enum BenchError: Error, CustomStringConvertible {
    case usage(String)
    case binaryMissing(String)
    case compilerFailed(status: Int32)
    case spawnFailed(program: String, errno: Int32)
    case commandFailed(label: String, status: Int32, stderr: String)
    case unexpectedOutput(label: String, detail: String)
    case seeding(String)
    case system(call: String, errno: Int32)

    var description: String {
        switch self {
        case .usage(let text):
            "\(text)\nSee 'lifesignal-bench --help'."
        case .binaryMissing(let path):
            "no executable at '\(path)'; build it first: swift build -c release"
        case .compilerFailed(let status):
            "cc could not compile the C baseline (exit \(status)); is a C compiler installed?"
        case .spawnFailed(let program, let code):
            "could not start '\(program)': \(String(cString: strerror(code)))"
        case .commandFailed(let label, let status, let stderr):
            "'\(label)' exited \(status) during the check run: \(stderr.isEmpty ? "(no stderr)" : stderr)"
        case .unexpectedOutput(let label, let detail):
            "'\(label)' printed something unexpected: \(detail)"
        case .seeding(let detail):
            "could not seed the store: \(detail)"
        case .system(let call, let code):
            "\(call) failed: \(String(cString: strerror(code)))"
        }
    }
}
