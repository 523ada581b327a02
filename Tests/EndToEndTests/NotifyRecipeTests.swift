import Foundation
import Testing
import TestSupport

/// The README's notify-command recipes, each set by running its line as
/// written in a shell and then fed an alert by `tick`: ntfy and the webhook
/// against a real curl talking to an HTTP listener on loopback (standing in
/// for the service, whose address is the only word changed); e-mail and
/// Signal against recorders named `mail` and `signal-cli` first on PATH
/// (the machine has neither a mail system nor a Signal account).
@Suite(.ownThreads) struct NotifyRecipeTests {
    /// What the HTTP listener received, and the statuses it answers with in turn.
    final class Requests: @unchecked Sendable {
        private let lock = NSLock()
        private var received: [(head: String, body: [UInt8])] = []
        private var statuses: [String]

        init(answering statuses: [String]) { self.statuses = statuses }

        var all: [(head: String, body: [UInt8])] { lock.withLock { received } }

        func take(_ request: (head: String, body: [UInt8])) -> String {
            lock.withLock {
                received.append(request)
                return statuses.count > 1 ? statuses.removeFirst() : statuses.first ?? "200 OK"
            }
        }
    }

    /// Ada (alert raised) and Bob, her responder, whose home holds `tools`.
    struct World {
        let sandbox: Sandbox
        let ada: Person
        let bob: Person
        let tools: URL
        /// Bob's environment at `time`: the tools first on PATH.
        func at(_ time: String) -> [String: String] {
            ["PATH": tools.path + ":/usr/local/bin:/usr/bin:/bin", "LIFESIGNAL_NOW": time]
        }

        init() throws {
            sandbox = Sandbox("recipes")
            ada = sandbox.person("ada")
            bob = sandbox.person("bob")
            try ada.signUp(phone: "+15550000001", first: "Ada", last: "L")
            try bob.signUp(phone: "+15550000002", first: "Bob", last: "O")
            try #require(try ada.run(["contacts", "add", try bob.qrCode(), "--responder"]).succeeded)
            tools = sandbox.root.appendingPathComponent("tools")
            try FileManager.default.createDirectory(at: tools, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(at: tools.appendingPathComponent("lifesignal"),
                                                       withDestinationURL: Binary.url)
        }

        /// Runs the README's line (with `replacing` applied) as Bob, raises
        /// Ada's alert, and lets Bob's `tick` hand it to the command.
        func setAndDeliver(_ marker: String, replacing: [(String, String)] = []) throws -> RunResult {
            var line = try #require(try ReadmeTests.block(after: marker).first { $0.hasPrefix("lifesignal settings set notify-command ") },
                                    "no notify-command line after \(marker.debugDescription)")
            for (old, new) in replacing {
                try #require(line.contains(old), "the recipe no longer has \(old): \(line)")
                line = line.replacing(old, with: new)
            }
            // Set a minute after Ada added Bob: only what arrives later is handed over.
            try #require(try bob.run(["/bin/sh", "-c", line], extra: at("2026-03-01T09:01:00Z"), viaShell: true).succeeded, "\(line)")
            try #require(try ada.run(["alert", "on", "--yes"], extra: at("2026-03-01T09:02:00Z")).succeeded)
            return try bob.run(["tick"], extra: at("2026-03-01T09:02:00Z"))
        }

        /// The alert as Bob's feed has it.
        func alert() throws -> [String: Any] {
            try #require(try bob.run(["notifications", "--json"]).array().first { $0["type"] as? String == "alert" })
        }

        /// A stand-in for `name` that writes its arguments, one a line, then
        /// `--` and its standard input, to `name.record`.
        func recorder(_ name: String) throws -> URL {
            let record = sandbox.root.appendingPathComponent("\(name).record")
            let script = tools.appendingPathComponent(name)
            try #"""
            #!/bin/sh
            { for word in "$@"; do printf '%s\n' "$word"; done; printf -- '--\n'; cat; } > '\#(record.path)'
            """#.write(to: script, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
            return record
        }
    }

    /// An HTTP listener answering each request with the next of `statuses`.
    static func listener(_ requests: Requests) throws -> LoopbackServer {
        try LoopbackServer { connection in
            guard let request = connection.readRequest() else { return connection.close() }
            let status = requests.take(request)
            connection.write("HTTP/1.1 \(status)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            connection.close()
        }
    }

    static func header(_ name: String, in head: String) -> String? {
        head.split(separator: "\r\n").first { $0.lowercased().hasPrefix(name.lowercased() + ":") }
            .map { $0.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces) }
    }

    /// ntfy: the message as the body, the title and priority as headers; a
    /// service that is down (503) makes curl fail, and the alert is sent
    /// again at the next tick after the back-off.
    @Test func ntfyGetsTheTitlePriorityAndMessageAndARetryAfterAnOutage() throws {
        let world = try World()
        let requests = Requests(answering: ["503 Service Unavailable", "200 OK"])
        let server = try Self.listener(requests)
        defer { server.stop() }
        let failed = try world.setAndDeliver("Push to the ntfy app",
                                             replacing: [("https://ntfy.sh/", "http://127.0.0.1:\(server.port)/")])
        #expect(!failed.succeeded, "a 503 is a failed delivery: \(failed)")
        let retried = try world.bob.run(["tick"], extra: world.at("2026-03-01T09:05:00Z"))
        #expect(retried.succeeded, "\(retried)")
        let again = try world.bob.run(["tick"], extra: world.at("2026-03-01T09:10:00Z"))
        #expect(again.succeeded, "once delivered, never again: \(again)")

        let all = requests.all
        #expect(all.count == 2, "\(all.map(\.head))")
        let alert = try world.alert()
        for request in all {
            #expect(request.head.hasPrefix("POST /lifesignal-change-this-topic HTTP/1.1"), "\(request.head)")
            #expect(Self.header("Title", in: request.head) == "Emergency alert from Ada L", "\(request.head)")
            #expect(Self.header("Priority", in: request.head) == "urgent", "\(request.head)")
            #expect(String(decoding: request.body, as: UTF8.self) == alert["message"] as? String, "\(request.body)")
        }
    }

    /// The webhook: the whole notification as a JSON body.
    @Test func theWebhookGetsTheNotificationAsJSON() throws {
        let world = try World()
        let requests = Requests(answering: ["204 No Content"])
        let server = try Self.listener(requests)
        defer { server.stop() }
        let result = try world.setAndDeliver("Any webhook",
                                             replacing: [("https://hooks.example.com/", "http://127.0.0.1:\(server.port)/")])
        #expect(result.succeeded, "\(result)")
        let request = try #require(requests.all.first, "nothing reached the listener")
        #expect(requests.all.count == 1)
        #expect(request.head.hasPrefix("POST /lifesignal HTTP/1.1"), "\(request.head)")
        #expect(Self.header("Content-Type", in: request.head) == "application/json", "\(request.head)")
        let body = try #require(try JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any])
        let alert = try world.alert()
        #expect(body["id"] as? String == alert["id"] as? String && body["type"] as? String == "alert", "\(body)")
        #expect(body["title"] as? String == "Emergency alert from Ada L", "\(body)")
    }

    /// E-mail: the title as the subject, the message and a line of context as the body.
    @Test func theMailGetsASubjectAndAReadableBody() throws {
        let world = try World()
        let record = try world.recorder("mail")
        let result = try world.setAndDeliver("E-mail, with the title as subject")
        #expect(result.succeeded, "\(result)")
        let recorded = try String(contentsOf: record, encoding: .utf8)
        let message = try #require(try world.alert()["message"] as? String)
        let expected = """
            -s
            lifesignal: Emergency alert from Ada L
            me@example.com
            --
            \(message)

            Sent by lifesignal to Bob O at Sun Mar  1 09:02:00 UTC 2026.
            See them all: lifesignal notifications

            """
        #expect(recorded == expected, "\(recorded)")
    }

    /// Signal: title and message in one text, from the registered number to the phone.
    @Test func signalCLIGetsTheSenderTextAndRecipient() throws {
        let world = try World()
        let record = try world.recorder("signal-cli")
        let result = try world.setAndDeliver("Signal, through")
        #expect(result.succeeded, "\(result)")
        let recorded = try String(contentsOf: record, encoding: .utf8)
        let message = try #require(try world.alert()["message"] as? String)
        let words = recorded.components(separatedBy: "\n--\n").first?.components(separatedBy: "\n")
        #expect(words == ["-a", "+15551230000", "send", "-m", "Emergency alert from Ada L: \(message)", "+15557654321"],
                "\(recorded)")
    }
}
