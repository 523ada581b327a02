/// The cluster's limits on one request, checked before sending so that an
/// oversized write fails clearly and at once, never half-way.
public struct RequestLimits: Equatable, Sendable {
    /// etcd's `--max-request-bytes` (default 1.5 MiB): the size of the
    /// request's protobuf encoding inside its raft envelope.
    public var maximumRequestBytes: Int
    /// etcd's `--max-txn-ops` (default 128): for each of compare, success and failure.
    public var maximumOperations: Int

    public init(maximumRequestBytes: Int = 1_572_864, maximumOperations: Int = 128) {
        self.maximumRequestBytes = maximumRequestBytes
        self.maximumOperations = maximumOperations
    }

    /// The raft envelope around a request: a header with a 64-bit ID, the
    /// user name and an auth revision, and the request's own tag and length.
    static func envelope(user: String?) -> Int { 40 + (user?.utf8.count ?? 0) }

    /// Why `request` cannot be sent, or nil.
    func problem(with request: TxnRequest, user: String?) -> EtcdError? {
        // One check at a time: a table of (name, count) tuples costs tuple
        // metadata at every commit.
        if let problem = tooMany(request.compares.count, "compares") ?? tooMany(request.success.count, "success operations")
            ?? tooMany(request.failure.count, "failure operations") {
            return problem
        }
        if let key = Self.keyWrittenTwice(in: request.success) ?? Self.keyWrittenTwice(in: request.failure) {
            return EtcdError(.duplicateKey, "the transaction writes the key \(KeyText.quoted(key)) twice")
        }
        let size = ProtobufSize.txn(request) + Self.envelope(user: user)
        guard size <= maximumRequestBytes else {
            return EtcdError(.requestTooLarge, "the transaction is \(size) bytes; the cluster takes at most \(maximumRequestBytes)")
        }
        return nil
    }

    private func tooMany(_ count: Int, _ name: String) -> EtcdError? {
        guard count > maximumOperations else { return nil }
        return EtcdError(.tooManyOperations, "the transaction has \(count) \(name); the cluster takes at most \(maximumOperations)")
    }

    /// A key put twice, or put and deleted, in one branch (etcd refuses both).
    /// Sorted keys side by side rather than a `Set<[UInt8]>`: the set's
    /// generic metadata and hashing would cost every commit more than the
    /// check is worth.
    static func keyWrittenTwice(in operations: [TxnOperation]) -> [UInt8]? {
        var puts: [[UInt8]] = []
        for case .put(let key, _) in operations { puts.append(key) }
        puts.sort { $0.lexicographicallyPrecedes($1) }
        for index in puts.indices.dropFirst() where puts[index] == puts[index - 1] { return puts[index] }
        for key in puts {
            for case .delete(let start, let end) in operations
            where start == key || (end.map { Self.contains(start, $0, key) } ?? false) {
                return key
            }
        }
        return nil
    }

    /// Whether [start, end) holds `key` (bytewise; an end of `[0]` means no end).
    private static func contains(_ start: [UInt8], _ end: [UInt8], _ key: [UInt8]) -> Bool {
        key.lexicographicallyPrecedes(start) == false && (end == [0] || key.lexicographicallyPrecedes(end))
    }
}

/// Keys in messages: printable ASCII as it is, other bytes as \xNN, at most 60 bytes.
enum KeyText {
    static func quoted(_ key: [UInt8]) -> String {
        var text = "\""
        for byte in key.prefix(60) {
            if (0x20..<0x7f).contains(byte), byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16)
                text += "\\x" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return text + (key.count > 60 ? "…\"" : "\"")
    }
}
