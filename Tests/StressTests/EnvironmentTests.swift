import Foundation
import Testing
import TestSupport

/// Hostile surroundings: any umask, every shape of XDG variable, odd
/// characters in paths, a settings file nobody may write.
@Suite(.ownThreads) struct EnvironmentTests {
    /// lifesignal run under `umask VALUE` through the shell.
    static func run(_ person: Person, umask value: String, _ arguments: [String]) throws -> RunResult {
        try person.run(["/bin/sh", "-c", "umask \(value); exec \"$0\" \"$@\"", Binary.path] + arguments, viaShell: true)
    }

    @Test(arguments: ["000", "022", "077"])
    func filesAre0600AndDirectories0700WhateverTheUmask(_ mask: String) throws {
        let sandbox = Sandbox("umask", storeKind: .directory)
        let ada = sandbox.person("ada"), bob = sandbox.person("bob")
        for (person, phone) in [(ada, "+15550000001"), (bob, "+15550000002")] {
            let sent = try Self.run(person, umask: mask, ["login", "--phone", phone, "--json"])
            let code = try #require(sent.jsonObject?["code"] as? String, "\(sent)")
            let done = try Self.run(person, umask: mask, ["login", "--phone", phone, "--code", code,
                                                          "--first-name", person.name, "--last-name", "Test"])
            try #require(done.succeeded, "\(done)")
        }
        for arguments in [["checkin"], ["contacts", "add", try bob.qrCode(), "--responder"],
                          ["settings", "set", "notify-command", "true"], ["ping", "list"]] {
            let result = try Self.run(ada, umask: mask, arguments)
            #expect(result.succeeded, "\(arguments): \(result)")
        }
        var checked = 0
        for top in [sandbox.store, ada.home, bob.home] {
            let walker = try #require(FileManager.default.enumerator(atPath: top.path))
            for case let relative as String in walker {
                let attributes = try FileManager.default.attributesOfItem(atPath: top.appendingPathComponent(relative).path)
                let mode = (attributes[.posixPermissions] as? Int ?? 0) & 0o777
                let isDirectory = attributes[.type] as? FileAttributeType == .typeDirectory
                #expect(mode == (isDirectory ? 0o700 : 0o600),
                        "umask \(mask): \(top.lastPathComponent)/\(relative) is \(String(mode, radix: 8))")
                checked += 1
            }
        }
        #expect(checked > 20)
    }

    /// One row of the XDG table: the variables set, and where each file must land.
    struct XDGCase: CustomTestStringConvertible, Sendable {
        var name: String
        /// Values relative to the case's home (absolute when starting with "/"); nil is unset.
        var home: String?
        var config: String?, state: String?, data: String?
        var expectedConfig: String, expectedState: String, expectedData: String
        var testDescription: String { name }
    }

    static let xdgCases: [XDGCase] = [
        XDGCase(name: "unset", home: "", config: nil, state: nil, data: nil,
                expectedConfig: ".config", expectedState: ".local/state", expectedData: ".local/share"),
        XDGCase(name: "empty", home: "", config: "", state: "", data: "",
                expectedConfig: ".config", expectedState: ".local/state", expectedData: ".local/share"),
        XDGCase(name: "relative", home: "", config: "rel/config", state: "rel/state", data: "rel/data",
                expectedConfig: ".config", expectedState: ".local/state", expectedData: ".local/share"),
        XDGCase(name: "absolute", home: "", config: "/xc", state: "/xs", data: "/xd",
                expectedConfig: "xc", expectedState: "xs", expectedData: "xd"),
        XDGCase(name: "HOME unset", home: nil, config: "/xc", state: "/xs", data: "/xd",
                expectedConfig: "xc", expectedState: "xs", expectedData: "xd"),
        XDGCase(name: "HOME empty", home: "/", config: "/c d", state: "/s d", data: "/d d",
                expectedConfig: "c d", expectedState: "s d", expectedData: "d d"),
        XDGCase(name: "spaces and non-ASCII", home: "my home/Zoë 日本", config: nil, state: nil, data: "/données ü/x y",
                expectedConfig: "my home/Zoë 日本/.config", expectedState: "my home/Zoë 日本/.local/state",
                expectedData: "données ü/x y"),
        XDGCase(name: "trailing slashes", home: "h//", config: "/c/", state: "/s//", data: "/d/",
                expectedConfig: "c", expectedState: "s", expectedData: "d"),
    ]

    @Test(arguments: xdgCases)
    func theXDGTableIsFollowed(_ row: XDGCase) throws {
        let sandbox = Sandbox("xdg", storeKind: .directory)
        let base = sandbox.root.appendingPathComponent("base").path
        func place(_ value: String) -> String { value.hasPrefix("/") ? base + value : value }
        let person = sandbox.person("p")
        var environment = person.environment.filter { !$0.key.hasPrefix("XDG_") && $0.key != "LIFESIGNAL_STORE" }
        environment["HOME"] = row.home.map { $0 == "/" ? "" : base + "/" + $0 }
        if row.home == "" { environment["HOME"] = base }
        environment["XDG_CONFIG_HOME"] = row.config.map(place)
        environment["XDG_STATE_HOME"] = row.state.map(place)
        environment["XDG_DATA_HOME"] = row.data.map(place)
        person.environment = environment
        Sandbox.makePrivateDirectory(URL(fileURLWithPath: base))

        try person.signUp(phone: "+15550000001", first: "Pat")
        #expect(try person.run(["checkin"]).succeeded)
        #expect(try person.run(["settings", "set", "notify-command", "true"]).succeeded)
        let expected = [(row.expectedData, "lifesignal/store.json"), (row.expectedConfig, "lifesignal/settings.json")]
        for (directory, file) in expected {
            let path = base + "/" + directory + "/" + file
            #expect(FileManager.default.fileExists(atPath: path), "\(row.name): no \(path)")
        }
        let state = base + "/" + row.expectedState + "/lifesignal"
        let sessions = (try? FileManager.default.contentsOfDirectory(atPath: state)) ?? []
        #expect(sessions.contains { $0.hasPrefix("session-") }, "\(row.name): no session under \(state)")
        for stray in ["rel", "xc", "xs", "xd"] where !expected.map(\.0).contains(stray) && row.expectedState != stray {
            #expect(!FileManager.default.fileExists(atPath: person.home.appendingPathComponent(stray).path))
        }
        #expect(try person.run(["status", "--json"]).jsonObject?["user"] != nil)
    }

    /// A settings file (and its directory) that may not be written: reading
    /// commands work; writing it fails cleanly unless we are root (whom
    /// permissions do not stop).
    @Test func aReadOnlySettingsFileKeepsReadingCommandsWorking() throws {
        let sandbox = Sandbox("readonly", storeKind: .directory)
        let ada = sandbox.person("ada")
        try ada.signUp(phone: "+15550000001", first: "Ada")
        #expect(try ada.run(["settings", "set", "notify-command", "true"]).succeeded)
        let settings = ada.configDirectory.appendingPathComponent("settings.json").path
        let before = try Data(contentsOf: URL(fileURLWithPath: settings))
        chmod(settings, 0o400)
        chmod(ada.configDirectory.path, 0o500)
        defer { chmod(ada.configDirectory.path, 0o700) }
        for arguments in [["settings"], ["settings", "--json"], ["settings", "get", "notify-command"], ["status"],
                          ["notifications"], ["checkin"], ["tick"]] {
            let result = try ada.run(arguments)
            #expect(result.succeeded, "\(arguments): \(result)")
        }
        if getuid() != 0 {
            let result = try ada.run(["settings", "set", "notify-command", "false"])
            #expect(result.status == 8 && result.stderr.contains(ada.configDirectory.path), "\(result)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: settings)) == before)
    }
}
