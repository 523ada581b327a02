import FoundationEssentials
import LifeSignalCore
import LifeSignalStore
import StoreBackends
import StoreOpening
import TestSupport
import Testing

/// What a location holds decides whether it is read as a store, on every
/// backend (issue 27, items 5 and 13): a store, or nothing (a store is made
/// there only by a write); a copy under way, or anything else, is refused
/// by every read and write, which change nothing.
struct StoreShapeTests {
    static let env = CoreEnvironment(now: ISO8601.parse("2026-03-01T09:00:00Z")!, random: .seeded(7))

    @Test(arguments: Conformer.all)
    func onlyAStoreOrNothingIsUsedAndAStoreIsMadeOnlyWhereNothingIs(_ conformer: Conformer) throws {
        let cases: [(files: [String: [UInt8]], refusal: StoreError?)] = [
            ([:], nil),
            (["notes.txt": [1]], .notAStore(store: "")),
            (["accounts/x/account.json": [1], "limits/signups.json": [2]], .notAStore(store: "")),
            (["copying.json": World.storeFile, "accounts/x/account.json": [1]], .partialCopy(store: "")),
        ]
        for (files, refusal) in cases {
            let subject = try conformer.make()
            let backend = try subject.open()
            try backend.write { tx in for (path, bytes) in files { try tx.write(path, bytes) } }
            let shared = SharedStore(backend: backend)
            let before = try backend.read { snapshot in try snapshot.files(under: "").map { ($0, try snapshot.read($0)) } }
            let label = "\(conformer.testDescription) \(files.keys.sorted())"
            let expected: StoreError? = switch refusal {
            case .notAStore: .notAStore(store: backend.name)
            case .partialCopy: .partialCopy(store: backend.name)
            default: nil
            }
            for attempt in ["read", "write"] {
                do {
                    if attempt == "read" {
                        _ = try shared.read(env: Self.env) { try $0.identity() }
                    } else {
                        try shared.write(env: Self.env) { _ in }
                    }
                    #expect(expected == nil, "\(label): a \(attempt) used it")
                } catch let error as StoreError {
                    #expect(error == expected, "\(label): \(attempt): \(error)")
                }
            }
            let after = try backend.read { snapshot in try snapshot.files(under: "").map { ($0, try snapshot.read($0)) } }
            if expected == nil {
                // The write made the store: its identity file, nothing else.
                #expect(after.map(\.0) == ["store.json"], "\(label): \(after.map(\.0))")
            } else {
                #expect(after.map(\.0) == before.map(\.0) && after.map(\.1) == before.map(\.1), "\(label): changed")
            }
        }
    }
}
