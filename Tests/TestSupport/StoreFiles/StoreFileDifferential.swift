import FoundationEssentials
import LifeSignalCore
import LifeSignalStore
import StoreCodecKit

/// Any store file read two ways: by its hand-written codec (`StoreFileData`,
/// what every command uses) and by `JSONDecoder` (`StoreFileReference`),
/// which it replaced. The codec may be stricter about the format, never
/// more lenient: whatever it accepts, `JSONDecoder` accepts too, with the
/// same value, and a version it calls too new is the one `JSONDecoder` found.
package enum StoreFileDifferential {
    /// The kind of file at a store path (relative to the store's top), by
    /// the store's layout; nil for a path that holds no JSON file (a
    /// schedule entry is an empty file whose name is the data).
    package static func kind(of path: String) -> Kind? {
        let parts = path.split(separator: "/").map(String.init)
        guard let name = parts.last, name.hasSuffix(".json") else { return nil }
        switch (parts.first, parts.count) {
        case ("store.json", 1): return Kind(StoreMeta.self)
        case ("looked.json", 1): return Kind(LastLook.self)
        case ("phones", 2), ("codes", 2): return Kind(IndexEntry.self)
        case ("logins", 2): return Kind(PendingLogin.self)
        case ("sessions", 2): return Kind(SessionRecord.self)
        case ("limits", 2) where name == "signups.json": return Kind(SignUpWindow.self)
        case ("invitations", 2): return Kind(WaitingInvitations.self)
        case ("schedule", _): return Kind([OlderScheduleEntry].self)
        case ("accounts", 3): return accountFile(name)
        case ("accounts", 4) where parts[2] == "checkins": return Kind([CheckInRecord].self)
        case ("accounts", 5) where parts[2] == "feed" && parts[3] == "ids": return Kind([FeedIDEntry].self)
        case ("accounts", 4) where parts[2] == "feed":
            switch name {
            case "summary.json": return Kind(FeedSummaryFile.self)
            case "types.json": return Kind(FeedTypesFile.self)
            default: return Kind([FeedItem].self)
            }
        default: return nil
        }
    }

    private static func accountFile(_ name: String) -> Kind? {
        switch name {
        case "account.json": Kind(Account.self)
        case "contacts.json": Kind([ContactLink].self)
        case "pings.json": Kind([Ping].self)
        case "wake.json": Kind(AccountWake.self)
        case "invitations.json": Kind(InvitationBook.self)
        case "sessions.json": Kind([String].self)
        case "ended-sessions.json": Kind([EndedSession].self)
        case "delivery.json": Kind(DeliverySetup.self)
        default: nil
        }
    }

    /// One type of store file, compared through both readers.
    package struct Kind: CustomStringConvertible {
        package let description: String
        /// Why the two readers disagree on `bytes`, or nil when they agree.
        package let disagreement: ([UInt8]) -> String?
        /// Whether the codec reads `bytes` as a value.
        package let isReadByHand: ([UInt8]) -> Bool

        package init<T: Codable & StoreFileData & Equatable>(_ type: T.Type) {
            description = String(describing: type)
            disagreement = { bytes in StoreFileDifferential.disagreement(T.self, bytes) }
            isReadByHand = { bytes in
                if case .value = StoreFileReference.decodeByHand(T.self, bytes) { true } else { false }
            }
        }
    }

    /// Why the codec of `T` and `JSONDecoder` disagree on `bytes`, or nil.
    package static func disagreement<T: Codable & StoreFileData & Equatable>(_ type: T.Type, _ bytes: [UInt8]) -> String? {
        let reference = StoreFileReference.decode(type, bytes)
        switch StoreFileReference.decodeByHand(type, bytes) {
        case .damaged:
            return nil
        case .versionOutOfRange(let found):
            return reference == .versionOutOfRange(found) ? nil : "the codec found schema version \(found); JSONDecoder read \(reference)"
        case .value(let value):
            guard case .value(let expected) = reference else { return "the codec accepted what JSONDecoder refuses (\(reference))" }
            return value == expected ? nil : "the codec read \(value); JSONDecoder read \(expected)"
        }
    }

}
