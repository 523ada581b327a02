import Glibc
import LifeSignalCore

/// The SHA-256 row: the benchmark runs itself with `--sha256 N` to hash
/// N MiB held in one array, the contiguous bytes `store copy` hashes
/// (issue 32.5), so the instructions a byte costs are gated like a command's.
enum HashRow {
    static let megabytes = 8
    /// A byte hashed through the generic byte-at-a-time iterator cost 521
    /// instructions; the goal is at least 5 times fewer.
    static let instructionsPerByte = 104
    /// The digest of 8 MiB of "a" (sha256sum).
    static let expectedDigest = "ad97f87076920684e2ca66fc44e5d322797dc9d64706b174e51b5d0828937043"
    static let command = "SHA-256 of 8 MiB"

    /// The row, run by this very executable.
    static func row() -> BenchCase? {
        guard let path = realpath("/proc/self/exe", nil) else { return nil }
        defer { free(path) }
        return BenchCase(command: command, size: "", program: String(cString: path),
                         arguments: ["--sha256", "\(megabytes)"], store: nil,
                         targets: [.instructions((megabytes << 20) * instructionsPerByte)])
    }

    /// Hashes `megabytes` MiB of "a" and prints the digest in hex.
    static func run(megabytes: Int) {
        let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: megabytes << 20)
        print(Hex.encode(SHA256.hash(bytes)))
    }
}
