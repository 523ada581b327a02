import FoundationEssentials
import LifeSignalCore
@testable import LifeSignalStore
@testable import StoreBackends
import StoreCodecKit
import StoreOpening
import StrictJSON
import Testing

/// The code index under keyed names (issue 27, item 9): `codes/<ID>.json`
/// showed every account's QR code ID to anyone who could list the store.
/// On every backend: a listing shows no code; a code still finds its
/// account; an older store is renamed at its first write (in steps where
/// commits are bounded), read as it is until then, and then refused by a
/// lifesignal that reads only schema 1.
struct CodeIndexTests {
    static let env = CoreEnvironment(now: ISO8601.parse("2026-03-01T09:00:00Z")!, random: .seeded(9))

    /// Every backend, and memory bounded like etcd (so renaming goes in steps).
    static var backends: [Conformer] {
        Conformer.all + [Conformer(testDescription: "memory, 20 files a commit") {
            let backend = MemoryBackend(name: "memory:bounded", maximumChanges: 20)
            return StoreUnderTest(isOptimistic: true, keepAlive: nil) { backend } damage: { _ in nil }
        }]
    }

    /// `count` codes for `account`, as an older lifesignal named their files.
    static func codes(_ count: Int) -> [String] {
        let random = RandomSource.seeded(UInt64(count))
        return (0..<count).map { _ in QRCodeID.generate(random) }
    }

    @Test(arguments: backends)
    func aListingShowsNoCodeAndEveryCodeFindsItsAccount(_ conformer: Conformer) throws {
        let subject = try conformer.make()
        let backend = try subject.open()
        let shared = SharedStore(backend: backend)
        let id = EntityID(randomBytes: Array(repeating: 5, count: 16))
        let codes = Self.codes(15)
        try shared.write(env: Self.env) { store in for code in codes { try store.setQRCodeIndex(code, to: id) } }
        let names = try backend.read { try $0.list("codes") }
        #expect(names.count == codes.count)
        #expect(names.allSatisfy { $0.utf8.count == 69 && CodeIndexName.plainCode($0) == nil }, "\(names.prefix(3))")
        let listed = names.joined()
        #expect(!codes.contains { listed.contains($0) || listed.contains($0.replacingOccurrences(of: "-", with: "")) })
        let found = try shared.readWithoutCatchUp { store in
            try (codes + [QRCodeID.generate(.seeded(999))]).map { try store.accountID(qrCodeID: $0) }
        }
        #expect(found == Array(repeating: id, count: codes.count) + [nil])
        // A refreshed code stops working at once.
        try shared.write(env: Self.env) { store in try store.setQRCodeIndex(codes[0], to: nil) }
        #expect(try shared.readWithoutCatchUp { try $0.accountID(qrCodeID: codes[0]) } == nil)
        #expect(try backend.read { try $0.list("codes") }.count == codes.count - 1)
        // The entries point to no account here; their names are all the doctor may find fault with.
        let findings = try StoreDoctor(store: shared).examine().findings.filter { !$0.problem.contains("which does not exist") }
        #expect(!findings.contains { $0.path.contains("/codes") }, "\(findings)")
    }

    @Test(arguments: backends)
    func anOlderStoreIsReadAsItIsThenRenamedAtItsFirstWrite(_ conformer: Conformer) throws {
        let subject = try conformer.make()
        let backend = try subject.open()
        let shared = SharedStore(backend: backend)
        let id = EntityID(randomBytes: Array(repeating: 6, count: 16))
        let codes = Self.codes(90)
        // An older lifesignal's store: schema 1, no key, codes in plain sight.
        let meta = Array(#"{"data":{"createdAt":"2026-03-01T09:00:00Z","id":"0123456789abcdef0123456789abcdef"},"schemaVersion":1}"#.utf8)
        let entry = StoreCodec(root: "").encode(IndexEntry(accountID: id))
        for batch in stride(from: 0, to: codes.count, by: 15) {
            try backend.write { tx in
                if batch == 0 { try tx.write("store.json", meta + [10]) }
                for code in codes[batch..<min(batch + 15, codes.count)] { try tx.write("codes/\(code).json", entry) }
            }
        }
        let before = try backend.read { snapshot in try snapshot.files(under: "").map { ($0, try snapshot.read($0)) } }

        // A look finds every code under its old name, and renames nothing.
        #expect(try shared.readWithoutCatchUp { store in try codes.map { try store.accountID(qrCodeID: $0) } }
                == Array(repeating: id, count: codes.count))
        let looked = try backend.read { snapshot in try snapshot.files(under: "").map { ($0, try snapshot.read($0)) } }
        #expect(looked.map(\.0) == before.map(\.0) && looked.map(\.1) == before.map(\.1))
        #expect(try StoreDoctor(store: shared).examine().findings.contains { $0.severity == .note && $0.path.hasSuffix("/codes") })

        // The first write renames them all (in steps of at most 40 where commits are bounded), then does its own work.
        let ran = try shared.write(env: Self.env) { _ in "the command's own work" }
        #expect(ran == "the command's own work")
        let names = try backend.read { try $0.list("codes") }
        #expect(names.count == codes.count && !CodeIndexName.hasPlainNames(names), "\(names.prefix(3))")
        #expect(try shared.readWithoutCatchUp { store in try codes.map { try store.accountID(qrCodeID: $0) } }
                == Array(repeating: id, count: codes.count))
        #expect(try StoreDoctor(store: shared).examine().findings.allSatisfy {
            !$0.path.contains("codes") || $0.problem.contains("which does not exist")
        })

        // store.json is now schema 2: a lifesignal that reads only schema 1 refuses the store.
        let renamed = try #require(try backend.read { try $0.read("store.json") })
        #expect(String(decoding: renamed, as: UTF8.self).contains(#""schemaVersion":2"#))
        #expect(throws: StoreError.tooNew(path: "/s/store.json", found: 2, supported: 1)) {
            try StoreCodec(root: "/s").decodeChecked(from: renamed, path: "store.json", supported: 1) { reader throws(JSONReadError) in
                try StoreMeta.read(from: &reader)
            }
        }
    }

    /// The key is checked like the identity: anything but 64 lowercase hex digits is damage.
    @Test(arguments: ["", "0123", String(repeating: "A", count: 64), String(repeating: "g", count: 64),
                      String(repeating: "0", count: 63) + "é", String(repeating: "0", count: 65)])
    func aKeyThatIsNot64LowercaseHexDigitsIsDamage(_ key: String) throws {
        let bytes = Array(#"{"data":{"codeKey":"\#(key)","createdAt":"2026-03-01T09:00:00Z"},"schemaVersion":2}"#.utf8)
        #expect(throws: StoreError.self) { try StoreCodec(root: "/s").decode(StoreMeta.self, from: bytes, path: "store.json") }
        let good = Array(#"{"data":{"codeKey":"\#(String(repeating: "0a", count: 32))","createdAt":"2026-03-01T09:00:00Z"},"schemaVersion":2}"#.utf8)
        #expect(try StoreCodec(root: "/s").decode(StoreMeta.self, from: good, path: "store.json").codeKey?.count == 64)
    }
}

/// Files of a store without a key (a test's crowd built on the layout
/// alone) put into one with a key take that store's keyed names: copied as
/// they were, `doctor` found every one "named after a QR code ID".
struct CodeIndexRenamingTests {
    @Test func aPlainNameTakesTheKeyedOneAndOtherPathsStay() throws {
        let backend = MemoryBackend()
        let shared = SharedStore(backend: backend)
        let id = EntityID(randomBytes: Array(repeating: 7, count: 16))
        let code = QRCodeID.generate(.seeded(71))
        try shared.write(env: CodeIndexTests.env) { _ in }
        let renamed = try backend.read { try LayoutStore(snapshot: $0, name: backend.name).codeIndexRenaming() }
        let path = renamed("codes/\(code).json")
        #expect(path != "codes/\(code).json" && CodeIndexName.plainCode(String(path.dropFirst("codes/".count))) == nil)
        try backend.write { tx in try tx.write(path, StoreCodec(root: "").encode(IndexEntry(accountID: id))) }
        #expect(try shared.readWithoutCatchUp { try $0.accountID(qrCodeID: code) } == id)
        for other in ["accounts/x/account.json", path, "codes/not-a-code.json"] { #expect(renamed(other) == other) }
    }

    @Test func aStoreWithoutAKeyKeepsThePlainNames() throws {
        let backend = MemoryBackend()
        let code = QRCodeID.generate(.seeded(72))
        let renamed = try backend.read { try LayoutStore(snapshot: $0, name: backend.name).codeIndexRenaming() }
        #expect(renamed("codes/\(code).json") == "codes/\(code).json")
    }
}
