import Testing
import TestSupport

/// The pair the newcomer suites start from: Ada and Bob, each the other's
/// responder and dependent, both checked in (Bob too unless `bobChecksIn`
/// is false).
func newcomerPair(_ sandbox: Sandbox, bobChecksIn: Bool = true) throws -> (ada: Person, bob: Person) {
    let ada = sandbox.person("ada"), bob = sandbox.person("bob")
    try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
    try bob.signUp(phone: "+15550000002", first: "Bob", last: "O")
    try ada.linkBothWays(with: bob)
    try #require(try ada.run("checkin").succeeded)
    if bobChecksIn { try #require(try bob.run("checkin").succeeded) }
    return (ada, bob)
}
