import HTTPClient
import NetworkIO
import Testing
import TestSupport

/// Bodies framed every way RFC 9112 allows, whole or in odd pieces.
@Suite(.hangGuard)
struct FramingTests {
    @Test(arguments: [
        ("content-length", "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello", "hello"),
        ("empty content-length", "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n", ""),
        ("chunked", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n", "hello world"),
        ("chunk extensions and trailers", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5;name=value\r\nhello\r\n0\r\nX-Trailer: yes\r\n\r\n", "hello"),
        ("upper-case hex", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nA\r\n0123456789\r\n0\r\n\r\n", "0123456789"),
        ("bare LF head", "HTTP/1.1 200 OK\nContent-Length: 2\n\nok", "ok"),
        ("interim 100 skipped", "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok", "ok"),
        ("HTTP/1.0 until close", "HTTP/1.0 200 OK\r\n\r\nto the end", "to the end"),
        ("header case", "HTTP/1.1 200 OK\r\ncOnTeNt-LeNgTh: 3\r\n\r\nabc", "abc"),
    ])
    func readsBodies(id: String, response: String, body: String) throws {
        let server = try LoopbackServer { connection in
            _ = connection.readRequest()
            connection.write(response)
            connection.close()
        }
        let answer = try client(of: server).send(post(), deadline: .after(.seconds(5)))
        #expect(answer.status == 200, "\(id)")
        #expect(answer.text == body, "\(id)")
    }

    /// The same response cut into pieces of every size from 1 byte: framing
    /// must not depend on how the bytes arrive.
    @Test(arguments: [1, 2, 3, 7, 16])
    func readsBodiesInAnyPieces(size: Int) throws {
        let body = String(repeating: "0123456789abcdef", count: 40)
        let chunks = stride(from: 0, to: body.count, by: 37).map { start -> String in
            let piece = String(body.dropFirst(start).prefix(37))
            return String(piece.utf8.count, radix: 16) + "\r\n" + piece + "\r\n"
        }.joined()
        let response = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" + chunks + "0\r\n\r\n"
        let server = try LoopbackServer { connection in
            _ = connection.readRequest()
            connection.trickle(Array(response.utf8), size: size, delay: 0)
            connection.close()
        }
        let answer = try client(of: server).send(post(), deadline: .after(.seconds(10)))
        #expect(answer.text == body)
    }

    /// Bodies larger than the connection's buffer, both framings.
    @Test(arguments: ["length", "chunked"])
    func readsLargeBodies(framing: String) throws {
        let body = (0..<300_000).map { UInt8(ascii: "a") + UInt8($0 % 26) }
        let server = try LoopbackServer { connection in
            _ = connection.readRequest()
            if framing == "length" {
                connection.write("HTTP/1.1 200 OK\r\nContent-Length: \(body.count)\r\n\r\n")
                connection.write(body)
            } else {
                connection.write("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n")
                for start in stride(from: 0, to: body.count, by: 70_000) {
                    let piece = Array(body[start..<min(body.count, start + 70_000)])
                    connection.write(String(piece.count, radix: 16) + "\r\n")
                    connection.write(piece)
                    connection.write("\r\n")
                }
                connection.write("0\r\n\r\n")
            }
            connection.close()
        }
        #expect(try client(of: server).send(post(), deadline: .after(.seconds(10))).body == body)
    }

    @Test func refusesBodiesOverTheLimit() throws {
        let server = try answering("HTTP/1.1 200 OK\r\nContent-Length: 2000\r\n\r\n" + String(repeating: "x", count: 2000))
        let http = client(of: server)
        http.maximumBodySize = 1000
        #expect { try http.send(post(), deadline: .after(.seconds(5))) } throws: { error in
            (error as? HTTPError)?.kind == .tooLarge
        }
    }

    /// Responses that are not HTTP as RFC 9112 frames it: a clear error,
    /// marked as coming after the request may have arrived.
    @Test(arguments: [
        ("not HTTP", "SSH-2.0-OpenSSH\r\n\r\n", HTTPError.Kind.malformed),
        ("bad status", "HTTP/1.1 2x0 OK\r\n\r\n", .malformed),
        ("HTTP/2 preface", "HTTP/2 200\r\n\r\n", .malformed),
        ("folded header", "HTTP/1.1 200 OK\r\nX: a\r\n b\r\nContent-Length: 0\r\n\r\n", .malformed),
        ("header without colon", "HTTP/1.1 200 OK\r\nnonsense\r\n\r\n", .malformed),
        ("bad content-length", "HTTP/1.1 200 OK\r\nContent-Length: 12abc\r\n\r\n", .malformed),
        ("negative content-length", "HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n", .malformed),
        ("conflicting content-lengths", "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\nabc", .malformed),
        ("bad chunk size", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", .malformed),
        ("chunk longer than its size", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n0\r\n\r\n", .malformed),
        ("chunk size overflow", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nffffffffffffffffff\r\n", .malformed),
        ("truncated content-length", "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc", .truncated),
        ("truncated chunked", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhel", .truncated),
        ("no last chunk", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n", .truncated),
        ("truncated head", "HTTP/1.1 200 OK\r\nContent-Le", .truncated),
    ])
    func refusesMalformedResponses(id: String, response: String, kind: HTTPError.Kind) throws {
        let server = try LoopbackServer { connection in
            _ = connection.readRequest()
            connection.write(response)
            connection.close()
        }
        do {
            let answer = try client(of: server).send(post(), deadline: .after(.seconds(5)))
            Issue.record("\(id): expected an error, got HTTP \(answer.status) \(answer.text)")
        } catch {
            #expect(error.kind == kind, "\(id): \(error.message)")
            #expect(error.requestMayHaveArrived, "\(id)")
            #expect(!error.message.contains("\n"), "\(id): one line")
        }
    }

    @Test func refusesEndlessHeads() throws {
        let server = try LoopbackServer { connection in
            _ = connection.readRequest()
            connection.write("HTTP/1.1 200 OK\r\n")
            for _ in 0..<2000 { connection.write("X-Filler: " + String(repeating: "y", count: 60) + "\r\n") }
            connection.close()
        }
        #expect { try client(of: server).send(post(), deadline: .after(.seconds(5))) } throws: { error in
            let kind = (error as? HTTPError)?.kind
            return kind == .tooLarge || kind == .malformed
        }
    }
}
