import FuzzChecks

// Built with `-Xswiftc -DFUZZING --sanitize fuzzer`, this is a libFuzzer
// target; otherwise a harmless program that replays inputs or writes seeds.
#if FUZZING
/// libFuzzer's entry point: one input through the 'durations' check.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzTarget.durations.check(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}
#else
/// Replays files through the 'durations' check, or writes its seeds.
@main
enum Replay {
    static func main() { CorpusReplay.main(.durations) }
}
#endif
