/// Decodes the scans of a JPEG (T.81 F and G): sequential scans straight to
/// sample planes, progressive ones into stored coefficients that become
/// samples once the last scan is in.
///
/// Only the components the caller needs get planes or coefficients; the
/// others are read (their bits must be consumed) and dropped, and their
/// own progressive scans are skipped unread.
struct JPEGScanDecoder {
    private(set) var frame: JPEGFrame
    /// Quantization tables in zig-zag order, by table number.
    var quantization = [[Int32]](repeating: [], count: 4)
    var dcTables = [JPEGHuffmanTable?](repeating: nil, count: 4)
    var acTables = [JPEGHuffmanTable?](repeating: nil, count: 4)
    var restartInterval = 0
    /// Which components are wanted.
    let needed: [Bool]
    /// Progressive only: each needed component's coefficients, 64 a block,
    /// natural order, not yet dequantized.
    private var coefficients: [[Int16]]
    /// Each needed component's samples, `width × height` of it.
    private(set) var planes: [[UInt8]]
    private var scans = 0

    /// The most scans accepted: progressive files have about ten; each scan
    /// walks the whole image, so a file of thousands is a denial of service.
    static let maximumScans = 256

    init(frame: JPEGFrame, needed: [Bool], limits: DecodeLimits) throws(ImageError) {
        self.frame = frame
        self.needed = needed
        var working = 0
        for (component, wanted) in zip(frame.components, needed) where wanted {
            if frame.progressive { working += component.blocksPerLine * component.blocksPerColumn * 64 * 2 }
        }
        // Planes other than the first are working memory when combined into the output.
        for (index, component) in frame.components.enumerated() where needed[index] && index > 0 {
            working += component.width * component.height
        }
        try limits.check(workingBytes: working, for: "a \(frame.width)×\(frame.height) JPEG")
        coefficients = zip(frame.components, needed).map { component, wanted in
            wanted && frame.progressive ? [Int16](repeating: 0, count: component.blocksPerLine * component.blocksPerColumn * 64) : []
        }
        planes = zip(frame.components, needed).map { component, wanted in
            wanted ? [UInt8](repeating: 0, count: component.width * component.height) : []
        }
    }

    /// One scan's header (T.81 B.2.3), checked against the frame.
    struct ScanHeader {
        var components: [Int] = []
        var dcTable: [Int] = []
        var acTable: [Int] = []
        var spectralStart = 0
        var spectralEnd = 63
        var high = 0
        var low = 0
    }

    func scanHeader(_ data: ArraySlice<UInt8>) throws(ImageError) -> ScanHeader {
        let bytes = Array(data)
        guard let count = bytes.first, (1...4).contains(count), bytes.count == 4 + 2 * Int(count) else {
            throw .corrupt("JPEG scan header has the wrong length")
        }
        var header = ScanHeader()
        for index in 0..<Int(count) {
            guard let component = frame.components.firstIndex(where: { $0.id == bytes[1 + 2 * index] }),
                  !header.components.contains(component) else { throw .corrupt("JPEG scan names an unknown component") }
            header.components.append(component)
            header.dcTable.append(Int(bytes[2 + 2 * index] >> 4))
            header.acTable.append(Int(bytes[2 + 2 * index] & 0x0F))
        }
        guard header.dcTable.allSatisfy({ $0 < 4 }), header.acTable.allSatisfy({ $0 < 4 }) else {
            throw .corrupt("invalid JPEG Huffman table number")
        }
        let tail = 1 + 2 * Int(count)
        header.spectralStart = Int(bytes[tail])
        header.spectralEnd = Int(bytes[tail + 1])
        header.high = Int(bytes[tail + 2] >> 4)
        header.low = Int(bytes[tail + 2] & 0x0F)
        if frame.progressive {
            let dc = header.spectralStart == 0
            guard header.spectralEnd <= 63, header.spectralStart <= header.spectralEnd, header.low <= 13, header.high <= 13,
                  dc ? header.spectralEnd == 0 : header.components.count == 1 else {
                throw .corrupt("invalid progressive JPEG scan")
            }
        } else {
            guard header.spectralStart == 0, header.spectralEnd == 63, header.high == 0, header.low == 0 else {
                throw .corrupt("invalid sequential JPEG scan")
            }
            guard header.components.reduce(0, { $0 + frame.components[$1].h * frame.components[$1].v }) <= 10 else {
                throw .corrupt("JPEG MCU of more than 10 blocks")
            }
        }
        return header
    }

    /// Decodes the scan whose data starts at `start`; returns where the
    /// data ends (the next marker).
    mutating func decodeScan(_ header: ScanHeader, _ bytes: UnsafeBufferPointer<UInt8>, start: Int) throws(ImageError) -> Int {
        scans += 1
        guard scans <= Self.maximumScans else { throw .corrupt("JPEG with more than \(Self.maximumScans) scans") }
        var reader = JPEGEntropyReader(bytes, position: start)
        // A progressive scan of components nobody wants is skipped unread.
        if frame.progressive && !header.components.contains(where: { needed[$0] }) && header.spectralStart > 0 {
            return reader.end()
        }
        for component in header.components {
            guard quantization[frame.components[component].quantizationTable].count == 64 else {
                throw .corrupt("JPEG quantization table missing")
            }
            let needsDC = !frame.progressive || (header.spectralStart == 0 && header.high == 0)
            let needsAC = !frame.progressive || header.spectralStart > 0
            if needsDC && dcTables[header.dcTable[header.components.firstIndex(of: component) ?? 0]] == nil
                || needsAC && acTables[header.acTable[header.components.firstIndex(of: component) ?? 0]] == nil {
                throw .corrupt("JPEG Huffman table missing")
            }
        }
        var predictors = [Int](repeating: 0, count: frame.components.count)
        var endOfBandRun = 0
        let single = header.components.count == 1
        let units: Int
        if single {
            let component = frame.components[header.components[0]]
            units = component.usedBlocksPerLine * component.usedBlocksPerColumn
        } else {
            units = frame.mcusPerLine * frame.mcusPerColumn
        }
        var scratch = [Int32](repeating: 0, count: 64)
        for unit in 0..<units {
            if restartInterval > 0 && unit > 0 && unit % restartInterval == 0 {
                guard reader.restart() else { throw .corrupt("missing JPEG restart marker") }
                for index in predictors.indices { predictors[index] = 0 }
                endOfBandRun = 0
            }
            for (position, componentIndex) in header.components.enumerated() {
                let component = frame.components[componentIndex]
                let (blockColumns, blockRows) = single ? (1, 1) : (component.h, component.v)
                for blockRow in 0..<blockRows {
                    for blockColumn in 0..<blockColumns {
                        let row = single ? unit / component.usedBlocksPerLine : (unit / frame.mcusPerLine) * component.v + blockRow
                        let column = single ? unit % component.usedBlocksPerLine : (unit % frame.mcusPerLine) * component.h + blockColumn
                        try decodeBlock(header, position: position, component: componentIndex, row: row, column: column,
                                        reader: &reader, predictor: &predictors[componentIndex],
                                        endOfBandRun: &endOfBandRun, scratch: &scratch)
                    }
                }
            }
        }
        guard !reader.overran else { throw .truncated("JPEG scan data") }
        return reader.end()
    }

    private mutating func decodeBlock(
        _ header: ScanHeader, position: Int, component index: Int, row: Int, column: Int,
        reader: inout JPEGEntropyReader, predictor: inout Int, endOfBandRun: inout Int, scratch: inout [Int32]
    ) throws(ImageError) {
        let component = frame.components[index]
        let wanted = needed[index]
        guard frame.progressive else {
            // Safe: decodeScan checked both tables exist.
            let dc = dcTables[header.dcTable[position]]!
            let ac = acTables[header.acTable[position]]!
            try decodeSequential(&reader, dc: dc, ac: ac, predictor: &predictor, quantization: quantization[component.quantizationTable],
                                 into: &scratch, dequantizes: wanted)
            guard wanted else { return }
            scratch.withUnsafeBufferPointer { block in
                planes[index].withUnsafeMutableBufferPointer { plane in
                    guard let coefficients = block.baseAddress, let samples = plane.baseAddress else { return }
                    JPEGIDCT.transform(coefficients, into: samples, width: component.width, height: component.height,
                                       x0: column * 8, y0: row * 8)
                }
            }
            return
        }
        if !wanted {
            // Only DC scans reach here (AC scans of unwanted components were
            // skipped); their bits still have to be read.
            if header.high == 0 {
                // Safe: decodeScan checked the table exists.
                let dc = dcTables[header.dcTable[position]]!
                let size = try dc.decode(&reader)
                guard size <= 11 else { throw .corrupt("JPEG DC difference too large") }
                predictor += reader.signed(size)
            } else {
                _ = reader.bit()
            }
            return
        }
        let offset = (row * component.blocksPerLine + column) * 64
        try coefficients[index].withUnsafeMutableBufferPointer { (all) throws(ImageError) in
            guard let base = all.baseAddress else { return }
            let block = base + offset
            if header.spectralStart == 0 {
                if header.high == 0 {
                    // Safe: decodeScan checked the table exists.
                    let size = try dcTables[header.dcTable[position]]!.decode(&reader)
                    guard size <= 11 else { throw .corrupt("JPEG DC difference too large") }
                    predictor += reader.signed(size)
                    block[0] = Int16(truncatingIfNeeded: predictor << header.low)
                } else if reader.bit() {
                    block[0] |= Int16(truncatingIfNeeded: 1 << header.low)
                }
            } else if header.high == 0 {
                // Safe: decodeScan checked the table exists.
                try JPEGProgressive.firstAC(&reader, table: acTables[header.acTable[position]]!, block: block, header: header,
                                            endOfBandRun: &endOfBandRun)
            } else {
                // Safe: decodeScan checked the table exists.
                try JPEGProgressive.refineAC(&reader, table: acTables[header.acTable[position]]!, block: block, header: header,
                                             endOfBandRun: &endOfBandRun)
            }
        }
    }

    /// One block of a sequential scan into `block` (natural order,
    /// dequantized when `dequantizes`).
    private func decodeSequential(_ reader: inout JPEGEntropyReader, dc: JPEGHuffmanTable, ac: JPEGHuffmanTable,
                                  predictor: inout Int, quantization: [Int32], into block: inout [Int32],
                                  dequantizes: Bool) throws(ImageError) {
        let size = try dc.decode(&reader)
        guard size <= 11 else { throw .corrupt("JPEG DC difference too large") }
        predictor += reader.signed(size)
        guard dequantizes else {
            var k = 1
            while k < 64 {
                let symbol = try ac.decode(&reader)
                let run = symbol >> 4
                let bits = symbol & 0x0F
                if bits == 0 {
                    if run != 15 { break }
                    k += 16
                    continue
                }
                _ = reader.bits(bits)
                k += run + 1
            }
            return
        }
        try block.withUnsafeMutableBufferPointer { (block) throws(ImageError) in
            try quantization.withUnsafeBufferPointer { (table) throws(ImageError) in
                try JPEGIDCT.zigZag.withUnsafeBufferPointer { (order) throws(ImageError) in
                    for index in 0..<64 { block[index] = 0 }
                    block[0] = Int32(truncatingIfNeeded: predictor) &* table[0]
                    var k = 1
                    while k < 64 {
                        let symbol = try ac.decode(&reader)
                        let run = symbol >> 4
                        let bits = symbol & 0x0F
                        if bits == 0 {
                            if run != 15 { break }
                            k += 16
                            continue
                        }
                        k += run
                        let value = Int32(reader.signed(bits))
                        if k < 64 { block[order[k]] = value &* table[k] }
                        k += 1
                    }
                }
            }
        }
    }

    /// Turns the stored coefficients of a progressive image into samples.
    mutating func finishProgressive() {
        guard frame.progressive else { return }
        var block = [Int32](repeating: 0, count: 64)
        for index in frame.components.indices where needed[index] {
            let component = frame.components[index]
            let table = quantization[component.quantizationTable]
            let coefficients = self.coefficients[index]
            let quantized = table.count == 64 ? table : [Int32](repeating: 1, count: 64)
            planes[index].withUnsafeMutableBufferPointer { plane in
                guard let samples = plane.baseAddress else { return }
                for row in 0..<component.usedBlocksPerColumn {
                    for column in 0..<component.usedBlocksPerLine {
                        let offset = (row * component.blocksPerLine + column) * 64
                        for k in 0..<64 {
                            let natural = JPEGIDCT.zigZag[k]
                            block[natural] = Int32(coefficients[offset + natural]) &* quantized[k]
                        }
                        block.withUnsafeBufferPointer { block in
                            guard let base = block.baseAddress else { return }
                            JPEGIDCT.transform(base, into: samples, width: component.width, height: component.height,
                                               x0: column * 8, y0: row * 8)
                        }
                    }
                }
            }
            // The coefficients are done with: free them before the next component.
            self.coefficients[index] = []
        }
    }
}
