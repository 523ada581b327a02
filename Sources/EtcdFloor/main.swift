import EtcdClient
import Glibc
import NetworkIO

// etcd-floor: the round-trip floor of range and txn through EtcdClient (issue 13).

do {
    let options = try FloorOptions(Array(CommandLine.arguments.dropFirst()))
    let client = try EtcdClient(EtcdConfiguration(url: options.url, password: options.password, tls: options.tls))
    let prefix = Array((options.url.prefix + "/floor/").utf8)
    print("etcd-floor: \(options.url) — \(options.count) round trips each, after \(options.warmup) untimed")
    print("operation    median      p10      p90      min      max  (ms)")
    for operation in options.operations {
        try operation.prepare(client, prefix: prefix)
        for round in 0..<options.warmup { try operation.run(client, prefix: prefix, round: round) }
        var samples: [Double] = []
        samples.reserveCapacity(options.count)
        for round in 0..<options.count {
            let start = Deadline.now
            try operation.run(client, prefix: prefix, round: round)
            samples.append(Double(Deadline.now.uptimeNanoseconds - start.uptimeNanoseconds) / 1e6)
        }
        guard !samples.isEmpty else { continue }
        samples.sort()
        func at(_ fraction: Double) -> Double { samples[min(samples.count - 1, Int(fraction * Double(samples.count)))] }
        let columns = [at(0.5), at(0.1), at(0.9), samples[0], samples[samples.count - 1]].map { value -> String in
            let text = String(Double(Int(value * 100)) / 100)
            return String(repeating: " ", count: max(0, 9 - text.count)) + text
        }
        print(operation.rawValue + String(repeating: " ", count: max(1, 10 - operation.rawValue.count)) + columns.joined())
    }
} catch let error as FloorError {
    complain(error.message)
    exit(2)
} catch let error as EtcdError {
    complain("etcd-floor: \(error.message)")
    exit(1)
} catch {
    complain("etcd-floor: \(error)")
    exit(1)
}

func complain(_ message: String) {
    let line = Array((message + "\n").utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}
