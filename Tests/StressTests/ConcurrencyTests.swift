import Foundation
import Testing
import TestSupport

/// Many processes at once on one store: no write is lost, none is doubled.
@Suite(.serialized, .ownThreads) struct ConcurrencyTests {
    /// Four processes check in a hundred times each, on the real clock.
    @Test func fourHundredConcurrentCheckInsAreAllKept() throws {
        let sandbox = Sandbox("checkins", storeKind: .directory)
        sandbox.now = ""  // the real clock throughout: sessions live by it
        let ada = sandbox.person("ada")
        try ada.signUp(phone: "+15550000001", first: "Ada")
        let failures = Counter()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<100 {
                // An empty LIFESIGNAL_NOW means the real clock.
                let result = try? ada.run(["checkin", "-q"], extra: ["LIFESIGNAL_NOW": ""])
                if result?.succeeded != true { failures.add(result.map { "\($0)" } ?? "could not start") }
            }
        }
        #expect(failures.values.isEmpty, "\(failures.values.prefix(3))")
        let history = try ada.run(["checkin", "history", "--limit", "100000", "--json"])
        #expect(history.jsonArray?.count == 400, "\(history.jsonArray?.count ?? -1) check-ins kept of 400")
        #expect(sandbox.debris(sandbox.store).isEmpty)
    }

    /// Ada and Bob ping each other, answer and read, at the same time; every
    /// ping that was sent (not "already pending") and every answer is
    /// accounted for exactly once on the other side.
    @Test func twoAccountsPingingAndAnsweringEachOtherKeepExactCounts() throws {
        let sandbox = Sandbox("pings", storeKind: .directory)
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        try ada.signUp(phone: "+15550000001", first: "Ada")
        try bob.signUp(phone: "+15550000002", first: "Bob")
        try ada.linkBothWays(with: bob)
        let rounds = 30
        let tallies = [Tally(), Tally()]
        let people = [(ada, "Bob"), (bob, "Ada")]
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let (person, other) = people[index]
            let tally = tallies[index]
            for _ in 0..<rounds {
                do {
                    let sent = try person.run(["ping", "send", other, "--json"])
                    guard let ping = sent.jsonObject else { tally.fail("\(sent)"); continue }
                    if ping["alreadyPending"] as? Bool != true { tally.sent += 1 }
                    let answered = try person.run(["ping", "respond", "--json"])
                    guard let list = answered.jsonValue as? [Any] else { tally.fail("\(answered)"); continue }
                    tally.answered += list.count
                    let feed = try person.run(["notifications", "--json"])
                    if feed.jsonArray == nil { tally.fail("\(feed)") }
                } catch {
                    tally.fail("\(error)")
                }
            }
        }
        for (index, (person, _)) in people.enumerated() {
            let tally = tallies[index], peer = tallies[1 - index]
            #expect(tally.failures.isEmpty, "\(person.name): \(tally.failures.prefix(3))")
            let peerName = index == 0 ? "Bob" : "Ada"
            let feed = try #require(try person.run(["notifications", "--limit", "100000", "--json"]).jsonArray)
            let titles = feed.compactMap { $0["title"] as? String }
            #expect(titles.filter { $0 == "\(peerName) Test pinged you" }.count == peer.sent,
                    "\(person.name) was notified of \(titles.filter { $0.hasSuffix("pinged you") }.count) pings, \(peerName) sent \(peer.sent)")
            #expect(titles.filter { $0 == "\(peerName) Test responded to your ping" }.count == peer.answered)
            let list = try #require(try person.run(["ping", "list", "--json"]).jsonObject)
            let sent = list["sent"] as? [[String: Any]] ?? []
            #expect(sent.count == tally.sent, "\(person.name) has \(sent.count) sent pings, sent \(tally.sent)")
            #expect(sent.filter { $0["status"] as? String == "responded" }.count == peer.answered)
        }
        #expect(tallies[0].sent > 0 && tallies[1].sent > 0)
    }
}

/// Failures collected from several threads.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    func add(_ item: String) { lock.withLock { items.append(item) } }
    var values: [String] { lock.withLock { items } }
}

/// One person's side of the ping test; used by one thread at a time.
final class Tally: @unchecked Sendable {
    var sent = 0
    var answered = 0
    var failures: [String] = []
    func fail(_ text: String) { failures.append(text) }
}
