import Foundation
import HTTPClient
import NetworkIO
import Testing
import TestSupport

/// Streaming bodies (etcd's watch): newline-delimited messages read as they
/// come, whatever the chunks.
@Suite(.hangGuard)
struct StreamTests {
    private static let head = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"

    private static func chunk(_ text: String) -> String {
        String(text.utf8.count, radix: 16) + "\r\n" + text + "\r\n"
    }

    private func lines(from stream: HTTPStream, until deadline: Deadline) throws -> [String] {
        var lines: [String] = []
        while true {
            switch try stream.nextLine(until: deadline) {
            case .data(let line): lines.append(String(decoding: line, as: UTF8.self))
            case .idle, .end: return lines
            }
        }
    }

    @Test func splitsLinesAcrossChunkBoundaries() throws {
        let chunks = [#"{"a":"#, #"1}"# + "\n" + #"{"b":2}"# + "\n" + #"{"c""#, #":3}"# + "\n"]
        let server = try LoopbackServer { connection in
            _ = connection.readRequest()
            connection.write(Self.head)
            for piece in chunks {
                connection.write(Self.chunk(piece))
                Thread.sleep(forTimeInterval: 0.02)
            }
            connection.write("0\r\n\r\n")
            connection.close()
        }
        let stream = try client(of: server).openStream(post(), deadline: .after(.seconds(5)))
        #expect(try lines(from: stream, until: .after(.seconds(5))) == [#"{"a":1}"#, #"{"b":2}"#, #"{"c":3}"#])
    }

    @Test func aQuietStreamIsIdleNotBroken() throws {
        let server = try LoopbackServer { connection in
            _ = connection.readRequest()
            connection.write(Self.head)
            Thread.sleep(forTimeInterval: 0.4)
            connection.write(Self.chunk("late\n") + "0\r\n\r\n")
            connection.waitForClose()
            connection.close()
        }
        let stream = try client(of: server).openStream(post(), deadline: .after(.seconds(5)))
        #expect(try stream.nextLine(until: .after(.milliseconds(100))) == .idle)
        #expect(try stream.nextLine(until: .after(.seconds(5))) == .data(Array("late".utf8)))
        #expect(try stream.nextLine(until: .after(.seconds(5))) == .end)
    }

    /// A member killed mid-stream: the body ends without its last chunk.
    @Test(arguments: ["between messages", "inside a message"])
    func aStreamCutShortIsAnError(place: String) throws {
        let server = try LoopbackServer { connection in
            _ = connection.readRequest()
            connection.write(Self.head + Self.chunk("one\n"))
            connection.write(place == "between messages" ? "" : Self.chunk("tw"))
            Thread.sleep(forTimeInterval: 0.05)
            connection.close()
        }
        let stream = try client(of: server).openStream(post(), deadline: .after(.seconds(5)))
        #expect(try stream.nextLine(until: .after(.seconds(5))) == .data(Array("one".utf8)))
        #expect { try stream.nextLine(until: .after(.seconds(5))) } throws: { error in
            (error as? HTTPError)?.kind == .truncated
        }
    }

    @Test func lineSplitterHandlesEveryCut() throws {
        let text = Array("first\nsecond line\r\n\nlast\n".utf8)
        for cut in 0...text.count {
            var splitter = LineSplitter()
            var lines: [String] = []
            for piece in [Array(text[..<cut]), Array(text[cut...])] {
                splitter.append(piece)
                while let line = try splitter.nextLine() { lines.append(String(decoding: line, as: UTF8.self)) }
            }
            #expect(lines == ["first", "second line", "", "last"], "cut at \(cut)")
            #expect(!splitter.hasPartialLine)
        }
    }

    @Test func lineSplitterRefusesEndlessLines() {
        var splitter = LineSplitter(maximumLine: 10)
        splitter.append(Array(repeating: UInt8(ascii: "x"), count: 11))
        #expect(throws: HTTPHeadError.self) { try splitter.nextLine() }
    }
}
