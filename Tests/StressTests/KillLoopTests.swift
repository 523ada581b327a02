import Foundation
import Testing
import TestSupport

/// `kill -9` at random instants: a writer is killed while a reader runs,
/// round after round, and the store must keep every promise.
///
/// Each round picks a writer (a check-in with its own `LIFESIGNAL_NOW`, a
/// ping, an answer, marking notifications read, a role change) and a reader
/// (`status`, `checkin history`, `notifications`, all `--json`), starts both,
/// and kills the writer after 0–40 ms. Every read must parse; a write that
/// exited 0 must be visible at once (and, for check-ins, exactly once at the
/// end); after a write that exited 0 no temporary file is left anywhere.
@Suite(.serialized, .ownThreads) struct KillLoopTests {
    @Test func killedWritersLoseNothingAcknowledgedAndLeaveNoDebris() throws {
        let seed = StressKnobs.seed(for: "kill loop")
        var random = SeededGenerator(seed: seed)
        let rounds = StressKnobs.rounds(minimum: 200)
        let sandbox = Sandbox("kill", storeKind: .directory)
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        try ada.signUp(phone: "+15550000001", first: "Ada")
        try bob.signUp(phone: "+15550000002", first: "Bob")
        try ada.linkBothWays(with: bob)
        let ids = [ada.name: try ada.accountID(), bob.name: try bob.accountID()]

        var acknowledged: [String: Set<String>] = [:]
        var attempted: [String: Set<String>] = [:]
        var killed = 0
        var cleanedUp = 0
        for round in 0..<rounds {
            let debrisBefore = !sandbox.debris(sandbox.store).isEmpty
            let now = Clock.iso(60 * (round + 1))
            let (writer, other) = Bool.random(using: &random) ? (ada, bob) : (bob, ada)
            let operation = KillOperation.allCases.randomElement(using: &random) ?? .checkIn
            let responder = Bool.random(using: &random)
            let readerPerson = Bool.random(using: &random) ? ada : bob
            let reading = [["status", "--json"], ["checkin", "history", "--json"], ["notifications", "--json"]]
                .randomElement(using: &random) ?? ["status", "--json"]
            let delay = UInt32.random(in: 0...40_000, using: &random)

            let started = try writer.start(operation.arguments(other: other.name.capitalized, responder: responder),
                                           extra: ["LIFESIGNAL_NOW": now])
            let reader = try readerPerson.start(reading, extra: ["LIFESIGNAL_NOW": now])
            usleep(delay)
            started.kill()
            let written = started.wait()
            let read = reader.wait()
            let context = "round \(round) (seed \(seed)): \(writer.name) \(operation) while \(readerPerson.name) ran \(reading)"
            #expect(read.succeeded && read.jsonValue != nil, "\(context): the read failed\n\(read)")
            // Answering a ping is a check-in too.
            if operation == .checkIn || operation == .pingRespond {
                attempted[writer.name, default: []].insert(String(now.prefix(19)))
            }

            if written.signalled {
                #expect(written.status == SIGKILL, "\(context): \(written)")
                killed += 1
                continue
            }
            // Role changes by both sides can leave no one to ping, or a link
            // whose last role would go: the rules refuse those (exit 5).
            if operation == .pingSend, written.status == 5, written.stderr.contains("dependent") { continue }
            if operation == .roleChange, written.status == 5, written.stderr.contains("at least one role") { continue }
            #expect(written.status == 0, "\(context): the writer failed by itself\n\(written)")
            guard written.status == 0 else { continue }
            if operation == .checkIn || (operation == .pingRespond && (written.jsonValue as? [Any])?.isEmpty == false) {
                acknowledged[writer.name, default: []].insert(String(now.prefix(19)))
            }
            try operation.verify(writer: writer, other: other, ids: ids, responder: responder, now: now, context)
            let left = sandbox.debris(sandbox.store)
            #expect(left.isEmpty, "\(context): temporary files survived a successful write: \(left)")
            if debrisBefore && left.isEmpty { cleanedUp += 1 }
        }
        print("kill loop: \(rounds) rounds, \(killed) writers killed, \(cleanedUp) writes cleaned up a killed one's temporary files, seed \(seed)")

        for person in [ada, bob] {
            let history = try person.run(["checkin", "history", "--limit", "100000", "--json"])
            let stamps = try #require(history.jsonArray, "\(history)").compactMap { ($0["timestamp"] as? String)?.prefix(19) }
            let counted = Dictionary(grouping: stamps.map(String.init), by: { $0 }).mapValues(\.count)
            for stamp in acknowledged[person.name] ?? [] {
                #expect(counted[stamp] == 1, "seed \(seed): \(person.name)'s acknowledged check-in at \(stamp) appears \(counted[stamp] ?? 0) times")
            }
            for (stamp, count) in counted {
                #expect(count == 1, "seed \(seed): \(person.name)'s check-in at \(stamp) appears \(count) times")
                #expect(attempted[person.name, default: []].contains(stamp),
                        "seed \(seed): \(person.name) has a check-in at \(stamp) nobody made")
            }
        }
    }
}

/// The writers of the kill loop, with what each promises once it exits 0.
enum KillOperation: CaseIterable, CustomStringConvertible {
    case checkIn, pingSend, pingRespond, readAll, roleChange

    var description: String {
        switch self {
        case .checkIn: "checkin"
        case .pingSend: "ping send"
        case .pingRespond: "ping respond"
        case .readAll: "notifications read --all"
        case .roleChange: "contacts role"
        }
    }

    func arguments(other: String, responder: Bool) -> [String] {
        switch self {
        case .checkIn: ["checkin", "-q"]
        case .pingSend: ["ping", "send", other, "--json"]
        case .pingRespond: ["ping", "respond", "--json"]
        case .readAll: ["notifications", "read", "--all"]
        case .roleChange: ["contacts", "role", other, responder ? "--responder" : "--no-responder", "--json"]
        }
    }

    /// Reads back what an acknowledged write promised.
    func verify(writer: Person, other: Person, ids: [String: String], responder: Bool, now: String,
                _ context: String) throws {
        let at = ["LIFESIGNAL_NOW": now]
        switch self {
        case .checkIn:
            let status = try writer.run(["status", "--json"], extra: at)
            let last = (status.jsonObject?["lastCheckIn"] as? String)?.prefix(19)
            #expect(last == now.prefix(19), "\(context): the acknowledged check-in is not the last one\n\(status)")
        case .pingSend:
            let list = try other.run(["ping", "list", "--json"], extra: at)
            let received = list.jsonObject?["received"] as? [[String: Any]] ?? []
            #expect(received.contains { $0["senderID"] as? String == ids[writer.name] && $0["status"] as? String == "pending" },
                    "\(context): the acknowledged ping is not pending for \(other.name)\n\(list)")
        case .pingRespond:
            let list = try writer.run(["ping", "list", "--json"], extra: at)
            let received = try #require(list.jsonObject?["received"] as? [[String: Any]], "\(context)\n\(list)")
            #expect(!received.contains { $0["status"] as? String == "pending" },
                    "\(context): a ping is still pending after an acknowledged answer\n\(list)")
        case .readAll:
            let status = try writer.run(["status", "--json"], extra: at)
            #expect(status.jsonObject?["unreadNotifications"] as? Int == 0, "\(context)\n\(status)")
        case .roleChange:
            let mine = try writer.run(["contacts", "--json"], extra: at).jsonArray ?? []
            let theirs = try other.run(["contacts", "--json"], extra: at).jsonArray ?? []
            let seenByWriter = mine.first { $0["id"] as? String == ids[other.name] }
            let seenByOther = theirs.first { $0["id"] as? String == ids[writer.name] }
            #expect(seenByWriter?["isResponder"] as? Bool == responder, "\(context): \(mine)")
            #expect(seenByOther?["isDependent"] as? Bool == responder, "\(context): \(theirs)")
        }
    }
}
