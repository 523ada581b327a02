import Glibc
import HTTPClient
import NetworkIO

extension EtcdClient {
    /// Runs `attempt` against one member after another until one succeeds,
    /// as the failure says (EtcdStore.docc/EtcdStoreDesign.md, "Failures
    /// and the bounds on waiting"): a member that cannot serve now
    /// is left for the next; a failure every member would share ends the
    /// call; an expired token is renewed once. It gives up when `deadline`
    /// passes or no member has served for `timeouts.unavailable`.
    ///
    /// A failure after which the request may have been carried out ends the
    /// call as ambiguous unless `mayResend` (reads, and writes guarded so that
    /// running twice is harmless). Once any attempt was ambiguous, so is the
    /// call's failure.
    func withFailover<T>(mayResend: Bool, deadline: Deadline, pinnedTo pinned: Int? = nil, startingAt first: Int? = nil,
                         rememberMember: Bool = true,
                         _ attempt: (Int) throws(AttemptFailure) -> T) throws(EtcdError) -> T {
        var member = pinned ?? first ?? preferredMember
        var lastFailures: [Int: EtcdError] = [:]
        var ambiguous = false
        var failingSince: Deadline?
        var signedInAgain = false
        var triedThisRound = 0
        var backoff = Duration.milliseconds(25)
        while true {
            let failure: AttemptFailure
            do {
                let value = try attempt(member)
                if rememberMember { preferredMember = member }
                return value
            } catch {
                failure = error
            }
            if failure.error.outcome == .ambiguous { ambiguous = true }
            var error = failure.error
            if ambiguous { error.outcome = .ambiguous }
            switch failure.next {
            case .stop:
                throw error
            case .signInAgain:
                guard !signedInAgain, configuration.credentials != nil else { throw error }
                signedInAgain = true
                forgetToken()
                try signIn(deadline: deadline)
                continue
            case .otherMember:
                // A simple token names a raft index; one cached from an older
                // cluster names an index this one has not reached, and etcd
                // waits for it instead of refusing. Sign in afresh next time.
                if tokenUnproven { forgetToken() }
                if failure.error.outcome == .ambiguous, !mayResend { throw error }
                lastFailures[member] = failure.error
            }
            let since = failingSince ?? .now
            failingSince = since
            // Every member failing TLS is a matter of certificates, which waiting does not change.
            let allTLS = lastFailures.count == configuration.endpoints.count && lastFailures.values.allSatisfy { $0.code == .tls }
            if pinned != nil || allTLS || deadline.hasPassed || since.advanced(by: configuration.timeouts.unavailable).hasPassed {
                let failure = summary(of: lastFailures, ambiguous: ambiguous)
                throw allTLS ? explainingValidityPeriod(failure, deadline: .after(configuration.timeouts.read)) : failure
            }
            member = (member + 1) % configuration.endpoints.count
            triedThisRound += 1
            if triedThisRound >= configuration.endpoints.count {
                // Every member failed once: wait a little (an election takes
                // about a second) before the next round.
                triedThisRound = 0
                Self.pause(min(backoff, deadline.remaining))
                backoff = min(backoff * 2, .milliseconds(400))
            }
        }
    }

    /// One error for a call no member could serve, naming each member's last failure.
    private func summary(of failures: [Int: EtcdError], ambiguous: Bool) -> EtcdError {
        let outcome: EtcdError.Outcome = ambiguous ? .ambiguous : .notExecuted
        let errors = failures.keys.sorted().compactMap { failures[$0] }
        // A TLS problem on every member is a configuration problem, not an outage.
        if let first = errors.first, errors.allSatisfy({ $0.code == .tls }) {
            return EtcdError(.tls, first.message, outcome: outcome)
        }
        if errors.count == 1, let only = errors.first {
            return EtcdError(.unavailable, only.message, outcome: outcome)
        }
        let causes = errors.map(\.message).joined(separator: "; ")
        return EtcdError(.unavailable, "no etcd member could serve the request: \(causes)", outcome: outcome)
    }

    static func pause(_ duration: Duration) {
        let nanoseconds = Deadline.nanoseconds(duration)
        guard nanoseconds > 0 else { return }
        var request = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0, errno == EINTR { request = remaining }
    }
}
