import EtcdClient
import NetworkIO

/// What to measure, from the command line.
struct FloorOptions {
    var url: EtcdURL
    var tls: TLSConfiguration?
    var password: String?
    var operations: [FloorOperation] = FloorOperation.allCases
    /// Timed round trips per operation.
    var count = 200
    /// Untimed round trips first (connection, caches).
    var warmup = 20

    static let usage = """
        usage: etcd-floor URL [--op range|txn|store-txn]... [--count N] [--warmup N]
                              [--cacert FILE --cert FILE --key FILE] [--password PASSWORD]
        Times round trips of the etcd client on one connection: the median, the
        10th and 90th percentiles, min and max, in milliseconds. With --count 0
        it only connects and warms up (the baseline for instruction counts:
        run it under valgrind --tool=callgrind with --count 0 and --count N).
        """

    init(_ arguments: [String]) throws(FloorError) {
        guard let first = arguments.first, !first.hasPrefix("-") else { throw FloorError(Self.usage) }
        do {
            url = try EtcdURL(parsing: first)
        } catch {
            throw FloorError("etcd-floor: \(error.reason)")
        }
        var chosen: [FloorOperation] = []
        var files = TLSConfiguration()
        var rest = arguments.dropFirst()
        while let flag = rest.popFirst() {
            guard let value = rest.popFirst() else { throw FloorError("etcd-floor: \(flag) needs a value\n" + Self.usage) }
            switch flag {
            case "--op":
                guard let operation = FloorOperation(rawValue: value) else { throw FloorError("etcd-floor: no operation \(value)") }
                chosen.append(operation)
            case "--count", "--warmup":
                guard let number = Int(value), number >= 0 else { throw FloorError("etcd-floor: \(flag) takes a count") }
                if flag == "--count" { count = number } else { warmup = number }
            case "--cacert": files.caFile = value
            case "--cert": files.certificateFile = value
            case "--key": files.keyFile = value
            case "--password": password = value
            default: throw FloorError("etcd-floor: unknown option \(flag)\n" + Self.usage)
            }
        }
        if !chosen.isEmpty { operations = chosen }
        tls = url.usesTLS ? files : nil
    }
}

struct FloorError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
