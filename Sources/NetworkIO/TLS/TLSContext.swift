import CTLS
import Glibc

/// The TLS settings every session of a process shares (an OpenSSL context).
/// Making one costs about 9M instructions: make one, keep it.
public final class TLSContext {
    let pointer: OpaquePointer
    public let configuration: TLSConfiguration

    /// Loads the CA, certificate and key. The files are checked first, so a
    /// missing or unreadable file is named with the system's reason.
    public init(_ configuration: TLSConfiguration) throws(NetworkError) {
        let files = [("CA file", configuration.caFile), ("certificate file", configuration.certificateFile),
                     ("key file", configuration.keyFile)]
        for case let (role, path?) in files {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw NetworkError(.tlsConfiguration, "\(role) \(path): \(SystemErrorText.message(errno))")
            }
            _ = Glibc.close(descriptor)
        }
        var error = ctls_error()
        guard let pointer = ctls_context_create(configuration.caFile, configuration.certificateFile,
                                                configuration.keyFile, &error) else {
            throw TLSContext.networkError(error)
        }
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
