import LifeSignalCore

/// A deterministic generator, so that a failing random test can be replayed
/// exactly from the seed its message prints: the core's SplitMix64, which
/// its seeded `RandomSource` draws from too.
public typealias SeededGenerator = SplitMix64

extension SplitMix64 {
    /// One of `choices`, drawn uniformly.
    public mutating func pick<T>(_ choices: [T]) -> T {
        choices[Int.random(in: choices.indices, using: &self)]
    }
}
