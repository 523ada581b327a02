import StrictJSON
import TestSupport
import Testing

/// A string without escapes ends at its first quote, and a control
/// character or invalid UTF-8 before that quote is refused, wherever the
/// quote falls in the eight-byte words the reader scans them in.
struct PlainRunTests {
    @Test func stringsEndAtTheirFirstQuoteWhereverItFalls() {
        var random = SeededGenerator(seed: 0x5C4A)
        // Plain ASCII, a quote, control characters, DEL, and UTF-8 both whole and cut.
        let pieces: [[UInt8]] = [[0x61], [0x7A], [0x20], [0x22], [0x01], [0x1F], [0x7F], [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xC3]]
        for _ in 0..<20_000 {
            var body: [UInt8] = []
            for _ in 0..<Int.random(in: 0...40, using: &random) {
                // Mostly plain letters, as stored strings are.
                body += Int.random(in: 0..<4, using: &random) == 0 ? pieces.randomElement(using: &random)! : [0x61]
            }
            let padding = [UInt8](repeating: 0x20, count: Int.random(in: 0...16, using: &random))
            let document = [0x22] + body + [0x22] + padding
            // What the string is: up to the first quote, refused for a control character before it.
            let end = (body + [0x22]).firstIndex { $0 == 0x22 || $0 < 0x20 }!
            let content = Array(body[..<end])
            let valid = end < body.count && body[end] < 0x20 ? false : String(validating: content, as: UTF8.self) != nil
            var reader = JSONReader(document)
            let read = try? reader.readStringUTF8()
            #expect(read.map(Array.init) == (valid ? content : nil), "\(document)")
            if valid { #expect(reader.offset == end + 2, "\(document)") }
        }
    }
}
