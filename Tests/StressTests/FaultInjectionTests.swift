import DurableFiles
import Foundation
import Testing
import TestSupport
import SystemFiles

/// I/O errors at every step of a real lifesignal commit: each file-system
/// call in turn fails once (later calls succeed) or fails for good (as a
/// dying disk or process). Afterwards, on the live file system, every read
/// shows exactly the state before or the state after, the latter whenever
/// the command said it succeeded; a failed fsync is never retried; and the
/// next write leaves no temporary files.
@Suite(.ownThreads) struct FaultInjectionTests {
    enum Command: String, CaseIterable, CustomTestStringConvertible {
        case contactsAdd, checkIn, pingSend
        var testDescription: String { rawValue }
    }

    @Test(arguments: Command.allCases)
    func everyFailingStepLeavesTheOldStateOrTheNew(_ command: Command) throws {
        let world = try FaultWorld(linked: command == .pingSend)
        let arguments: [String] = switch command {
        case .contactsAdd: ["contacts", "add", world.bobCode, "--responder"]
        case .checkIn: ["checkin"]
        case .pingSend: ["ping", "send", "Bob"]
        }
        let old = world.views()
        let recorder = FaultInjectingFileSystem(wrapping: SystemFileSystem())
        let reference = world.ada.run(arguments, fileSystem: recorder)
        try #require(reference.succeeded, "\(reference)")
        let new = world.views()
        try #require(new != old, "the command changed nothing")
        let steps = recorder.calls.count
        #expect(steps > 10, "only \(steps) file-system calls were seen")

        var outcomes: [String: Int] = [:]
        for step in 1...steps {
            for afterwards in [FaultInjectingFileSystem.Fault.Afterwards.succeed, .failEverything] {
                try world.restore()
                let fault = FaultInjectingFileSystem.Fault(occurrence: step, errno: .ioError, afterwards: afterwards,
                                                           tearsWrites: true)
                let injector = FaultInjectingFileSystem(wrapping: SystemFileSystem(), fault: fault)
                let result = world.ada.run(arguments, fileSystem: injector)
                let call = injector.calls.first { $0.injected }.map(\.description) ?? "no call"
                let label = "\(command) step \(step)/\(steps) (\(call)), then \(afterwards)"
                outcomes["exit \(result.status)", default: 0] += 1

                #expect([0, 8].contains(result.status), "\(label): \(result)")
                if result.status == 8 {
                    let lines = result.stderr.split(separator: "\n")
                    #expect(lines.first?.hasPrefix("error: ") == true && lines.first?.contains("/") == true,
                            "\(label): the error does not name a path: \(result.stderr)")
                }
                let seen = world.views()
                if result.status == 0 {
                    #expect(seen == new, "\(label): the command succeeded but its change is not there")
                } else {
                    #expect(seen == old || seen == new, "\(label): a mix of the old and new state")
                }
                #expect(Self.fsyncRetried(injector.calls) == nil,
                        "\(label): fsync retried after a failure: \(Self.fsyncRetried(injector.calls) ?? "")")
                let next = world.bob.run(["checkin"])
                #expect(next.succeeded, "\(label): the next write failed: \(next)")
                #expect(world.sandbox.debris(world.sandbox.store).isEmpty,
                        "\(label): temporary files survived the next write: \(world.sandbox.debris(world.sandbox.store))")
            }
        }
        print("fault injection, \(command): \(steps) steps × 2 modes: \(outcomes.sorted { $0.key < $1.key })")
    }

    /// The first fsync that follows a failed fsync of the same path.
    static func fsyncRetried(_ calls: [FaultInjectingFileSystem.Call]) -> String? {
        var failed: Set<String> = []
        for call in calls where call.operation == .fsync {
            if failed.contains(call.path) { return call.description }
            if call.failure != nil { failed.insert(call.path) }
        }
        return nil
    }
}

/// Ada and Bob on a store in memory-backed storage when available (fsync is
/// then cheap), with a pristine copy to go back to before every attempt.
final class FaultWorld {
    let sandbox: Sandbox
    let ada: InProcessPerson
    let bob: InProcessPerson
    let bobCode: String
    private let pristine: URL

    init(linked: Bool) throws {
        sandbox = Sandbox("faults", inMemory: true, storeKind: .directory)
        ada = InProcessPerson(home: sandbox.root.appendingPathComponent("ada"), store: sandbox.store, seed: 11)
        bob = InProcessPerson(home: sandbox.root.appendingPathComponent("bob"), store: sandbox.store, seed: 12)
        try ada.signUp(phone: "+15550000001", first: "Ada")
        try bob.signUp(phone: "+15550000002", first: "Bob")
        guard let code = bob.run(["qr", "show", "--json"]).jsonObject?["qrCodeID"] as? String else {
            throw HarnessFailure("Bob has no code")
        }
        bobCode = code
        if linked {
            let added = ada.run(["contacts", "add", code, "--dependent"])
            guard added.succeeded else { throw HarnessFailure("linking failed: \(added)") }
        }
        pristine = sandbox.root.appendingPathComponent("pristine")
        try FileManager.default.copyItem(at: sandbox.store, to: pristine)
    }

    func restore() throws {
        try FileManager.default.removeItem(at: sandbox.store)
        try FileManager.default.copyItem(at: pristine, to: sandbox.store)
    }

    /// What every reading command shows both people.
    func views() -> [String] {
        let reads = [["status", "--json"], ["contacts", "--json"], ["notifications", "--json"],
                     ["checkin", "history", "--json"], ["ping", "list", "--json"]]
        return [ada, bob].flatMap { person in
            reads.map { arguments in
                let result = person.run(arguments)
                return "\(arguments.joined(separator: " ")) → \(result.status)\n\(result.stdout)\(result.stderr)"
            }
        }
    }
}
