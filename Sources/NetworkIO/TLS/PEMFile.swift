import Glibc

/// A CA, certificate or key file read whole before OpenSSL sees it, the way
/// lifesignal reads its store files: opened without blocking, used only when
/// it is a regular file, and only up to `limit` bytes.
///
/// OpenSSL would open the path itself, and an open of a FIFO blocks until
/// someone writes to it, a device such as /dev/zero never ends, and a huge
/// file is read into memory whole: a setting or variable that names one
/// would hang every command on the store, or exhaust its memory.
struct PEMFile {
    /// "CA file", "certificate file", "key file": what the file is for, in messages.
    let role: String
    let path: String
    let bytes: [UInt8]

    /// Far more than a certificate chain or a bundle of every public CA (~220 KB).
    static let limit = 4 << 20

    init(role: String, path: String) throws(NetworkError) {
        self.role = role
        self.path = path
        func failure(_ reason: String) -> NetworkError {
            NetworkError(.tlsConfiguration, "\(role) \(path): \(reason)")
        }
        // O_NONBLOCK: opening a FIFO for reading would wait for a writer.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { throw failure(SystemErrorText.message(errno)) }
        defer { _ = close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure(SystemErrorText.message(errno)) }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw failure("it is \(Self.kind(status.st_mode)), not a regular file")
        }
        guard status.st_size <= Self.limit else { throw failure("it is larger than \(Self.limit >> 20) MiB") }
        // Read to the end, not to the size fstat gave: the file may change meanwhile.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(status.st_size))
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let got = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if got < 0 {
                if errno == EINTR { continue }
                throw failure(SystemErrorText.message(errno))
            }
            if got == 0 { break }
            bytes += chunk[..<got]
            guard bytes.count <= Self.limit else { throw failure("it is larger than \(Self.limit >> 20) MiB") }
        }
        guard !bytes.isEmpty else { throw failure("it is empty") }
        self.bytes = bytes
    }

    /// What a file that is not a regular file is, for the message.
    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "not a file"
        }
    }
}
