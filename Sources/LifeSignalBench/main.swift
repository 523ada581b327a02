import Glibc

/// lifesignal-bench: whole-process timings of a release lifesignal binary
/// against a do-nothing C program, on stores seeded through the store layer.
// The 50 ms rows' delay proxy, run as a process of its own (`DelayProxy`).
if CommandLine.arguments.count == 5, CommandLine.arguments[1] == "--delay-proxy",
   let upstream = UInt16(CommandLine.arguments[3]), let delay = UInt64(CommandLine.arguments[4]) {
    exit(DelayProxy(upstreamPort: upstream, delayNanoseconds: delay * 1_000_000).run(portFile: CommandLine.arguments[2]))
}
let options: BenchOptions
do {
    options = try BenchOptions(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    StandardError.write("\(error)\n")
    exit(2)
}
if let megabytes = options.hashMegabytes {
    HashRow.run(megabytes: megabytes)
    exit(0)
}
if let spec = options.seedSpec {
    do {
        let seeded = try Seeder(directory: options.directory).seed(spec, seed: 1)
        for (name, value) in seeded.environment.sorted(by: { $0.key < $1.key }) { print("\(name)=\(value)") }
        exit(0)
    } catch {
        StandardError.write("lifesignal-bench: \(error)\n")
        exit(3)
    }
}
if options.help {
    print(BenchOptions.usage)
    exit(0)
}
do {
    let failures = try Benchmark(options: options).run()
    exit(options.check && failures > 0 ? 1 : 0)
} catch {
    StandardError.write("lifesignal-bench: \(error)\n")
    exit(3)
}
