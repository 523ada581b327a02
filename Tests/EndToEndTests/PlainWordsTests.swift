import Foundation
import Testing
import TestSupport

/// What a person reads says what is true for them: a login code's note
/// fits the kind of store, and a responder with no check-ins of their own
/// is not told on every `status` that nobody watches them.
@Suite(.ownThreads) struct PlainWordsTests {
    static var kinds: [TestStore.Kind] { TestStore.etcdAvailable ? [.directory, .etcd] : [.directory] }

    @Test(arguments: kinds)
    func aLoginCodesNoteFitsTheKindOfStore(_ kind: TestStore.Kind) throws {
        let sandbox = Sandbox("loginnote", storeKind: kind)
        let ada = sandbox.person("ada")
        let sent = try ada.run(["login", "--phone", "+15550000001"])
        #expect(sent.succeeded, "\(sent)")
        switch kind {
        case .directory:
            #expect(sent.stdout.contains("the file system, not this code, is the security boundary"), "\(sent)")
        case .etcd:
            #expect(!sent.stdout.contains("file system"), "a directory store's note on etcd: \(sent)")
            #expect(sent.stdout.contains("etcd store's credentials"), "\(sent)")
        }
    }

    /// Bob only watches over Ada: his status says so plainly, and hints
    /// neither a check-in of his own nor adding a responder.
    @Test func aResponderWhoOnlyWatchesIsNotToldToCheckInOnEveryStatus() throws {
        let sandbox = Sandbox("onlywatches")
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "O")
        #expect(try ada.run(["contacts", "add", try bob.qrCode(), "--responder"]).succeeded)
        #expect(try ada.run("checkin").succeeded)
        let status = try bob.run(["status"])
        #expect(status.succeeded, "\(status)")
        #expect(!status.stdout.contains("by nobody"), "\(status)")
        #expect(status.stdout.contains("you watch over others"), "\(status)")
        #expect(!status.stderr.contains("hint: lifesignal checkin") && !status.stderr.contains("contacts add"), "\(status)")
        // Someone who watches nobody and is watched by nobody is still told.
        let cy = sandbox.person("cy")
        try cy.signUp(phone: "+15550000003", first: "Cy", last: "P")
        #expect(try cy.run(["status"]).stderr.contains("hint: lifesignal checkin"))
    }
}
