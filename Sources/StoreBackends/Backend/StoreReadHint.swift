import FoundationEssentials
import LifeSignalCore

/// What a command will most likely read first (see `StoreBackend.expect`).
public struct StoreReadHint: Sendable, Equatable {
    /// Files whose contents are wanted.
    public var files: [String]
    /// Directories whose listings are wanted.
    public var directories: [String]
    /// Directories whose first file in path order is wanted.
    public var firstFiles: [String]
    /// Directories whose most recently written file, with its contents, is wanted.
    public var newestFiles: [String]
    /// Files read together, for the whole command (not only its first request).
    public var groups: StoreReadGroups?

    public init(files: [String] = [], directories: [String] = [], firstFiles: [String] = [], newestFiles: [String] = [],
                groups: StoreReadGroups? = nil) {
        self.files = files
        self.directories = directories
        self.firstFiles = firstFiles
        self.newestFiles = newestFiles
        self.groups = groups
    }
}

/// Files a command reads together: each directory in `parent` holds one
/// group, `files` (relative to it). When a snapshot must ask for one of a
/// group's files on its own (another account's, which no hint named), it
/// asks for the rest of the group in the same request, so that the others
/// it then reads cost nothing more.
public struct StoreReadGroups: Sendable, Equatable {
    public var parent: String
    public var files: [String]
    /// A directory of each group (relative to it) of numbered files
    /// (`<n>.json`) that grow in number: the one created last comes with
    /// the group, contents and all (a feed's last segment, where its next
    /// item goes).
    public var lastNumbered: String?
    /// A directory of each group (relative to it) of files named by
    /// `pickedDigits` lowercase hexadecimal digits: one chosen at random
    /// comes with the group, and the snapshot names it
    /// (`StoreSnapshot.pickedFile(in:)`): a feed's ID-index file, where a
    /// new item whose ID starts so goes.
    public var picked: String?
    public var pickedDigits: Int

    public init(parent: String, files: [String], lastNumbered: String? = nil, picked: String? = nil, pickedDigits: Int = 0) {
        self.parent = parent
        self.files = files
        self.lastNumbered = lastNumbered
        self.picked = picked
        self.pickedDigits = pickedDigits
    }

    /// A file of `directory`'s `picked` directory, named by digits drawn
    /// from `random`; nil when the groups pick none.
    package func randomPick(in directory: String, random: RandomSource) -> String? {
        guard let picked, pickedDigits > 0 else { return nil }
        let hex = Array("0123456789abcdef")
        let name = String((0..<pickedDigits).map { _ in hex[Int(random.uniform(below: 16))] })
        return directory + "/" + picked + "/" + name + ".json"
    }

    /// The picked directory `path` is a file of (`parent/NAME/picked`), when it is one.
    package func pickedDirectory(of path: String) -> String? {
        let start = parent + "/"
        guard let picked, path.hasPrefix(start) else { return nil }
        let rest = path.dropFirst(start.count)
        guard let slash = rest.firstIndex(of: "/") else { return nil }
        let inGroup = rest[rest.index(after: slash)...]
        guard inGroup.hasPrefix(picked + "/"), !inGroup.dropFirst(picked.count + 1).contains("/") else { return nil }
        return start + rest[..<slash] + "/" + picked
    }

    /// The group directory `path` is in (`parent/NAME`), when it names one of the group's files.
    package func directory(of path: String) -> String? {
        let start = parent + "/"
        guard path.hasPrefix(start) else { return nil }
        let rest = path.dropFirst(start.count)
        guard let slash = rest.firstIndex(of: "/"), files.contains(String(rest[rest.index(after: slash)...])) else { return nil }
        return start + rest[..<slash]
    }
}
