import Foundation
import TestSupport

/// Knobs read from the environment, so CI runs a bounded amount and a
/// person can ask for more.
enum StressKnobs {
    /// `LIFESIGNAL_STRESS_SEED`, else a fresh seed; printed either way.
    static func seed(for test: String) -> UInt64 {
        let seed = ProcessInfo.processInfo.environment["LIFESIGNAL_STRESS_SEED"].flatMap { UInt64($0) }
            ?? UInt64.random(in: 1...UInt64(UInt32.max))
        print("\(test): seed \(seed) (rerun with LIFESIGNAL_STRESS_SEED=\(seed))")
        return seed
    }

    /// `LIFESIGNAL_STRESS_ROUNDS`, never below the CI minimum.
    static func rounds(minimum: Int) -> Int {
        max(minimum, ProcessInfo.processInfo.environment["LIFESIGNAL_STRESS_ROUNDS"].flatMap { Int($0) } ?? minimum)
    }
}

/// ISO 8601 instants a fixed number of seconds apart, for `LIFESIGNAL_NOW`.
enum Clock {
    static let start = Date(timeIntervalSince1970: 1_772_355_600)  // 2026-03-01T09:00:00Z

    static func iso(_ seconds: Int) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: start.addingTimeInterval(Double(seconds)))
    }
}
