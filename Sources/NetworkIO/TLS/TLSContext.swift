import CTLS
import Glibc

/// The TLS settings every session of a process shares (an OpenSSL context).
/// Making one costs more than a whole handshake: make one, keep it.
public final class TLSContext {
    let pointer: OpaquePointer
    public let configuration: TLSConfiguration

    /// Loads the CA, certificate and key, each read here first (`PEMFile`),
    /// so that a missing, unreadable or odd file is named with the reason
    /// and nothing at those paths can block or flood the process.
    public init(_ configuration: TLSConfiguration) throws(NetworkError) {
        let ca = try configuration.caFile.map { path throws(NetworkError) in try PEMFile(role: "CA file", path: path) }
        let certificate = try configuration.certificateFile.map { path throws(NetworkError) in
            try PEMFile(role: "certificate file", path: path)
        }
        let key = try configuration.keyFile.map { path throws(NetworkError) in try PEMFile(role: "key file", path: path) }
        var error = ctls_error()
        let created = ca.withPEM { ca in
            certificate.withPEM { certificate in
                key.withPEM { key in ctls_context_create(ca, certificate, key, &error) }
            }
        }
        guard let pointer = created else { throw TLSContext.networkError(error) }
        self.pointer = pointer
        self.configuration = configuration
    }

    /// A context whose sessions accept certificates outside their validity
    /// period (all else verified): only for asking a server the time when
    /// this machine's clock may be wrong.
    public static func ignoringValidityPeriod(_ configuration: TLSConfiguration) throws(NetworkError) -> TLSContext {
        let context = try TLSContext(configuration)
        ctls_context_ignore_validity_period(context.pointer)
        return context
    }

    deinit { ctls_context_free(pointer) }

    /// Our error for a failure the C side reported.
    static func networkError(_ error: ctls_error) -> NetworkError {
        var error = error
        let message = withUnsafeBytes(of: &error.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        let kind: NetworkError.Kind
        switch error.status {
        case CTLS_TIMEOUT: kind = .timedOut
        case CTLS_CLOSED, CTLS_EOF: kind = .closed
        case CTLS_SYSTEM:
            let code = error.sys_errno
            kind = code == ECONNRESET || code == EPIPE ? .reset : .system
        case CTLS_VERIFY: kind = .tlsVerification
        case CTLS_PEER_ALERT: kind = .tlsRefused
        case CTLS_CONFIGURATION: kind = .tlsConfiguration
        default: kind = .tlsProtocol
        }
        return NetworkError(kind, message)
    }
}

extension Optional<PEMFile> {
    /// `body` with the C view of the file (its path and bytes), or NULL for none.
    func withPEM<T>(_ body: (UnsafePointer<ctls_pem>?) -> T) -> T {
        guard let file = self else { return body(nil) }
        return file.path.withCString { path in
            file.bytes.withUnsafeBufferPointer { bytes in
                var pem = ctls_pem(path: path, bytes: bytes.baseAddress, count: bytes.count)
                return body(&pem)
            }
        }
    }
}
