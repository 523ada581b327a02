/// The fuzzed entry points: each turns arbitrary bytes into one call of the
/// code under test and traps when that code breaks a promise it makes.
///
/// A thrown, documented error is always fine; a crash, a hang, an
/// undocumented error or an impossible result is a finding. The same checks
/// run under libFuzzer (the `Fuzz*` executables built with `-DFUZZING`)
/// and in `swift test` (FuzzRegressionTests replays every kept input).
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// `CommandParser` on lifesignal's real command table.
    case parser
    /// Any store file replaced by the bytes, then read by the services.
    case storeDecoding
    /// `PNGDecoder.decode`.
    case png
    /// `JPEGDecoder.decode` and `decodeLuminance`.
    case jpeg
    /// `PNMDecoder.decode`.
    case pnm
    /// `Zlib.decompress`, and a round trip of whatever it accepts.
    case inflate
    /// `QRDecoder.decode` on a module grid, and `QRDetector.detect` on a small image.
    case qr
    /// Every command that takes a duration, run with the bytes as one.
    case durations

    /// Runs the check once; returns normally unless a promise was broken.
    public func check(_ bytes: [UInt8]) {
        switch self {
        case .parser: ParserCheck.check(bytes)
        case .storeDecoding: StoreDecodingCheck.check(bytes)
        case .png: ImageChecks.png(bytes)
        case .jpeg: ImageChecks.jpeg(bytes)
        case .pnm: ImageChecks.pnm(bytes)
        case .inflate: ImageChecks.inflate(bytes)
        case .qr: QRCheck.check(bytes)
        case .durations: DurationCheck.check(bytes)
        }
    }
}

/// Stops the process with a message that names the broken promise; libFuzzer
/// keeps the input that led here.
func violated(_ target: FuzzTarget, _ promise: String) -> Never {
    fatalError("fuzz target '\(target.rawValue)': \(promise)")
}
