import Foundation

/// What one run of lifesignal produced.
public struct RunResult: CustomStringConvertible, Sendable {
    public var status: Int32
    /// Whether the run was ended by a signal (then `status` is the signal).
    public var signalled: Bool
    public var stdout: String
    public var stderr: String

    public init(status: Int32, signalled: Bool = false, stdout: String, stderr: String) {
        self.status = status
        self.signalled = signalled
        self.stdout = stdout
        self.stderr = stderr
    }

    public var description: String {
        "\(signalled ? "signal" : "exit") \(status)\nstdout: \(stdout.prefix(2000))\nstderr: \(stderr.prefix(2000))"
    }

    public var succeeded: Bool { !signalled && status == 0 }

    /// The round trips an etcd store's run reported on stderr
    /// (`LIFESIGNAL_ETCD_TRAFFIC`), nil when it reported none.
    public var etcdRoundTrips: Int? {
        guard let line = stderr.split(separator: "\n").last(where: { $0.hasPrefix("etcd: ") }) else { return nil }
        return Int(line.dropFirst("etcd: ".count).prefix { $0.isNumber })
    }

    // MARK: stdout as JSON, for tests that stop when it is not what they expect

    public func json() throws -> Any {
        do {
            return try JSONSerialization.jsonObject(with: Data(stdout.utf8), options: [.fragmentsAllowed])
        } catch {
            throw HarnessFailure("stdout is not JSON: \(self)")
        }
    }

    public func object() throws -> [String: Any] {
        guard let object = try json() as? [String: Any] else { throw HarnessFailure("stdout is not a JSON object: \(self)") }
        return object
    }

    public func array() throws -> [[String: Any]] {
        guard let array = try json() as? [[String: Any]] else { throw HarnessFailure("stdout is not a JSON array of objects: \(self)") }
        return array
    }

    // MARK: stdout as JSON, nil when it is not (for tests that expect failures)

    public var jsonValue: Any? { try? json() }
    public var jsonObject: [String: Any]? { jsonValue as? [String: Any] }
    public var jsonArray: [[String: Any]]? { jsonValue as? [[String: Any]] }
}
