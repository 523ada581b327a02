import LifeSignalCore
import LifeSignalStore
import TestSupport
import Testing

/// How a typed name, number or ID finds a contact, on an in-memory store.
struct ContactLookupTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let id: String
        let typed: String
        /// The full name found, or nil for "no match".
        let found: String?
        /// For an ambiguous query, the names offered.
        var candidates: [String] = []
        var testDescription: String { id }
    }

    static let cases: [Case] = [
        Case(id: "exact first name beats a longer prefix", typed: "Al", found: "Al Gore"),
        Case(id: "exact first name in another case", typed: "aL", found: "Al Gore"),
        Case(id: "whole name", typed: "alan turing", found: "Alan Turing"),
        Case(id: "unique prefix", typed: "Ala", found: "Alan Turing"),
        Case(id: "last name", typed: "turing", found: "Alan Turing"),
        Case(id: "accents ignored", typed: "Cleo", found: "Cléo Dupont"),
        Case(id: "accents typed", typed: "CLÉO DUP", found: "Cléo Dupont"),
        Case(id: "stroke letters", typed: "soren", found: "Søren Kierkegaard"),
        Case(id: "decomposed accent typed", typed: "Cle\u{301}o", found: "Cléo Dupont"),
        Case(id: "international number", typed: "+15551234567", found: "Alan Turing"),
        Case(id: "spaced and dashed", typed: "+1 555-123-4567", found: "Alan Turing"),
        Case(id: "with 00", typed: "001 555 123 4567", found: "Alan Turing"),
        Case(id: "bare digits", typed: "15551234567", found: "Alan Turing"),
        Case(id: "dotted bare digits", typed: "1.555.123.4567", found: "Alan Turing"),
        Case(id: "ambiguous prefix lists the best level only", typed: "a", found: nil,
             candidates: ["Al Gore", "Alan Turing"]),
        Case(id: "two exact first names", typed: "Sam", found: nil, candidates: ["Sam Cooke", "Sam Smith"]),
        Case(id: "nobody", typed: "Zed", found: nil),
    ]

    @Test(arguments: cases)
    func finds(_ c: Case) throws {
        let world = World()
        let owner = try world.person("Owner", phone: "+15550000000")
        for (first, last, phone) in [("Al", "Gore", "+15550000001"), ("Alan", "Turing", "+15551234567"),
                                     ("Cléo", "Dupont", "+33612345678"), ("Søren", "Kierkegaard", "+4512345678"),
                                     ("Sam", "Cooke", "+15550000005"), ("Sam", "Smith", "+15550000006"),
                                     ("Samantha", "Jones", "+15550000007")] {
            try world.link(owner, try world.person(first, last, phone: phone), responder: true, dependent: false)
        }
        let directory = ContactDirectory(store: world.store)
        do {
            let contact = try directory.resolve(c.typed, owner: owner.id)
            #expect(contact.name == c.found)
        } catch let LifeSignalError.ambiguous(_, candidates) {
            #expect(c.found == nil)
            #expect(candidates.map { String($0.prefix { $0 != "(" }.dropLast()) } == c.candidates)
        } catch let error as LifeSignalError {
            #expect(c.found == nil && c.candidates.isEmpty, "\(error)")
            #expect(error.kind == .notFound)
        }
    }
}
