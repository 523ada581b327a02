import EtcdClient
import StoreBackends

/// Where a store's files and the backend's own bookkeeping live among an
/// etcd cluster's keys.
///
/// Under the URL's prefix `P/` (`family/`), a file's key is its path
/// verbatim (`family/accounts/<id>/account.json`), so a directory is the
/// range `[P/dir/, P/dir0)`. The backend's own keys sit under names a file
/// path cannot have (a first component starting with `.`), so no listing or
/// copy of the data sees them:
/// - `P/.txn/<hour>/<id>`: the marker each commit writes, which makes a
///   resent commit recognisable (exactly once);
/// - `P/.deleted/<hour>/<dir>/`: put by every commit that deletes a file in
///   `dir`, inside the range of every directory above it, so a transaction
///   that listed one of them sees a deletion as a change;
/// - `P/.lease/<name>`: delivery leases, data with an expiry.
/// - `P/.turn`: the turn a writer that keeps losing races takes
///   (`EtcdTurn`), data with an expiry.
///
/// Hours are the cluster's clock (seconds / 3600, 8 digits), so both kinds
/// of marker are garbage-collected by deleting whole hours.
struct EtcdStoreKeys: Sendable {
    /// `P/` as bytes.
    let prefix: [UInt8]

    init(prefix: String) {
        self.prefix = Array((prefix + "/").utf8)
    }

    static let commandMarkers = ".txn/"
    static let deletionMarkers = ".deleted/"
    static let leases = ".lease/"
    static let turnKey = ".turn"

    func key(_ path: String) -> [UInt8] { prefix + Array(path.utf8) }

    /// The file path a key names, or nil for a key outside the prefix or
    /// among the backend's own.
    func path(of key: [UInt8]) -> String? {
        guard key.count > prefix.count, key.starts(with: prefix), key[prefix.count] != UInt8(ascii: ".") else { return nil }
        return String(decoding: key[prefix.count...], as: UTF8.self)
    }

    /// The ranges that hold every file below `directory` (`""`: the whole
    /// store, which is two ranges around the backend's own keys).
    func dataRanges(_ directory: String) -> [KeyRangeBounds] {
        guard !directory.isEmpty else {
            return [KeyRangeBounds(start: prefix, end: prefix + [UInt8(ascii: ".")]),
                    KeyRangeBounds(start: prefix + [UInt8(ascii: "/")], end: KeyRange.end(ofPrefix: prefix))]
        }
        let start = key(directory + "/")
        return [KeyRangeBounds(start: start, end: KeyRange.end(ofPrefix: start))]
    }

    /// The whole store: files and bookkeeping.
    var everything: KeyRangeBounds { KeyRangeBounds(start: prefix, end: KeyRange.end(ofPrefix: prefix)) }

    func commandMarker(hour: Int64, id: String) -> [UInt8] {
        key(Self.commandMarkers + Self.hourName(hour) + "/" + id)
    }

    /// The marker a deletion of a file directly in `directory` puts.
    func deletionMarker(hour: Int64, directory: String) -> [UInt8] {
        key(Self.deletionMarkers + Self.hourName(hour) + "/" + (directory.isEmpty ? "" : directory + "/"))
    }

    /// Every marker of `hour` for deletions in `directory` or below it.
    func deletionMarkers(hour: Int64, under directory: String) -> KeyRangeBounds {
        let start = deletionMarker(hour: hour, directory: directory)
        return KeyRangeBounds(start: start, end: KeyRange.end(ofPrefix: start))
    }

    /// The markers of both kinds from hours before `hour`: garbage.
    func markersBefore(hour: Int64) -> [KeyRangeBounds] {
        [Self.commandMarkers, Self.deletionMarkers].map { kind in
            KeyRangeBounds(start: key(kind), end: key(kind + Self.hourName(max(hour, 0))))
        }
    }

    func lease(_ name: String) -> [UInt8] { key(Self.leases + name) }

    var turn: [UInt8] { key(Self.turnKey) }

    /// Hours since 1970, zero-padded to 8 digits so they sort as numbers.
    static func hourName(_ hour: Int64) -> String {
        let text = String(max(hour, 0))
        return String(repeating: "0", count: max(0, 8 - text.count)) + text
    }
}

/// A range of keys `[start, end)`.
struct KeyRangeBounds: Sendable, Equatable {
    var start: [UInt8]
    var end: [UInt8]
}
