/// The start of many end-to-end stories: Ada, Bob and Cy signed up
/// (+15550000001 to 3), Bob and Cy Ada's responders. What comes next (her
/// first check-in, a delay, a check-in code) is each test's own.
extension Sandbox {
    public func adaWatchedByBobAndCy() throws -> (ada: Person, bob: Person, cy: Person) {
        let ada = person("ada"), bob = person("bob"), cy = person("cy")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
        try bob.signUp(phone: "+15550000002", first: "Bob", last: "O")
        try cy.signUp(phone: "+15550000003", first: "Cy", last: "Y")
        for responder in [bob, cy] {
            let added = try ada.run(["contacts", "add", try responder.qrCode(), "--responder"])
            guard added.succeeded else { throw HarnessFailure("linking failed: \(added)") }
        }
        return (ada, bob, cy)
    }
}
