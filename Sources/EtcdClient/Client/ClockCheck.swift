import Glibc
import HTTPClient
import NetworkIO

extension EtcdClient {
    /// A TLS failure because a certificate is "not yet valid" or "expired"
    /// is most often this machine's clock, not the certificate: a laptop
    /// whose clock is days behind fails every command so. The cluster is
    /// then asked the time (the `Date` of `GET /version`, over a session
    /// that accepts certificates outside their validity period and
    /// verifies everything else; nothing of ours is sent) and the error
    /// says which it is, and by how much. Any other error comes back as it is.
    func explainingValidityPeriod(_ error: EtcdError, deadline: Deadline) -> EtcdError {
        guard error.code == .tls, let files = configuration.tls,
              error.message.contains("not yet valid") || error.message.contains("has expired"),
              let context = try? TLSContext.ignoringValidityPeriod(files) else { return error }
        let connector = Connector(resolver: configuration.resolver, tls: context, connectTimeout: configuration.timeouts.connect)
        for endpoint in configuration.endpoints where !deadline.hasPassed {
            let http = HTTPClient(host: endpoint.host, port: endpoint.port, connector: connector, ioTimeout: configuration.timeouts.read)
            defer { http.closeIdleConnection() }
            guard let response = try? http.send(HTTPRequest(method: "GET", target: "/version"), deadline: deadline),
                  let cluster = response.headers["Date"].flatMap(HTTPDate.secondsSinceEpoch) else { continue }
            let here = configuration.localClock()
            let behind = cluster - here
            var explained = error
            if abs(behind) < Self.clockTolerance {
                explained.message += " (this machine's clock agrees with the cluster's: the certificate itself is outside its validity period; ask whoever made it for a new one)"
            } else {
                explained.message = "this machine's clock looks wrong: it is \(Self.span(abs(behind))) \(behind > 0 ? "behind" : "ahead of") "
                    + "the cluster's (here \(Self.utc(here)), the cluster says \(Self.utc(cluster))), "
                    + "so the cluster's certificates look \(behind > 0 ? "not yet valid" : "expired"): set the clock right "
                    + "(timedatectl set-ntp true, or your system's date settings) and try again (\(error.message))"
            }
            return explained
        }
        return error
    }

    /// How far apart two clocks may be before one counts as wrong (seconds).
    static let clockTolerance: Int64 = 120

    /// "2026-11-28 18:56 UTC".
    static func utc(_ seconds: Int64) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) \(two(parts.tm_hour)):\(two(parts.tm_min)) UTC"
    }

    /// "3 days 4 hours", "2 hours 5 minutes", "7 minutes".
    static func span(_ seconds: Int64) -> String {
        let days = seconds / 86_400, hours = seconds % 86_400 / 3600, minutes = seconds % 3600 / 60
        func unit(_ count: Int64, _ name: String) -> String { "\(count) \(name)\(count == 1 ? "" : "s")" }
        if days > 0 { return unit(days, "day") + (hours > 0 ? " " + unit(hours, "hour") : "") }
        if hours > 0 { return unit(hours, "hour") + (minutes > 0 ? " " + unit(minutes, "minute") : "") }
        return unit(max(minutes, 1), "minute")
    }
}
