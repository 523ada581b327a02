import EtcdClient
import StoreBackends

/// The files the body said it will read (`StoreSnapshot.prefetch`, and
/// `StoreBackend.prefetch` before the snapshot existed): queued, and sent
/// along with the snapshot's next requests, whatever those ask for, rather
/// than in round trips of their own.
extension EtcdSnapshotReader {
    /// Queued files one request carries at most: an answer must stay well
    /// under the gateway's 4 MiB whatever the files hold (and a
    /// transaction's 128 operations bound them too).
    static let prefetchPerRequest = 64

    /// Queues `paths` for the next requests.
    func enqueue(_ paths: [String]) {
        for path in paths where BackendPath.fileProblem(path) == nil { prefetchQueue.append(path) }
    }

    /// The queued files, unknown at R, that go along with `requests`: as
    /// many as fit beside them, taken off the queue (with those already
    /// known). None in whole-store work, whose pages fill a request.
    func takePrefetch(besides requests: [RangeRequest]) -> [String] {
        let handed = expected.takePrefetched()
        if !handed.isEmpty { enqueue(handed) }
        guard !prefetchQueue.isEmpty, !bulk.wholeStore else { return [] }
        let room = min(Self.prefetchPerRequest, EtcdCommit.limits.maximumOperations - requests.count)
        guard room > 0 else { return [] }
        let asked = Set(requests.filter { $0.rangeEnd == nil && !$0.keysOnly && !$0.countOnly }.map(\.key))
        var paths: [String] = []
        var taken = 0
        for path in prefetchQueue {
            guard paths.count < room else { break }
            taken += 1
            if values[path] != nil || isKnownAbsent(path) || paths.contains(path) || asked.contains(operation.keys.key(path)) { continue }
            paths.append(path)
        }
        prefetchQueue.removeFirst(taken)
        return paths
    }

    /// `requests` with the queued `paths` in one request. An answer refused
    /// as too large is asked again without them: each is then read when
    /// the body reads it. One that came after the first request is one the
    /// next command's hint may ask for in its first.
    func fetch(_ requests: [RangeRequest], prefetching paths: [String], refusable: Bool) throws -> [RangeResponse] {
        let first = revision == nil
        let keys = paths.map(operation.keys.key)
        let responses: [RangeResponse]
        do {
            responses = try send(requests + keys.map { RangeRequest(key: $0) }, refusable: true)
        } catch let error as EtcdError where error.code == .requestTooLarge {
            return try send(requests, refusable: refusable)
        }
        for (path, (key, response)) in zip(paths, zip(keys, responses.dropFirst(requests.count))) where values[path] == nil {
            let found = response.kvs.first { $0.key == key }
            values[path] = Known(bytes: found?.value, modRevision: found?.modRevision ?? 0)
            if !first { operation.misses.note(path, absent: found == nil) }
        }
        return Array(responses.prefix(requests.count))
    }
}
