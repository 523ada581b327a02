/// Splits text into the segment sequence with the fewest bits (ISO/IEC 18004 Annex J, done exactly).
///
/// Dynamic programming over the text's UTF-8 bytes in one pass: a state is
/// the mode of the current segment plus, for numeric and alphanumeric, how
/// many characters of an unfinished group it holds. Each character's cost is
/// charged as it arrives (numeric groups as 4 + 3 + 3 bits, alphanumeric
/// pairs as 6 + 5, a byte as 8, a kanji character as 13 over all of its
/// UTF-8 bytes), so every path's cost is its exact bit length and the
/// minimum is optimal for the version's character count widths. Only ASCII
/// bytes can be digits or alphanumerics and a kanji character spans a whole
/// scalar, so no segment ever splits a scalar except between byte segments,
/// which the optimum never does.
enum SegmentOptimizer {
    private static let stateCount = 7
    // The states; numeric1 holds one digit of an unfinished group, and so on.
    private static let numeric0 = 0, numeric1 = 1, numeric2 = 2
    private static let alphanumeric0 = 3, alphanumeric1 = 4, byte = 5, kanji = 6
    private static let unreachable = Int.max / 2

    /// The cheapest segments for `text` in `version`; kanji mode only when `allowKanji`.
    static func segments(for text: String, version: QRVersion, allowKanji: Bool) -> [QRSegment] {
        if let result = text.utf8.withContiguousStorageIfAvailable({ segments(utf8: $0, version: version, allowKanji: allowKanji) }) {
            return result
        }
        return Array(text.utf8).withUnsafeBufferPointer { segments(utf8: $0, version: version, allowKanji: allowKanji) }
    }

    /// The cheapest segments for valid UTF-8 `bytes`.
    static func segments(utf8 bytes: UnsafeBufferPointer<UInt8>, version: QRVersion, allowKanji: Bool) -> [QRSegment] {
        let count = bytes.count
        guard count > 0 else { return [] }
        let numericHeader = 4 + Mode.numeric.characterCountBits(version)
        let alphanumericHeader = 4 + Mode.alphanumeric.characterCountBits(version)
        let byteHeader = 4 + Mode.byte.characterCountBits(version)
        let kanjiHeader = 4 + Mode.kanji.characterCountBits(version)

        // Flat tables indexed [position * stateCount + state]: the cheapest cost of
        // bytes[0..<position] ending in that state, the state before it, and
        // whether the state's segment opened at the step into it.
        let slots = (count + 1) * stateCount
        // Plain Ints throughout: an array of any other element type costs its
        // type metadata at first use, which is most of a short text's work.
        var cost = [Int](repeating: unreachable, count: slots)
        var previous = [Int](repeating: -1, count: slots)
        var opened = [Int](repeating: 0, count: slots)
        cost.withUnsafeMutableBufferPointer { cost in
            previous.withUnsafeMutableBufferPointer { previous in
                opened.withUnsafeMutableBufferPointer { opened in
                    /// Offers `state` at `target` from `source`: continuing `from`, or opening after the cheapest state.
                    func relax(_ target: Int, _ state: Int, charge: Int, continuing from: Int?, at source: Int,
                               header: Int, cheapest: Int, startCost: Int) {
                        let slot = target * stateCount + state
                        if let from, cost[source * stateCount + from] < unreachable {
                            let total = cost[source * stateCount + from] + charge
                            if total < cost[slot] {
                                cost[slot] = total
                                previous[slot] = from
                                opened[slot] = 0
                            }
                        }
                        if header > 0, startCost + header + charge < cost[slot] {
                            cost[slot] = startCost + header + charge
                            previous[slot] = cheapest
                            opened[slot] = 1
                        }
                    }
                    for position in 0..<count {
                        var cheapest = -1
                        var startCost = 0
                        if position > 0 {
                            cheapest = cheapestState(cost, position: position)
                            startCost = cost[position * stateCount + cheapest]
                        }
                        let next = position + 1
                        let value = bytes[position]
                        if CharacterSets.isDigit(value) {
                            relax(next, numeric1, charge: 4, continuing: numeric0, at: position,
                                  header: numericHeader, cheapest: cheapest, startCost: startCost)
                            relax(next, numeric2, charge: 3, continuing: numeric1, at: position,
                                  header: 0, cheapest: cheapest, startCost: startCost)
                            relax(next, numeric0, charge: 3, continuing: numeric2, at: position,
                                  header: 0, cheapest: cheapest, startCost: startCost)
                        }
                        if CharacterSets.alphanumericValue(value) != nil {
                            relax(next, alphanumeric1, charge: 6, continuing: alphanumeric0, at: position,
                                  header: alphanumericHeader, cheapest: cheapest, startCost: startCost)
                            relax(next, alphanumeric0, charge: 5, continuing: alphanumeric1, at: position,
                                  header: 0, cheapest: cheapest, startCost: startCost)
                        }
                        relax(next, byte, charge: 8, continuing: byte, at: position,
                              header: byteHeader, cheapest: cheapest, startCost: startCost)
                        if allowKanji, let character = kanjiCharacter(bytes, at: position) {
                            relax(position + character.length, kanji, charge: 13, continuing: kanji, at: position,
                                  header: kanjiHeader, cheapest: cheapest, startCost: startCost)
                        }
                    }
                }
            }
        }

        // Walk back from the cheapest final state, cutting a segment wherever one opened;
        // each cut records the segment's state, start and end (flat, so no new array types).
        var state = cheapestState(cost, position: count)
        var cuts = [Int](repeating: 0, count: 3 * count)
        var cutCount = 0
        var end = count
        var position = count
        while position > 0 {
            let slot = position * stateCount + state
            let step = state == kanji ? scalarLength(endingAt: position, in: bytes) : 1
            if opened[slot] != 0 {
                cuts[3 * cutCount] = state
                cuts[3 * cutCount + 1] = position - step
                cuts[3 * cutCount + 2] = end
                cutCount += 1
                end = position - step
            }
            state = previous[slot]
            position -= step
        }
        return [QRSegment](unsafeUninitializedCapacity: cutCount) { segments, initialized in
            for index in 0..<cutCount {
                let cut = 3 * (cutCount - 1 - index)
                segments.initializeElement(
                    at: index, to: makeSegment(state: cuts[cut], UnsafeBufferPointer(rebasing: bytes[cuts[cut + 1]..<cuts[cut + 2]])))
            }
            initialized = cutCount
        }
    }

    private static func cheapestState(_ cost: UnsafeMutableBufferPointer<Int>, position: Int) -> Int {
        let row = position * stateCount
        var best = 0
        for state in 1..<stateCount where cost[row + state] < cost[row + best] { best = state }
        return best
    }

    private static func cheapestState(_ cost: [Int], position: Int) -> Int {
        cost.withUnsafeBufferPointer { cost in
            let row = position * stateCount
            var best = 0
            for state in 1..<stateCount where cost[row + state] < cost[row + best] { best = state }
            return best
        }
    }

    /// The kanji value and UTF-8 length of the character starting at `position`, if kanji mode can carry it.
    private static func kanjiCharacter(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> (value: Int, length: Int)? {
        let lead = bytes[position]
        // Kanji-mode characters are all in the Basic Multilingual Plane: two or three UTF-8 bytes.
        let scalar: UInt32
        let length: Int
        if lead & 0xE0 == 0xC0, position + 1 < bytes.count {
            scalar = UInt32(lead & 0x1F) << 6 | UInt32(bytes[position + 1] & 0x3F)
            length = 2
        } else if lead & 0xF0 == 0xE0, position + 2 < bytes.count {
            scalar = UInt32(lead & 0x0F) << 12 | UInt32(bytes[position + 1] & 0x3F) << 6 | UInt32(bytes[position + 2] & 0x3F)
            length = 3
        } else {
            return nil
        }
        guard let unicode = Unicode.Scalar(scalar), let value = ShiftJIS.kanjiValue(of: unicode) else { return nil }
        return (value, length)
    }

    /// The UTF-8 length of the scalar whose last byte is just before `end`.
    private static func scalarLength(endingAt end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var start = end - 1
        while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return end - start
    }

    /// The segment of `slice`'s bytes in the mode of `state`.
    private static func makeSegment(state: Int, _ slice: UnsafeBufferPointer<UInt8>) -> QRSegment {
        switch state {
        case numeric0, numeric1, numeric2: return QRSegment.numeric(digits: slice)
        case alphanumeric0, alphanumeric1: return QRSegment.alphanumeric(characters: slice)
        case kanji:
            var values: [Int] = []
            var position = 0
            while position < slice.count, let character = kanjiCharacter(slice, at: position) {
                values.append(character.value)
                position += character.length
            }
            return QRSegment.kanji(values: values)
        default: return QRSegment.bytes(Array(slice))
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
