import EtcdClient
import Foundation
import HTTPClient
import NetworkIO

/// A throw-away etcd cluster on loopback for one test or suite: members on
/// free ports, plain HTTP or mutual TLS (certificates made by `openssl`),
/// data in a temporary directory. Members can be killed, hung (SIGSTOP),
/// resumed and restarted; everything is killed and removed by `shutdown()`
/// or when the cluster is released, and by each member's watchdog if the
/// test process dies first.
public final class EtcdCluster: @unchecked Sendable {
    public struct Options: Sendable {
        public var members: Int
        public var tls: Bool
        /// Passed to every member (`--quota-backend-bytes=…`, `--auth-token-ttl=…`).
        public var extraFlags: [String]
        /// With TLS: days from now at which the server certificate becomes valid.
        public var serverCertificateStartsIn: Int

        public init(members: Int = 1, tls: Bool = false, extraFlags: [String] = [], serverCertificateStartsIn: Int = 0) {
            self.members = members
            self.tls = tls
            self.extraFlags = extraFlags
            self.serverCertificateStartsIn = serverCertificateStartsIn
        }
    }

    public let options: Options
    public let directory: String
    public let members: [EtcdMember]
    public let pki: TestPKI?
    private let binary: String
    private let token = "lifesignal-test-\(UInt64.random(in: 0...UInt64.max))"

    /// Starts the members and waits (up to 30 s) until each serves a linearizable read.
    public static func start(_ options: Options = Options()) throws -> EtcdCluster {
        let cluster = try EtcdCluster(options)
        do {
            for index in cluster.members.indices { try cluster.launch(index) }
            try cluster.waitUntilServing(cluster.members.indices)
        } catch {
            cluster.shutdown()
            throw error
        }
        return cluster
    }

    private init(_ options: Options) throws {
        binary = try EtcdBinary.require()
        self.options = options
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lifesignal-etcd-\(UUID().uuidString)").path
        self.directory = directory
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        pki = options.tls ? try TestPKI(directory: directory + "/pki", serverStartsIn: options.serverCertificateStartsIn) : nil
        members = try (1...options.members).map { number in
            EtcdMember(name: "m\(number)", clientPort: try FreePort.take(), peerPort: try FreePort.take(), directory: directory)
        }
    }

    deinit { shutdown() }

    /// Kills every member and removes the data.
    public func shutdown() {
        for member in members { member.kill() }
        try? FileManager.default.removeItem(atPath: directory)
    }

    public var scheme: String { options.tls ? "https" : "http" }

    public func endpoint(_ index: Int) -> EtcdURL.Endpoint {
        EtcdURL.Endpoint(host: "127.0.0.1", port: members[index].clientPort)
    }

    public var endpoints: [EtcdURL.Endpoint] { members.indices.map(endpoint) }

    /// The client TLS files: this cluster's CA and client certificate.
    public var clientTLS: TLSConfiguration? {
        pki.map { TLSConfiguration(caFile: $0.caFile, certificateFile: $0.clientCertificate, keyFile: $0.clientKey) }
    }

    /// A client configuration for these members (all, or the ones given).
    public func configuration(members indices: [Int]? = nil, credentials: EtcdConfiguration.Credentials? = nil,
                              timeouts: EtcdConfiguration.Timeouts = EtcdConfiguration.Timeouts()) -> EtcdConfiguration {
        EtcdConfiguration(endpoints: (indices ?? Array(members.indices)).map(endpoint), tls: clientTLS,
                          credentials: credentials, timeouts: timeouts)
    }

    public func client(members indices: [Int]? = nil, credentials: EtcdConfiguration.Credentials? = nil) throws -> EtcdClient {
        try EtcdClient(configuration(members: indices, credentials: credentials))
    }

    // MARK: Faults

    public func kill(_ index: Int) { members[index].kill() }
    public func pause(_ index: Int) { members[index].pause() }
    public func resume(_ index: Int) { members[index].resume() }

    /// Starts a killed member again on its data, and waits until it serves.
    public func restart(_ index: Int) throws {
        try launch(index)
        try waitUntilServing([index])
    }

    /// The index of the member every live member agrees leads, waiting up to 15 s for one.
    public func leader() throws -> Int {
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline {
            if let leader = try? currentLeader() { return leader }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw FixtureError("no leader after 15 s\n" + members.map { "\($0.name): \($0.logTail)" }.joined(separator: "\n"))
    }

    private func currentLeader() throws -> Int? {
        let live = members.indices.filter { members[$0].isRunning && !members[$0].isPaused }
        var ids: [UInt64: Int] = [:]
        var leaders = Set<UInt64>()
        for index in live {
            let status = try probeClient(index).status(deadline: .after(.seconds(1)))
            ids[status.header.memberID] = index
            leaders.insert(status.leader)
        }
        guard leaders.count == 1, let leader = leaders.first, leader != 0 else { return nil }
        return ids[leader]
    }

    // MARK: Administration

    /// Turns on etcd's authentication with `root` (password `rootpw`) and a
    /// user allowed to read and write the keys under `prefix` only.
    public func enableAuthentication(user: String, password: String, prefix: [UInt8]) throws {
        let end = KeyRange.end(ofPrefix: prefix)
        let calls: [(String, String)] = [
            ("/v3/auth/user/add", #"{"name":"root","password":"rootpw"}"#),
            ("/v3/auth/role/add", #"{"name":"root"}"#),
            ("/v3/auth/user/grant", #"{"user":"root","role":"root"}"#),
            ("/v3/auth/user/add", #"{"name":"\#(user)","password":"\#(password)"}"#),
            ("/v3/auth/role/add", #"{"name":"store"}"#),
            ("/v3/auth/role/grant", #"{"name":"store","perm":{"permType":"READWRITE","key":"\#(Base64.encode(prefix))","range_end":"\#(Base64.encode(end))"}}"#),
            ("/v3/auth/user/grant", #"{"user":"\#(user)","role":"store"}"#),
            ("/v3/auth/enable", "{}"),
        ]
        for (path, body) in calls { try post(path, body) }
    }

    /// A raw POST to the first live member; fails unless it answers 200.
    @discardableResult
    public func post(_ path: String, _ body: String, headers: HTTPHeaders = HTTPHeaders()) throws -> HTTPResponse {
        guard let index = members.indices.first(where: { members[$0].isRunning }) else { throw FixtureError("no member is running") }
        let tls = try clientTLS.map { try TLSContext($0) }
        let http = HTTPClient(host: "127.0.0.1", port: members[index].clientPort, connector: Connector(tls: tls))
        let response = try http.send(HTTPRequest(target: path, headers: headers, body: Array(body.utf8)), deadline: .after(.seconds(10)))
        guard response.status == 200 else {
            throw FixtureError("\(path): HTTP \(response.status) \(String(decoding: response.body, as: UTF8.self))")
        }
        return response
    }

    // MARK: Starting

    private func launch(_ index: Int) throws {
        let member = members[index]
        let initial = members.map { "\($0.name)=\(scheme)://127.0.0.1:\($0.peerPort)" }.joined(separator: ",")
        var arguments = [
            "--name", member.name, "--data-dir", member.dataDirectory,
            "--listen-client-urls", "\(scheme)://127.0.0.1:\(member.clientPort)",
            "--advertise-client-urls", "\(scheme)://127.0.0.1:\(member.clientPort)",
            "--listen-peer-urls", "\(scheme)://127.0.0.1:\(member.peerPort)",
            "--initial-advertise-peer-urls", "\(scheme)://127.0.0.1:\(member.peerPort)",
            "--initial-cluster", initial, "--initial-cluster-token", token, "--initial-cluster-state", "new",
            "--heartbeat-interval", "100", "--election-timeout", "1000", "--pre-vote=true",
            "--logger=zap", "--log-outputs=stderr",
        ]
        if let pki {
            arguments += ["--cert-file", pki.serverCertificate, "--key-file", pki.serverKey, "--client-cert-auth",
                          "--trusted-ca-file", pki.caFile, "--peer-cert-file", pki.serverCertificate, "--peer-key-file", pki.serverKey,
                          "--peer-client-cert-auth", "--peer-trusted-ca-file", pki.caFile]
        }
        try member.launch(binary: binary, arguments: arguments + options.extraFlags, clusterDirectory: directory)
    }

    private func waitUntilServing(_ indices: some Sequence<Int>) throws {
        let deadline = Date().addingTimeInterval(30)
        for index in indices {
            let client = try probeClient(index)
            while true {
                guard members[index].isRunning else { throw FixtureError("\(members[index].name) exited:\n\(members[index].logTail)") }
                do {
                    _ = try client.range(RangeRequest(key: Array("probe".utf8)), deadline: .after(.seconds(1)))
                    break
                } catch where error.code != .unavailable && error.code != .tls {
                    // It answered (with authentication on, that it wants a user): it serves.
                    break
                } catch where error.code == .tls && options.serverCertificateStartsIn > 0 && error.message.contains("not yet valid") {
                    // Its certificate, dated in the future on purpose, is being served.
                    break
                } catch {}
                guard Date() < deadline else {
                    throw FixtureError("\(members[index].name) not serving after 30 s:\n\(members[index].logTail)")
                }
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
    }

    /// A client of one member that neither waits nor fails over.
    private func probeClient(_ index: Int) throws -> EtcdClient {
        var configuration = configuration(members: [index])
        configuration.timeouts = .init(connect: .milliseconds(500), read: .seconds(1), operation: .seconds(1), unavailable: .zero)
        return try EtcdClient(configuration)
    }
}
