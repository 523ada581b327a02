import Foundation
import HTTPClient
import NetworkIO
import Testing
import TestSupport

/// Connections: reuse, the server closing, timeouts, and how far a failed
/// exchange got (which decides whether the request may have been acted on).
@Suite(.hangGuard)
struct ConnectionTests {
    @Test func sendsHostAndContentLengthAndTheHeadersGiven() throws {
        let seen = Locked<String>("")
        let server = try LoopbackServer { connection in
            if let request = connection.readRequest() {
                seen.value = request.head + "\r\n\n" + String(decoding: request.body, as: UTF8.self)
                connection.write("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")
            }
            connection.close()
        }
        _ = try client(of: server).send(post(#"{"key":"YQ=="}"#), deadline: .after(.seconds(5)))
        let lines = seen.value.split(separator: "\r\n").map(String.init)
        #expect(lines.first == "POST /v3/kv/range HTTP/1.1")
        #expect(lines.contains("Host: 127.0.0.1:\(server.port)"))
        #expect(lines.contains("Content-Length: 14"))
        #expect(lines.contains("Grpc-Metadata-hasleader: true"))
        #expect(seen.value.hasSuffix("\n{\"key\":\"YQ==\"}"))
    }

    @Test func writesIPv6HostsInBrackets() {
        let http = HTTPClient(host: "::1", port: 2379, connector: Connector())
        #expect(http.authority == "[::1]:2379")
    }

    @Test func keepsOneConnectionAlive() throws {
        let server = try answering("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
        let http = client(of: server)
        for _ in 0..<5 { #expect(try http.send(post(), deadline: .after(.seconds(5))).text == "ok") }
        #expect(server.acceptedCount == 1)
    }

    @Test func reconnectsWhenTheServerClosedTheIdleConnection() throws {
        let server = try LoopbackServer { connection in
            // One request per connection, then an orderly close without saying so.
            if connection.readRequest() != nil { connection.write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok") }
            connection.close()
        }
        let http = client(of: server)
        for _ in 0..<3 {
            #expect(try http.send(post(), deadline: .after(.seconds(5))).text == "ok")
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(server.acceptedCount == 3)
    }

    @Test(arguments: ["Connection: close\r\n", "Connection: keep-alive, close\r\n"])
    func doesNotReuseAConnectionTheServerWillClose(header: String) throws {
        let server = try answering("HTTP/1.1 200 OK\r\n\(header)Content-Length: 2\r\n\r\nok")
        let http = client(of: server)
        for _ in 0..<2 { _ = try http.send(post(), deadline: .after(.seconds(5))) }
        #expect(server.acceptedCount == 2)
    }

    @Test func connectRefusedIsBeforeSending() throws {
        let server = try answering("")
        let port = server.port
        server.stop()
        let http = HTTPClient(host: "127.0.0.1", port: port, connector: Connector())
        do {
            _ = try http.send(post(), deadline: .after(.seconds(5)))
            Issue.record("expected an error")
        } catch {
            #expect(error.stage == .connecting)
            #expect(error.kind == .network(.refused))
            #expect(!error.requestMayHaveArrived)
            #expect(error.message == "127.0.0.1:\(port): connection refused")
        }
    }

    @Test func closeBeforeAnyResponseMayHaveArrived() throws {
        let server = try LoopbackServer { connection in
            _ = connection.readRequest()
            connection.close()
        }
        do {
            _ = try client(of: server).send(post(), deadline: .after(.seconds(5)))
            Issue.record("expected an error")
        } catch {
            #expect(error.stage == .awaitingResponse)
            #expect(error.requestMayHaveArrived)
        }
    }

    @Test func resetMidBodyIsTruncationOrReset() throws {
        let server = try LoopbackServer { connection in
            _ = connection.readRequest()
            connection.write("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nabc")
            Thread.sleep(forTimeInterval: 0.05)
            connection.reset()
        }
        do {
            _ = try client(of: server).send(post(), deadline: .after(.seconds(5)))
            Issue.record("expected an error")
        } catch {
            #expect(error.stage == .receiving)
            #expect(error.kind == .truncated || error.kind == .network(.reset))
        }
    }

    /// A server that accepts and then says nothing: each read is bounded by
    /// the I/O timeout, never a hang.
    @Test func aHungServerTimesOut() throws {
        let server = try LoopbackServer { connection in
            _ = connection.readRequest()
            connection.waitForClose()
            connection.close()
        }
        let start = Deadline.now
        do {
            _ = try client(of: server, io: .milliseconds(300)).send(post(), deadline: .after(.seconds(10)))
            Issue.record("expected a timeout")
        } catch {
            #expect(error.kind == .network(.timedOut))
            #expect(error.stage == .awaitingResponse)
            #expect(error.message.contains("nothing arrived for 300 ms"))
        }
        #expect(elapsed(since: start) < 5)
    }

    /// A server that sends a byte now and then keeps each read alive, but
    /// the whole exchange stays bounded by its deadline.
    @Test func aTricklingServerIsBoundedByTheDeadline() throws {
        let server = try LoopbackServer { connection in
            _ = connection.readRequest()
            connection.write("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n")
            connection.trickle(Array(repeating: UInt8(ascii: "x"), count: 1000), size: 1, delay: 0.1)
            connection.close()
        }
        let start = Deadline.now
        do {
            _ = try client(of: server, io: .milliseconds(500)).send(post(), deadline: .after(.seconds(1)))
            Issue.record("expected a timeout")
        } catch {
            #expect(error.kind == .network(.timedOut))
            #expect(error.message.contains("the time allowed for the request ran out"))
        }
        #expect(elapsed(since: start) < 5)
    }

    @Test func aSlowButSteadyServerIsFine() throws {
        let response = "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello"
        let server = try LoopbackServer { connection in
            _ = connection.readRequest()
            connection.trickle(Array(response.utf8), size: 4, delay: 0.1)
            connection.close()
        }
        #expect(try client(of: server, io: .milliseconds(500)).send(post(), deadline: .after(.seconds(10))).text == "hello")
    }

    /// Writing to a connection the server has closed gives EPIPE/ECONNRESET,
    /// never SIGPIPE (which would kill the test process).
    @Test func writingToAClosedConnectionIsAnErrorNotASignal() throws {
        let server = try LoopbackServer { connection in connection.reset() }
        let big = String(repeating: "x", count: 4 << 20)
        let http = client(of: server, io: .seconds(2))
        #expect(throws: HTTPError.self) { try http.send(post(big), deadline: .after(.seconds(10))) }
    }
}

/// A value shared between a server thread and the test.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
