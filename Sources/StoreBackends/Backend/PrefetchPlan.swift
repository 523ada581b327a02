/// What a command says it will read soon (`StoreSnapshot.prefetch`), so
/// that a backend that pays per round trip fetches it with requests it
/// makes anyway, or in a few requests of many files, rather than one
/// round trip a file. A plan changes no answer, costs nothing when wrong,
/// and reports nothing wrong with a file: each read of it still does.
public struct PrefetchPlan: Sendable, Equatable {
    /// Files sent for with the snapshot's next requests (on etcd: queued,
    /// and every request carries a bounded number of them along).
    public var files: [String]
    /// Group directories (`StoreReadGroups`) whose files come with the
    /// next read of a group's file on its own: a status's dependents'
    /// accounts in one request. Asks for nothing by itself.
    public var groups: [String]
    /// Whether `groups` are read before any group named earlier: the
    /// recipients a fan-out tells next, after a contacts file named every
    /// link (a read brings the next groups in line, which must be theirs).
    public var groupsFirst = false
    /// For whole-store work (`doctor`): every file below these directories
    /// and `files` are read now, in requests of many files, and what the
    /// previous whole-store plan brought is forgotten, so memory stays that
    /// of one plan.
    public var directories: [String]
    public var wholeStore: Bool

    public init(files: [String] = [], groups: [String] = []) {
        self.files = files
        self.groups = groups
        directories = []
        wholeStore = false
    }

    /// Groups read next, before those named earlier.
    public static func nextGroups(_ groups: [String]) -> PrefetchPlan {
        var plan = PrefetchPlan(groups: groups)
        plan.groupsFirst = true
        return plan
    }

    /// Whole-store work's plan: `files` and every file below `directories`, now.
    public static func wholeStore(files: [String], under directories: [String]) -> PrefetchPlan {
        var plan = PrefetchPlan(files: files)
        plan.directories = directories
        plan.wholeStore = true
        return plan
    }
}
