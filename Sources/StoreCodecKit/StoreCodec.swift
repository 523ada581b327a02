import FoundationEssentials
import LifeSignalCore
import StoreBackends
import StrictJSON

/// Reads and writes one JSON file of the store, or of this machine's own
/// files kept the same way (session, settings): a schema version beside the
/// data, sorted keys, ISO 8601 UTC dates, read and written by hand
/// (`StoreFileData`). Anything unreadable is reported with the file's full
/// path and the reason, and the file is left alone.
///
/// This is the front of the store codec kit, which knows how a file is
/// kept but not which files there are: the envelope (`StoreEnvelopeReader`),
/// the data protocol (`StoreFileData`, `StoreFieldSet`), and the readers and
/// writers of the values files share (IDs, dates, raw values, optionals).
/// Each file's own codec lives with its owner (`LifeSignalStore` for the
/// shared store, `LifeSignalLocal` for local files), so local files need no
/// part of the shared store.
@usableFromInline
package struct StoreCodec: Sendable {
    @usableFromInline
    package static let schemaVersion = 1

    /// Absolute root, used to name files in errors.
    @usableFromInline
    package let root: String

    package init(root: String) {
        self.root = root
    }

    /// A store path as errors name it.
    @usableFromInline
    package func fullPath(_ path: String) -> String { root + "/" + path }

    /// The file's bytes: `{"data":…,"schemaVersion":1}` and a newline, as
    /// `JSONEncoder` with sorted keys wrote them.
    @inlinable
    package func encode<T: StoreFileData>(_ value: T) -> [UInt8] {
        var writer = JSONWriter(capacity: 256)
        writer.beginObject()
        writer.key(StoreEnvelopeReader.dataMember)
        value.write(to: &writer)
        writer.member(StoreEnvelopeReader.versionMember, Int64(T.schemaVersion))
        writer.endObject()
        writer.lineBreak()
        return writer.bytes
    }

    /// Decodes a store file in one parse: the schema version is checked
    /// before the data counts, then the data must pass its validation.
    @inlinable
    package func decode<T: StoreFileData>(_ type: T.Type, from bytes: [UInt8], path: String) throws -> T {
        let value = try decodeChecked(from: bytes, path: path, supported: T.schemaVersion) { reader throws(JSONReadError) in
            try T.read(from: &reader)
        }
        if let problem = value.validationProblem { throw StoreError.damaged(path: fullPath(path), reason: problem) }
        return value
    }

    /// `decode(_:from:path:)` for a file with a reader of its own that
    /// checks the data in full itself (`FeedSendersFile`).
    @inlinable
    package func decodeChecked<T>(from bytes: [UInt8], path: String, supported: Int = StoreCodec.schemaVersion,
                          data: (inout JSONReader) throws(JSONReadError) -> T) throws -> T {
        // The full path names the file only in an error: built then, not
        // on every read (a status reads a file per contact).
        guard !bytes.isEmpty else { throw StoreError.damaged(path: fullPath(path), reason: "the file is empty") }
        do throws(StoreEnvelopeReader.Failure) {
            return try StoreEnvelopeReader.read(bytes, supported: supported, data: data)
        } catch {
            let fullPath = fullPath(path)
            switch error {
            case .versionOutOfRange(let found): throw Self.versionError(found, supported, fullPath)
            case .failed(let error): throw StoreError.damaged(path: fullPath, reason: error.reason)
            }
        }
    }

    /// A version below 1 is nonsense; above the supported one, a newer lifesignal wrote the file.
    @usableFromInline
    static func versionError(_ found: Int, _ supported: Int, _ fullPath: String) -> StoreError {
        guard found >= 1 else { return StoreError.damaged(path: fullPath, reason: "schema version \(found) is not valid") }
        return StoreError.tooNew(path: fullPath, found: found, supported: supported)
    }
}
