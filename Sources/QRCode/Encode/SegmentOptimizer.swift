/// Splits text into the segment sequence with the fewest bits (ISO/IEC 18004 Annex J, done exactly).
///
/// Dynamic programming over the text's scalars: a state is the mode of the
/// current segment plus, for numeric and alphanumeric, how many characters
/// of an unfinished group it holds. Each character's cost is charged as it
/// arrives (numeric groups as 4 + 3 + 3 bits, alphanumeric pairs as 6 + 5),
/// so every path's cost is its exact bit length and the minimum is optimal
/// for the version's character count widths.
enum SegmentOptimizer {
    private enum State: Int, CaseIterable {
        case numeric0, numeric1, numeric2, alphanumeric0, alphanumeric1, byte, kanji

        var mode: Mode {
            switch self {
            case .numeric0, .numeric1, .numeric2: .numeric
            case .alphanumeric0, .alphanumeric1: .alphanumeric
            case .byte: .byte
            case .kanji: .kanji
            }
        }
    }

    /// The cheapest segments for `text` in `version`; kanji mode only when `allowKanji`.
    static func segments(for text: String, version: QRVersion, allowKanji: Bool) -> [QRSegment] {
        let scalars = Array(text.unicodeScalars)
        guard !scalars.isEmpty else { return [] }
        let states = State.allCases
        let stateCount = states.count
        let header = states.map { 4 + $0.mode.characterCountBits(version) }
        let continuesFrom = states.map { continuation(into: $0).rawValue }
        let opens = states.map(opensSegment)
        let unreachable = Int.max / 2

        // Flat tables indexed [character * stateCount + state].
        var cost = [Int](repeating: unreachable, count: scalars.count * stateCount)
        var previous = [Int8](repeating: -1, count: scalars.count * stateCount)
        var opened = [Bool](repeating: false, count: scalars.count * stateCount)
        for (index, scalar) in scalars.enumerated() {
            let row = index * stateCount
            let last = row - stateCount
            var cheapest = -1
            var startCost = 0
            if index > 0 {
                cheapest = cheapestState(cost, row: last, stateCount: stateCount)
                startCost = cost[last + cheapest]
            }
            for state in states {
                guard let charge = charge(for: scalar, entering: state, allowKanji: allowKanji) else { continue }
                let slot = row + state.rawValue
                if index > 0, cost[last + continuesFrom[state.rawValue]] < unreachable {
                    cost[slot] = cost[last + continuesFrom[state.rawValue]] + charge
                    previous[slot] = Int8(continuesFrom[state.rawValue])
                }
                if opens[state.rawValue], startCost + header[state.rawValue] + charge < cost[slot] {
                    cost[slot] = startCost + header[state.rawValue] + charge
                    previous[slot] = Int8(cheapest)
                    opened[slot] = true
                }
            }
        }

        // Walk back from the cheapest final state, cutting a segment wherever one opened.
        var state = cheapestState(cost, row: (scalars.count - 1) * stateCount, stateCount: stateCount)
        var runs: [(mode: Mode, range: Range<Int>)] = []
        var end = scalars.count
        for index in stride(from: scalars.count - 1, through: 0, by: -1) {
            let slot = index * stateCount + state
            if opened[slot] {
                runs.append((states[state].mode, index..<end))
                end = index
            }
            state = Int(previous[slot])
        }
        return runs.reversed().map { makeSegment(mode: $0.mode, scalars: scalars[$0.range]) }
    }

    private static func cheapestState(_ cost: [Int], row: Int, stateCount: Int) -> Int {
        var best = 0
        for state in 1..<stateCount where cost[row + state] < cost[row + best] { best = state }
        return best
    }

    /// Bits the character adds on entering `state`, or nil if the state's mode cannot carry it.
    private static func charge(for scalar: Unicode.Scalar, entering state: State, allowKanji: Bool) -> Int? {
        let ascii = scalar.isASCII ? UInt8(scalar.value) : nil
        switch state {
        case .numeric1, .numeric2, .numeric0:
            guard let ascii, CharacterSets.isDigit(ascii) else { return nil }
            return state == .numeric1 ? 4 : 3
        case .alphanumeric1, .alphanumeric0:
            guard let ascii, CharacterSets.alphanumericValue(ascii) != nil else { return nil }
            return state == .alphanumeric1 ? 6 : 5
        case .byte:
            return 8 * UTF8.width(scalar)
        case .kanji:
            guard allowKanji, ShiftJIS.kanjiValue(of: scalar) != nil else { return nil }
            return 13
        }
    }

    /// The state a segment continues from to reach `state`.
    private static func continuation(into state: State) -> State {
        switch state {
        case .numeric1: .numeric0
        case .numeric2: .numeric1
        case .numeric0: .numeric2
        case .alphanumeric1: .alphanumeric0
        case .alphanumeric0: .alphanumeric1
        case .byte: .byte
        case .kanji: .kanji
        }
    }

    /// Whether a segment's first character lands in `state`.
    private static func opensSegment(_ state: State) -> Bool {
        state == .numeric1 || state == .alphanumeric1 || state == .byte || state == .kanji
    }

    private static func makeSegment(mode: Mode, scalars: ArraySlice<Unicode.Scalar>) -> QRSegment {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars)
        let string = String(text)
        do {
            switch mode {
            case .numeric: return try QRSegment.numeric(string)
            case .alphanumeric: return try QRSegment.alphanumeric(string)
            case .kanji: return try QRSegment.kanji(string)
            default: return QRSegment.bytes(Array(string.utf8))
            }
        } catch {
            // The optimiser only gives a mode characters its charge function accepted,
            // which are exactly the characters the factory accepts.
            preconditionFailure("segment optimiser chose \(mode) for text it cannot carry")
        }
    }
}

extension QRSegment {
    /// The segments that encode `text` in the fewest bits for `version`'s count indicator widths.
    ///
    /// Kanji mode is considered only when `allowKanji` is true (see `QREncoder.encode(text:)`).
    public static func optimal(for text: String, version: QRVersion, allowKanji: Bool = false) -> [QRSegment] {
        SegmentOptimizer.segments(for: text, version: version, allowKanji: allowKanji)
    }
}
