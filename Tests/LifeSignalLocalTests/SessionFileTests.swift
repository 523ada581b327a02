import FoundationEssentials
import Glibc
import LifeSignalCore
import LifeSignalLocal
import StoreBackends
import StoreOpening
import TestSupport
import Testing

/// A session belongs to the store's identity, not to where the store is:
/// it survives a move or a copy, is not shared with another store, and a
/// session kept per path by an older lifesignal still counts.
struct SessionFileTests {
    final class Home {
        let directory = TemporaryDirectory("lifesignal-session")
        var path: String { directory.path }

        func paths(store: String) throws -> LifeSignalPaths {
            let xdg = try XDGDirectories(environment: ["HOME": path], fallbackHome: nil)
            return try LifeSignalPaths(xdg: xdg, environment: [:], storeOption: store, workingDirectory: "/")
        }
    }

    static let ada = EntityID(randomBytes: Array(repeating: 1, count: 16))
    static let identity = String(repeating: "ab", count: 16)

    @Test func aSessionFollowsTheStoresIdentityWhereverTheStoreIs() throws {
        let home = Home()
        let here = SessionFile(paths: try home.paths(store: "/srv/a"), identity: Self.identity)
        try here.save(SessionData(store: Self.identity, accountID: Self.ada, token: "t"))
        let moved = SessionFile(paths: try home.paths(store: "/srv/moved"), identity: Self.identity)
        #expect(try moved.load()?.token == "t")
        let other = SessionFile(paths: try home.paths(store: "/srv/a"), identity: String(repeating: "cd", count: 16))
        #expect(try other.load() == nil, "another store at the same place shares the session")
        try moved.clear()
        #expect(try here.load() == nil)
    }

    @Test func aSessionKeptPerPathByAnOlderLifesignalStillCounts() throws {
        let home = Home()
        let paths = try home.paths(store: "/srv/a")
        // What an older lifesignal wrote: named after the path's digest, holding the path.
        let older = String(SHA256.hexDigest("/srv/a").prefix(16))
        let stateDirectory = home.path + "/.local/state/lifesignal"
        _ = system("mkdir -p '\(stateDirectory)'")
        let content = "{\"data\":{\"accountID\":\"\(Self.ada)\",\"store\":\"/srv/a\",\"token\":\"old\"},\"schemaVersion\":1}\n"
        let file = fopen(stateDirectory + "/session-\(older).json", "w")
        fputs(content, file)
        fclose(file)
        chmod(stateDirectory + "/session-\(older).json", 0o600)  // as lifesignal always wrote it

        #expect(try SessionFile(paths: paths, identity: nil).load()?.token == "old", "before the store has an identity")
        let current = SessionFile(paths: paths, identity: Self.identity)
        #expect(try current.load()?.token == "old", "once it has one")
        try current.save(SessionData(store: Self.identity, accountID: Self.ada, token: "new"))
        #expect(access(stateDirectory + "/session-\(older).json", F_OK) != 0, "the older file stayed")
        #expect(try current.load()?.token == "new")
        #expect(try SessionFile(paths: try home.paths(store: "/srv/b"), identity: nil).load() == nil)
    }

    @Test func aSessionIsSavedOnlyForTheStoresIdentity() throws {
        let home = Home()
        let file = SessionFile(paths: try home.paths(store: "/srv/a"), identity: nil)
        #expect(throws: StoreError.self) {
            try file.save(SessionData(store: Self.identity, accountID: Self.ada, token: "t"))
        }
    }
}
