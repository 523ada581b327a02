import Foundation
import Testing
import TestSupport

/// QR code IDs out of plain sight (issue 27, item 9): the store's listing
/// showed every account's code (`codes/<ID>.json`), and anyone holding a
/// code can make themselves that person's responder (and so acknowledge
/// their missed check-in, which stops the escalation to the responders they
/// chose). Now no listing shows a code, and whoever is made someone's
/// responder that way is named to them at once, with the command that
/// undoes it.
@Suite(.serialized, .ownThreads) struct CodePrivacyTests {
    static var kinds: [TestStore.Kind] { TestStore.etcdAvailable ? [.directory, .etcd] : [.directory] }

    @Test(arguments: kinds)
    func noListingShowsACodeAndCodesStillWork(_ kind: TestStore.Kind) throws {
        let sandbox = Sandbox("codes", storeKind: kind)
        let ada = sandbox.person("ada"), bob = sandbox.person("bob"), cy = sandbox.person("cy")
        try ada.signUp(phone: "+15550000001", first: "Ada")
        try bob.signUp(phone: "+15550000002", first: "Bob")
        try cy.signUp(phone: "+15550000003", first: "Cy")
        var codes = [try ada.qrCode(), try bob.qrCode(), try cy.qrCode()]
        let refreshed = try cy.run(["qr", "refresh", "--json"]).object()["qrCodeID"] as? String
        codes.append(try #require(refreshed))

        let names = try sandbox.storeFiles().joined(separator: "\n")
        for code in codes {
            #expect(!names.contains(code) && !names.contains(code.replacingOccurrences(of: "-", with: "")),
                    "\(kind): the listing shows \(code)")
        }
        #expect(try sandbox.storeFiles().filter { $0.hasPrefix("codes/") }.count == 3)
        #expect(try ada.run(["contacts", "add", codes[1], "--responder"]).succeeded)
        let old = try ada.run(["contacts", "add", codes[2], "--responder"])
        #expect(old.status == 4, "\(kind): a refreshed code still works: \(old)")
        #expect(try ada.run(["contacts", "add", codes[3], "--responder"]).succeeded)
        #expect(try ada.run(["doctor"]).succeeded)
    }

    /// Eve has Ada's code (seen on a screen, say) and makes herself Ada's
    /// responder, by adding her or by changing her role later: Ada is told
    /// at once, by name, and the command in the notice undoes it.
    @Test(arguments: kinds)
    func whoeverMakesThemselvesYourResponderIsNamedWithTheUndo(_ kind: TestStore.Kind) throws {
        let sandbox = Sandbox("responder", storeKind: kind)
        let ada = sandbox.person("ada"), eve = sandbox.person("eve")
        try ada.signUp(phone: "+15550000001", first: "Ada")
        try eve.signUp(phone: "+15550000002", first: "Eve")
        let adaCode = try ada.qrCode()

        for (setUp, makeResponder) in [([String]?.none, ["contacts", "add", adaCode, "--dependent"]),
                                       (["contacts", "add", adaCode, "--responder"], ["contacts", "role", "Ada", "--dependent"])] {
            if let setUp { #expect(try eve.run(setUp).succeeded) }
            #expect(try eve.run(makeResponder).succeeded, "\(makeResponder)")
            let item = try #require(try ada.run(["notifications", "--json"]).array().first)
            #expect(item["title"] as? String == "Eve Test made themselves your responder", "\(makeResponder): \(item)")
            let message = try #require(item["message"] as? String)
            let undo = try #require(message.components(separatedBy: "undo it now: lifesignal ").last)
            #expect(try ada.run(["status", "--json"]).object()["responders"].map { ($0 as? [Any])?.count } == 1)

            let undone = try ada.run(undo.split(separator: " ").map(String.init))
            #expect(undone.succeeded, "\(makeResponder): \(undo): \(undone)")
            let responders = try ada.run(["contacts", "--responders", "--json"]).array()
            #expect(responders.isEmpty, "\(makeResponder): Eve is still Ada's responder: \(responders)")
            // Where Eve is also Ada's dependent, only the role goes and the link stays.
            let eveSees = try eve.run(["contacts", "--json"]).array()
            #expect(eveSees.count == (setUp == nil ? 0 : 1), "\(makeResponder): \(eveSees)")
            if setUp != nil { #expect(try eve.run(["contacts", "remove", "Ada", "--yes"]).succeeded) }
        }
        // Nothing of the kind when someone makes Ada only their responder: she watches them, not they her.
        #expect(try eve.run(["contacts", "add", adaCode, "--responder"]).succeeded)
        let item = try #require(try ada.run(["notifications", "--json"]).array().first)
        #expect(item["title"] as? String == "Eve Test added you", "\(item)")
    }
}
