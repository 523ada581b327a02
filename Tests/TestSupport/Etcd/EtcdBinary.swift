import Foundation

/// Where the `etcd` server binary is, and whether tests that need it run.
///
/// Tests that need etcd skip visibly when it is missing, unless
/// `LIFESIGNAL_REQUIRE_ETCD=1` (as CI sets it): then they run, and fail.
public enum EtcdBinary {
    /// `LIFESIGNAL_ETCD` if set, else `etcd` on the PATH, else /usr/bin/etcd.
    public static let path: String? = {
        let environment = ProcessInfo.processInfo.environment
        if let explicit = environment["LIFESIGNAL_ETCD"], !explicit.isEmpty {
            return access(explicit, X_OK) == 0 ? explicit : nil
        }
        let directories = (environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"]
        return directories.map { $0 + "/etcd" }.first { access($0, X_OK) == 0 }
    }()

    public static var isRequired: Bool { ProcessInfo.processInfo.environment["LIFESIGNAL_REQUIRE_ETCD"] == "1" }

    /// Whether tests that need etcd should run (and fail, if it is missing).
    public static var shouldRun: Bool { path != nil || isRequired }

    public static let skipNote = "etcd is not installed (apt-get install etcd-server); LIFESIGNAL_REQUIRE_ETCD=1 turns this skip into a failure"

    /// The binary, or an error saying it is missing.
    static func require() throws -> String {
        guard let path else {
            throw FixtureError("etcd is required (LIFESIGNAL_REQUIRE_ETCD=1) but not installed: apt-get install etcd-server")
        }
        return path
    }
}

/// A fixture that could not be set up, with the reason.
public struct FixtureError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
