import Foundation
import Testing
import TestSupport
import SystemFiles

/// Store files that parse but hold values lifesignal never writes (a feed
/// segment size of 0, an index past any disk, a negative interval): they
/// are damage too, and must be reported as such (exit 7, naming the file,
/// within seconds, nothing changed) rather than crash, hang or be used.
///
/// Every case below is a known defect (reported to the lead): values are
/// not range-checked after decoding. Segment size 0 and an interval near
/// Int.max crash (division by zero, Double→Int trap); a huge `nextIndex`
/// makes `notifications` and `tick` loop for ever over missing segments;
/// the rest are used as they are. `doctor` crashes on segment size 0 and
/// calls the other stores healthy, except for the negative unread count.
/// All of these are now refused right after decoding (exit 7, path named),
/// and doctor names the file.
@Suite(.ownThreads) struct ImpossibleValueTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var kind: StoreFileKind
        /// The field's text as written (`"segmentSize":100`) and its damaged replacement.
        var pattern: String
        var replacement: String
        var command: [String]
        /// Whether `doctor` is known to crash, hang or say nothing here.
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "feed segment size 0", kind: .feedSummary, pattern: #""segmentSize":[0-9]+"#,
             replacement: #""segmentSize":0"#, command: ["notifications"]),
        Case(name: "feed segment size -1", kind: .feedSummary, pattern: #""segmentSize":[0-9]+"#,
             replacement: #""segmentSize":-1"#, command: ["notifications"]),
        Case(name: "feed next index 9e18", kind: .feedSummary, pattern: #""nextIndex":[0-9]+"#,
             replacement: #""nextIndex":9000000000000000000"#, command: ["notifications"]),
        Case(name: "feed next index 9e18, tick", kind: .feedSummary, pattern: #""nextIndex":[0-9]+"#,
             replacement: #""nextIndex":9000000000000000000"#, command: ["tick"]),
        Case(name: "feed unread count negative", kind: .feedSummary, pattern: #""unread":[0-9]+"#,
             replacement: #""unread":-3"#, command: ["status"]),
        Case(name: "check-in interval Int.max", kind: .account, pattern: #""checkInInterval":[0-9]+"#,
             replacement: #""checkInInterval":9223372036854775807"#, command: ["status"]),
        Case(name: "check-in interval 0", kind: .account, pattern: #""checkInInterval":[0-9]+"#,
             replacement: #""checkInInterval":0"#, command: ["status"]),
        Case(name: "check-in interval negative", kind: .account, pattern: #""checkInInterval":[0-9]+"#,
             replacement: #""checkInInterval":-100"#, command: ["checkin"]),
        Case(name: "reminder interval negative", kind: .account, pattern: #""reminderInterval":[0-9]+"#,
             replacement: #""reminderInterval":-5"#, command: ["status"]),
    ]

    @Test(arguments: cases)
    func anImpossibleValueIsReportedAsDamage(_ damage: Case) throws {
        let world = try DamageWorld()
        try world.restore()
        let file = try world.file(damage.kind)
        let text = try String(contentsOf: file, encoding: .utf8)
        let damaged = text.replacingOccurrences(of: damage.pattern, with: damage.replacement, options: .regularExpression)
        try #require(damaged != text, "\(damage.name): no \(damage.pattern) in \(file.lastPathComponent)")
        try damaged.write(to: file, atomically: false, encoding: .utf8)
        let before = world.snapshot()
        let started = Date()
        let result = try world.ada.run(damage.command, timeout: HostileFileTests.patience)
        let elapsed = Date().timeIntervalSince(started)
        let changed = DamageWorld.changes(before, world.snapshot())
        #expect(elapsed < HostileFileTests.patience && !result.signalled, "\(damage.name): hung or crashed: \(result)")
        #expect(result.status == 7 && result.stderr.contains(file.path), "\(damage.name): \(result)")
        #expect(changed.isEmpty, "\(damage.name): files changed: \(changed)")

        // doctor is where such damage should be found: it must name the file.
        try world.restore()
        try damaged.write(to: file, atomically: false, encoding: .utf8)
        let doctor = try world.ada.run(["doctor", "--json"], timeout: HostileFileTests.patience)
        let findings = doctor.jsonObject?["findings"] as? [[String: Any]] ?? []
        #expect(!doctor.signalled && doctor.status == 7 && findings.contains { ($0["path"] as? String) == file.path },
                "doctor on \(damage.name): \(doctor)")
    }
}
