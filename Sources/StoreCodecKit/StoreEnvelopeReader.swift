import StrictJSON
/// Reads the envelope of a store file (the schema version beside the data)
/// with `JSONReader`, and reports failures in the order the `JSONDecoder`
/// path it replaced did, so both refuse a file the same way: first anything
/// that is not JSON, then a missing or unknown schema version, and only
/// then a problem in the data.
///
/// The usual case takes one pass: the data is read where it stands (before
/// the version, as sorted keys put it) and the version is checked when the
/// envelope closes. Only a failure costs a second look, to find out which
/// problem comes first.
@usableFromInline
enum StoreEnvelopeReader {
    /// Why a file's envelope or data could not be read. Not generic over
    /// the data (as a result type carrying it would be): each such type
    /// was one more the runtime instantiated on a command's first read of
    /// a kind of file.
    @usableFromInline
    enum Failure: Error {
        /// A version this lifesignal does not know (a newer one, or nonsense below 1).
        case versionOutOfRange(Int)
        case failed(JSONReadError)
    }

    @usableFromInline
    static let dataMember = "data"
    @usableFromInline
    static let versionMember = "schemaVersion"
    static let names = JSONNames([dataMember, versionMember])

    @inlinable
    static func read<T>(_ bytes: [UInt8], supported: Int,
                        data: (inout JSONReader) throws(JSONReadError) -> T) throws(Failure) -> T {
        var value: T?
        let version: Int
        do throws(JSONReadError) {
            version = try readMembers(of: bytes) { reader throws(JSONReadError) in value = try data(&reader) }
        } catch {
            throw diagnose(bytes, supported: supported, failure: error)
        }
        guard (1...supported).contains(version) else { throw .versionOutOfRange(version) }
        guard let value else { throw diagnose(bytes, supported: supported, failure: JSONReadError(kind: .missingField("data"), offset: 0)) }
        return value
    }

    /// Reads the envelope, handing the data member to `data`; returns the version.
    @usableFromInline
    static func readMembers(of bytes: [UInt8],
                                    data: (inout JSONReader) throws(JSONReadError) -> Void) throws(JSONReadError) -> Int {
        var reader = JSONReader(bytes)
        var version: Int?
        try reader.readDocument { reader throws(JSONReadError) in
            try reader.readObject(names: names) { reader, member throws(JSONReadError) in
                switch member {
                case 0?: try data(&reader)
                case 1?: version = try reader.readInt()
                default: try reader.skipValue()
                }
            }
        }
        guard let version else { throw JSONReadError(kind: .missingField("schemaVersion"), offset: 0) }
        return version
    }

    /// Which problem of a file that failed to read comes first.
    @usableFromInline
    static func diagnose(_ bytes: [UInt8], supported: Int, failure: JSONReadError) -> Failure {
        var checker = JSONReader(bytes)
        do throws(JSONReadError) {
            try checker.readDocument { reader throws(JSONReadError) in try reader.skipValue() }
            let version = try readMembers(of: bytes) { reader throws(JSONReadError) in try reader.skipValue() }
            guard (1...supported).contains(version) else { return .versionOutOfRange(version) }
        } catch {
            return .failed(error)
        }
        return .failed(failure)
    }
}
