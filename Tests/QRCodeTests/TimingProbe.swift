import Testing
@testable import QRCode

@Test func timingProbe() throws {
    let clock = ContinuousClock()
    let bytes = (0..<2900).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    var symbol: QRSymbol?
    let version = QRVersion.max
    print("positions", clock.measure { _ = ModulePlacement.dataPositions(version) })
    print("base", clock.measure { _ = FunctionPatterns.base(version) })
    let layout = BlockLayout(version: version, level: .low)
    let data = Codewords.data(for: [.bytes(bytes)], version: version, layout: layout)
    print("data", clock.measure { _ = Codewords.data(for: [.bytes(bytes)], version: version, layout: layout) })
    print("interleave", clock.measure { _ = Codewords.interleaved(data: data, layout: layout) })
    print("encode fixed", try clock.measure { symbol = try QREncoder.encode(bytes: bytes, level: .low, mask: Mask.all[3]) })
    print("encode auto", try clock.measure { symbol = try QREncoder.encode(bytes: bytes, level: .low) })
    let grid = try #require(symbol).modules
    print("decode", try clock.measure { _ = try QRDecoder.decodeExactly(grid) })
    print("codewords", clock.measure { _ = SymbolReader.codewords(grid, version: version, mask: Mask.all[3]) })
}
