import LifeSignalCore
import StoreBackends
import SystemFiles

/// The identity a store at one location had when last seen, kept in
/// `$XDG_CACHE_HOME/lifesignal/identity-<digest>.json`: with it, a command
/// on an etcd store knows its session (which belongs to the identity) before
/// reading `store.json`, and can ask for everything it reads first in one
/// round trip. With it, the files recent commands had to read in round trips
/// of their own (a status's dependents and responders: their accounts,
/// delivery set-ups and sessions), asked for in that round trip too. Only a
/// guess: the store's own files decide, and a wrong or missing hint costs a
/// round trip (a stale file, a little bandwidth), nothing more. It also
/// keeps the member that answered last, which the next command asks first:
/// a hung member costs one command its timeout, not every command.
///
/// A learned file is pruned when a command's first request, which asks for
/// it anyway, shows that it no longer exists and the command then does not
/// read it: it existed when last seen, and is gone and unneeded (an account
/// or session removed). That costs no round trip, and the hint file is
/// rewritten only when something changes.
///
/// A file whose absence a command reads (a dependent's delivery set-up that
/// was never made, or a signed-out session that set-up still names) is kept
/// and marked absent: pruning it whenever another command ignores it would
/// have the reading command read it alone, learn it and rewrite the hint,
/// again and again. A marked file that is absent and unread is pruned only
/// when the hint file is rewritten anyway (the command learned or pruned
/// something), which is rare; so a marked file no command needs any more
/// goes at the next change, and one that some command still needs costs
/// that command at most one round trip per such change. A marked file that
/// turns up is unmarked. Beyond that, at most `maximumFiles` are kept, the
/// most recently learned first.
///
/// Not "unused for N commands": counting uses would rewrite the hint on
/// every command; and since every first request asks for every learned
/// file, a file that exists and goes unused costs bytes, not round trips.
public struct StoreIdentityHint: Sendable {
    let file: LocalFile<Hint>

    struct Hint: Codable, Equatable, Sendable {
        var identity: String
        /// Store files recent commands read on their own, most recent first.
        var files: [String]?
        /// Those of `files` that did not exist when last seen.
        var absent: [String]?
        /// The member (`host:port`) that answered the last command.
        var member: String?
    }

    /// The store files recent commands read on their own, most recent first,
    /// and which of them did not exist when last seen.
    public struct Learned: Sendable, Equatable {
        public var files: [String]
        public var absent: [String]

        public init(files: [String] = [], absent: [String] = []) {
            self.files = files
            self.absent = absent
        }

        /// What to keep after a command whose reads showed `lessons`: the
        /// files it read on their own first, then the kept ones, less those
        /// its first request brought twice and those that are gone and
        /// unneeded (see the type's comment), at most `maximumFiles`.
        public func after(_ lessons: StoreReadLessons) -> Learned {
            if isSettled(by: lessons) { return self }
            let next = merged(with: lessons, pruningMarked: false)
            return next == self ? self : merged(with: lessons, pruningMarked: true)
        }

        /// Without `paths` (files the hint never asks for by name).
        public func without(_ paths: [String]) -> Learned {
            guard !paths.isEmpty else { return self }
            return Learned(files: files.filter { !paths.contains($0) }, absent: absent.filter { !paths.contains($0) })
        }

        /// Whether `lessons` change nothing, as after most commands: told
        /// from the short lists, without walking every kept file through
        /// every list (every etcd command asks).
        private func isSettled(by lessons: StoreReadLessons) -> Bool {
            guard lessons.readAlone.isEmpty, lessons.hintedTwice.isEmpty else { return false }
            // An unmarked file found absent is pruned or marked.
            for path in lessons.hintedAbsent where !absent.contains(path) && files.contains(path) { return false }
            // A marked file found present is unmarked.
            for path in absent where lessons.hintedPresent.contains(path) { return false }
            return true
        }

        private func merged(with lessons: StoreReadLessons, pruningMarked: Bool) -> Learned {
            var next = Learned(files: Array(lessons.readAlone.prefix(StoreIdentityHint.maximumFiles)))
            // In the order of `files`, so that equal lists are equal arrays.
            next.absent = next.files.filter { lessons.readAloneAbsent.contains($0) }
            for old in files where next.files.count < StoreIdentityHint.maximumFiles
                && !next.files.contains(old) && !lessons.hintedTwice.contains(old) {
                var marked = absent.contains(old)
                if lessons.hintedPresent.contains(old) {
                    marked = false
                } else if lessons.hintedAbsent.contains(old) {
                    if lessons.hintedAbsentRead.contains(old) {
                        marked = true
                    } else if !marked || pruningMarked {
                        continue
                    }
                }
                next.files.append(old)
                if marked { next.absent.append(old) }
            }
            return next
        }
    }

    /// The most files kept.
    public static let maximumFiles = 64

    public init(paths: some LocalPaths, fileSystem: any FileSystem = SystemFileSystem()) {
        file = LocalFile(directory: paths.cacheDirectory,
                         name: "identity-\(SHA256.hexDigest(paths.storeName).prefix(16)).json", fileSystem: fileSystem)
    }

    /// The identity last seen; nil when none was kept or it cannot be read.
    public func load() -> String? { (try? file.read())?.identity }

    /// The store files recent commands read on their own, most recent first.
    public func files() -> [String] { (try? file.read())?.files ?? [] }

    /// The identity, the learned files and the member that answered last
    /// in one read (a command wants them all, and each read decodes the
    /// whole file): nil when none was kept or it cannot be read.
    public func loadAll() -> (identity: String, learned: Learned, member: String?)? {
        guard let hint = try? file.read() else { return nil }
        return (hint.identity, Learned(files: hint.files ?? [], absent: hint.absent ?? []), hint.member)
    }

    /// Keeps `identity` (a cache directory that cannot be written only costs
    /// round trips), and the files kept with the identity it replaces.
    public func save(_ identity: String) {
        let kept = try? file.read()
        let same = kept?.identity == identity
        try? file.write(Hint(identity: identity, files: same ? kept?.files : nil, absent: same ? kept?.absent : nil,
                             member: kept?.member))
    }

    /// Keeps `member` as the one to ask first, with the identity kept (when
    /// one is), unless it is kept already.
    public func remember(member: String) {
        guard var hint = try? file.read(), hint.member != member else { return }
        hint.member = member
        try? file.write(hint)
    }

    /// Keeps `learned` with the identity kept (when one is), unless it is
    /// what is kept already.
    public func remember(_ learned: Learned) {
        guard var hint = try? file.read() else { return }
        let files = learned.files.isEmpty ? nil : learned.files
        let absent = learned.absent.isEmpty ? nil : learned.absent
        guard files != hint.files || absent != hint.absent else { return }
        hint.files = files
        hint.absent = absent
        try? file.write(hint)
    }
}
