import HTTPClient
import NetworkIO
import StrictJSON

/// What one failed attempt at a call means, following what etcd 3.4 was
/// seen to do (EtcdStore.docc/EtcdStoreDesign.md, "Failures and the
/// bounds on waiting"): which error, whether the request may have
/// been carried out, and where to go next.
struct AttemptFailure: Error, Equatable {
    enum Next: Equatable {
        /// Every member would answer the same: give up with this error.
        case stop
        /// This member cannot serve now (down, hung, no leader): try another.
        case otherMember
        /// The token expired or the member restarted: sign in again and retry.
        case signInAgain
    }

    var error: EtcdError
    var next: Next
}

enum FailureClassifier {
    /// An error status from the gateway, with its body
    /// `{"error":…,"message":…,"code":<gRPC code>}`.
    static func response(status: Int, body: [UInt8], member: String) -> AttemptFailure {
        let parsed = try? ResponseDecoding.document(body, ResponseDecoding.errorBody)
        let text = parsed.map { $0.message } ?? ""
        let grpcCode = parsed.map { $0.code } ?? 0
        let said = text.isEmpty ? "HTTP \(status) \(ResponseHead.quoted(body))" : text
        func fail(_ code: EtcdError.Code, _ next: AttemptFailure.Next, _ message: String,
                  _ outcome: EtcdError.Outcome = .notExecuted) -> AttemptFailure {
            AttemptFailure(error: EtcdError(code, message, outcome: outcome), next: next)
        }
        switch text {
        case let t where t.contains("database space exceeded"):
            return fail(.noSpace, .stop, "the etcd database is full (\(t)): compact old revisions, defragment every member, then disarm the NOSPACE alarm (etcdctl compact, etcdctl defrag, etcdctl alarm disarm)")
        case let t where t.contains("request is too large") || t.contains("larger than max"):
            return fail(.requestTooLarge, .stop, "the request is larger than the cluster takes (\(t))")
        case let t where t.contains("too many operations in txn"):
            return fail(.tooManyOperations, .stop, "the transaction has more operations than the cluster takes (\(t))")
        case let t where t.contains("duplicate key given in txn"):
            return fail(.duplicateKey, .stop, "the transaction writes one key twice (\(t))")
        case let t where t.contains("required revision has been compacted"):
            return fail(.compacted, .stop, "the revision asked for has been compacted away (\(t))")
        case let t where t.contains("required revision is a future revision"):
            return fail(.futureRevision, .stop, "the revision asked for is newer than the store (\(t))")
        case let t where t.contains("user name is empty"):
            return fail(.authenticationRequired, .stop, "the etcd cluster requires a user: name one in the URL (etcd://USER@host:2379/NAME) (\(t))")
        case let t where t.contains("invalid auth token") || (status == 401 && grpcCode == 16):
            return fail(.authenticationFailed, .signInAgain, "\(member): the etcd token was refused (\(t))")
        case let t where t.contains("authentication failed") || t.contains("invalid user ID or password"):
            return fail(.authenticationFailed, .stop, "etcd refused the user name or password (\(t))")
        case let t where t.contains("authentication is not enabled"):
            return fail(.authenticationFailed, .stop, "the URL names a user, but the etcd cluster has no authentication enabled: leave the user out of the URL (\(t))")
        case let t where t.contains("permission denied"):
            return fail(.permissionDenied, .stop, "the etcd user may not do this (\(t)): its role must grant read and write on the store's keys")
        case let t where t.contains("no leader") || t.contains("leader changed") || t.contains("too many requests"):
            return fail(.unavailable, .otherMember, "\(member): \(t)")
        case let t where t.contains("timed out") || t.contains("deadline exceeded"):
            return fail(.unavailable, .otherMember, "\(member): \(t)", .ambiguous)
        default:
            break
        }
        switch status {
        case 400, 404, 405, 409, 411, 413, 415:
            return fail(.invalidRequest, .stop, "\(member) refused the request: \(said)")
        case 401:
            return fail(.authenticationFailed, .stop, "\(member): \(said)")
        case 403:
            return fail(.permissionDenied, .stop, "\(member): \(said)")
        case 429:
            return fail(.unavailable, .otherMember, "\(member): \(said)")
        case 500...599:
            // The gateway maps gRPC's Unavailable (14) to 503: before execution
            // for the messages above; for others it cannot be told.
            return fail(.unavailable, .otherMember, "\(member): \(said)", .ambiguous)
        default:
            return fail(.badResponse, .otherMember, "\(member) answered with an unexpected HTTP \(status): \(said)", .ambiguous)
        }
    }

    /// A transport failure: nothing of an answer, or a broken one.
    static func transport(_ error: HTTPError, member: String) -> AttemptFailure {
        let arrived = error.requestMayHaveArrived
        switch error.kind {
        case .network(.tlsVerification), .network(.tlsConfiguration):
            // Refused during the handshake or our own setup: nothing was sent.
            return AttemptFailure(error: EtcdError(.tls, "TLS with \(error.message)"), next: .otherMember)
        case .network(.tlsProtocol):
            // A plain HTTP port hangs up on a ClientHello, or answers it in HTTP.
            let plain = error.message.contains("may not speak TLS") || error.message.contains("wrong version number")
            return AttemptFailure(error: EtcdError(.tls, "TLS with \(error.message)" + (plain ? " (if the cluster speaks plain HTTP, use etcd://)" : "")),
                                  next: .otherMember)
        case .network(.tlsRefused):
            // With TLS 1.3 the server refuses our certificate after the client's
            // handshake ends, at the first read: it never reads the request.
            return AttemptFailure(error: EtcdError(.tls, "\(error.message): it did not accept our client certificate (one signed by the CA the cluster trusts, with its key, is needed)"),
                                  next: .otherMember)
        case .network(.badAddress):
            return AttemptFailure(error: EtcdError(.invalidRequest, error.message), next: .stop)
        case .network(.closed) where error.stage == .awaitingResponse:
            return AttemptFailure(error: EtcdError(.unavailable, "\(error.message) (if this port speaks TLS, use etcds://)",
                                                   outcome: .ambiguous), next: .otherMember)
        case .network:
            return AttemptFailure(error: EtcdError(.unavailable, error.message, outcome: arrived ? .ambiguous : .notExecuted),
                                  next: .otherMember)
        case .malformed, .truncated, .tooLarge:
            let hint = error.stage == .awaitingResponse || error.kind == .malformed ? " (if this port speaks TLS, use etcds://)" : ""
            return AttemptFailure(error: EtcdError(.badResponse, "\(error.message)\(hint)", outcome: arrived ? .ambiguous : .notExecuted),
                                  next: .otherMember)
        }
    }
}
