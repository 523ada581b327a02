/// A DNS response, read strictly: every length is checked against the
/// message, compression pointers must point backwards (so no loop), and
/// names stay within 255 bytes (RFC 1035 §3.1, §4.1.4).
public struct DNSResponse: Equatable, Sendable {
    public var id: UInt16
    public var isResponse: Bool
    public var opcode: UInt8
    public var isTruncated: Bool
    public var responseCode: UInt8
    public var questions: [(name: String, type: UInt16, questionClass: UInt16)]
    public var answers: [DNSRecord]

    public static func == (lhs: DNSResponse, rhs: DNSResponse) -> Bool {
        lhs.id == rhs.id && lhs.isResponse == rhs.isResponse && lhs.opcode == rhs.opcode
            && lhs.isTruncated == rhs.isTruncated && lhs.responseCode == rhs.responseCode
            && lhs.answers == rhs.answers && lhs.questions.elementsEqual(rhs.questions) { $0 == $1 }
    }

    public init(parsing bytes: [UInt8]) throws(DNSFormatError) {
        var reader = Reader(bytes: bytes)
        id = try reader.uint16()
        let flags = try reader.uint16()
        isResponse = flags & 0x8000 != 0
        opcode = UInt8((flags >> 11) & 0x0f)
        isTruncated = flags & 0x0200 != 0
        responseCode = UInt8(flags & 0x000f)
        let questionCount = try reader.uint16()
        let answerCount = try reader.uint16()
        _ = try reader.uint16()  // NSCOUNT: authority records, not needed
        _ = try reader.uint16()  // ARCOUNT
        questions = []
        for _ in 0..<questionCount {
            let name = try reader.name()
            questions.append((name, try reader.uint16(), try reader.uint16()))
        }
        answers = []
        // A truncated message may end inside its answers; what is whole is kept.
        for _ in 0..<answerCount {
            if isTruncated, reader.atEnd { break }
            answers.append(try reader.record())
        }
    }

    /// The addresses for `name` of `type` (A or AAAA), following the CNAME
    /// chain the answer section gives for it (at most 8 links).
    public func addresses(for name: String, type: DNSMessage.RecordType) -> [IPAddress] {
        var owner = HostName.lowercased(name)
        for _ in 0..<8 {
            guard let alias = answers.first(where: { $0.name == owner && $0.type == DNSMessage.RecordType.cname.rawValue }),
                  let target = alias.target else { break }
            owner = target
        }
        let size = type == .a ? 4 : 16
        return answers.compactMap { record in
            guard record.name == owner, record.type == type.rawValue, record.recordClass == DNSMessage.classIN,
                  record.data.count == size else { return nil }
            return IPAddress(bytes: record.data)
        }
    }

    /// Walks the message.
    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        var atEnd: Bool { offset >= bytes.count }

        mutating func uint16() throws(DNSFormatError) -> UInt16 {
            guard bytes.count - offset >= 2 else { throw DNSFormatError(reason: "the message ends early", offset: offset) }
            defer { offset += 2 }
            return UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
        }

        mutating func uint32() throws(DNSFormatError) -> UInt32 {
            UInt32(try uint16()) << 16 | UInt32(try uint16())
        }

        mutating func record() throws(DNSFormatError) -> DNSRecord {
            let name = try name()
            let type = try uint16()
            let recordClass = try uint16()
            let ttl = try uint32()
            let length = Int(try uint16())
            guard bytes.count - offset >= length else {
                throw DNSFormatError(reason: "a record's data runs past the end of the message", offset: offset)
            }
            let start = offset
            var target: String?
            if type == DNSMessage.RecordType.cname.rawValue {
                var inner = Reader(bytes: bytes, offset: start)
                target = try inner.name()
                guard inner.offset == start + length else {
                    throw DNSFormatError(reason: "a CNAME's name does not fill its data", offset: start)
                }
            }
            offset += length
            return DNSRecord(name: name, type: type, recordClass: recordClass, ttl: ttl,
                             data: Array(bytes[start..<start + length]), target: target)
        }

        /// A possibly compressed name, lowercased, labels joined by dots.
        mutating func name() throws(DNSFormatError) -> String {
            var labels: [String] = []
            var position = offset
            var resumeAt: Int?
            // Each pointer must point before where the walk last jumped to (or
            // began): the jumps strictly descend, so the walk ends.
            var floor = offset
            var length = 1  // the root label
            while true {
                guard position < bytes.count else { throw DNSFormatError(reason: "a name runs past the end of the message", offset: position) }
                let lead = bytes[position]
                switch lead & 0xc0 {
                case 0x00:
                    if lead == 0 {
                        offset = resumeAt ?? position + 1
                        return labels.joined(separator: ".")
                    }
                    let end = position + 1 + Int(lead)
                    guard end <= bytes.count else { throw DNSFormatError(reason: "a label runs past the end of the message", offset: position) }
                    length += Int(lead) + 1
                    guard length <= 255 else { throw DNSFormatError(reason: "a name is longer than 255 bytes", offset: position) }
                    labels.append(String(decoding: bytes[(position + 1)..<end].map(HostName.lowercasedByte), as: UTF8.self))
                    position = end
                case 0xc0:
                    guard position + 1 < bytes.count else { throw DNSFormatError(reason: "a pointer runs past the end of the message", offset: position) }
                    let target = Int(lead & 0x3f) << 8 | Int(bytes[position + 1])
                    guard target < floor else { throw DNSFormatError(reason: "a compression pointer does not point backwards", offset: position) }
                    if resumeAt == nil { resumeAt = position + 2 }
                    floor = target
                    position = target
                default:
                    throw DNSFormatError(reason: "an unknown label type", offset: position)
                }
            }
        }
    }
}
