import Foundation

/// A throw-away PKI made with the `openssl` command at test time (P-256):
/// a CA, a server certificate for 127.0.0.1 and localhost, a client
/// certificate without a Common Name (etcd's gateway refuses one with a CN
/// once authentication is on), and the bad cases: a client certificate from
/// a foreign CA, and a client key encrypted with a passphrase.
public struct TestPKI: Sendable {
    public let directory: String
    public var caFile: String { directory + "/ca.crt" }
    public var serverCertificate: String { directory + "/server.crt" }
    public var serverKey: String { directory + "/server.key" }
    public var clientCertificate: String { directory + "/client.crt" }
    public var clientKey: String { directory + "/client.key" }
    /// Signed by a CA the cluster does not trust.
    public var foreignCertificate: String { directory + "/foreign-client.crt" }
    public var foreignKey: String { directory + "/foreign-client.key" }
    public var foreignCAFile: String { directory + "/foreign-ca.crt" }
    /// `client.key` encrypted with the passphrase "secret".
    public var encryptedClientKey: String { directory + "/client-encrypted.key" }

    /// libfaketime, with which `openssl` dates a certificate in the future.
    public static let fakeTime = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1"
    /// Days after now at which the server certificate becomes valid.
    public let serverStartsIn: Int

    /// Makes every file under `directory` (created); the server certificate
    /// valid only `serverStartsIn` days from now (signed under libfaketime),
    /// as one made on a machine whose clock ran ahead.
    public init(directory: String, serverStartsIn: Int = 0) throws {
        self.directory = directory
        self.serverStartsIn = serverStartsIn
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try authority("ca", subject: "/CN=lifesignal test CA")
        try authority("foreign-ca", subject: "/CN=someone else's CA")
        try sign("server", by: "ca", subject: "/CN=etcd", startingIn: serverStartsIn,
                 extensions: "subjectAltName=IP:127.0.0.1,IP:::1,DNS:localhost\nextendedKeyUsage=serverAuth,clientAuth\nkeyUsage=digitalSignature,keyEncipherment\n")
        try sign("client", by: "ca", subject: "/O=lifesignal",
                 extensions: "extendedKeyUsage=clientAuth\nkeyUsage=digitalSignature\n")
        try sign("foreign-client", by: "foreign-ca", subject: "/O=lifesignal",
                 extensions: "extendedKeyUsage=clientAuth\nkeyUsage=digitalSignature\n")
        try Self.openssl(["pkey", "-in", clientKey, "-aes256", "-passout", "pass:secret", "-out", encryptedClientKey])
    }

    private func key(_ name: String) throws {
        try Self.openssl(["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", "\(directory)/\(name).key"])
    }

    private func authority(_ name: String, subject: String) throws {
        try key(name)
        try Self.openssl(["req", "-x509", "-new", "-key", "\(directory)/\(name).key", "-subj", subject, "-days", "30",
                          "-out", "\(directory)/\(name).crt"])
    }

    private func sign(_ name: String, by authority: String, subject: String, startingIn days: Int = 0, extensions: String) throws {
        try key(name)
        let request = "\(directory)/\(name).csr", extensionFile = "\(directory)/\(name).ext"
        try Self.openssl(["req", "-new", "-key", "\(directory)/\(name).key", "-subj", subject, "-out", request])
        try extensions.write(toFile: extensionFile, atomically: true, encoding: .utf8)
        try Self.openssl(["x509", "-req", "-in", request, "-CA", "\(directory)/\(authority).crt",
                          "-CAkey", "\(directory)/\(authority).key", "-CAcreateserial", "-days", "30",
                          "-extfile", extensionFile, "-out", "\(directory)/\(name).crt"],
                         environment: days == 0 ? nil : ["LD_PRELOAD": Self.fakeTime, "FAKETIME": "+\(days)d"])
    }

    private static func openssl(_ arguments: [String], environment: [String: String]? = nil) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = arguments
        if let environment { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw FixtureError("cannot run openssl: \(error)")
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw FixtureError("openssl \(arguments.prefix(2).joined(separator: " ")) failed") }
    }
}
