import Foundation
import Testing
@testable import QRCode

/// A symbol produced by qrencode, read from the fixture files (format in generate_qrencode_fixtures.py).
struct QrencodeFixture: CustomTestStringConvertible, Sendable {
    let version: Int
    let level: String
    let option: String
    let payload: [UInt8]
    let grid: BitMatrix

    var testDescription: String { "\(version)-\(level) \(option)" }

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func load(_ name: String) -> [QrencodeFixture] {
        let url = directory.appendingPathComponent(name)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.components(separatedBy: "\n\n").compactMap(parse)
    }

    private static func parse(_ block: String) -> QrencodeFixture? {
        let lines = block.split(separator: "\n").map(String.init)
        guard lines.count > 2 else { return nil }
        let header = lines[0].split(separator: " ")
        guard header.count == 4, header[0] == "symbol", let version = Int(header[1]),
              lines[1].hasPrefix("payload ") else { return nil }
        let payload = bytes(fromHex: String(lines[1].dropFirst("payload ".count)))
        let size = 17 + 4 * version
        let rows = lines.dropFirst(2).map { line in
            Array(line.flatMap { digit -> [Bool] in
                let value = Int(String(digit), radix: 16) ?? 0
                return (0..<4).map { value >> (3 - $0) & 1 == 1 }
            }.prefix(size))
        }
        guard let grid = BitMatrix(rows: rows), grid.size == size else { return nil }
        return QrencodeFixture(version: version, level: String(header[2]), option: String(header[3]), payload: payload, grid: grid)
    }

    static func bytes(fromHex hex: String) -> [UInt8] {
        let digits = Array(hex.utf8)
        return stride(from: 0, to: digits.count - 1, by: 2).compactMap {
            UInt8(String(decoding: digits[$0...($0 + 1)], as: UTF8.self), radix: 16)
        }
    }
}
