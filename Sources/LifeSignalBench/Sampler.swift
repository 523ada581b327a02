import LifeSignalCore

/// Runs every case once per round, in a shuffled order each round, each run
/// right after a run of the C baseline: the ratio of the pair is taken on
/// the same machine state, so a slow spell (other builds, page cache, CPU
/// frequency) moves both sides, and the spread of the ratios over the
/// rounds says how much to trust them.
struct Sampler {
    let cases: [BenchCase]
    let seeder: Seeder
    let scratch: String
    /// The C launcher every timed process is started from.
    let launcher: String
    /// Rounds for ordinary cases; heavy ones run every `heavyEvery`-th round.
    let rounds: Int
    let heavyEvery: Int

    /// Runs each case once with its output kept and checked: every command
    /// must succeed and print what it should before anything is measured.
    func verify() throws {
        for row in cases {
            let out = scratch + "/verify.out", err = scratch + "/verify.err"
            let sample = try probe(row).launched(by: launcher, report: report, stdout: out, stderr: err)
            guard sample.status == 0 else {
                throw BenchError.commandFailed(label: row.key, status: sample.status, stderr: TextFile.read(err))
            }
            try OutputCheck.check(row, stdout: TextFile.read(out))
            try reset(row)
        }
    }

    /// The instructions of one run of every counted case (the least of
    /// `countedRuns` runs).
    func count(with counter: InstructionCounter, progress: (BenchCase) -> Void) throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for row in cases where row.isCounted {
            progress(row)
            for _ in 0..<row.countedRuns {
                let count = try counter.count(row)
                counts[row.key] = min(counts[row.key] ?? count, count)
                try reset(row)
            }
        }
        return counts
    }

    /// All samples per case key; each sample of a command carries the
    /// baseline run just before it (`paired`).
    func measure(progress: (Int) -> Void) throws -> [String: [ProcessSample]] {
        var samples: [String: [ProcessSample]] = [:]
        var generator = RandomSource.seeded(7).generator
        let baseline = cases[0]
        for round in 0..<rounds {
            progress(round)
            var order = cases.dropFirst().filter { !$0.heavy || round % heavyEvery == 0 }
            order.shuffle(using: &generator)
            for row in order {
                let before = try run(baseline)
                samples[baseline.key, default: []].append(before)
                var sample = try run(row)
                sample.baselineMilliseconds = before.milliseconds
                samples[row.key, default: []].append(sample)
                try reset(row)
            }
        }
        return samples
    }

    private func run(_ row: BenchCase) throws -> ProcessSample {
        let sample = try probe(row).launched(by: launcher, report: report)
        guard sample.status == 0 else {
            throw BenchError.commandFailed(label: row.key, status: sample.status, stderr: "(run again to see)")
        }
        return sample
    }

    private var report: String { scratch + "/launcher.report" }

    private func probe(_ row: BenchCase) -> ProcessProbe {
        ProcessProbe(program: row.program, arguments: row.arguments,
                     environment: row.environment(scratch: scratch))
    }

    /// Puts the store back so the next run of the row does the same work,
    /// or, for a row that takes turns, checks the run's work and moves on.
    private func reset(_ row: BenchCase) throws {
        if row.command == "ping send", let store = row.store { try seeder.answerPings(store) }
        try row.turns?.endTurn()
    }
}
