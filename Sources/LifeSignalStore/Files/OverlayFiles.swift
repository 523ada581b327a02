/// Changes held in memory over another `FileAccess`, applied to it only when
/// asked: a savepoint inside a transaction, so a piece of work that fails
/// half way (an unreadable file of one account) leaves nothing behind.
final class OverlayFiles: FileAccess {
    let base: any FileAccess
    /// New contents by path; nil means deleted.
    private var changes: [String: [UInt8]?] = [:]
    /// Paths in the order they were first changed, so applying is repeatable.
    private var order: [String] = []

    init(base: any FileAccess) { self.base = base }

    func read(_ path: String) throws -> [UInt8]? {
        if let change = changes[path] { return change }
        return try base.read(path)
    }

    func list(_ directory: String) throws -> [String] {
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        var names = Set(try base.list(directory))
        for (path, change) in changes where path.hasPrefix(prefix) {
            let rest = path.dropFirst(prefix.count)
            guard let first = rest.split(separator: "/").first else { continue }
            if change != nil {
                names.insert(String(first))
            } else if !rest.contains("/") {
                names.remove(String(first))
            }
        }
        return names.sorted()
    }

    func write(_ path: String, _ bytes: [UInt8]) throws { record(path, bytes) }

    func delete(_ path: String) throws { record(path, nil) }

    private func record(_ path: String, _ bytes: [UInt8]?) {
        if changes[path] == nil { order.append(path) }
        changes[path] = .some(bytes)
    }

    /// Applies every change to the base; returns the paths changed.
    func apply() throws -> [String] {
        for path in order {
            guard let change = changes[path] else { continue }
            if let bytes = change {
                try base.write(path, bytes)
            } else if try base.read(path) != nil {
                try base.delete(path)
            }
        }
        return order
    }
}
