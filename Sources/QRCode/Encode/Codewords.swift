/// Data codewords and their Reed–Solomon blocks (ISO/IEC 18004 7.4.9–7.4.10 and 7.5–7.6).
enum Codewords {
    /// The padded data codewords for `segments`: headers and data, terminator,
    /// zero bits to a byte boundary, then 0xEC 0x11 alternately to capacity.
    static func data(for segments: [QRSegment], version: QRVersion, layout: BlockLayout) -> [UInt8] {
        var bits = BitBuffer()
        for segment in segments {
            bits.append(segment.mode.rawValue, width: 4)
            let countBits = segment.mode.characterCountBits(version)
            if countBits > 0 { bits.append(segment.characterCount, width: countBits) }
            bits.append(contentsOf: segment.data)
        }
        let capacity = layout.dataCodewords * 8
        precondition(bits.count <= capacity, "segments must fit the version before codewords are built")
        bits.append(0, width: min(4, capacity - bits.count))
        bits.append(0, width: (8 - bits.count % 8) % 8)
        var bytes = bits.bytes
        var pad: UInt8 = 0xEC
        while bytes.count < layout.dataCodewords {
            bytes.append(pad)
            pad ^= 0xEC ^ 0x11
        }
        return bytes
    }

    /// Splits `data` into blocks, appends each block's error correction
    /// codewords, and interleaves: data column by column, then error correction.
    static func interleaved(data: [UInt8], layout: BlockLayout) -> [UInt8] {
        precondition(data.count == layout.dataCodewords, "interleaving needs exactly the symbol's data codewords")
        let generator = ReedSolomonEncoder.generatorPolynomial(degree: layout.eccPerBlock)
        let ecc = layout.eccPerBlock
        var result = [UInt8](repeating: 0, count: layout.totalCodewords)
        // Data of block b, column c goes to c · blocks + b, the long blocks'
        // extra column after all the others; error correction follows.
        let eccStart = layout.dataCodewords
        var start = 0
        for index in 0..<layout.blockCount {
            let length = layout.dataLength(ofBlock: index)
            let block = data[start..<(start + length)]
            for column in 0..<length {
                let target = column < layout.shortDataLength
                    ? column * layout.blockCount + index
                    : layout.shortDataLength * layout.blockCount + index - layout.shortBlockCount
                result[target] = block[block.startIndex + column]
            }
            let correction = ReedSolomonEncoder.errorCorrection(for: block, generator: generator)
            for column in 0..<ecc { result[eccStart + column * layout.blockCount + index] = correction[column] }
            start += length
        }
        return result
    }

    /// Undoes `interleaved`: the blocks, each data then error correction codewords.
    static func deinterleaved(_ codewords: [UInt8], layout: BlockLayout) -> [[UInt8]] {
        var blocks = (0..<layout.blockCount).map { index in
            [UInt8](repeating: 0, count: layout.dataLength(ofBlock: index) + layout.eccPerBlock)
        }
        var position = 0
        for column in 0...layout.shortDataLength {
            for index in blocks.indices where column < layout.dataLength(ofBlock: index) {
                blocks[index][column] = codewords[position]
                position += 1
            }
        }
        for column in 0..<layout.eccPerBlock {
            for index in blocks.indices {
                blocks[index][layout.dataLength(ofBlock: index) + column] = codewords[position]
                position += 1
            }
        }
        return blocks
    }
}
