import EtcdClient
import StoreBackends

/// Reading many small files ahead (a responder's `status` reads one of
/// each contact's): in batches of requests, at the snapshot's revision.
extension EtcdSnapshotReader {
    /// Files read ahead per request: a read-only transaction carries at
    /// most 128 operations, and an answer must stay well under the
    /// gateway's 4 MiB whatever the files hold.
    static let readAheadBatch = 64

    /// Fetches the files of `paths` not known yet at R, `readAheadBatch`
    /// to a request (`StoreSnapshot.readAhead`). Only after R is fixed, so
    /// it never decides the revision; and a request that fails is left to
    /// the reads that follow, one by one, to meet and report (the failure
    /// is not kept: an answer too large for one request is no outage).
    func readAhead(_ paths: [String]) {
        guard let revision, failure == nil else { return }
        var wanted: [String] = []
        var seen = Set<String>()
        for path in paths where values[path] == nil && BackendPath.fileProblem(path) == nil && seen.insert(path).inserted {
            if let listing = coveringListing(of: path), listing[path] == nil { continue }
            wanted.append(path)
        }
        var start = 0
        while start < wanted.count {
            let batch = wanted[start..<min(wanted.count, start + Self.readAheadBatch)]
            start = batch.endIndex
            let requests = batch.map { RangeRequest(key: operation.keys.key($0), revision: revision, serializable: true) }
            guard let (responses, _) = try? send(requests) else { return }
            for (path, response) in zip(batch, responses) {
                let key = operation.keys.key(path)
                let found = response.kvs.first { $0.key == key }
                values[path] = Known(bytes: found?.value, modRevision: found?.modRevision ?? 0)
                // Not brought by the first request: the next command's hint may ask for it there.
                operation.misses.note(path, absent: found == nil)
            }
        }
    }
}
