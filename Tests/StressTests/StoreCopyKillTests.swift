import Foundation
import Testing
import TestSupport

/// `store copy` killed at any instant (issue 27, item 5): 41 of 47 kills
/// left a partial destination that the next command adopted (a signed-out
/// `tick` wrote a new `store.json`, `login` of an existing number made a
/// second account). Whatever instant the copy dies at, the destination is
/// nothing, the whole store, or a copy under way that every command refuses
/// (exit 5) without changing it, that `doctor` names, and that the command
/// the error gives removes, after which the copy goes through.
@Suite(.serialized, .ownThreads) struct StoreCopyKillTests {
    enum Direction: String, CaseIterable, CustomTestStringConvertible {
        case directoryToDirectory, directoryToEtcd, etcdToDirectory
        var testDescription: String { rawValue }
        var kinds: (from: TestStore.Kind, to: TestStore.Kind) {
            switch self {
            case .directoryToDirectory: (.directory, .directory)
            case .directoryToEtcd: (.directory, .etcd)
            case .etcdToDirectory: (.etcd, .directory)
            }
        }
    }

    static var directions: [Direction] {
        TestStore.etcdAvailable ? Direction.allCases : [.directoryToDirectory]
    }

    /// Ada and Bob on a store with enough files for a copy of several steps.
    static func source(_ kind: TestStore.Kind) throws -> (Sandbox, Person, Person) {
        let sandbox = Sandbox("copy-kill", inMemory: true, storeKind: kind)
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        try ada.signUp(phone: "+15550000001", first: "Ada")
        try bob.signUp(phone: "+15550000002", first: "Bob")
        try ada.linkBothWays(with: bob)
        #expect(try ada.run(["checkin"]).succeeded)
        for number in 0..<1000 { try sandbox.setStoreFile("extra/\(number)", Data("file \(number)".utf8)) }
        return (sandbox, ada, bob)
    }

    @Test(arguments: directions)
    func aCopyKilledAtAnyInstantLeavesNothingTheStoreOrANamedPartialCopy(_ direction: Direction) throws {
        let (source, ada, bob) = try Self.source(direction.kinds.from)
        let sourceFiles = try Self.dataFiles(source)
        let points = StressKnobs.rounds(minimum: 16)

        // How long a copy takes here to publish the store (its reading back
        // comes after), to spread the kills over its writing.
        let reference = Sandbox("copy-kill-to", inMemory: true, storeKind: direction.kinds.to)
        let started = Date()
        let referenceCopy = try ada.start(["store", "copy", source.storeLocation, reference.storeLocation])
        var duration = 0.0
        while duration == 0, Date().timeIntervalSince(started) < 60 {
            if try Self.dataFiles(reference).contains("store.json") { duration = Date().timeIntervalSince(started) }
            usleep(2000)
        }
        #expect(referenceCopy.wait().succeeded)
        #expect(try Self.dataFiles(reference) == sourceFiles)

        var outcomes: [String: Int] = [:]
        for point in 0..<points {
            let destination = Sandbox("copy-kill-to", inMemory: true, storeKind: direction.kinds.to)
            let location = destination.storeLocation
            let delay = duration * Double(point) / Double(points - 1) * 1.1
            let copying = try ada.start(["store", "copy", source.storeLocation, location])
            usleep(UInt32(delay * 1_000_000))
            copying.kill()
            let copied = copying.wait()
            let label = "\(direction), killed after \(Int(delay * 1000)) ms of \(Int(duration * 1000))"
            // The first look replays a commit the kill interrupted (a store's
            // machinery finishing its own work); what is there is judged after it.
            let look = try bob.run(["status"], extra: ["LIFESIGNAL_STORE": location])
            let files = try Self.dataFiles(destination)

            if files.isEmpty {
                outcomes["nothing", default: 0] += 1
                #expect(look.status == 3, "\(label): \(look)")
            } else if files.contains("store.json"), !files.contains("copying.json") {
                outcomes["the whole store", default: 0] += 1
                let differing = Set(files).symmetricDifference(sourceFiles).sorted()
                #expect(differing.isEmpty, "\(label): a store, but not the source's: \(differing) \(copied)")
                #expect(try bob.run(["status"], extra: ["LIFESIGNAL_STORE": location]).succeeded, "\(label)")
                continue
            } else {
                outcomes["a partial copy", default: 0] += 1
                try Self.expectRefusedAndRemovable(destination, people: [ada, bob], label: label)
            }
            // Nothing there, or nothing left: the copy goes through.
            let again = try ada.run(["store", "copy", source.storeLocation, location])
            #expect(again.succeeded, "\(label): copying again: \(again)")
            let recopied = Set(try Self.dataFiles(destination)).symmetricDifference(sourceFiles).sorted()
            #expect(recopied.isEmpty, "\(label): copied again, but not the source's: \(recopied)")
            #expect(try bob.run(["status"], extra: ["LIFESIGNAL_STORE": location]).succeeded, "\(label)")
        }
        print("store copy killed, \(direction): \(points) kills over \(Int(duration * 1000)) ms: "
              + "\(outcomes.sorted { $0.key < $1.key })")
        #expect(outcomes["a partial copy", default: 0] > 0, "no kill landed inside the copy: \(outcomes)")
    }

    /// The store's files, without a directory store's own lock files and journal.
    static func dataFiles(_ sandbox: Sandbox) throws -> [String] {
        try sandbox.storeFiles().filter { !["lock", "gate", "journal"].contains($0) }
    }

    /// Every command refuses the partial copy at `destination` and changes
    /// nothing; `doctor` names it; the removal the error gives works.
    static func expectRefusedAndRemovable(_ destination: Sandbox, people: [Person], label: String) throws {
        let location = destination.storeLocation
        let before = try destination.storeContents()
        let stranger = destination.person("cy")
        let attempts: [(Person, [String])] = [
            (people[1], ["status"]), (stranger, ["tick"]), (people[0], ["checkin"]),
            (stranger, ["login", "--phone", "+15550000002"]), (stranger, ["login", "--phone", "+15550000009"]),
        ]
        var removal: String?
        for (person, arguments) in attempts {
            let result = try person.run(arguments, extra: ["LIFESIGNAL_STORE": location])
            #expect(result.status == 5 && result.stderr.hasPrefix("error: \(location) holds a store copy that did not finish"),
                    "\(label): \(person.name) \(arguments): \(result)")
            if let start = result.stderr.range(of: "hint: remove it ("), let end = result.stderr.range(of: "), then copy again") {
                removal = String(result.stderr[start.upperBound..<end.lowerBound])
            }
        }
        #expect(try destination.storeContents() == before, "\(label): a command changed the partial copy")
        let doctor = try people[0].run(["doctor", "--json"], extra: ["LIFESIGNAL_STORE": location])
        let findings = doctor.jsonObject?["findings"] as? [[String: Any]] ?? []
        #expect(doctor.status == 7 && findings.contains {
            ($0["path"] as? String) == destination.storeName(of: "copying.json")
                && ($0["advice"] as? String)?.contains(removal ?? "no removal was given") == true
        }, "\(label): \(doctor)")

        let command = try #require(removal, "\(label): no removal command was given")
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", command]
        shell.standardOutput = FileHandle.nullDevice
        try shell.run()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0, "\(label): \(command) failed")
        let left = try dataFiles(destination)
        #expect(left.isEmpty, "\(label): \(command) left \(left)")
    }
}
