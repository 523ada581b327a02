import Foundation
import Testing
import TestSupport

/// The store's daily allowance of new accounts, through the binary.
@Suite(.serialized, .ownThreads) struct SignUpAllowanceTests {
    @Test func theTwentyFirstAccountOfADayWaitsForTheNext() throws {
        let sandbox = Sandbox("allowance", inMemory: true)
        let person = sandbox.person("someone")
        for number in 0..<20 {
            try person.signUp(phone: "+1555000" + String(number + 1000), first: "P\(number)")
        }
        let sent = try person.run(["login", "--phone", "+15550009999", "--json"])
        let code = try #require(sent.jsonObject?["code"] as? String, "\(sent)")
        let refused = try person.run(["login", "--phone", "+15550009999", "--code", code])
        #expect(refused.status == 5 && refused.stderr.contains("20 new accounts today"), "\(refused)")
        person.environment["LIFESIGNAL_NOW"] = "2026-03-02T09:00:00Z"
        let next = try person.run(["login", "--phone", "+15550009999", "--json"])
        let fresh = try #require(next.jsonObject?["code"] as? String, "\(next)")
        #expect(try person.run(["login", "--phone", "+15550009999", "--code", fresh]).status == 0)
    }
}
