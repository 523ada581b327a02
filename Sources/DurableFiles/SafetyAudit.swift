import SystemFiles

/// Everything in a store that `FileSafety` would refuse, found without
/// following a link, opening a file or changing anything: for `doctor`,
/// which must report a planted file rather than stop at the first one.
public enum SafetyAudit {
    /// One file or directory the store would refuse.
    public struct Finding: Sendable, Hashable {
        public var path: String
        public var reason: String
        public var remedy: String
    }

    /// The findings for the store at `root`, its directory and the
    /// directories above it first, then its tree in sorted order.
    public static func examine(root: String, fileSystem: any FileSystem) -> [Finding] {
        var findings: [Finding] = []
        do {
            try fileSystem.requireSafeDirectory(root, ancestors: true)
        } catch {
            findings.append(Finding(error))
        }
        var pending = [""]
        while let directory = pending.popLast() {
            let path = StorePath.join(root, directory)
            guard let names = try? fileSystem.listDirectory(path) else { continue }
            for name in names.sorted().reversed() {
                let relative = directory.isEmpty ? name : directory + "/" + name
                let child = StorePath.join(root, relative)
                guard let status = try? fileSystem.lstat(child) else { continue }
                do throws(DurableFilesError) {
                    if status.kind == .directory {
                        try FileSafety.checkDirectory(status, at: child, userID: fileSystem.userID)
                        pending.append(relative)
                    } else {
                        let inPlace = directory.isEmpty && StorePath.reservedNames.contains(name)
                        try FileSafety.checkFile(status, at: child, userID: fileSystem.userID, writtenInPlace: inPlace)
                    }
                } catch {
                    findings.append(Finding(error))
                }
            }
        }
        return findings
    }
}

extension SafetyAudit.Finding {
    init(_ error: DurableFilesError) {
        switch error {
        case .unsafe(let path, let reason, let remedy):
            self.init(path: path, reason: reason, remedy: remedy)
        case .damaged(let path, let reason):
            self.init(path: path, reason: reason, remedy: "move it aside; lifesignal never reads anything but regular files")
        case .io(_, let path, _):
            self.init(path: path, reason: error.description, remedy: "make it a directory of your own, or choose another store")
        default:
            self.init(path: "", reason: error.description, remedy: "")
        }
    }
}
