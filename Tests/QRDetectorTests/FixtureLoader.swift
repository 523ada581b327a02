import Foundation
import QRDetector

/// Reads the committed fixtures: binary PGM images, truth grids and the
/// manifest written by Fixtures/generate.sh.
enum FixtureLoader {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    struct Entry: Sendable, CustomStringConvertible {
        let name: String
        let version: Int
        /// The image is mirrored, so the detector's grid is the transposed truth.
        let mirrored: Bool
        /// Whether zbarimg read the image when the fixtures were generated.
        let zbarReads: Bool
        var description: String { name }
    }

    /// Manifest rows in file order; empty when the manifest is missing,
    /// which the fixture tests report as a failure.
    static let manifest: [Entry] = {
        guard let text = try? String(contentsOf: directory.appendingPathComponent("manifest.tsv"), encoding: .utf8) else {
            return []
        }
        return text.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: "\t").map(String.init)
            guard fields.count == 4, let version = Int(fields[1]) else { return nil }
            return Entry(name: fields[0], version: version, mirrored: fields[2] == "1", zbarReads: fields[3] == "1")
        }
    }()

    enum LoadError: Error, Sendable, CustomStringConvertible {
        case unreadable(String)
        case malformed(String)
        var description: String {
            switch self {
            case .unreadable(let name): return "cannot read fixture \(name)"
            case .malformed(let name): return "malformed fixture \(name)"
            }
        }
    }

    static func image(named name: String) throws -> LuminanceImage {
        let url = directory.appendingPathComponent("\(name).pgm")
        guard let data = try? Data(contentsOf: url) else { throw LoadError.unreadable(name) }
        guard let image = parsePGM([UInt8](data)) else { throw LoadError.malformed(name) }
        return image
    }

    static func truth(named name: String, suffix: String = "truth") throws -> ModuleGrid {
        let url = directory.appendingPathComponent("\(name).\(suffix)")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { throw LoadError.unreadable(name) }
        let rows = text.split(separator: "\n")
        let bits = rows.flatMap { $0.map { $0 == "#" } }
        guard let grid = ModuleGrid(size: rows.count, bits: bits) else { throw LoadError.malformed(name) }
        return grid
    }

    /// Parses binary PGM (P5, maxval ≤ 255): magic, width, height, maxval
    /// separated by whitespace or comments, one whitespace byte, then pixels.
    static func parsePGM(_ bytes: [UInt8]) -> LuminanceImage? {
        var index = 0
        func token() -> String? {
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "#") {
                    while index < bytes.count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
                } else if bytes[index] == 0x20 || (0x09...0x0D).contains(bytes[index]) {
                    index += 1
                } else {
                    break
                }
            }
            let start = index
            while index < bytes.count && !(bytes[index] == 0x20 || (0x09...0x0D).contains(bytes[index])) { index += 1 }
            return start < index ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
        }
        guard token() == "P5", let width = token().flatMap(Int.init), let height = token().flatMap(Int.init),
              let maxValue = token().flatMap(Int.init), maxValue > 0, maxValue <= 255 else { return nil }
        index += 1
        guard bytes.count - index >= width * height else { return nil }
        var pixels = Array(bytes[index..<(index + width * height)])
        if maxValue != 255 {
            pixels = pixels.map { UInt8(min(255, Int($0) * 255 / maxValue)) }
        }
        return LuminanceImage(width: width, height: height, pixels: pixels)
    }
}
