import NetworkIO

/// Why an HTTP exchange failed, and how far it had come: whether the
/// server may have received (and acted on) the request follows from that.
public struct HTTPError: Error, Equatable, Sendable, CustomStringConvertible {
    /// How far the exchange got before it failed.
    public enum Stage: Int, Comparable, Sendable {
        /// Resolving, connecting or the TLS handshake: nothing was sent.
        case connecting
        /// Writing the request: it never arrived whole, so it was not acted on.
        case sending
        /// The request was sent; no response has begun.
        case awaitingResponse
        /// The response began but did not end well.
        case receiving

        public static func < (lhs: Stage, rhs: Stage) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    public enum Kind: Equatable, Sendable {
        /// The network failed (see `NetworkError.Kind`).
        case network(NetworkError.Kind)
        /// The bytes that came back are not HTTP/1.1 as RFC 9112 frames it.
        case malformed
        /// The connection ended before the framing said the message was complete.
        case truncated
        /// A response head or body over the client's limits.
        case tooLarge
    }

    public var stage: Stage
    public var kind: Kind
    public var message: String

    public init(stage: Stage, kind: Kind, message: String) {
        self.stage = stage
        self.kind = kind
        self.message = message
    }

    init(stage: Stage, _ error: NetworkError) {
        self.init(stage: stage, kind: .network(error.kind), message: error.message)
    }

    /// Whether the server may have received the whole request: after that,
    /// a failure leaves unknown whether it was carried out.
    public var requestMayHaveArrived: Bool { stage >= .awaitingResponse }

    public var description: String { message }
}
