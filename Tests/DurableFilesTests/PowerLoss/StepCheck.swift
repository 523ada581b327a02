import Testing

/// Runs one step of a long exhaustive test; `false` once it failed, so the
/// caller can stop instead of reporting the same break a thousand times.
///
/// A failed `#require` has already been recorded; any other error (a store
/// that refuses to open, a damaged journal) is recorded with `context`,
/// which names the step, the seed and the mode needed to replay it.
func stepPasses(_ context: @autoclosure () -> String, _ body: () throws -> Void) -> Bool {
    do {
        try body()
        return true
    } catch is ExpectationFailedError {
        return false
    } catch {
        Issue.record("\(context()): \(error)")
        return false
    }
}
