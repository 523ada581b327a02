import Foundation
import Testing
import TestSupport

/// Things that are not regular files where lifesignal expects its files,
/// and hostile values of its environment variables: a clear, documented
/// failure within seconds, never a hang, a crash or a change.
///
/// These once blocked, read /dev/zero for ever or crashed; they are now
/// refused as damage (exit 7, path named) before anything is read.
@Suite(.ownThreads) struct HostileFileTests {
    enum Oddity: String, CaseIterable, CustomTestStringConvertible {
        case storeFIFO, sessionFIFO, settingsFIFO, storeDevZero, storeDirectory
        var testDescription: String { rawValue }
    }

    /// How long a command may take before it counts as hanging.
    static let patience = 4.0

    @Test(arguments: Oddity.allCases)
    func aFileThatIsNotARegularFileFailsQuicklyAndCleanly(_ oddity: Oddity) throws {
        let world = try DamageWorld()
        try world.restore()
        let (file, arguments): (URL, [String]) = switch oddity {
        case .storeFIFO, .storeDevZero, .storeDirectory: (try world.file(.checkIns), ["checkin", "history"])
        case .sessionFIFO: (try world.file(.localSession), ["status"])
        case .settingsFIFO: (try world.file(.settings), ["settings"])
        }
        try FileManager.default.removeItem(at: file)
        switch oddity {
        case .storeFIFO, .sessionFIFO, .settingsFIFO: #expect(mkfifo(file.path, 0o600) == 0)
        case .storeDevZero: try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: "/dev/zero")
        case .storeDirectory: try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
        }
        let before = world.snapshotIgnoringSpecialFiles()
        let started = Date()
        let result = try world.ada.run(arguments, timeout: Self.patience)
        let elapsed = Date().timeIntervalSince(started)
        #expect(elapsed < Self.patience, "\(oddity): \(arguments) hung for \(elapsed) s")
        #expect(!result.signalled && [7, 8].contains(result.status), "\(oddity): \(result)")
        #expect(result.stderr.contains(file.path), "\(oddity): the error does not name \(file.path): \(result)")
        let changed = DamageWorld.changes(before, world.snapshotIgnoringSpecialFiles())
        #expect(changed.isEmpty, "\(oddity): files changed: \(changed)")
    }

    /// The lock file holds only the journal's applied mark, a hint written
    /// without fsync: anything else there just means "replay the journal
    /// first", never damage, and never a path anyone follows.
    @Test(arguments: ["../../etc\n", "\u{FF}\n", "accounts/../..\n", "applied x 99999999999\n"])
    func foreignLockContentCostsAReplayAndNothingElse(_ content: String) throws {
        let world = try DamageWorld()
        try world.restore()
        let lock = world.sandbox.store.appendingPathComponent("lock")
        try (content == "\u{FF}\n" ? Data([0xFF, 0x0A]) : Data(content.utf8)).write(to: lock)
        let before = try world.ada.run(["checkin", "history", "--json"]).jsonArray?.count ?? -1
        let result = try world.ada.run(["checkin"])
        #expect(result.succeeded, "\(result)")
        #expect(try world.ada.run(["checkin", "history", "--json"]).jsonArray?.count == before + 1)
        let mark = String(decoding: try Data(contentsOf: lock), as: UTF8.self)
        #expect(mark.hasPrefix("applied ") && !mark.contains(".."), "\(mark)")
    }

    @Test(arguments: ["nan", "inf", "1e308", "-1e308", "-1", "abc", "0"])
    func aHostileLockTimeoutDoesNotCrash(_ value: String) throws {
        let sandbox = Sandbox("timeout", storeKind: .directory)
        let ada = sandbox.person("ada")
        try ada.signUp(phone: "+15550000001", first: "Ada")
        let result = try ada.run(["status"], extra: ["LIFESIGNAL_LOCK_TIMEOUT": value], timeout: 10)
        #expect(!result.signalled && [0, 2, 5].contains(result.status), "LIFESIGNAL_LOCK_TIMEOUT=\(value): \(result)")
    }

    @Test(arguments: ["99999-01-01T00:00:00Z", "2026-02-30T00:00:00Z", "2026-03-01T09:00:00+99:99", "1e308", "now",
                      String(repeating: "9", count: 10_000)])
    func aHostileNowIsRefused(_ value: String) throws {
        let sandbox = Sandbox("now", storeKind: .directory)
        let ada = sandbox.person("ada")
        try ada.signUp(phone: "+15550000001", first: "Ada")
        let result = try ada.run(["checkin"], extra: ["LIFESIGNAL_NOW": value])
        #expect(result.status == 5 && result.stderr.contains("LIFESIGNAL_NOW"), "\(result)")
        #expect(try ada.run(["checkin", "history", "--json"]).jsonArray?.isEmpty == true)
    }
}

extension DamageWorld {
    /// The snapshot, skipping FIFOs and links to devices, which cannot be read.
    func snapshotIgnoringSpecialFiles() -> [String: Data?] {
        var all: [String: Data?] = [:]
        for (index, live) in [sandbox.store, ada.stateDirectory, ada.configDirectory].enumerated() {
            guard let walker = FileManager.default.enumerator(atPath: live.path) else { continue }
            for case let relative as String in walker where !["lock", "gate"].contains((relative as NSString).lastPathComponent) {
                let path = live.appendingPathComponent(relative).path
                var info = stat()
                guard stat(path, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFREG: all["\(index)/\(relative)"] = FileManager.default.contents(atPath: path)
                case S_IFDIR: all["\(index)/\(relative)"] = Data?.none
                default: all["\(index)/\(relative)"] = Data("special".utf8)
                }
            }
        }
        return all
    }
}
