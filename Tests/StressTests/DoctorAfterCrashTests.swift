import DurableFiles
import Foundation
import Testing
import TestSupport
import SystemFiles

/// `doctor` right after a crash (issue 27, item 7): a command dies at each
/// step of its commit in turn (every file-system call from that one on
/// fails, as for a process killed there). Whatever it left, the next
/// command's replay makes the store whole, so `doctor` judges the store as
/// that replay will leave it: it finds no problem (exit 0; a replay due and
/// leftover temporary files are notes), never advises a restore, and
/// changes nothing; after the next command it finds nothing either.
@Suite(.ownThreads) struct DoctorAfterCrashTests {
    @Test(arguments: FaultInjectionTests.Command.allCases)
    func doctorAfterACrashAtEveryStepFindsNothingToRestore(_ command: FaultInjectionTests.Command) throws {
        let world = try FaultWorld(linked: command == .pingSend)
        let arguments: [String] = switch command {
        case .contactsAdd: ["contacts", "add", world.bobCode, "--responder", "--dependent"]
        case .checkIn: ["checkin"]
        case .pingSend: ["ping", "send", "Bob"]
        }
        let recorder = FaultInjectingFileSystem(wrapping: SystemFileSystem())
        try #require(world.ada.run(arguments, fileSystem: recorder).succeeded)
        let steps = recorder.calls.count
        var replaysSeen = 0
        for step in 1...steps {
            try world.restore()
            let fault = FaultInjectingFileSystem.Fault(occurrence: step, errno: .ioError, afterwards: .failEverything,
                                                       tearsWrites: true)
            let injector = FaultInjectingFileSystem(wrapping: SystemFileSystem(), fault: fault)
            _ = world.ada.run(arguments, fileSystem: injector)
            let call = injector.calls.first { $0.injected }.map(\.description) ?? "no call"
            let label = "\(command) dies at step \(step)/\(steps) (\(call))"

            let before = world.sandbox.snapshot(world.sandbox.store)
            let doctor = world.bob.run(["doctor", "--json"])
            let findings = doctor.jsonObject?["findings"] as? [[String: Any]] ?? []
            #expect(doctor.status == 0 && findings.allSatisfy { $0["severity"] as? String == "note" },
                    "\(label): \(doctor)")
            if findings.contains(where: { ($0["problem"] as? String) == "commits waiting to be replayed" }) { replaysSeen += 1 }
            let seen = world.sandbox.snapshot(world.sandbox.store)
            let changed = Set(seen.keys).union(before.keys).filter { seen[$0] != before[$0] }.sorted()
            #expect(changed.isEmpty, "\(label): doctor changed \(changed)")

            #expect(world.bob.run(["status"]).succeeded, "\(label): the next command failed")
            let after = world.bob.run(["doctor"])
            #expect(after.status == 0, "\(label): after the replay: \(after)")
        }
        // The steps between the commit point and the applied mark leave a replay due.
        #expect(replaysSeen > 0, "no step left a replay due")
        print("doctor after a crash, \(command): \(steps) steps, \(replaysSeen) with a replay due")
    }
}
