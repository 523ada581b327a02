import Foundation
import Testing
@testable import QRCode

/// Writes symbols as images and text for .ci/qrcode.sh to check with zbarimg.
///
/// Runs only when QRCODE_DUMP_DIR names a directory. For each case it writes
/// `<id>.pbm` (raster, 3 px per module), `<id>.svg`, `<id>.term.txt` (default
/// terminal rendering), `<id>.ansi.txt` (inverted terminal rendering) and
/// `<id>.payload` (the exact bytes a scanner must return).
struct SymbolDumpTests {
    static let dumpDirectory = ProcessInfo.processInfo.environment["QRCODE_DUMP_DIR"]

    struct Case: Sendable, CustomTestStringConvertible {
        let id: String
        let payload: [UInt8]
        let symbol: @Sendable () throws -> QRSymbol
        var testDescription: String { id }
    }

    static let longUTF8 = String(repeating: "Grüße aus Köln — 你好，世界 — 🙂 check-in ✓ ", count: 40)

    /// Short non-ASCII texts, where a scanner guessing the character set has the least to go on.
    static let shortUTF8 = ["é", "ü", "Ñandú", "日本", "Ωμέγα", "naïve café", "€5", "ß", "Привет", "한국어", "🙂"]

    static let cases: [Case] = {
        var cases: [Case] = []
        func text(_ id: String, _ value: String, level: ErrorCorrectionLevel = .medium, eci: Bool = true) {
            cases.append(Case(id: id, payload: Array(value.utf8)) {
                try QREncoder.encode(text: value, level: level, utf8ECI: eci)
            })
        }
        text("numeric", "31415926535897932384626433832795028841971693993751")
        text("alnum", "HTTPS://LIFESIGNAL.EXAMPLE/CHECK-IN/12345")
        text("mixed", "Check-in 2026-11-21 10:25 UTC: OK 0123456789012345 ABCDEFGHIJKLMNOP", level: .high)
        text("utf8-plain", "Grüße, 你好, 🙂", eci: false)
        text("utf8-eci", "Grüße, 你好, 🙂")
        text("utf8-long", longUTF8, level: .low)
        for (index, value) in shortUTF8.enumerated() {
            text("utf8-short\(index)-plain", value, eci: false)
            text("utf8-short\(index)-eci", value)
        }
        let sentence = "lifesignal payload with Digits 0123456789 and CAPS ABCDEF; "
        for version in [5, 10, 15, 20, 25, 30, 35, 40] {
            for level in ErrorCorrectionLevel.allCases where version % 10 == 0 || level == .medium {
                let qrVersion = QRVersion(uncheckedNumber: version)
                let length = qrVersion.characterCapacity(.byte, level: level) * 9 / 10
                let value = String(String(repeating: sentence, count: length / sentence.count + 1).prefix(length))
                cases.append(Case(id: "v\(version)-\(level)", payload: Array(value.utf8)) {
                    try QREncoder.encode(text: value, level: level, boostLevel: false)
                })
            }
        }
        let binary = (0..<2000).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ 7) }
        cases.append(Case(id: "binary-v40", payload: binary) { try QREncoder.encode(bytes: binary, level: .medium) })
        return cases
    }()

    @Test("dump symbols for zbarimg", .enabled(if: dumpDirectory != nil, "set QRCODE_DUMP_DIR to dump symbols"), arguments: cases)
    func dump(_ entry: Case) throws {
        let directory = URL(fileURLWithPath: try #require(Self.dumpDirectory))
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let symbol = try entry.symbol()
        let raster = RasterRenderer.render(symbol, scale: 3)
        let pbm = Data("P4\n\(raster.width) \(raster.height)\n".utf8) + Data(raster.packedRows(darkIsOne: true))
        try pbm.write(to: directory.appendingPathComponent("\(entry.id).pbm"))
        try Data(SVGRenderer.render(symbol, moduleSize: 3).utf8).write(to: directory.appendingPathComponent("\(entry.id).svg"))
        try Data(TerminalRenderer.render(symbol).utf8).write(to: directory.appendingPathComponent("\(entry.id).term.txt"))
        try Data(TerminalRenderer.render(symbol, invert: true).utf8).write(to: directory.appendingPathComponent("\(entry.id).inv.txt"))
        try Data(entry.payload).write(to: directory.appendingPathComponent("\(entry.id).payload"))
    }
}
