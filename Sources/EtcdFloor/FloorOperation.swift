import EtcdClient

/// The round trips measured, under the store's prefix.
enum FloorOperation: String, CaseIterable {
    /// A linearizable read of one key.
    case range
    /// A compare on one key's revision and a put of a small value.
    case txn
    /// A store commit as the etcd store design measured its floor
    /// (EtcdStore.docc/EtcdStoreDesign.md): 8 compares, 6 puts of 2 KB.
    case storeTxn = "store-txn"

    /// Writes what the operation reads, so every round trip finds it.
    func prepare(_ client: EtcdClient, prefix: [UInt8]) throws(EtcdError) {
        let puts = (0..<8).map { TxnOperation.put(key: prefix + Array("file\($0).json".utf8), value: Self.payload) }
        _ = try client.txn(TxnRequest(success: puts + [.put(key: prefix + Array("counter".utf8), value: Array("0".utf8))]))
    }

    /// One round trip.
    func run(_ client: EtcdClient, prefix: [UInt8], round: Int) throws(EtcdError) {
        switch self {
        case .range:
            _ = try client.range(RangeRequest(key: prefix + Array("file0.json".utf8)))
        case .txn:
            let key = prefix + Array("counter".utf8)
            _ = try client.txn(TxnRequest(compares: [Compare(key: key, .modRevision(0), .greater)],
                                          success: [.put(key: key, value: Array(String(round).utf8))]))
        case .storeTxn:
            let files = (0..<8).map { prefix + Array("file\($0).json".utf8) }
            _ = try client.txn(TxnRequest(compares: files.map { Compare(key: $0, .modRevision(0), .greater) },
                                          success: files.prefix(6).map { .put(key: $0, value: Self.payload) }))
        }
    }

    static let payload = [UInt8](repeating: UInt8(ascii: "x"), count: 2048)
}
