import Foundation
import Testing
import TestSupport

/// `qr scan` decodes within a memory budget: a small file that inflates to
/// a huge image (a decompression bomb) costs its luminance plane and a few
/// rows, not its raw data. Measured as the peak resident memory of the
/// built binary (see `peakMemory`).
@Suite(.ownThreads)
struct ImageMemoryTests {
    /// The budget any accepted image must stay within (issue 16).
    static let budgetKB = 200 * 1024

    @Test func aDecompressionBombStaysWithinTheBudget() throws {
        let sandbox = Sandbox()
        let path = sandbox.root.appendingPathComponent("bomb.png").path
        // 4000 × 4000 RGBA at 16 bits: 128 MB of image data in under 1 MB.
        let bomb = Self.zeroPNG(width: 4000, height: 4000)
        #expect(bomb.count < 1 << 20)
        try Data(bomb).write(to: URL(fileURLWithPath: path))
        let (status, peakKB) = try Self.peakMemory(Binary.url.path, ["qr", "scan", "--raw", path])
        // Transparent black over white is a blank page: no code, exit 4.
        #expect(status == 4)
        #expect(peakKB < Self.budgetKB, "peak resident memory \(peakKB / 1024) MB")
    }

    /// Runs `executable` with `arguments` (output discarded) and returns its
    /// exit status and peak resident set in kilobytes, measured by the small
    /// `peak-memory` program built beside the test runner: measured from here,
    /// the child's peak would include this whole test process's.
    static func peakMemory(_ executable: String, _ arguments: [String]) throws -> (status: Int32, peakKB: Int) {
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let helper = try #require([runner.deletingLastPathComponent(), runner.deletingLastPathComponent().deletingLastPathComponent()]
            .map { $0.appendingPathComponent("peak-memory").path }
            .first { FileManager.default.isExecutableFile(atPath: $0) }, "peak-memory is built beside the test runner")
        let run = try Running(arguments: [helper, executable] + arguments, environment: ProcessInfo.processInfo.environment,
                              directory: FileManager.default.temporaryDirectory, executable: nil).wait(timeout: 300)
        let fields = run.stdout.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        try #require(run.succeeded && fields.count == 2, "peak-memory: \(run)")
        return (Int32(fields[0]), fields[1])
    }

    /// A PNG of all-zero RGBA-16 pixels whose IDAT is one fixed-Huffman
    /// deflate block: a literal zero, then 258-byte copies one byte back.
    static func zeroPNG(width: Int, height: Int) -> [UInt8] {
        let raw = height * (1 + width * 8)
        var bits = Bits()
        bits.write(1, count: 1)  // final block
        bits.write(1, count: 2)  // fixed Huffman codes
        bits.code(0b0011_0000, length: 8)  // literal 0
        var left = raw - 1
        while left >= 258 {
            bits.code(0b1100_0101, length: 8)  // length 258 (symbol 285)
            bits.code(0, length: 5)  // distance 1
            left -= 258
        }
        for _ in 0..<left { bits.code(0b0011_0000, length: 8) }
        bits.code(0, length: 7)  // end of block
        // Adler-32 of zeros: a stays 1 and b counts the bytes.
        let adler = UInt32(raw % 65521) << 16 | 1
        let idat = [0x78, 0x01] + bits.finish() + bigEndian(adler)
        var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [16, 6, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", idat) + chunk("IEND", [])
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }

    /// Deflate's bit order: values least significant bit first, Huffman
    /// codes most significant bit first.
    struct Bits {
        private var bytes: [UInt8] = []
        private var accumulator: UInt64 = 0
        private var pending = 0

        mutating func write(_ value: UInt64, count: Int) {
            accumulator |= value << UInt64(pending)
            pending += count
            while pending >= 8 {
                bytes.append(UInt8(truncatingIfNeeded: accumulator))
                accumulator >>= 8
                pending -= 8
            }
        }

        mutating func code(_ code: UInt64, length: Int) {
            var reversed: UInt64 = 0
            for bit in 0..<length { reversed |= (code >> UInt64(bit) & 1) << UInt64(length - 1 - bit) }
            write(reversed, count: length)
        }

        mutating func finish() -> [UInt8] {
            if pending > 0 { write(0, count: 8 - pending) }
            return bytes
        }
    }
}
