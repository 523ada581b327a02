/// The AC passes of progressive JPEG (T.81 G.1.2.2 and G.1.2.3): a first
/// pass sends each coefficient's high bits, band by band, with runs of
/// empty blocks; refinement passes send one more bit of each.
enum JPEGProgressive {
    /// A first AC pass over one block (coefficients in natural order).
    static func firstAC(_ reader: inout JPEGEntropyReader, table: JPEGHuffmanTable, block: UnsafeMutablePointer<Int16>,
                        header: JPEGScanDecoder.ScanHeader, endOfBandRun: inout Int) throws(ImageError) {
        if endOfBandRun > 0 {
            endOfBandRun -= 1
            return
        }
        var k = header.spectralStart
        while k <= header.spectralEnd {
            let symbol = try table.decode(&reader)
            let run = symbol >> 4
            let bits = symbol & 0x0F
            if bits == 0 {
                if run < 15 {
                    // End of band: this block and the next run − 1 ones are done.
                    endOfBandRun = (1 << run) - 1 + reader.bits(run)
                    return
                }
                k += 16
                continue
            }
            k += run
            if k <= 63 { block[JPEGIDCT.zigZag[k]] = Int16(truncatingIfNeeded: reader.signed(bits) << header.low) }
            k += 1
        }
    }

    /// A refinement AC pass over one block: a correction bit for each
    /// coefficient already nonzero, and new coefficients of ±1 at this bit.
    static func refineAC(_ reader: inout JPEGEntropyReader, table: JPEGHuffmanTable, block: UnsafeMutablePointer<Int16>,
                         header: JPEGScanDecoder.ScanHeader, endOfBandRun: inout Int) throws(ImageError) {
        let plus = Int16(truncatingIfNeeded: 1 << header.low)
        let minus = Int16(truncatingIfNeeded: -1 << header.low)
        var k = header.spectralStart
        let end = header.spectralEnd

        /// Adds the correction bit to a coefficient already known to be nonzero.
        func correct(_ natural: Int) {
            if reader.bit() && block[natural] & plus == 0 {
                block[natural] &+= block[natural] >= 0 ? plus : minus
            }
        }

        if endOfBandRun == 0 {
            while k <= end {
                let symbol = try table.decode(&reader)
                var zeros = symbol >> 4
                let bits = symbol & 0x0F
                var value: Int16 = 0
                if bits != 0 {
                    guard bits == 1 else { throw .corrupt("invalid progressive JPEG refinement") }
                    value = reader.bit() ? plus : minus
                } else if zeros != 15 {
                    endOfBandRun = (1 << zeros) + reader.bits(zeros)
                    break
                }
                // Skip `zeros` zero coefficients, correcting nonzero ones on the way.
                while k <= end {
                    let natural = JPEGIDCT.zigZag[k]
                    if block[natural] != 0 {
                        correct(natural)
                    } else {
                        if zeros == 0 { break }
                        zeros -= 1
                    }
                    k += 1
                }
                if value != 0 && k <= end { block[JPEGIDCT.zigZag[k]] = value }
                k += 1
            }
        }
        if endOfBandRun > 0 {
            while k <= end {
                let natural = JPEGIDCT.zigZag[k]
                if block[natural] != 0 { correct(natural) }
                k += 1
            }
            endOfBandRun -= 1
        }
    }
}
