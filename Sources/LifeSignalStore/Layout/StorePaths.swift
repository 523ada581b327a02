import LifeSignalCore
import StoreBackends

/// Where each piece of data lives in a store, as paths relative to its top.
///
/// Every name is built from a validated value (an `EntityID`, a normalised
/// phone number or QR code ID, a hex digest), so nothing typed on the
/// command line reaches a path unchecked.
enum StorePaths {
    static let meta = StoreShape.storeFile
    /// A `store copy` in progress: written first, removed with the
    /// `store.json` it writes last, in one commit (`StoreCopy`).
    static let copyMarker = StoreShape.copyMarker
    /// The store's sign-ups of the current day (see `SignUpLimits`).
    static let signUps = "limits/signups.json"
    static let schedule = "schedule"
    /// The last look of an agent or `tick` at the whole store.
    static let lastLook = "looked.json"

    /// `accounts/ID` followed by `tail`, for every path of one account.
    /// Built by concatenation: interpolating an `EntityID` goes through its
    /// `description`, and a status that reads a thousand contacts' files
    /// builds a thousand paths.
    static func inAccount(_ id: EntityID, _ tail: String) -> String {
        var path = "accounts/"
        path.reserveCapacity(9 + id.rawValue.utf8.count + tail.utf8.count)
        path += id.rawValue
        path += tail
        return path
    }

    /// The directory of everything the account keeps.
    static func accountDirectory(_ id: EntityID) -> String { inAccount(id, "") }
    static func account(_ id: EntityID) -> String { inAccount(id, "/account.json") }
    static func contacts(_ id: EntityID) -> String { inAccount(id, "/contacts.json") }
    static func pings(_ id: EntityID) -> String { inAccount(id, "/pings.json") }
    static func checkInDirectory(_ id: EntityID) -> String { inAccount(id, "/checkins") }
    static func checkInSegment(_ id: EntityID, _ number: Int) -> String { inAccount(id, "/checkins/" + String(number) + ".json") }
    static func wake(_ id: EntityID) -> String { inAccount(id, "/wake.json") }
    /// The account's sessions, as the hashes that name them under `sessions/`.
    static func sessionIndex(_ id: EntityID) -> String { inAccount(id, "/sessions.json") }
    static func endedSessions(_ id: EntityID) -> String { inAccount(id, "/ended-sessions.json") }
    static func invitations(_ id: EntityID) -> String { inAccount(id, "/invitations.json") }
    static func deliverySetup(_ id: EntityID) -> String { inAccount(id, "/delivery.json") }
    static func feedSummary(_ id: EntityID) -> String { inAccount(id, "/feed/summary.json") }
    /// The segments each type of the feed's items is in (see `FeedTypesFile`).
    static func feedTypes(_ id: EntityID) -> String { inAccount(id, "/feed/types.json") }
    /// What the feed holds about each other account (see `FeedSenders`).
    static func feedSenders(_ id: EntityID) -> String { inAccount(id, "/feed-senders.json") }
    static func feedSegment(_ id: EntityID, _ segment: Int) -> String { inAccount(id, "/feed/" + String(segment) + ".json") }

    static func feedDirectory(_ id: EntityID) -> String { inAccount(id, "/feed") }
    /// An account's small files, which a command that reads one of another
    /// account's (a dependent's account, a new contact's feed) most often
    /// reads more of: on etcd they come in one round trip.
    /// With them comes what an append to the account's feed reads: its
    /// last segment, and an ID-index file the new item's ID is made to
    /// start with (`FeedIDIndex.placed`).
    static let accountGroup = StoreReadGroups(parent: "accounts", files: [
        "account.json", "contacts.json", "pings.json", "wake.json", "sessions.json", "invitations.json", "delivery.json",
        "feed-senders.json", "feed/summary.json", "feed/types.json",
    ], lastNumbered: "feed", picked: "feed/ids", pickedDigits: FeedIDIndex.digits)

    static func phone(_ e164: String) -> String {
        precondition(PhoneNumber.normalize(e164) == e164, "phone paths take normalised numbers")
        return "phones/\(e164.dropFirst()).json"
    }

    static func pendingLogin(_ e164: String) -> String {
        precondition(PhoneNumber.normalize(e164) == e164, "login paths take normalised numbers")
        return "logins/\(e164.dropFirst()).json"
    }

    /// Invitations to a number that has no account yet.
    static func waitingInvitations(_ e164: String) -> String {
        precondition(PhoneNumber.normalize(e164) == e164, "invitation paths take normalised numbers")
        return "invitations/\(e164.dropFirst()).json"
    }

    /// An older lifesignal's name of a code index file: the code itself,
    /// which a listing shows. Read (and renamed) only in such a store; the
    /// code index's names now are keyed (`CodeIndexName`).
    static func code(_ normalized: String) -> String {
        precondition(QRCodeID.normalize(normalized) == normalized, "code paths take normalised codes")
        return "codes/\(normalized).json"
    }

    static func session(_ tokenHash: String) -> String {
        precondition(tokenHash.utf8.count == 64 && tokenHash.utf8.allSatisfy {
            (48...57).contains($0) || (97...102).contains($0)
        }, "session paths take SHA-256 hex digests")
        return "sessions/\(tokenHash).json"
    }
}

/// A pointer from an index file to an account.
package struct IndexEntry: Codable, Equatable {
    var accountID: EntityID
}
