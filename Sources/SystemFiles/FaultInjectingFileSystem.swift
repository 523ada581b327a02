import Synchronization

/// A file system for tests: forwards to another one, records every call, and
/// fails chosen calls with a chosen `Errno`.
///
/// An injected failure happens instead of the call: the wrapped file system is
/// not touched, so the disk looks exactly as if the process had stopped there.
/// The one exception is `close`, which always releases the descriptor (as
/// Linux does even when close reports an error, and as process death does).
public final class FaultInjectingFileSystem: FileSystem {
    /// One recorded call.
    public struct Call: Sendable, Hashable, CustomStringConvertible {
        public var operation: FileOperation
        /// The path operated on; for descriptor calls, the path it was opened with.
        public var path: String
        /// The error the call reported, injected or real; `nil` on success.
        public var failure: Errno?
        /// Whether the failure was injected.
        public var injected: Bool

        public var description: String {
            "\(operation) \(path)" + (failure.map { " -> \($0.name)\(injected ? " (injected)" : "")" } ?? "")
        }
    }

    private struct State {
        var fault: Fault?
        var calls: [Call] = []
        var counted = 0
        var tripped = false
        var openPaths: [Int32: String] = [:]
        /// Set by `setBootIdentifier`; `nil` forwards to the wrapped file system.
        var boot: String??
    }

    private let base: any FileSystem
    private let state: Mutex<State>

    public init(wrapping base: any FileSystem = SystemFileSystem(), fault: Fault? = nil) {
        self.base = base
        self.state = Mutex(State(fault: fault))
    }

    /// Every call made so far, in order.
    public var calls: [Call] {
        state.withLock { $0.calls }
    }

    /// Replaces the fault and restarts its counting; `nil` stops injecting.
    public func setFault(_ fault: Fault?) {
        state.withLock {
            $0.fault = fault
            $0.counted = 0
            $0.tripped = false
        }
    }

    /// Pretends the system restarted (or cannot tell its boots apart, with
    /// `nil`): `bootIdentifier()` answers `identifier` from now on.
    public func setBootIdentifier(_ identifier: String?) {
        state.withLock { $0.boot = .some(identifier) }
    }

    /// Forgets the recorded calls.
    public func clearCalls() {
        state.withLock { $0.calls.removeAll() }
    }

    // MARK: - Interception

    /// Decides whether this call fails, and records it either way.
    private func perform<T>(
        _ operation: FileOperation, path: String,
        whenInjected: (Fault) -> Void = { _ in }, _ body: () throws(Errno) -> T
    ) throws(Errno) -> T {
        let injected: Fault? = state.withLock { state in
            guard let fault = state.fault else { return nil }
            let counted = fault.operation == nil || fault.operation == operation
            if state.tripped {
                switch fault.afterwards {
                case .succeed: return nil
                case .failSameOperation: return counted ? fault : nil
                case .failEverything: return fault
                }
            }
            guard counted else { return nil }
            state.counted += 1
            if state.counted == fault.occurrence {
                state.tripped = true
                return fault
            }
            return nil
        }
        if let injected {
            whenInjected(injected)
            record(Call(operation: operation, path: path, failure: injected.errno, injected: true))
            throw injected.errno
        }
        do {
            let result = try body()
            record(Call(operation: operation, path: path, failure: nil, injected: false))
            return result
        } catch {
            record(Call(operation: operation, path: path, failure: error, injected: false))
            throw error
        }
    }

    private func record(_ call: Call) {
        state.withLock { $0.calls.append(call) }
    }

    private func path(of descriptor: FileDescriptor) -> String {
        state.withLock { $0.openPaths[descriptor.rawValue] } ?? "fd \(descriptor.rawValue)"
    }

    // MARK: - FileSystem

    public func open(
        _ path: String, access: OpenAccess, options: OpenOptions, permissions: FilePermissions
    ) throws(Errno) -> FileDescriptor {
        let descriptor = try perform(.open, path: path) { () throws(Errno) in
            try base.open(path, access: access, options: options, permissions: permissions)
        }
        state.withLock { $0.openPaths[descriptor.rawValue] = path }
        return descriptor
    }

    public func readAll(_ descriptor: FileDescriptor, expectedSize: Int?) throws(Errno) -> [UInt8] {
        try perform(.read, path: path(of: descriptor)) { () throws(Errno) in
            try base.readAll(descriptor, expectedSize: expectedSize)
        }
    }

    public func read(_ descriptor: FileDescriptor, upTo count: Int) throws(Errno) -> [UInt8] {
        try perform(.read, path: path(of: descriptor)) { () throws(Errno) in try base.read(descriptor, upTo: count) }
    }

    public func writeAll(_ descriptor: FileDescriptor, _ bytes: [UInt8], at offset: Int64) throws(Errno) {
        let tear = { (fault: Fault) in
            if fault.tearsWrites {
                try? self.base.writeAll(descriptor, Array(bytes.prefix(bytes.count / 2)), at: offset)
            }
        }
        try perform(.write, path: path(of: descriptor), whenInjected: tear) { () throws(Errno) in
            try base.writeAll(descriptor, bytes, at: offset)
        }
    }

    public func truncate(_ descriptor: FileDescriptor, size: Int64) throws(Errno) {
        try perform(.truncate, path: path(of: descriptor)) { () throws(Errno) in
            try base.truncate(descriptor, size: size)
        }
    }

    public func fsync(_ descriptor: FileDescriptor) throws(Errno) {
        try perform(.fsync, path: path(of: descriptor)) { () throws(Errno) in try base.fsync(descriptor) }
    }

    public func syncWholeFileSystem(_ descriptor: FileDescriptor) throws(Errno) -> Bool {
        try perform(.syncfs, path: path(of: descriptor)) { () throws(Errno) in try base.syncWholeFileSystem(descriptor) }
    }

    public func fchmod(_ descriptor: FileDescriptor, _ permissions: FilePermissions) throws(Errno) {
        try perform(.fchmod, path: path(of: descriptor)) { () throws(Errno) in
            try base.fchmod(descriptor, permissions)
        }
    }

    public func close(_ descriptor: FileDescriptor) throws(Errno) {
        let path = path(of: descriptor)
        state.withLock { _ = $0.openPaths.removeValue(forKey: descriptor.rawValue) }
        // An injected failure skips the real call; release the descriptor anyway.
        try perform(.close, path: path, whenInjected: { _ in try? base.close(descriptor) }) { () throws(Errno) in
            try base.close(descriptor)
        }
    }

    public func rename(_ source: String, to destination: String) throws(Errno) {
        try perform(.rename, path: source + " -> " + destination) { () throws(Errno) in
            try base.rename(source, to: destination)
        }
    }

    public func unlink(_ path: String) throws(Errno) {
        try perform(.unlink, path: path) { () throws(Errno) in try base.unlink(path) }
    }

    public func rmdir(_ path: String) throws(Errno) {
        try perform(.rmdir, path: path) { () throws(Errno) in try base.rmdir(path) }
    }

    public func mkdir(_ path: String, permissions: FilePermissions) throws(Errno) {
        try perform(.mkdir, path: path) { () throws(Errno) in try base.mkdir(path, permissions: permissions) }
    }

    public func chmod(_ path: String, _ permissions: FilePermissions) throws(Errno) {
        try perform(.chmod, path: path) { () throws(Errno) in try base.chmod(path, permissions) }
    }

    public func listDirectory(_ path: String) throws(Errno) -> [String] {
        try perform(.list, path: path) { () throws(Errno) in try base.listDirectory(path) }
    }

    /// A listing too (faults for `.list` apply), answered the wrapped file system's way.
    public func smallestName(in path: String, where include: (UnsafeBufferPointer<UInt8>) -> Bool) throws(Errno) -> String? {
        try perform(.list, path: path) { () throws(Errno) in try base.smallestName(in: path, where: include) }
    }

    public func stat(_ path: String) throws(Errno) -> FileStatus {
        try perform(.stat, path: path) { () throws(Errno) in try base.stat(path) }
    }

    public func lstat(_ path: String) throws(Errno) -> FileStatus {
        try perform(.lstat, path: path) { () throws(Errno) in try base.lstat(path) }
    }

    public func fstat(_ descriptor: FileDescriptor) throws(Errno) -> FileStatus {
        try perform(.fstat, path: path(of: descriptor)) { () throws(Errno) in try base.fstat(descriptor) }
    }

    public func readLink(_ path: String) throws(Errno) -> String {
        try perform(.readLink, path: path) { () throws(Errno) in try base.readLink(path) }
    }

    public var userID: UInt32 { base.userID }

    public func flock(_ descriptor: FileDescriptor, _ operation: LockOperation) throws(Errno) {
        try perform(.flock, path: path(of: descriptor)) { () throws(Errno) in try base.flock(descriptor, operation) }
    }

    public func bootIdentifier() -> String? {
        state.withLock { $0.boot } ?? base.bootIdentifier()
    }
}
