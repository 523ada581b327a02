import Glibc

/// Reads small system files (/etc/hosts, /etc/resolv.conf) whole.
enum SmallFile {
    /// The file's bytes, or nil when it cannot be read or is over `limit`
    /// bytes (a configuration file that large is not one to trust).
    static func read(_ path: String, limit: Int = 1 << 20) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { _ = close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            bytes += chunk[..<count]
            if bytes.count > limit { return nil }
        }
    }
}
