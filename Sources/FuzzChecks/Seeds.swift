import ImageIO
import QRCode
import TestSupport

/// Starting inputs for each target: valid examples, so mutations begin
/// close to the interesting code rather than at its first length check.
extension FuzzTarget {
    public var seeds: [[UInt8]] {
        switch self {
        case .parser: Self.parserSeeds
        case .storeDecoding: Self.storeSeeds
        case .png: Self.pngSeeds
        case .jpeg: Self.jpegSeeds
        case .pnm: Self.pnmSeeds
        case .inflate: Self.inflateSeeds
        case .qr: Self.qrSeeds
        case .durations: ["90m", "1d12h", "0", "30d", "36500d", "9223372035058806272", "106751991167300d", "off"]
            .map { Array($0.utf8) }
        }
    }

    private static var parserSeeds: [[UInt8]] {
        let lines: [[String]] = [
            ["checkin"], ["checkin", "-q", "--", "true"], ["checkin", "history", "--limit", "3", "--json"],
            ["checkin", "interval", "2d", "--reminder", "4h"],
            ["contacts", "add", "FD92G-PHC2Z-XC43H-Q9EBP", "--responder", "--dependent"],
            ["contacts", "role", "Bob", "--dependent"], ["contacts", "remove", "Bob", "--yes"],
            ["contacts", "--dependents", "--json"],
            ["notifications", "--type", "alert", "--unread", "--limit", "5", "--json"],
            ["notifications", "read", "8bc50fe9"], ["notifications", "delete", "--all", "--yes"],
            ["login", "--phone", "+15551234567", "--code", "123456", "--first-name", "Ada"],
            ["--store=/tmp/x", "status", "--check"], ["help", "ping"], ["ping", "respond"], ["-qh"],
            ["settings", "set", "notify-command", "mail -s x"], ["alert", "on"], ["qr", "show", "--json"],
            ["completions", "zsh"], ["--version"],
        ]
        return lines.map { Array($0.joined(separator: "\u{0}").utf8) }
    }

    private static var storeSeeds: [[UInt8]] {
        let fixture = StoreFixture.shared
        return fixture.paths.enumerated().map { index, path in [UInt8(index)] + (fixture.files[path] ?? []) }
    }

    private static var pngSeeds: [[UInt8]] {
        let ramp = (0..<48).map { UInt8($0 * 5) }
        return [
            PNGEncoder.encodeBilevel(width: 5, height: 3, isDark: (0..<15).map { $0 % 3 == 0 }),
            PNGEncoder.encode(width: 4, height: 4, format: .grey8, samples: Array(ramp.prefix(16))),
            PNGEncoder.encode(width: 4, height: 4, format: .rgb8, samples: ramp),
            PNGEncoder.encode(width: 2, height: 6, format: .rgba8, samples: ramp),
        ]
    }

    /// Small JPEGs of each kind the decoder reads, made by cjpeg (as the
    /// fixtures of ImageIOTests): 8×8 baseline 4:2:0, greyscale, and a
    /// progressive one with a restart interval, held here as bytes so that
    /// the fuzzer needs no files.
    private static var jpegSeeds: [[UInt8]] { JPEGSeeds.all }

    private static var pnmSeeds: [[UInt8]] {
        [
            PNMEncoder.encodeBitmap(width: 5, height: 3, isDark: (0..<15).map { $0 % 2 == 0 }),
            PNMEncoder.encodeGrey(width: 3, height: 2, samples: [0, 50, 100, 150, 200, 250]),
            Array("P1\n# comment\n3 2\n1 0 1\n0 1 0\n".utf8),
            Array("P2\n2 2\n15\n0 5\n10 15\n".utf8),
            Array("P3\n1 2\n255\n255 0 0\n0 0 255\n".utf8),
            Array("P6\n1 1\n65535\n".utf8) + [0, 1, 2, 3, 4, 5],
        ]
    }

    private static var inflateSeeds: [[UInt8]] {
        let texts = ["", "a", "hello hello hello hello", String(repeating: "lifesignal ", count: 200)]
        var seeds = texts.map { Zlib.compress(Array($0.utf8)) }
        seeds.append(Zlib.compress((0..<1024).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }))
        return seeds
    }

    private static var qrSeeds: [[UInt8]] {
        var seeds: [[UInt8]] = []
        for text in ["HELLO", "https://example.com/lifesignal", "FD92G-PHC2Z-XC43H-Q9EBP", "0123456789"] {
            guard let symbol = try? QREncoder.encode(text: text, level: .low) else { continue }
            seeds.append(QRCheck.gridInput(symbol))
            if symbol.version.rawValue == 1 { seeds.append(imageInput(symbol)) }
        }
        return seeds
    }

    /// A version 1 symbol drawn one pixel a module with a 4-module quiet zone.
    private static func imageInput(_ symbol: QRSymbol) -> [UInt8] {
        let side = symbol.size + 8
        var pixels: [UInt8] = []
        for y in 0..<side {
            for x in 0..<side {
                let (row, column) = (y - 4, x - 4)
                let inside = (0..<symbol.size).contains(row) && (0..<symbol.size).contains(column)
                pixels.append(inside && symbol.modules[column, row] ? 0 : 255)
            }
        }
        return [0, 1, UInt8(side - 21), UInt8(side - 21)] + pixels
    }
}
