/// Writes parsed tokens as deflate blocks, each in whichever of the three
/// block types (dynamic Huffman, fixed Huffman, stored) is smallest.
struct DeflateBlockWriter {
    private(set) var writer: BitWriter

    init(expectedSize: Int) {
        writer = BitWriter(reservingCapacity: expectedSize / 2 + 64)
    }

    /// Appends whole bytes outside any block (the zlib header and trailer).
    mutating func writeHeaderBytes(_ bytes: [UInt8]) {
        writer.alignToByte()
        writer.appendAligned(bytes[...])
    }

    /// Flushes the bits of the last block.
    mutating func finish() {
        writer.alignToByte()
    }

    /// Symbol frequencies of a block, and the extra bits its matches carry.
    private struct Statistics {
        var literals = [Int](repeating: 0, count: 286)
        var distances = [Int](repeating: 0, count: 30)
        var extraBits = 0

        init(_ tokens: UnsafeBufferPointer<MatchFinder.Token>) {
            for token in tokens {
                if token & MatchFinder.matchFlag == 0 {
                    literals[Int(token)] += 1
                    continue
                }
                let lengthSymbol = Int(DeflateTables.lengthSymbol[Int(token >> 16 & 0xFF)])
                let distanceSymbol = DeflateTables.distanceSymbol(Int(token & 0x7FFF) + 1)
                literals[lengthSymbol] += 1
                distances[distanceSymbol] += 1
                extraBits += Int(DeflateTables.lengthExtra[lengthSymbol - 257]) + Int(DeflateTables.distanceExtra[distanceSymbol])
            }
            literals[DeflateTables.endOfBlock] = 1
        }

        func cost(literalLengths: [UInt8], distanceLengths: [UInt8]) -> Int {
            var bits = extraBits
            for (count, length) in zip(literals, literalLengths) { bits += count * Int(length) }
            for (count, length) in zip(distances, distanceLengths) { bits += count * Int(length) }
            return bits
        }
    }

    /// Writes one block holding `tokens`, which encode `raw` (the input
    /// bytes they cover, needed for a stored block).
    mutating func writeBlock(tokens: UnsafeBufferPointer<MatchFinder.Token>, raw: ArraySlice<UInt8>, isFinal: Bool) {
        let statistics = Statistics(tokens)
        let literalLengths = HuffmanCodeBuilder.lengths(frequencies: statistics.literals, limit: DeflateTables.maxCodeLength)
        let distanceLengths = HuffmanCodeBuilder.lengths(frequencies: statistics.distances, limit: DeflateTables.maxCodeLength)
        let header = DynamicHeader(literalLengths: literalLengths, distanceLengths: distanceLengths)

        let dynamicCost = 3 + header.bitCount + statistics.cost(literalLengths: literalLengths, distanceLengths: distanceLengths)
        let fixedCost = 3 + statistics.cost(literalLengths: DeflateTables.fixedLiteralLengths, distanceLengths: DeflateTables.fixedDistanceLengths)
        let storedChunks = max(1, (raw.count + 65534) / 65535)
        let storedCost = storedChunks * (3 + 32) + 7 + raw.count * 8

        if storedCost < min(dynamicCost, fixedCost) {
            writeStored(raw, isFinal: isFinal)
        } else if fixedCost <= dynamicCost {
            writer.write(isFinal ? 1 : 0, count: 1)
            writer.write(1, count: 2)
            writeTokens(tokens, literalLengths: DeflateTables.fixedLiteralLengths, distanceLengths: DeflateTables.fixedDistanceLengths)
        } else {
            writer.write(isFinal ? 1 : 0, count: 1)
            writer.write(2, count: 2)
            header.write(to: &writer)
            writeTokens(tokens, literalLengths: literalLengths, distanceLengths: distanceLengths)
        }
    }

    private mutating func writeStored(_ raw: ArraySlice<UInt8>, isFinal: Bool) {
        var start = raw.startIndex
        repeat {
            let end = min(start + 65535, raw.endIndex)
            writer.write(isFinal && end == raw.endIndex ? 1 : 0, count: 1)
            writer.write(0, count: 2)
            writer.alignToByte()
            let length = UInt32(end - start)
            writer.write(length, count: 16)
            writer.write(~length & 0xFFFF, count: 16)
            writer.alignToByte()
            writer.appendAligned(raw[start..<end])
            start = end
        } while start < raw.endIndex
    }

    private mutating func writeTokens(_ tokens: UnsafeBufferPointer<MatchFinder.Token>, literalLengths: [UInt8], distanceLengths: [UInt8]) {
        let literalCodes = HuffmanCodeBuilder.reversedCodes(lengths: literalLengths)
        let distanceCodes = HuffmanCodeBuilder.reversedCodes(lengths: distanceLengths)
        for token in tokens {
            if token & MatchFinder.matchFlag == 0 {
                writer.write(UInt32(literalCodes[Int(token)]), count: Int(literalLengths[Int(token)]))
                continue
            }
            let length = Int(token >> 16 & 0xFF) + 3
            let distance = Int(token & 0x7FFF) + 1
            let lengthSymbol = Int(DeflateTables.lengthSymbol[length - 3])
            let lengthCode = lengthSymbol - 257
            writer.write(UInt32(literalCodes[lengthSymbol]), count: Int(literalLengths[lengthSymbol]))
            writer.write(UInt32(length - Int(DeflateTables.lengthBase[lengthCode])), count: Int(DeflateTables.lengthExtra[lengthCode]))
            let distanceSymbol = DeflateTables.distanceSymbol(distance)
            writer.write(UInt32(distanceCodes[distanceSymbol]), count: Int(distanceLengths[distanceSymbol]))
            writer.write(UInt32(distance - Int(DeflateTables.distanceBase[distanceSymbol])), count: Int(DeflateTables.distanceExtra[distanceSymbol]))
        }
        writer.write(UInt32(literalCodes[DeflateTables.endOfBlock]), count: Int(literalLengths[DeflateTables.endOfBlock]))
    }
}
