/// DNS messages as RFC 1035 §4 lays them out: what the stub resolver sends
/// (one question, recursion desired) and what it reads back.
public enum DNSMessage {
    /// Record types asked for.
    public enum RecordType: UInt16, Sendable {
        case a = 1
        case cname = 5
        case aaaa = 28
    }

    /// The response codes a stub resolver acts on (RFC 1035 §4.1.1).
    public enum ResponseCode: UInt8, Sendable {
        case noError = 0
        case formatError = 1
        case serverFailure = 2
        case nameError = 3
        case notImplemented = 4
        case refused = 5
    }

    static let classIN: UInt16 = 1

    /// A standard query for `name` (recursion desired): header, then the
    /// question. `name` must be a valid host name (see `HostName`).
    public static func query(id: UInt16, name: String, type: RecordType) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(18 + name.utf8.count)
        append16(id, to: &bytes)
        append16(0x0100, to: &bytes)  // QR 0, opcode 0 (QUERY), RD 1
        append16(1, to: &bytes)  // QDCOUNT
        append16(0, to: &bytes)  // ANCOUNT
        append16(0, to: &bytes)  // NSCOUNT
        append16(0, to: &bytes)  // ARCOUNT
        for label in HostName.labels(name) {
            bytes.append(UInt8(label.count))
            bytes += label
        }
        bytes.append(0)
        append16(type.rawValue, to: &bytes)
        append16(classIN, to: &bytes)
        return bytes
    }

    static func append16(_ value: UInt16, to bytes: inout [UInt8]) {
        bytes.append(UInt8(value >> 8))
        bytes.append(UInt8(value & 0xff))
    }
}

/// One resource record of a response.
public struct DNSRecord: Equatable, Sendable {
    /// The owner name: lowercased labels joined by dots, no trailing dot.
    public var name: String
    public var type: UInt16
    public var recordClass: UInt16
    public var ttl: UInt32
    /// RDATA, with names inside (CNAME) already expanded into `target`.
    public var data: [UInt8]
    /// For a CNAME: the canonical name.
    public var target: String?
}

/// Why a response could not be read.
public struct DNSFormatError: Error, Equatable, Sendable {
    public var reason: String
    public var offset: Int
}
