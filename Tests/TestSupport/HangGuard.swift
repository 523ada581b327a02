import Testing

extension Trait where Self == TimeLimitTrait {
    /// The time limit of a test that could hang: a backstop that names the
    /// test, never a measure of its speed.
    ///
    /// Swift Testing counts a limit from when the test is scheduled, and
    /// every `await` in it waits its turn for a thread again; on a loaded
    /// two-core machine that wait alone has reached minutes. So the limit is
    /// far above any honest run (the whole suite takes about 12 minutes) and
    /// well inside CI's 90. A test that must be quick says so itself, by
    /// measuring what it times.
    public static var hangGuard: Self { .timeLimit(.minutes(20)) }
}
