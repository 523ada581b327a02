import LifeSignalCore

/// The names of the code index's files, `codes/<name>.json`: the
/// HMAC-SHA256 of the QR code ID under the store's own key (`StoreMeta`),
/// in hexadecimal, so that a listing of the store (etcd keys, a directory's
/// names) shows no one's code. Whoever holds a code finds its file; nobody
/// finds a code from the names.
enum CodeIndexName {
    /// `codes/<HMAC(key, code)>.json`; `code` is normalised (`QRCodeID`).
    static func path(_ code: String, key: String) -> String {
        precondition(QRCodeID.normalize(code) == code, "code paths take normalised codes")
        return "codes/" + Hex.encode(PBKDF2.hmac(key: Array(key.utf8), message: Array(code.utf8))) + ".json"
    }

    /// Whether `text` can be a store's code key: 64 lowercase hexadecimal digits.
    static func isKey(_ text: String) -> Bool { StoreMeta.isLowercaseHex(text, digits: 64) }

    /// The QR code ID an older lifesignal named a code index file after
    /// (`codes/<ID>.json`), or nil for a keyed name.
    static func plainCode(_ name: String) -> String? {
        guard name.hasSuffix(".json") else { return nil }
        let stem = String(name.dropLast(5))
        return QRCodeID.normalize(stem) == stem ? stem : nil
    }

    /// Whether any of `names` (in `codes/`) is an older lifesignal's.
    static func hasPlainNames(_ names: [String]) -> Bool { names.contains { plainCode($0) != nil } }
}
