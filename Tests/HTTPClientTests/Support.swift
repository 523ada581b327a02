import HTTPClient
import NetworkIO
import TestSupport

/// A client of a loopback server, with short timeouts so misbehaviour shows fast.
func client(of server: LoopbackServer, io: Duration = .milliseconds(500)) -> HTTPClient {
    HTTPClient(host: "127.0.0.1", port: server.port, connector: Connector(connectTimeout: .seconds(1)), ioTimeout: io)
}

func post(_ body: String = "{}", target: String = "/v3/kv/range") -> HTTPRequest {
    HTTPRequest(target: target, headers: HTTPHeaders([("Grpc-Metadata-hasleader", "true")]), body: Array(body.utf8))
}

/// A server answering every request on a connection with `response`.
func answering(_ response: String) throws -> LoopbackServer {
    try LoopbackServer { connection in
        while connection.readRequest() != nil { connection.write(response) }
        connection.close()
    }
}

/// Seconds since `start` (wall time, for bounds on waits only: never for speed).
func elapsed(since start: Deadline) -> Double {
    Double(Deadline.now.uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
}

extension HTTPResponse {
    var text: String { String(decoding: body, as: UTF8.self) }
}
