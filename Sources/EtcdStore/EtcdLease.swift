import EtcdClient
import FoundationEssentials
import StoreBackends

/// A lease on an etcd store: a key, `P/.lease/<name>`, holding who has it
/// and until when on the cluster's clock. Taken, renewed and released by
/// transactions that compare the key's revision, so two holders never both
/// succeed; a holder that dies keeps it only until it expires. (etcd's own
/// leases are not used: they run on the server's clock alone, and nothing
/// here needs more than "someone else is probably at it".)
final class EtcdLease: StoreLease {
    let backend: EtcdBackend
    let key: [UInt8]
    let holder: String
    /// The revision of this holder's last write of the key.
    private var revision: Int64
    /// When that write made the lease expire, on the cluster's clock.
    private var expires: Date
    private var released = false

    private init(backend: EtcdBackend, key: [UInt8], record: Record, revision: Int64) {
        self.backend = backend
        self.key = key
        holder = record.holder
        expires = record.expires
        self.revision = revision
    }

    /// Takes the lease when it is free or expired; nil when someone holds it.
    /// A free lease (the last holder released it) is taken in one request:
    /// a write that compares the key's absence, whose failure branch reads
    /// the holder's record, to see whether it expired. Its success branch
    /// also reads what the next snapshot's first request would
    /// (`StoreBackend.expect`), at the lease's own revision, and the next
    /// call starts from that (a command that keeps snapshots): what is read
    /// under the lease is no older than the lease, and costs no request.
    static func take(_ name: String, for duration: Duration, in backend: EtcdBackend) throws -> EtcdLease? {
        let key = backend.keys.lease(name)
        let holder = EtcdBackend.randomID(backend.access.random)
        let commandTime = try backend.clock() ?? Date()
        // What is read under the lease must be no older than the lease.
        backend.forgetSnapshot()
        let free = Record(holder: holder, expires: commandTime.addingTimeInterval(duration.seconds))
        let reader = backend.access.keepsSnapshots ? backend.reader(seed: nil) : nil
        let reads = reader?.hintReads().flatMap { $0.requests.count < EtcdCommit.limits.maximumOperations ? $0 : nil }
        let first = try Self.write(free, key: key, if: Compare(key: key, .modRevision(0)), reading: reads?.requests ?? [],
                                   backend: backend)
        if let revision = first.revision {
            if let reader, let reads, let header = first.header {
                reader.adopt(reads, answers: first.reads[...], header: header)
                backend.keep(reader)
            }
            return EtcdLease(backend: backend, key: key, record: free, revision: revision)
        }
        guard let existing = first.found else { return nil }
        let now = first.serverTime.map { Date(timeIntervalSince1970: Double($0)) } ?? commandTime
        // Held and not expired, unless by this handle, which gave it up
        // while the cluster was out of reach: it is not the holder's to wait for.
        if let record = Record(existing.value), record.expires > now,
           !backend.abandonedLeaseHolders.withLock({ $0.contains(record.holder) }) {
            return nil
        }
        let written = Record(holder: holder, expires: now.addingTimeInterval(duration.seconds))
        let compare = Compare(key: key, .modRevision(existing.modRevision))
        guard let revision = try Self.write(written, key: key, if: compare, backend: backend).revision else { return nil }
        return EtcdLease(backend: backend, key: key, record: written, revision: revision)
    }

    /// Renews the lease for `duration` from now; a lease that already runs
    /// for nine tenths of that (taken or renewed a moment ago) is left as
    /// it is, without a request: no one can take it before it expires.
    func renew(for duration: Duration) throws -> Bool {
        guard !released else { return false }
        let now = try backend.clock() ?? Date()
        if expires.timeIntervalSince(now) >= duration.seconds * 0.9 { return true }
        let record = Record(holder: holder, expires: now.addingTimeInterval(duration.seconds))
        guard let revision = try Self.write(record, key: key, if: Compare(key: key, .modRevision(revision)), backend: backend).revision else {
            return false
        }
        self.revision = revision
        expires = record.expires
        return true
    }

    func release() {
        guard !released else { return }
        released = true
        // Best effort: a lease not released expires on its own, and this
        // handle may take it again meanwhile (`take`).
        let answered = try? backend.client.txn(TxnRequest(compares: [Compare(key: key, .modRevision(revision))],
                                                          success: [.delete(key: key, rangeEnd: nil)]),
                                               deadline: backend.operation().deadline)
        if answered == nil { _ = backend.abandonedLeaseHolders.withLock { $0.insert(holder) } }
    }

    deinit { release() }

    /// Writes `record` when `compare` holds: the key's new revision, or nil
    /// when it did not hold, with what the key then held and the cluster's
    /// time. A resent write whose first send had committed is recognised by
    /// its holder. With `reads`, a write that succeeds also answers them,
    /// at its own revision (`Written.reads`).
    private static func write(_ record: Record, key: [UInt8], if compare: Compare, reading reads: [RangeRequest] = [],
                              backend: EtcdBackend) throws -> Written {
        let response: TxnResponse
        do {
            let success: [TxnOperation] = [.put(key: key, value: record.bytes)] + reads.map { .range($0) }
            response = try backend.client.txn(TxnRequest(compares: [compare], success: success, failure: [.range(RangeRequest(key: key))]),
                                              resendIfAmbiguous: true, deadline: backend.operation().deadline)
        } catch {
            throw StoreError.from(error, store: backend.name)
        }
        let serverTime = response.header.serverTime
        if response.succeeded {
            let answers = response.responses.compactMap { if case .range(let range) = $0 { range } else { nil } }
            // Every read answered, or none is used.
            let complete = answers.count == reads.count
            return Written(revision: response.header.revision, serverTime: serverTime,
                           header: complete ? response.header : nil, reads: complete ? answers : [])
        }
        guard case .range(let range)? = response.responses.first, let found = range.kvs.first else {
            return Written(serverTime: serverTime)
        }
        return Written(revision: Record(found.value)?.holder == record.holder ? found.modRevision : nil, found: found,
                       serverTime: serverTime)
    }

    /// What a write of the key said: its new revision (nil when its compare
    /// failed), what the key held then, the cluster's time, and the answers
    /// to the reads it carried, with their header.
    private struct Written {
        var revision: Int64?
        var found: KeyValue?
        var serverTime: Int64?
        var header: ResponseHeader?
        var reads: [RangeResponse] = []
    }

    /// What the key holds: `<holder> <expiry, seconds since 1970>`.
    struct Record {
        var holder: String
        var expires: Date

        init(holder: String, expires: Date) {
            self.holder = holder
            self.expires = expires
        }

        init?(_ bytes: [UInt8]) {
            let parts = String(decoding: bytes, as: UTF8.self).split(separator: " ")
            guard parts.count == 2, let seconds = Double(parts[1]), seconds.isFinite else { return nil }
            holder = String(parts[0])
            expires = Date(timeIntervalSince1970: seconds)
        }

        var bytes: [UInt8] { Array("\(holder) \(expires.timeIntervalSince1970)".utf8) }
    }
}
