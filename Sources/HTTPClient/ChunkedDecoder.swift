/// Decodes a chunked body (RFC 9112 §7.1) as its bytes arrive: chunk-size
/// lines (extensions ignored), data, the CRLF after it, the last chunk and
/// the trailer section (skipped).
struct ChunkedDecoder {
    private enum State: Equatable {
        case size
        case data(remaining: Int)
        case dataEnd
        case trailer
        case done
    }

    private var state = State.size
    private var trailerBytes = 0

    /// Limits against a peer that sends endless lines.
    static let maximumLine = 4096
    static let maximumTrailer = 16 * 1024

    var isDone: Bool { state == .done }

    /// Decodes from `input` starting at `index`, moving `index` past what it
    /// used and appending chunk data to `output`, until it needs more input
    /// or the body is complete.
    mutating func decode(_ input: ArraySlice<UInt8>, from index: inout Int, into output: inout [UInt8]) throws(HTTPHeadError) {
        while index < input.endIndex || state == .done {
            switch state {
            case .done:
                return
            case .size:
                guard let line = try Self.line(in: input, from: &index) else { return }
                let size = try Self.chunkSize(line)
                state = size == 0 ? .trailer : .data(remaining: size)
            case .data(let remaining):
                let count = min(remaining, input.endIndex - index)
                output.append(contentsOf: input[index..<(index + count)])
                index += count
                state = remaining == count ? .dataEnd : .data(remaining: remaining - count)
            case .dataEnd:
                guard input.endIndex - index >= 2 else {
                    if input[index] != UInt8(ascii: "\r") { throw HTTPHeadError("chunk data is not followed by CRLF") }
                    return
                }
                guard input[index] == UInt8(ascii: "\r"), input[index + 1] == UInt8(ascii: "\n") else {
                    throw HTTPHeadError("chunk data is longer than its chunk size says")
                }
                index += 2
                state = .size
            case .trailer:
                let before = index
                guard let line = try Self.line(in: input, from: &index) else { return }
                trailerBytes += index - before
                guard trailerBytes <= Self.maximumTrailer else { throw HTTPHeadError("the trailer section is too large") }
                if line.isEmpty { state = .done }
            }
        }
    }

    /// The next line (without its CRLF or LF) if it is all there.
    private static func line(in input: ArraySlice<UInt8>, from index: inout Int) throws(HTTPHeadError) -> ArraySlice<UInt8>? {
        let end = min(input.endIndex, index + maximumLine)
        guard let newline = input[index..<end].firstIndex(of: UInt8(ascii: "\n")) else {
            if end - index >= maximumLine { throw HTTPHeadError("a chunk line longer than \(maximumLine) bytes") }
            return nil
        }
        var line = input[index..<newline]
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        index = newline + 1
        return line
    }

    /// The size a chunk-size line gives: hexadecimal digits, then optional
    /// extensions after `;`.
    private static func chunkSize(_ line: ArraySlice<UInt8>) throws(HTTPHeadError) -> Int {
        var size = 0
        var digits = 0
        for byte in line {
            let digit: Int
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = Int(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = Int(byte - UInt8(ascii: "a")) + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = Int(byte - UInt8(ascii: "A")) + 10
            case UInt8(ascii: ";"), UInt8(ascii: " "), UInt8(ascii: "\t"):
                guard digits > 0 else { throw HTTPHeadError("a chunk size line without a size") }
                return size
            default:
                throw HTTPHeadError("a malformed chunk size \(ResponseHead.quoted(line))")
            }
            digits += 1
            guard digits <= 15 else { throw HTTPHeadError("a chunk size too large") }
            size = size << 4 | digit
        }
        guard digits > 0 else { throw HTTPHeadError("an empty chunk size line") }
        return size
    }
}
