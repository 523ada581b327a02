extension FaultInjectingFileSystem {
    /// Which calls of a `FaultInjectingFileSystem` fail, and how.
    public struct Fault: Sendable, Hashable {
        /// What happens to calls after the first injected failure.
        public enum Afterwards: Sendable, Hashable {
            /// They go through: the failure was a one-off.
            case succeed
            /// Later calls of the counted operation (every call, when the
            /// fault counts all operations) fail too.
            case failSameOperation
            /// Every later call fails, whatever its operation, as after a crash.
            case failEverything
        }

        /// The operation counted, or `nil` to count calls of every operation.
        public var operation: FileOperation?
        /// The 1-based number of the first failing call among the counted ones.
        public var occurrence: Int
        /// The error the failing calls report.
        public var errno: Errno
        public var afterwards: Afterwards
        /// Whether a failing `writeAll` first writes the first half of its
        /// bytes, as a write cut short by a crash would.
        public var tearsWrites: Bool

        public init(
            operation: FileOperation? = nil, occurrence: Int, errno: Errno = .ioError,
            afterwards: Afterwards = .succeed, tearsWrites: Bool = false
        ) {
            self.operation = operation
            self.occurrence = occurrence
            self.errno = errno
            self.afterwards = afterwards
            self.tearsWrites = tearsWrites
        }

        /// Call `step` (counting every operation) and everything after it
        /// fail, the way a process killed at that instant stops: nothing
        /// further reaches the disk (the kernel still closes descriptors,
        /// releasing locks), and a write in progress is torn.
        public static func crash(atCall step: Int) -> Fault {
            Fault(occurrence: step, errno: .ioError, afterwards: .failEverything, tearsWrites: true)
        }
    }
}
