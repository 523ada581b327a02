import Foundation
import Testing
import TestSupport

/// A process whose runtime cannot read its command line (the Swift runtime
/// finds argv through `/proc/self/maps`): lifesignal must say so and fail,
/// never take it for "no words", print the help and exit 0, which made every
/// `checkin` from cron "succeed" without doing anything.
@Suite(.serialized, .ownThreads) struct StartupFailureTests {
    /// Whether the binary is static (the release build): a dynamic one
    /// cannot even be loaded with no descriptor to spare.
    static let isStatic: Bool = {
        guard let head = FileManager.default.contents(atPath: Binary.path)?.prefix(4096) else { return false }
        return head.range(of: Data("ld-linux".utf8)) == nil
    }()

    static let commands = [["checkin"], ["alert", "on", "--yes"], ["status", "--check"], ["checkin", "--", "true"],
                           ["--help"], []]

    /// Ada, signed in and overdue, with Bob as her responder: whatever runs
    /// must change nothing in the store, and `status --check` would say 10.
    static func overdueAda() throws -> (Sandbox, Person) {
        let sandbox = Sandbox("startup", storeKind: .directory)
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "Lovelace")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "Okafor")
        #expect(try ada.run(["contacts", "add", try bob.qrCode(), "--responder"]).status == 0)
        #expect(try ada.run(["checkin"]).status == 0)
        sandbox.setNow("2026-03-05T09:00:00Z", for: [ada, bob])
        return (sandbox, ada)
    }

    static func expectInternalError(_ result: RunResult, _ arguments: [String]) {
        #expect(result.status == 1, "\(arguments): \(result)")
        #expect(result.stdout.isEmpty, "\(arguments): \(result)")
        #expect(result.stderr.hasPrefix("error: internal error: the command line could not be read"), "\(arguments): \(result)")
    }

    /// /proc hidden under an empty file system, in a mount namespace of the
    /// command's own: the runtime's first open fails.
    @Test(.enabled(if: ReadOnlyStoreTests.canMount, "mount namespaces are not available"))
    func withoutProcEveryCommandFailsAndDoesNothing() throws {
        let (sandbox, ada) = try Self.overdueAda()
        let before = sandbox.snapshot(sandbox.store)
        for arguments in Self.commands {
            let result = try ada.run(["/usr/bin/unshare", "-m", "sh", "-c", "mount -t tmpfs none /proc && exec \"$0\" \"$@\"",
                                      Binary.path] + arguments, viaShell: true)
            Self.expectInternalError(result, arguments)
        }
        #expect(sandbox.snapshot(sandbox.store) == before, "a command that could not read its arguments changed the store")
        #expect(try ada.run(["status", "--check"]).status == 10)
    }

    /// `ulimit -n 3`: stdin, stdout and stderr, and no descriptor for the
    /// runtime's read (a static build; a dynamic one is not even loaded).
    @Test(.enabled(if: isStatic, "the binary is not static (a debug build): the loader itself needs a descriptor"))
    func withThreeDescriptorsEveryCommandFailsAndDoesNothing() throws {
        let (sandbox, ada) = try Self.overdueAda()
        let before = sandbox.snapshot(sandbox.store)
        for arguments in Self.commands {
            let result = try ada.run(["/bin/sh", "-c", "ulimit -n 3 && exec \"$0\" \"$@\"", Binary.path] + arguments,
                                     viaShell: true)
            Self.expectInternalError(result, arguments)
        }
        #expect(sandbox.snapshot(sandbox.store) == before, "a command under ulimit -n 3 changed the store")
        #expect(try ada.run(["status", "--check"]).status == 10)
    }
}
