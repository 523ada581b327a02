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

    /// How a state was reached: from which state, and whether the character opened a new segment.
    private struct Step {
        var cost = Int.max
        var previous: State?
        var opensSegment = false
    }

    /// The cheapest segments for `text` in `version`; kanji mode only when `allowKanji`.
    static func segments(for text: String, version: QRVersion, allowKanji: Bool) -> [QRSegment] {
        let scalars = Array(text.unicodeScalars)
        guard !scalars.isEmpty else { return [] }
        let header = Dictionary(uniqueKeysWithValues: [Mode.numeric, .alphanumeric, .byte, .kanji].map {
            ($0, 4 + $0.characterCountBits(version))
        })

        var table: [[Step]] = []
        table.reserveCapacity(scalars.count)
        var previousRow: [Step]? = nil
        for scalar in scalars {
            var row = [Step](repeating: Step(), count: State.allCases.count)
            let cheapest = previousRow.flatMap { cheapestState(in: $0) }
            let startCost = cheapest.map { previousRow?[$0.rawValue].cost ?? 0 } ?? 0
            for state in State.allCases {
                guard let charge = charge(for: scalar, entering: state, allowKanji: allowKanji) else { continue }
                if let continued = continuation(into: state), let previousRow,
                   previousRow[continued.rawValue].cost != Int.max {
                    let cost = previousRow[continued.rawValue].cost + charge
                    if cost < row[state.rawValue].cost {
                        row[state.rawValue] = Step(cost: cost, previous: continued, opensSegment: false)
                    }
                }
                if opensSegment(state) {
                    let cost = startCost + header[state.mode, default: 0] + charge
                    if cost < row[state.rawValue].cost {
                        row[state.rawValue] = Step(cost: cost, previous: cheapest, opensSegment: true)
                    }
                }
            }
            table.append(row)
            previousRow = row
        }
        return rebuild(scalars: scalars, table: table)
    }

    private static func cheapestState(in row: [Step]) -> State? {
        State.allCases.filter { row[$0.rawValue].cost != Int.max }.min { row[$0.rawValue].cost < row[$1.rawValue].cost }
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
    private static func continuation(into state: State) -> State? {
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

    private static func rebuild(scalars: [Unicode.Scalar], table: [[Step]]) -> [QRSegment] {
        guard let last = table.last, var state = cheapestState(in: last) else { return [] }
        // Walk back, collecting runs in reverse.
        var runs: [(mode: Mode, scalars: [Unicode.Scalar])] = []
        var current: [Unicode.Scalar] = []
        for index in stride(from: scalars.count - 1, through: 0, by: -1) {
            let step = table[index][state.rawValue]
            current.append(scalars[index])
            if step.opensSegment {
                runs.append((state.mode, current.reversed()))
                current = []
            }
            if let previous = step.previous { state = previous }
        }
        return runs.reversed().map { makeSegment(mode: $0.mode, scalars: $0.scalars) }
    }

    private static func makeSegment(mode: Mode, scalars: [Unicode.Scalar]) -> QRSegment {
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
