/// The Time Zone Information Format (RFC 8536): what the system's zoneinfo
/// files hold, decoded into `TimeZoneRules`.
///
/// Versions 1 to 3 as RFC 8536 defines them, and 4 (RFC 9636, which only
/// loosens the leap second table). A version 1 file gives its 32-bit data;
/// later ones their 64-bit data and the footer's TZ string for instants
/// after the last transition. Every count is checked against the bytes
/// there before anything is read, so no file makes it allocate more than
/// the file's own size or read past its end.
public enum TZif {
    /// A decoded file.
    public struct Contents: Sendable, Hashable {
        /// 1 to 4.
        public var version: Int
        public var rules: TimeZoneRules
        /// Leap second records (the `right/` zones have them): such a file's
        /// instants count leap seconds, unlike the system clock's.
        public var leapSecondCount: Int
    }

    public static func decode(_ bytes: [UInt8], origin: TimeZoneRules.Origin) throws(TZifProblem) -> Contents {
        var reader = ByteReader(bytes: bytes)
        let first = try Header.read(&reader)
        guard first.version > 1 else {
            let block = try Block.read(&reader, header: first, timeSize: 4)
            guard reader.atEnd else { throw .trailingBytes }
            return Contents(version: 1, rules: try block.rules(origin: origin, footer: nil), leapSecondCount: block.leapCount)
        }
        try reader.skip(first.blockSize(timeSize: 4))
        let second = try Header.read(&reader)
        guard second.version > 1 else { throw .badMagic }
        let block = try Block.read(&reader, header: second, timeSize: 8)
        let footer = try readFooter(&reader)
        return Contents(version: first.version, rules: try block.rules(origin: origin, footer: footer),
                        leapSecondCount: block.leapCount)
    }

    /// `\n`, a TZ string (possibly empty), `\n`, and nothing after.
    private static func readFooter(_ reader: inout ByteReader) throws(TZifProblem) -> POSIXTimeZone? {
        guard try reader.byte() == UInt8(ascii: "\n") else { throw .badFooter }
        let rest = reader.remaining
        guard let end = rest.firstIndex(of: UInt8(ascii: "\n")) else { throw .badFooter }
        guard end == rest.endIndex - 1 else { throw .trailingBytes }
        let text = rest[rest.startIndex..<end]
        guard !text.isEmpty else { return nil }
        guard text.allSatisfy({ (0x20..<0x7F).contains($0) }) else { throw .badFooter }
        do {
            return try POSIXTimeZoneParser.parse(String(decoding: text, as: UTF8.self))
        } catch {
            throw .footer(error)
        }
    }

    /// The 44-byte header in front of each data block.
    private struct Header {
        var version: Int
        var isutCount: Int, isstdCount: Int, leapCount: Int, timeCount: Int, typeCount: Int, charCount: Int

        static func read(_ reader: inout ByteReader) throws(TZifProblem) -> Header {
            guard try reader.take(4).elementsEqual("TZif".utf8) else { throw .badMagic }
            let versionByte = try reader.byte()
            let version: Int
            switch versionByte {
            case 0: version = 1
            case UInt8(ascii: "2")...UInt8(ascii: "4"): version = Int(versionByte - UInt8(ascii: "0"))
            default: throw .unsupportedVersion(versionByte)
            }
            try reader.skip(15)
            var counts: [Int] = []
            for _ in 0..<6 { counts.append(Int(try reader.unsigned32())) }
            return Header(version: version, isutCount: counts[0], isstdCount: counts[1], leapCount: counts[2],
                          timeCount: counts[3], typeCount: counts[4], charCount: counts[5])
        }

        /// Bytes of the data block this header describes.
        func blockSize(timeSize: Int) -> Int {
            timeCount * (timeSize + 1) + typeCount * 6 + charCount + leapCount * (timeSize + 4) + isstdCount + isutCount
        }
    }

    /// One data block, read and checked.
    private struct Block {
        var times: [Int64]
        var typeIndices: [Int]
        var types: [LocalTimeType]
        var leapCount: Int

        static func read(_ reader: inout ByteReader, header: Header, timeSize: Int) throws(TZifProblem) -> Block {
            guard header.typeCount > 0, header.charCount > 0 else { throw .noTypes }
            guard header.isutCount == 0 || header.isutCount == header.typeCount,
                  header.isstdCount == 0 || header.isstdCount == header.typeCount else { throw .countMismatch }
            guard header.blockSize(timeSize: timeSize) <= reader.remaining.count else { throw .truncated }
            var times: [Int64] = []
            times.reserveCapacity(header.timeCount)
            for _ in 0..<header.timeCount {
                let time = try reader.signed(size: timeSize)
                if let last = times.last, time <= last { throw .transitionsOutOfOrder }
                times.append(time)
            }
            var typeIndices: [Int] = []
            typeIndices.reserveCapacity(header.timeCount)
            for _ in 0..<header.timeCount {
                let index = Int(try reader.byte())
                guard index < header.typeCount else { throw .typeIndexOutOfRange }
                typeIndices.append(index)
            }
            var records: [(offset: Int, isDaylightSaving: Bool, abbreviationIndex: Int)] = []
            for _ in 0..<header.typeCount {
                let offset = Int(Int32(bitPattern: try reader.unsigned32()))
                guard LocalTimeType.offsetBounds.contains(offset) else { throw .offsetOutOfRange(offset) }
                let flag = try reader.byte()
                guard flag <= 1 else { throw .badDaylightFlag }
                records.append((offset, flag == 1, Int(try reader.byte())))
            }
            let characters = try reader.take(header.charCount)
            let types = try records.map { (record) throws(TZifProblem) in
                LocalTimeType(utcOffset: record.offset, isDaylightSaving: record.isDaylightSaving,
                              abbreviation: try abbreviation(at: record.abbreviationIndex, in: characters))
            }
            var previousLeap: Int64?
            for _ in 0..<header.leapCount {
                let occurrence = try reader.signed(size: timeSize)
                _ = try reader.unsigned32()
                if let previousLeap, occurrence <= previousLeap { throw .badLeapSeconds }
                previousLeap = occurrence
            }
            let standard = try reader.take(header.isstdCount), universal = try reader.take(header.isutCount)
            guard (standard + universal).allSatisfy({ $0 <= 1 }) else { throw .badIndicator }
            // A UT indicator set requires the standard one set (RFC 8536, 3.2).
            if !universal.isEmpty, !standard.isEmpty, zip(universal, standard).contains(where: { $0 == 1 && $1 == 0 }) {
                throw .badIndicator
            }
            return Block(times: times, typeIndices: typeIndices, types: types, leapCount: header.leapCount)
        }

        /// The NUL-terminated printable ASCII string at `index`.
        private static func abbreviation(at index: Int, in characters: ArraySlice<UInt8>) throws(TZifProblem) -> String {
            guard index < characters.count else { throw .badAbbreviation }
            let text = characters.dropFirst(index)
            guard let end = text.firstIndex(of: 0) else { throw .badAbbreviation }
            let abbreviation = text[text.startIndex..<end]
            guard abbreviation.allSatisfy({ (0x20..<0x7F).contains($0) }) else { throw .badAbbreviation }
            return String(decoding: abbreviation, as: UTF8.self)
        }

        func rules(origin: TimeZoneRules.Origin, footer: POSIXTimeZone?) throws(TZifProblem) -> TimeZoneRules {
            TimeZoneRules(origin: origin, transitionTimes: times, transitionTypes: typeIndices, types: types, footer: footer)
        }
    }

    /// Big-endian reads that fail, rather than trap, at the end.
    private struct ByteReader {
        let bytes: [UInt8]
        var index = 0

        var atEnd: Bool { index == bytes.count }
        var remaining: ArraySlice<UInt8> { bytes[index...] }

        mutating func take(_ count: Int) throws(TZifProblem) -> ArraySlice<UInt8> {
            guard count >= 0, count <= bytes.count - index else { throw .truncated }
            defer { index += count }
            return bytes[index..<index + count]
        }

        mutating func skip(_ count: Int) throws(TZifProblem) { _ = try take(count) }

        mutating func byte() throws(TZifProblem) -> UInt8 { try take(1).first ?? 0 }

        mutating func unsigned32() throws(TZifProblem) -> UInt32 {
            try take(4).reduce(0) { $0 << 8 | UInt32($1) }
        }

        /// A two's complement integer of 4 or 8 bytes.
        mutating func signed(size: Int) throws(TZifProblem) -> Int64 {
            let raw = try take(size).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            return size == 4 ? Int64(Int32(bitPattern: UInt32(truncatingIfNeeded: raw))) : Int64(bitPattern: raw)
        }
    }
}
