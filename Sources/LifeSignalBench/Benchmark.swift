import Glibc

/// One benchmark run, from a fresh scratch directory to the printed table:
/// seed, check every output, count instructions, time interleaved rounds.
struct Benchmark {
    let options: BenchOptions

    /// Runs everything and returns how many rows missed a target.
    func run() throws -> Int {
        let started = ProcessProbe.monotonicNanoseconds()
        let binary = try resolvedBinary()
        let scratch = try makeScratch()
        var removed = options.keep
        defer { if !removed { removeTree(scratch) } }

        log("compiling the C baseline and launcher with cc")
        let (baseline, launcher) = try CPrograms.build(in: scratch)
        let seeder = try Seeder(directory: scratch)
        var stores: [SeededStore] = []
        for (number, spec) in Plan.stores(only: options.only, etcd: options.etcd != nil).enumerated() {
            let begin = ProcessProbe.monotonicNanoseconds()
            var store = try seeder.seed(spec, seed: UInt64(number + 1))
            if spec.fallingDue { store.fallingDue = try seeder.seedFallingDue(options.runsPerRow, into: store) }
            stores.append(store)
            let falling = store.fallingDue.map { ", \($0.accounts.count) more falling due in turn" } ?? ""
            log("seeded \(spec.label) (\(spec.accounts) accounts\(falling)) in \(seconds(since: begin)) s")
        }
        if let only = options.only, stores.isEmpty {
            let sizes = (Plan.stores + Plan.largeStores).map(\.label).joined(separator: ", ")
            let etcdSizes = Plan.etcdLargeStores.map(\.label).joined(separator: ", ")
            throw BenchError.usage("error: no store has the size \"\(only)\" (\(sizes); \(etcdSizes) with --etcd)")
        }
        // The seed skipped fsync; settle it now so no timed run pays its write-back.
        sync()

        // The etcd rows' larger stores have rows on etcd only.
        let etcdLarger = stores.filter { Plan.etcdLargeStores.contains($0.spec) }
        let directoryStores = stores.filter { !Plan.etcdLargeStores.contains($0.spec) }
        var etcd: EtcdRows?
        if let base = options.etcd, let small = stores.first(where: { $0.spec == Plan.smallStore }) {
            let begin = ProcessProbe.monotonicNanoseconds()
            log("copying the " + ([small] + etcdLarger).map(\.spec.label).joined(separator: " and ")
                + " stores to \(base)")
            etcd = try EtcdRows(base: base, binary: binary, small: small, larger: etcdLarger, scratch: scratch)
            try etcd?.settle(binary: binary, scratch: scratch)
            log("copied in \(seconds(since: begin)) s")
        }
        defer { etcd?.remove() }
        let etcdCases = etcd?.cases(binary: binary) ?? []
        let cases = Plan.cases(binary: binary, baseline: baseline, stores: directoryStores) + etcdCases
        let sampler = Sampler(cases: cases, seeder: seeder, scratch: scratch, launcher: launcher,
                              rounds: options.effectiveRounds, heavyEvery: options.heavyEvery)
        log("checking every command's output once")
        try sampler.verify()
        var counts: [String: Int] = [:]
        if let counter = try InstructionCounter(scratch: scratch, binaries: [binary] + [HashRow.row()?.program].compactMap { $0 }) {
            counts = try sampler.count(with: counter) { row in log("counting instructions: \(row.key)") }
        } else if options.check {
            throw BenchError.usage("error: --check gates on instruction counts, which need valgrind (apt-get install valgrind)")
        } else {
            log("valgrind is not installed: no instruction counts")
        }
        let fsync = FsyncProbe.median(in: scratch)
        var pure = EtcdRows.PureRoundTrips()
        var pureFailure: (any Error)?
        let samples = try sampler.measure { round in
            log("round \(round + 1) of \(options.effectiveRounds)")
            // The pure round trips, sampled between the rounds so they share their conditions.
            do { try etcd?.sampleRoundTrips(into: &pure) } catch { pureFailure = error }
        }
        if let pureFailure { throw pureFailure }
        var roundTrips: [String: Int] = [:]
        for row in etcdCases { roundTrips[row.key] = try etcd?.roundTrips(of: row, scratch: scratch) }
        let report = Report(cases: cases, counts: counts, samples: samples)

        let fileSystem = Machine.fileSystem(of: scratch)
        print("lifesignal-bench: \(binary)")
        print("machine: \(Machine.processors) CPUs, \(Machine.cpuModel); "
              + "stores on \(fileSystem) (\(options.directory)),"
              + " fsync of a small file \(Format.fixed(fsync, 2)) ms")
        print("instructions: one run under valgrind --tool=callgrind (gated); wall times: \(options.effectiveRounds) rounds "
              + "(whole-feed listings every \(options.heavyEvery)rd), each run right after a C baseline run;")
        print("x C = median of those paired ratios, q1-q3 their quartiles (reported, not gated); peak = largest ru_maxrss")
        print("")
        report.table().forEach { print($0) }
        print("")
        var failures = report.failures
        if let etcd {
            let summary = etcd.summary(samples: samples, roundTrips: roundTrips, pure: pure, cases: etcdCases)
            print("")
            summary.lines.forEach { print($0) }
            failures += summary.failures
            log("the etcd rows at a 50 ms round trip")
            let distant = try EtcdDistantRows(etcd: etcd, binary: binary, scratch: scratch)
            defer { distant.stop() }
            let rows = distant.summary(try distant.measure(scratch: scratch))
            print("")
            rows.lines.forEach { print($0) }
            failures += rows.failures
        }
        print(failures == 0 ? "all targets met" : "\(failures) row\(failures == 1 ? "" : "s") missed a target")
        print("flat: rows marked ≈ must count at most \(Int(Noise.instructionFraction * 100))% "
              + "(or \(Noise.instructionSlack) instructions) more than that row; "
              + "mem≈ within \(Format.number(Noise.memorySlackMegabytes)) MB")
        if !removed {
            removeTree(scratch)
            removed = true
        }
        print("total time: \(seconds(since: started)) s (seeding, runs and clean-up)")
        if options.keep { print("stores kept in \(scratch)") }
        return failures
    }

    private func resolvedBinary() throws -> String {
        guard access(options.binary, X_OK) == 0, let real = realpath(options.binary, nil) else {
            throw BenchError.binaryMissing(options.binary)
        }
        defer { free(real) }
        return String(cString: real)
    }

    private func makeScratch() throws -> String {
        // mkdtemp fills in the six trailing template characters.
        var template = Array((options.directory + "/lifesignal-bench-" + String(repeating: "X", count: 6)).utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
        guard made != nil else { throw BenchError.system(call: "mkdtemp in \(options.directory)", errno: errno) }
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private func removeTree(_ path: String) {
        let remover = ProcessProbe(program: "/bin/rm", arguments: ["-rf", path], environment: [:])
        _ = try? remover.run()
    }

    private func seconds(since start: UInt64) -> String {
        Format.fixed(Double(ProcessProbe.monotonicNanoseconds() - start) / 1_000_000_000, 1)
    }

    private func log(_ text: String) { StandardError.write("lifesignal-bench: \(text)\n") }
}
