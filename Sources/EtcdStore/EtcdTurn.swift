import EtcdClient
import FoundationEssentials
import StoreBackends

/// The store's one turn, `P/.turn`: taken by a writer that keeps losing to
/// others' commits, so it commits next.
///
/// Optimistic commits let the fastest writers win; on a machine short of
/// CPU, a command whose body runs slowly can lose every race to writers of
/// the same files for as long as they keep writing. So every commit also
/// compares the turn key absent, and a writer that lost
/// `EtcdBackend.conflictsBeforeTurn` times in a row puts it (with who and
/// until when, as a lease does): from then on every other commit fails
/// and waits, the holder reads afresh and commits, and its commit deletes
/// the key in the same transaction. A holder that dies or overruns keeps
/// it only until it expires on the cluster's clock; the next writer to see
/// it expired clears it.
struct EtcdTurn {
    /// The turn key.
    let key: [UInt8]
    /// The revision of this holder's put: its commit compares it.
    let revision: Int64

    /// The turn as a failed commit saw it.
    struct Seen {
        /// The revision of its holder's put.
        let modRevision: Int64
        /// Past its expiry on the cluster's clock (or unreadable): to be cleared.
        let expired: Bool

        /// What `found`, a read of the turn key answered at `now`, says.
        init(_ found: KeyValue, now: Date) {
            modRevision = found.modRevision
            expired = EtcdLease.Record(found.value).map { $0.expires <= now } ?? true
        }
    }

    /// Takes the turn for `duration` if nobody holds it: one transaction.
    /// Nil when someone does (the caller waits its turn like the others).
    static func take(for duration: Duration, in backend: EtcdBackend) throws -> EtcdTurn? {
        let key = backend.keys.turn
        let now = try backend.clock() ?? Date()
        let record = EtcdLease.Record(holder: EtcdBackend.randomID(backend.access.random), expires: now.addingTimeInterval(duration.seconds))
        let claim = TxnRequest(compares: [Compare(key: key, .createRevision(0))],
                               success: [.put(key: key, value: record.bytes)],
                               failure: [.range(RangeRequest(key: key))])
        let response: TxnResponse
        do {
            response = try backend.client.txn(claim, resendIfAmbiguous: true, deadline: backend.operation().deadline)
        } catch {
            throw StoreError.from(error, store: backend.name)
        }
        if response.succeeded { return EtcdTurn(key: key, revision: response.header.revision) }
        // A resent claim whose first send took the turn finds it ours.
        guard case .range(let range)? = response.responses.first, let found = range.kvs.first,
              EtcdLease.Record(found.value)?.holder == record.holder else { return nil }
        return EtcdTurn(key: key, revision: found.modRevision)
    }

    /// Removes a turn seen expired, unless it was taken again since.
    /// Best effort: another waiter may have cleared it first.
    static func clear(_ seen: Seen, in backend: EtcdBackend) {
        let key = backend.keys.turn
        _ = try? backend.client.txn(TxnRequest(compares: [Compare(key: key, .modRevision(seen.modRevision))],
                                               success: [.delete(key: key, rangeEnd: nil)]),
                                    deadline: backend.operation().deadline)
    }

    /// Gives the turn back without committing (the body failed, or the
    /// holder lost it). Best effort: it expires anyway.
    func release(in backend: EtcdBackend) {
        _ = try? backend.client.txn(TxnRequest(compares: [Compare(key: key, .modRevision(revision))],
                                               success: [.delete(key: key, rangeEnd: nil)]),
                                    deadline: backend.operation().deadline)
    }
}
