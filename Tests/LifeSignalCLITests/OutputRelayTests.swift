import Foundation
@testable import LifeSignalApp
@testable import LifeSignalCLI
import Testing

/// A command's output on its way to our stderr: a harmless, indented line
/// for each of its lines, however the bytes arrive, and no more than the
/// bounds however much it prints.
@Suite struct OutputRelayTests {
    /// What the relay shows for `chunks`, written to a pipe one after another.
    func relayed(_ chunks: [[UInt8]]) throws -> String {
        var ends: [Int32] = [0, 0]
        // Closed on exec from the start: a process another test starts
        // meanwhile (an etcd member, for the rest of the run) must not
        // inherit the write end and hold the pipe open.
        try #require(SpawningProcessRunner.makePipe(&ends))
        defer { close(ends[0]) }
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        let shown = Shown()
        var relay = OutputRelay(descriptor: ends[0]) { shown.bytes += $0 }
        let writeEnd = ends[1]
        for chunk in chunks {
            // Written from another thread: a chunk may be larger than the pipe holds.
            let writer = Thread { chunk.withUnsafeBytes { _ = write(writeEnd, $0.baseAddress!, $0.count) } }
            writer.start()
            while !writer.isFinished { _ = relay.pump(); usleep(1000) }
            _ = relay.pump()
        }
        close(ends[1])
        #expect(relay.pump() == false, "the pipe's end is its end")
        relay.finish()
        return String(decoding: shown.bytes, as: UTF8.self)
    }

    final class Shown: @unchecked Sendable { var bytes: [UInt8] = [] }

    @Test func theRunnersPipeIsClosedOnExecFromTheStart() throws {
        var ends: [Int32] = [-1, -1]
        try #require(SpawningProcessRunner.makePipe(&ends))
        defer { for end in ends { close(end) } }
        for end in ends { #expect(fcntl(end, F_GETFD) & FD_CLOEXEC != 0, "descriptor \(end)") }
        var byte: UInt8 = 7
        #expect(write(ends[1], &byte, 1) == 1)
        byte = 0
        #expect(read(ends[0], &byte, 1) == 1 && byte == 7)
    }

    @Test func eachLineIsHarmlessAndIndentedWhereverTheChunksBreak() throws {
        let text = Array("plain\nti\u{1B}]2;x\u{07}tle\r\nerror: fake\nlast".utf8)
        let expected = "  plain\n  ti␛]2;x␇tle␍\n  error: fake\n  last\n"
        #expect(try relayed([text]) == expected)
        #expect(try relayed(text.map { [$0] }) == expected)
        // A UTF-8 character split between two reads is one character.
        let accented = Array("café\n".utf8)
        #expect(try relayed([Array(accented.prefix(4)), Array(accented.dropFirst(4))]) == "  café\n")
    }

    @Test func aFloodIsCutAtTheLimitAndSaysSo() throws {
        let line = Array(String(repeating: "x", count: 99).utf8) + [10]
        let shown = try relayed(Array(repeating: line, count: 2000) + [Array("short\n".utf8)])
        #expect(shown.utf8.count <= OutputRelay.limit + 3 * 700, "\(shown.utf8.count) bytes shown")
        #expect(shown.hasSuffix("(the command's further output was not shown)\n"))
        #expect(!shown.contains("short"), "a line after the cut was shown")
        let long = try relayed([Array(repeating: UInt8(ascii: "y"), count: 100_000)])
        #expect(long.utf8.count == 2 + OutputRelay.lineLimit + 1, "one line of \(long.utf8.count) bytes")
    }
}
