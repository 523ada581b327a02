/// The size of etcd's protobuf encoding of a request (etcdserverpb, proto3:
/// zero values left out, members of a oneof always written), which is what
/// the cluster's size limit counts.
enum ProtobufSize {
    static func txn(_ request: TxnRequest) -> Int {
        request.compares.reduce(0) { $0 + message(field: 1, compare($1)) }
            + request.success.reduce(0) { $0 + message(field: 2, operation($1)) }
            + request.failure.reduce(0) { $0 + message(field: 3, operation($1)) }
    }

    static func range(_ request: RangeRequest) -> Int {
        bytes(field: 1, request.key) + (request.rangeEnd.map { bytes(field: 2, $0) } ?? 0)
            + integer(field: 3, request.limit) + integer(field: 4, request.revision)
            + integer(field: 5, request.sortOrder == .none ? 0 : 1) + integer(field: 6, request.sortOrder == .none ? 0 : 1)
            + boolean(field: 7, request.serializable) + boolean(field: 8, request.keysOnly) + boolean(field: 9, request.countOnly)
    }

    private static func compare(_ compare: Compare) -> Int {
        // result 1, target 2, key 3, the target's oneof member 4-7, range_end 64.
        let union: Int
        switch compare.target {
        case .version(let value): union = 1 + varint(UInt64(bitPattern: value))
        case .createRevision(let value): union = 1 + varint(UInt64(bitPattern: value))
        case .modRevision(let value): union = 1 + varint(UInt64(bitPattern: value))
        case .value(let value): union = 1 + varint(UInt64(value.count)) + value.count
        }
        return 4 + bytes(field: 3, compare.key) + union + (compare.rangeEnd.map { bytes(field: 64, $0) } ?? 0)
    }

    private static func operation(_ operation: TxnOperation) -> Int {
        switch operation {
        case .range(let request): message(field: 1, range(request))
        case .put(let key, let value): message(field: 2, bytes(field: 1, key) + bytes(field: 2, value))
        case .delete(let key, let end): message(field: 3, bytes(field: 1, key) + (end.map { bytes(field: 2, $0) } ?? 0))
        }
    }

    private static func message(field: Int, _ size: Int) -> Int {
        tag(field) + varint(UInt64(size)) + size
    }

    private static func bytes(field: Int, _ value: [UInt8]) -> Int {
        value.isEmpty ? 0 : tag(field) + varint(UInt64(value.count)) + value.count
    }

    private static func integer(field: Int, _ value: Int64) -> Int {
        value == 0 ? 0 : tag(field) + varint(UInt64(bitPattern: value))
    }

    private static func boolean(field: Int, _ value: Bool) -> Int {
        value ? tag(field) + 1 : 0
    }

    private static func tag(_ field: Int) -> Int { varint(UInt64(field << 3)) }

    static func varint(_ value: UInt64) -> Int {
        value == 0 ? 1 : (64 - value.leadingZeroBitCount + 6) / 7
    }
}
