import EtcdClient
import StoreBackends

/// Reading another account's files as a group (`StoreReadGroups`): the
/// first of them read alone brings the rest, with those of the groups the
/// body said it may read next, and, in a transaction that writes, what an
/// append to each group's feed reads (its last segment, and an ID-index
/// file picked at random, which the new item's ID is then made to start
/// with), in one request.
extension EtcdSnapshotReader {
    /// The reads a group brings along with the file asked for, and what to
    /// do with each answer.
    struct GroupRead {
        var requests: [RangeRequest] = []
        var apply: [(RangeResponse) -> Void] = []
        /// How many of `requests` (the first ones) are the groups' own
        /// files; the rest may be left out of a request refused as too large.
        var files = 0
    }

    /// The other files of `path`'s group this snapshot does not know yet,
    /// the first time one of the group is read alone; with them, those of
    /// the groups the body said it may read next.
    func groupRead(of path: String) -> GroupRead {
        guard let groups = expected.current.hint?.groups, let directory = groups.directory(of: path),
              grouped.directories.insert(directory).inserted else { return GroupRead() }
        var directories = [directory]
        let queued = grouped.expected
        for next in queued where directories.count < Self.groupsPerRequest {
            if grouped.directories.insert(next).inserted { directories.append(next) }
        }
        let read = grouped.directories
        grouped.expected.removeAll { read.contains($0) }
        grouped.expectedSet = Set(grouped.expected)
        var group = GroupRead()
        for companion in directories.flatMap({ directory in groups.files.map { directory + "/" + $0 } })
        where companion != path && values[companion] == nil && coveringListing(of: companion) == nil {
            addRead(of: companion, unread: true, into: &group)
        }
        group.files = group.requests.count
        // A snapshot that only reads (a status) appends nothing.
        for directory in directories where writes {
            if let numbered = groups.lastNumbered { lastNumbered(in: directory + "/" + numbered, into: &group) }
            pick(in: directory, groups, into: &group)
        }
        return group
    }

    /// The file of `directory` named by a number that was created last: a
    /// range over the names that start with a digit, newest creation
    /// first, one answer. What it brings is a file's value at R like any
    /// other (a read of it compares its revision). The range's count says
    /// whether there are others: with none (an empty feed, or one of one
    /// segment), every other numbered file is known absent at R, and a
    /// read of one compares its absence.
    private func lastNumbered(in directory: String, into group: inout GroupRead) {
        guard coveringListing(of: directory + "/0.json") == nil else { return }
        let start = operation.keys.key(directory + "/0"), end = operation.keys.key(directory + "/:")
        group.requests.append(RangeRequest(key: start, rangeEnd: end, limit: 1, sortOrder: .descending, sortTarget: .createRevision))
        group.apply.append { response in
            let newest = response.kvs.first.flatMap { kv in
                self.operation.keys.path(of: kv.key).flatMap { BackendPath.fileProblem($0) == nil ? ($0, kv) : nil }
            }
            if response.kvs.isEmpty || (newest != nil && response.count == 1) { self.grouped.numbered[directory] = .some(newest?.0) }
            guard let (path, kv) = newest, self.values[path] == nil else { return }
            self.values[path] = Known(bytes: kv.value, modRevision: kv.modRevision)
            self.grouped.unread.insert(path)
        }
    }

    /// Whether `path` is a numbered file a group's read showed absent at R.
    func isAbsentAmongNumbered(_ path: String) -> Bool {
        guard !grouped.numbered.isEmpty, let slash = path.lastIndex(of: "/"),
              let only = grouped.numbered[String(path[..<slash])] else { return false }
        let name = path.utf8[path.utf8.index(after: slash)...]
        guard let first = name.first, (48...57).contains(first) else { return false }
        return only != path
    }

    /// One file of `directory` named by `digits` hexadecimal digits, picked
    /// at random (so that the IDs made to start with its name stay evenly
    /// spread), for `pickedFile(in:)` to name. Not learned for the next
    /// command's hint: the next command picks its own.
    private func pick(in groupDirectory: String, _ groups: StoreReadGroups, into group: inout GroupRead) {
        guard let path = groups.randomPick(in: groupDirectory, random: operation.random), let directory = groups.pickedDirectory(of: path),
              grouped.picks[directory] == nil else { return }
        grouped.picks[directory] = path
        guard values[path] == nil, coveringListing(of: path) == nil else { return }
        addRead(of: path, unread: false, into: &group)
    }

    /// One file's read in `group`: its value (or absence) at R becomes
    /// known; `unread` when only a read by the body compares it (a
    /// group's companion).
    private func addRead(of path: String, unread: Bool, into group: inout GroupRead) {
        let key = operation.keys.key(path)
        group.requests.append(RangeRequest(key: key))
        group.apply.append { response in
            guard self.values[path] == nil else { return }
            let found = response.kvs.first { $0.key == key }
            self.values[path] = Known(bytes: found?.value, modRevision: found?.modRevision ?? 0)
            if unread { self.grouped.unread.insert(path) }
        }
    }

    /// The file a group's read picked in `directory`, nil when none did.
    func pickedFile(in directory: String) -> String? { grouped.picks[directory] }

    /// `requests` and `group`'s reads in one request. An answer refused as
    /// too large (eight accounts' last segments may be large) is asked
    /// again with the groups' own files only.
    func fetch(_ requests: [RangeRequest], with group: GroupRead) throws -> [RangeResponse] {
        var group = group
        let responses: [RangeResponse]
        if group.requests.count > group.files {
            do {
                responses = try fetch(requests + group.requests, refusable: true)
            } catch let error as EtcdError where error.code == .requestTooLarge {
                group.requests.removeLast(group.requests.count - group.files)
                group.apply.removeLast(group.apply.count - group.files)
                responses = try fetch(requests + group.requests)
            }
        } else {
            responses = try fetch(requests + group.requests)
        }
        for (apply, response) in zip(group.apply, responses.dropFirst(requests.count)) { apply(response) }
        return Array(responses.prefix(requests.count))
    }
}
