import EtcdClient
import StoreBackends

/// The hint's reads (`StoreBackend.expect`): sent with a snapshot's first
/// request, or with a write that fixes the snapshot's revision (a lease's).
extension EtcdSnapshotReader {
    /// The reads a hint asks for that this snapshot does not know yet, and
    /// what to keep of each answer.
    final class HintReads {
        var requests: [RangeRequest] = []
        var apply: [(RangeResponse) -> Void] = []
        /// The named files found absent and present: a learned file that no
        /// longer exists, and that the command does not read, is pruned
        /// from the next command's hint.
        var absent: [String] = []
        var present: [String] = []
        /// The number of the hint (`EtcdExpectedReads`).
        let number: Int

        init(number: Int) { self.number = number }
    }

    /// The waiting hint's reads, beside `requests` (a file asked for there
    /// is not asked for twice); nil when no hint waits.
    func hintReads(besides requests: [RangeRequest] = []) -> HintReads? {
        guard let (hint, number) = waitingHint else { return nil }
        let keys = operation.keys
        let reads = HintReads(number: number)
        let asked = Set(requests.filter { $0.rangeEnd == nil && !$0.keysOnly && !$0.countOnly }.map(\.key))
        var askedByName: [String] = []
        // A file the hint names in a group's picked directory is that group's pick.
        for path in hint.files {
            if let directory = hint.groups?.pickedDirectory(of: path), grouped.picks[directory] == nil { grouped.picks[directory] = path }
        }
        for path in hint.files where values[path] == nil && !asked.contains(keys.key(path)) {
            askedByName.append(path)
            let key = keys.key(path)
            reads.requests.append(RangeRequest(key: key))
            reads.apply.append { [unowned reads] response in
                let found = response.kvs.first { $0.key == key }
                self.values[path] = Known(bytes: found?.value, modRevision: found?.modRevision ?? 0)
                if found == nil { reads.absent.append(path) } else { reads.present.append(path) }
            }
        }
        for directory in hint.directories where listings[directory] == nil {
            guard let range = keys.dataRanges(directory).first, keys.dataRanges(directory).count == 1 else { continue }
            reads.requests.append(RangeRequest(key: range.start, rangeEnd: range.end, keysOnly: true))
            reads.apply.append { response in
                var found: [String: Int64] = [:]
                for kv in response.kvs {
                    if let path = keys.path(of: kv.key), BackendPath.fileProblem(path) == nil { found[path] = kv.modRevision }
                }
                self.listings[directory] = found
            }
        }
        for directory in hint.firstFiles where firsts[directory] == nil {
            guard let range = keys.dataRanges(directory).first, keys.dataRanges(directory).count == 1 else { continue }
            reads.requests.append(RangeRequest(key: range.start, rangeEnd: range.end, keysOnly: true, limit: 1))
            reads.apply.append { response in
                guard let first = response.kvs.first else { return self.firsts[directory] = .some(nil) }
                // Something that is no file sorts first: the full listing will skip it.
                if let path = keys.path(of: first.key), BackendPath.fileProblem(path) == nil { self.firsts[directory] = .some(path) }
            }
        }
        for directory in hint.newestFiles {
            guard let range = keys.dataRanges(directory).first, keys.dataRanges(directory).count == 1 else { continue }
            reads.requests.append(RangeRequest(key: range.start, rangeEnd: range.end, limit: 1, sortOrder: .descending,
                                               sortTarget: .modRevision))
            reads.apply.append { response in
                guard let newest = response.kvs.first, let path = keys.path(of: newest.key), BackendPath.fileProblem(path) == nil else {
                    return
                }
                // Also asked for by name (a file learned earlier): once is enough next time.
                if askedByName.contains(path) { self.operation.misses.noteRedundant(path) }
                guard self.values[path] == nil else { return }
                self.values[path] = Known(bytes: newest.value, modRevision: newest.modRevision)
            }
        }
        return reads
    }

    /// Keeps what the answers to `reads` brought.
    private func take(_ reads: HintReads, answers: ArraySlice<RangeResponse>) {
        for (apply, response) in zip(reads.apply, answers) { apply(response) }
        operation.misses.noteHinted(absent: reads.absent, present: reads.present)
        hintedAbsentUnread = reads.absent
    }

    /// `requests` and the hint's reads in one round trip; what the hint read is kept.
    func fetch(_ requests: [RangeRequest], with reads: HintReads, refusable: Bool) throws -> [RangeResponse] {
        // Taken before the send, which then carries it no second time.
        hintTaken = reads.number
        let responses = try fetch(requests + reads.requests, refusable: refusable)
        take(reads, answers: responses.dropFirst(requests.count))
        return Array(responses.prefix(requests.count))
    }

    /// A snapshot at the revision of a write that carried the hint's reads
    /// (`hintReads`) after its own operations, whose answers `answers` are.
    func adopt(_ reads: HintReads, answers: ArraySlice<RangeResponse>, header: ResponseHeader) {
        guard revision == nil else { return }
        fix(at: header)
        hintTaken = reads.number
        take(reads, answers: answers)
    }
}
