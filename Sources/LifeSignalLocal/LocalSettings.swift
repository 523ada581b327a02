import DurableFiles
import FoundationEssentials
import LifeSignalCore
import SystemFiles

/// Settings of this machine rather than of the account: the external
/// commands and the files that open an `etcds://` store, kept under
/// `$XDG_CONFIG_HOME/lifesignal/settings.json`.
public struct LocalSettings: Codable, Sendable, Equatable {
    public var notifyCommand: String?
    /// When a notify command was set where there was none: older items are
    /// not handed to it, so setting one up does not flood it with the past.
    public var notifyCommandSince: Date?
    public var smsCommand: String?
    /// PEM files for `etcds://` stores (absolute paths): the CA that signed
    /// the cluster's certificates, this client's certificate and its key.
    /// `LIFESIGNAL_ETCD_CACERT`, `_CERT` and `_KEY` win over them.
    public var etcdCACert: String?
    public var etcdCert: String?
    public var etcdKey: String?

    public init(notifyCommand: String? = nil, smsCommand: String? = nil) {
        self.notifyCommand = notifyCommand
        self.smsCommand = smsCommand
    }
}

/// Reads and writes `LocalSettings`.
public struct LocalSettingsFile: Sendable {
    let file: LocalFile<LocalSettings>

    public init(paths: some LocalPaths, fileSystem: any FileSystem = SystemFileSystem()) {
        file = LocalFile(directory: paths.configDirectory, name: "settings.json", fileSystem: fileSystem)
    }

    public func load() throws -> LocalSettings { try file.read() ?? LocalSettings() }
    public func save(_ settings: LocalSettings) throws { try file.write(settings) }
    public var path: String { file.path }
}

/// The PEM files the etcd settings name.
public enum PEMFile {
    /// Whether `path` is a file this user can read that holds PEM data.
    ///
    /// Read as OpenSSL will read it, not as a store file: a CA certificate
    /// is public, often readable by all and reached through a link
    /// (/etc/ssl/certs), which a store file must never be.
    public static func isReadable(_ path: String, fileSystem: any FileSystem = SystemFileSystem()) -> Bool {
        guard (try? fileSystem.stat(path))?.kind == .regular,
              let descriptor = try? fileSystem.open(path, access: .readOnly, options: [.closeOnExec, .nonBlocking],
                                                    permissions: .ownerReadWrite) else { return false }
        defer { try? fileSystem.close(descriptor) }
        guard let bytes = try? fileSystem.read(descriptor, upTo: 1 << 20) else { return false }
        return String(decoding: bytes, as: UTF8.self).contains("-----BEGIN ")
    }
}
