import LifeSignalCore

/// The store's identity card, `store.json`: read before anything else, and
/// written once (when the store is made, or when a store from before
/// identities first gets one), so it never conflicts with anything.
package struct StoreMeta: Codable, Equatable {
    var createdAt: String
    /// A random ID (32 lowercase hex digits) that names the store wherever
    /// it lives: a copy keeps it, and local sessions belong to it. Absent in
    /// stores made before identities until their next write.
    var id: String?
    /// True for a simulation store (created under `LIFESIGNAL_NOW`), the
    /// only kind that accepts a simulated clock; absent on the real clock.
    var simulatedTime: Bool?
    /// The key (64 hexadecimal digits) that names the code index's files
    /// (`CodeIndexName`), so that a listing of the store shows no QR code
    /// ID. Absent in a store made before keyed names until its next write.
    var codeKey: String?
    /// True while some code index files still have the names of an older
    /// lifesignal (the QR code IDs themselves): the next writes rename them.
    var codesToRename: Bool?

    static func newIdentity(_ random: RandomSource) -> String { Hex.encode(random.bytes(16)) }

    static func newCodeKey(_ random: RandomSource) -> String { Hex.encode(random.bytes(32)) }

    /// Whether `text` can be an identity (it also names local files).
    static func isIdentity(_ text: String) -> Bool { isLowercaseHex(text, digits: 32) }

    /// Whether `text` is exactly `digits` lowercase hexadecimal digits,
    /// checked over its contiguous bytes: `store.json` is read by every
    /// command, and a generic walk of its UTF-8 view costs several times
    /// more a digit.
    static func isLowercaseHex(_ text: String, digits: Int) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count == digits else { return false }
            // 0-9 and a-f by wrapping subtraction: one compare each.
            for byte in bytes where !(byte &- 48 < 10 || byte &- 97 < 6) { return false }
            return true
        }
    }
}

/// Which clock a command runs on.
public enum StoreClock: Sendable, Equatable {
    /// The system's clock.
    case real
    /// A time given by the user (`LIFESIGNAL_NOW`): tests, demos, simulations.
    case simulated
}
