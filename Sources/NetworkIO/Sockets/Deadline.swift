import Glibc

/// An instant on the monotonic clock by which something must be done.
///
/// Every wait in this module takes a deadline rather than a timeout, so a
/// loop of waits (a body read in many pieces, a DNS query retried) is bounded
/// as a whole.
public struct Deadline: Comparable, Sendable, CustomStringConvertible {
    /// Nanoseconds on CLOCK_MONOTONIC.
    public let uptimeNanoseconds: Int64

    public init(uptimeNanoseconds: Int64) {
        self.uptimeNanoseconds = uptimeNanoseconds
    }

    public static var now: Deadline {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Deadline(uptimeNanoseconds: Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec))
    }

    /// The deadline `duration` from now.
    public static func after(_ duration: Duration) -> Deadline {
        now.advanced(by: duration)
    }

    /// A deadline that never comes (for waits bounded by something else).
    public static let distantFuture = Deadline(uptimeNanoseconds: .max)

    public func advanced(by duration: Duration) -> Deadline {
        let (sum, overflow) = uptimeNanoseconds.addingReportingOverflow(Self.nanoseconds(duration))
        return Deadline(uptimeNanoseconds: overflow ? .max : sum)
    }

    /// Time left, zero once passed.
    public var remaining: Duration {
        .nanoseconds(max(0, uptimeNanoseconds &- Deadline.now.uptimeNanoseconds))
    }

    public var hasPassed: Bool { Deadline.now >= self }

    /// Milliseconds left for poll(2): rounded up, so a wait never ends early,
    /// and clamped to what poll takes.
    var pollMilliseconds: Int32 {
        let left = uptimeNanoseconds == .max ? Int64(Int32.max) * 1_000_000 : uptimeNanoseconds &- Deadline.now.uptimeNanoseconds
        guard left > 0 else { return 0 }
        return Int32(clamping: (left + 999_999) / 1_000_000)
    }

    public static func < (lhs: Deadline, rhs: Deadline) -> Bool { lhs.uptimeNanoseconds < rhs.uptimeNanoseconds }

    public var description: String { "\(remaining) from now" }

    package static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return seconds < 0 ? .min : .max }
        return scaled &+ attoseconds / 1_000_000_000
    }
}

extension Duration {
    /// Whole milliseconds, for messages ("within 2000 ms").
    public var wholeMilliseconds: Int64 { Deadline.nanoseconds(self) / 1_000_000 }
}
