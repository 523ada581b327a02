import Glibc

/// Why talking to a peer failed: a kind to act on and a one-line message to show.
///
/// The kind says what happened, not what it means for the request: whether a
/// request may have been executed depends on when the failure came (before
/// the request was sent, or after), which the layer above knows.
public struct NetworkError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        /// A host or address that cannot be used as written.
        case badAddress
        /// A host name that could not be resolved (no such name, or DNS failed).
        case resolution
        /// Nothing listens there (ECONNREFUSED).
        case refused
        /// No route to the host or network.
        case unreachable
        /// The time allowed passed first.
        case timedOut
        /// The peer ended the connection (an orderly close or EOF).
        case closed
        /// The peer reset the connection, or it broke (ECONNRESET, EPIPE).
        case reset
        /// Another system call failure.
        case system
        /// The server's certificate failed verification (untrusted, wrong name, expired).
        case tlsVerification
        /// The server refused our TLS session (for example, our client certificate).
        case tlsRefused
        /// Not TLS, or TLS failed on the wire.
        case tlsProtocol
        /// The CA, certificate or key file cannot be used.
        case tlsConfiguration
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }

    /// The error for a failed system call, from its errno.
    static func system(_ operation: String, errno code: Int32, peer: String) -> NetworkError {
        let reason = SystemErrorText.message(code)
        switch code {
        case ECONNREFUSED: return NetworkError(.refused, "\(peer): connection refused")
        case ECONNRESET, EPIPE: return NetworkError(.reset, "\(peer): connection reset while \(operation)")
        case ETIMEDOUT: return NetworkError(.timedOut, "\(peer): timed out while \(operation)")
        case EHOSTUNREACH, ENETUNREACH, ENETDOWN, EHOSTDOWN, EADDRNOTAVAIL:
            return NetworkError(.unreachable, "\(peer): \(reason)")
        default: return NetworkError(.system, "\(peer): \(operation): \(reason)")
        }
    }
}

/// The C library's text for an errno.
enum SystemErrorText {
    static func message(_ code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        // The XSI strerror_r is thread-safe, unlike strerror.
        guard strerror_r(code, &buffer, buffer.count) == 0 else { return "error \(code)" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
