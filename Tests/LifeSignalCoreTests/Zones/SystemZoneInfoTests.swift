import Foundation
import LifeSignalCore
import SystemFiles
import Testing
import ZoneInfoFiles

/// The live reader of zoneinfo on real files: regular files and links are
/// read, anything else is refused without waiting on it, and every failure
/// of the file system becomes a worded error.
struct SystemZoneInfoTests {
    /// A zoneinfo directory of its own with a zone, a link, a FIFO, a
    /// directory and an oversized file, and a link from outside it into
    /// it (as `/etc/localtime`), removed afterwards.
    final class Scratch {
        let root: String

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("zoneinfo-\(UUID().uuidString)").path
            let files = FileManager.default
            try files.createDirectory(atPath: root + "/Europe", withIntermediateDirectories: true)
            try files.createDirectory(atPath: root + "/Folder", withIntermediateDirectories: true)
            try Data(TZifFixture.madrid.bytes).write(to: URL(fileURLWithPath: root + "/Europe/Madrid"))
            try files.createSymbolicLink(atPath: root + "/Europe/Link", withDestinationPath: "Madrid")
            try files.createSymbolicLink(atPath: root + ".localtime", withDestinationPath: root + "/Europe/Madrid")
            guard mkfifo(root + "/Fifo", 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
            guard files.createFile(atPath: root + "/Huge", contents: nil),
                  truncate(root + "/Huge", off_t(SystemZoneInfo.maxFileSize + 1)) == 0 else { throw CocoaError(.fileWriteUnknown) }
        }

        deinit {
            try? FileManager.default.removeItem(atPath: root)
            try? FileManager.default.removeItem(atPath: root + ".localtime")
        }

        func catalog(_ fileSystem: any FileSystem = SystemFileSystem()) -> ZoneCatalog {
            ZoneCatalog(source: SystemZoneInfo.source(fileSystem: fileSystem, directory: root))
        }
    }

    @Test func readsZonesAndLinks() throws {
        let scratch = try Scratch()
        let madrid = try scratch.catalog().rules(named: "Europe/Madrid")
        #expect(madrid.type(at: 1_774_746_000).abbreviation == "CEST")
        #expect(try scratch.catalog().rules(named: "Europe/Link").name?.rawValue == "Europe/Link")
        // A TZ path through a link into the directory names the zone.
        #expect(try scratch.catalog().machineZone(variable: scratch.root + ".localtime").name?.rawValue == "Europe/Madrid")
    }

    @Test func refusesWhatIsNotARegularFileOfSensibleSize() throws {
        let scratch = try Scratch()
        #expect(throws: TimeZoneError.unreadable("Fifo", reason: "it is not a regular file")) { try scratch.catalog().rules(named: "Fifo") }
        #expect(throws: TimeZoneError.unreadable("Folder", reason: "it is a directory")) { try scratch.catalog().rules(named: "Folder") }
        #expect(throws: TimeZoneError.unreadable("Huge", reason: "it is larger than \(SystemZoneInfo.maxFileSize) bytes")) {
            try scratch.catalog().rules(named: "Huge")
        }
        #expect(throws: TimeZoneError.unknownZone(try ZoneName(validating: "Europe/Madrid/Inside"))) {
            try scratch.catalog().rules(named: "Europe/Madrid/Inside")
        }
    }

    @Test(arguments: [FileOperation.open, .fstat, .read])
    func aFailingReadIsAnError(_ operation: FileOperation) throws {
        let scratch = try Scratch()
        let faulty = FaultInjectingFileSystem(fault: .init(operation: operation, occurrence: 1, errno: .permissionDenied))
        #expect(throws: TimeZoneError.unreadable("Europe/Madrid", reason: Errno.permissionDenied.message)) {
            try scratch.catalog(faulty).rules(named: "Europe/Madrid")
        }
        // The descriptor opened was closed all the same.
        let opened = faulty.calls.filter { $0.operation == .open && $0.failure == nil }.count
        #expect(faulty.calls.filter { $0.operation == .close }.count == opened)
    }

    @Test func aFailingLinkReadIsAnError() throws {
        let scratch = try Scratch()
        let faulty = FaultInjectingFileSystem(fault: .init(operation: .readLink, occurrence: 1, errno: .ioError))
        #expect(throws: TimeZoneError.unreadable("/etc/localtime", reason: Errno.ioError.message)) {
            try scratch.catalog(faulty).machineZone(variable: nil)
        }
    }

    @Test func readLinkReportsTargetsAndNonLinks() throws {
        let scratch = try Scratch()
        let files = SystemFileSystem()
        #expect(try files.readLink(scratch.root + "/Europe/Link") == "Madrid")
        #expect(throws: Errno.invalidArgument) { try files.readLink(scratch.root + "/Europe/Madrid") }
        #expect(throws: Errno.noSuchFile) { try files.readLink(scratch.root + "/Nothing") }
        // A target longer than the first buffer is read whole.
        let long = String(repeating: "x/", count: 400) + "end"
        try FileManager.default.createSymbolicLink(atPath: scratch.root + "/Long", withDestinationPath: long)
        #expect(try files.readLink(scratch.root + "/Long") == long)
    }
}
