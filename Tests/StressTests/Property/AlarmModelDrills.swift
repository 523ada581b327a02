import Foundation

/// Drills in the reference model: a drill sends each responder one test
/// notice and changes nothing of the alarm (no deadline, alert, step or
/// repeat); drills closer together than ten minutes are refused; a
/// responder who got one may acknowledge it once within a day, which is
/// an `ack` that succeeds with nothing overdue.
extension AlarmModel {
    struct Drill {
        static let spacing: TimeInterval = 600
        static let acknowledgeable: TimeInterval = 86_400

        var sentAt: Date
        var told: Set<Int>
        var acked: Set<Int> = []
    }

    mutating func drill(_ p: Int, now: Date) -> Outcome {
        if let last = drills[p], now < last.sentAt.addingTimeInterval(Drill.spacing) { return .refused }
        let told = responders(of: p)
        // Nobody to test: nothing is sent or recorded.
        guard !told.isEmpty else { return .done }
        drills[p] = Drill(sentAt: now, told: Set(told))
        for r in told { drillNotices[r, default: 0] += 1 }
        return .done
    }
}
