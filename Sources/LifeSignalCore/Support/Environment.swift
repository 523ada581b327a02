import FoundationEssentials
import Synchronization

/// Everything that varies between runs, handed to the core explicitly so
/// tests can pin it: the current time, a source of random bytes and the
/// time zones the system knows.
public struct CoreEnvironment: Sendable {
    public var now: Date
    public var random: RandomSource
    /// Where daily deadlines find their zones; by default only UTC.
    public var zones: ZoneCatalog

    public init(now: Date, random: RandomSource, zones: ZoneCatalog = .utcOnly) {
        self.now = now
        self.random = random
        self.zones = zones
    }

    public func newID() -> EntityID { EntityID(randomBytes: random.bytes(16)) }
}

/// A source of random bytes: the operating system's in production, a seeded
/// generator in tests.
public struct RandomSource: Sendable {
    public var bytes: @Sendable (Int) -> [UInt8]

    public init(bytes: @escaping @Sendable (Int) -> [UInt8]) { self.bytes = bytes }

    /// A uniformly distributed integer in `0..<upperBound` (rejection sampling).
    public func uniform(below upperBound: UInt32) -> UInt32 {
        precondition(upperBound > 0, "the range must not be empty")
        let limit = UInt32.max - UInt32.max % upperBound
        while true {
            let b = bytes(4)
            let value = UInt32(b[0]) << 24 | UInt32(b[1]) << 16 | UInt32(b[2]) << 8 | UInt32(b[3])
            if value < limit { return value % upperBound }
        }
    }

    /// A deterministic generator (SplitMix64) for tests and simulations.
    public static func seeded(_ seed: UInt64) -> RandomSource {
        let state = SeededState(seed)
        return RandomSource { count in state.next(count) }
    }
}

extension RandomSource {
    /// This source as a `RandomNumberGenerator`, for the standard library's
    /// shuffles and draws (a seeded source gives a repeatable order).
    public var generator: Generator { Generator(source: self) }

    /// The bytes of a `RandomSource`, eight at a time.
    public struct Generator: RandomNumberGenerator, Sendable {
        let source: RandomSource

        public mutating func next() -> UInt64 {
            source.bytes(8).reduce(0) { $0 << 8 | UInt64($1) }
        }
    }
}

/// Shared state of a seeded generator, safe to use from several threads:
/// SplitMix64's numbers, each as eight bytes, least significant first.
private final class SeededState: Sendable {
    private let generator: Mutex<SplitMix64>
    init(_ seed: UInt64) { generator = Mutex(SplitMix64(seed: seed)) }

    func next(_ count: Int) -> [UInt8] {
        generator.withLock { generator in
            var out: [UInt8] = []
            out.reserveCapacity(count)
            while out.count < count {
                let z = generator.next()
                for shift in stride(from: 0, to: 64, by: 8) where out.count < count {
                    out.append(UInt8(truncatingIfNeeded: z >> UInt64(shift)))
                }
            }
            return out
        }
    }
}
