/// What one command's reads showed about the files a hint named, for the
/// next command's hint (on etcd, where a file costs a round trip unless the
/// first request asks for it; empty on other backends).
public struct StoreReadLessons: Sendable, Equatable {
    /// Files read in round trips of their own (no hint had them), in order.
    public var readAlone: [String]
    /// Those of `readAlone` that did not exist when read: their absence is
    /// what the next command needs to know.
    public var readAloneAbsent: [String]
    /// Files the hint asked for by name that another part of the same
    /// request brought anyway (the newest check-in segment).
    public var hintedTwice: [String]
    /// Files the hint asked for by name that the first request found
    /// absent, and those it found present (as the command's last snapshot
    /// saw each).
    public var hintedAbsent: [String]
    public var hintedPresent: [String]
    /// Those of `hintedAbsent` the command read: their absence was needed.
    public var hintedAbsentRead: [String]

    public init(readAlone: [String] = [], readAloneAbsent: [String] = [], hintedTwice: [String] = [],
                hintedAbsent: [String] = [], hintedPresent: [String] = [], hintedAbsentRead: [String] = []) {
        self.readAlone = readAlone
        self.readAloneAbsent = readAloneAbsent
        self.hintedTwice = hintedTwice
        self.hintedAbsent = hintedAbsent
        self.hintedPresent = hintedPresent
        self.hintedAbsentRead = hintedAbsentRead
    }
}
