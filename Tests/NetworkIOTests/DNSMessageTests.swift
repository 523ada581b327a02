import NetworkIO
import Testing

/// DNS messages against published vectors, and hostile ones.
struct DNSMessageTests {
    static func hex(_ text: String) -> [UInt8] {
        text.split(separator: " ").map { pair in
            guard let byte = UInt8(pair, radix: 16) else { preconditionFailure("\(pair) is not hex") }
            return byte
        }
    }

    /// RFC 8484 §4.1.1: "www.example.com", ID 0, RD set, as A (the GET
    /// example's `dns=AAABAAABAAAAAAAAA3d3dwdleGFtcGxlA2NvbQAAAQAB`) and AAAA (the POST example).
    @Test(arguments: [
        (DNSMessage.RecordType.a, "00 00 01 00 00 01 00 00 00 00 00 00 03 77 77 77 07 65 78 61 6d 70 6c 65 03 63 6f 6d 00 00 01 00 01"),
        (.aaaa, "00 00 01 00 00 01 00 00 00 00 00 00 03 77 77 77 07 65 78 61 6d 70 6c 65 03 63 6f 6d 00 00 1c 00 01"),
    ])
    func buildsQueriesAsRFC8484(type: DNSMessage.RecordType, bytes: String) {
        #expect(DNSMessage.query(id: 0, name: "www.example.com", type: type) == Self.hex(bytes))
    }

    /// RFC 8484 §4.2.2: the response for www.example.com AAAA, with a
    /// compressed owner name, TTL 3709 and 2001:db8:abcd:12:1:2:3:4.
    static let rfc8484Response = hex("""
        00 00 81 80 00 01 00 01 00 00 00 00 03 77 77 77 07 65 78 61 6d 70 6c 65 03 63 6f 6d 00 00 1c 00 \
        01 c0 0c 00 1c 00 01 00 00 0e 7d 00 10 20 01 0d b8 ab cd 00 12 00 01 00 02 00 03 00 04
        """)

    @Test func readsTheRFC8484Response() throws {
        let response = try DNSResponse(parsing: Self.rfc8484Response)
        #expect(response.id == 0 && response.isResponse && !response.isTruncated && response.responseCode == 0)
        #expect(response.questions.count == 1 && response.questions[0].name == "www.example.com" && response.questions[0].type == 28)
        #expect(response.answers.count == 1)
        #expect(response.answers[0].name == "www.example.com" && response.answers[0].ttl == 3709)
        #expect(response.addresses(for: "WWW.Example.COM", type: .aaaa) == [ip("2001:db8:abcd:12:1:2:3:4")])
        #expect(response.addresses(for: "www.example.com", type: .a).isEmpty)
    }

    /// RFC 1035 §4.1.4's compression scheme: F.ISI.ARPA written out,
    /// FOO.F.ISI.ARPA as a label and a pointer to it, ARPA as a pointer into it.
    @Test func followsCompressionAsRFC1035() throws {
        var message = Self.hex("12 34 81 80 00 00 00 03 00 00 00 00")
        let fISIARPA = message.count
        message += [1, 0x46, 3, 0x49, 0x53, 0x49, 4, 0x41, 0x52, 0x50, 0x41, 0] + record(type: 1, data: [10, 0, 0, 1])
        message += [3, 0x46, 0x4f, 0x4f, 0xc0, UInt8(fISIARPA)] + record(type: 1, data: [10, 0, 0, 2])
        message += [0xc0, UInt8(fISIARPA + 6)] + record(type: 1, data: [10, 0, 0, 3])
        let response = try DNSResponse(parsing: message)
        #expect(response.answers.map(\.name) == ["f.isi.arpa", "foo.f.isi.arpa", "arpa"])
        #expect(response.addresses(for: "foo.f.isi.arpa", type: .a) == [ip("10.0.0.2")])
    }

    /// A CNAME chain inside the answer leads to the addresses.
    @Test func followsCNAMEChains() throws {
        var message = Self.hex("00 07 81 80 00 01 00 03 00 00 00 00")
        message += [3, 0x77, 0x77, 0x77, 1, 0x78, 0, 0, 1, 0, 1]  // www.x A IN
        message += [0xc0, 12] + record(type: 5, data: [1, 0x61, 0xc0, 16])  // www.x CNAME a.x
        message += [1, 0x61, 0xc0, 16] + record(type: 5, data: [1, 0x62, 0xc0, 16])  // a.x CNAME b.x
        message += [1, 0x62, 0xc0, 16] + record(type: 1, data: [192, 0, 2, 7])  // b.x A 192.0.2.7
        let response = try DNSResponse(parsing: message)
        #expect(response.addresses(for: "www.x", type: .a) == [ip("192.0.2.7")])
    }

    /// TYPE, CLASS IN, TTL 60, RDLENGTH, RDATA.
    private func record(type: UInt16, data: [UInt8]) -> [UInt8] {
        [0, UInt8(type), 0, 1, 0, 0, 0, 60, 0, UInt8(data.count)] + data
    }

    /// Hostile or broken messages end in an error, never a crash or a loop.
    @Test(arguments: [
        ("empty", ""),
        ("short header", "00 01 81"),
        ("pointer to itself", "00 01 81 80 00 01 00 00 00 00 00 00 c0 0c 00 01 00 01"),
        ("pointer forward", "00 01 81 80 00 01 00 00 00 00 00 00 c0 20 00 01 00 01"),
        ("pointer loop through a label", "00 01 81 80 00 02 00 00 00 00 00 00 01 61 00 00 01 00 01 01 62 c0 13 00 01 00 01"),
        ("label past the end", "00 01 81 80 00 01 00 00 00 00 00 00 3f 61"),
        ("extended label type", "00 01 81 80 00 01 00 00 00 00 00 00 41 61 00 00 01 00 01"),
        ("record data past the end", "00 01 81 80 00 00 00 01 00 00 00 00 00 00 01 00 01 00 00 00 3c 00 04 7f 00"),
        ("CNAME not filling its data", "00 01 81 80 00 00 00 01 00 00 00 00 00 00 05 00 01 00 00 00 3c 00 03 00 00 00"),
    ])
    func refusesBrokenMessages(id: String, bytes: String) {
        #expect(throws: DNSFormatError.self, "\(id)") { try DNSResponse(parsing: Self.hex(bytes)) }
    }

    @Test func refusesNamesOver255Bytes() {
        var message = Self.hex("00 01 81 80 00 01 00 00 00 00 00 00")
        for _ in 0..<5 { message += [63] + Array(repeating: 0x61, count: 63) }
        message += [0, 0, 1, 0, 1]
        #expect(throws: DNSFormatError.self) { try DNSResponse(parsing: message) }
    }

    /// A truncated response may end inside its answers; the whole ones are kept.
    @Test func keepsTheWholeAnswersOfATruncatedResponse() throws {
        let whole = try DNSResponse(parsing: Self.rfc8484Response)
        var cut = Self.rfc8484Response
        cut[2] |= 0x02  // TC
        cut[7] = 2  // claims a second answer that is not there
        let response = try DNSResponse(parsing: cut)
        #expect(response.isTruncated && response.answers == whole.answers)
    }

    /// Every prefix of a valid message, and every single-byte change of it,
    /// parses or fails cleanly.
    @Test func survivesEveryCutAndFlip() {
        let message = Self.rfc8484Response
        for length in 0..<message.count { _ = try? DNSResponse(parsing: Array(message[..<length])) }
        for index in message.indices {
            for value in [0x00, 0x3f, 0x40, 0xc0, 0xff] as [UInt8] {
                var changed = message
                changed[index] = value
                _ = try? DNSResponse(parsing: changed)
            }
        }
    }
}
