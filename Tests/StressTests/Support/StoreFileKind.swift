import Foundation

/// Every kind of file lifesignal reads, with the command that reads it.
enum StoreFileKind: String, CaseIterable, CustomStringConvertible {
    case meta, account, contacts, pings, checkIns, accountWake, feedSummary, feedSegment, scheduleHead,
         scheduleBucket, phoneIndex, codeIndex, session, pendingLogin, localSession, settings, journal

    var description: String { rawValue }

    /// The command (run as Ada, or as Dee for the pending sign-in) that must read the file.
    func command(cyCode: String) -> [String] {
        switch self {
        case .meta, .account, .session, .scheduleHead, .localSession, .journal: ["status"]
        case .contacts: ["contacts"]
        case .pings: ["ping", "list"]
        case .checkIns: ["checkin", "history"]
        case .accountWake, .scheduleBucket: ["checkin"]
        case .feedSummary, .feedSegment: ["notifications"]
        case .phoneIndex: ["login", "--phone", "+15550000001"]
        case .codeIndex: ["contacts", "add", cyCode, "--responder"]
        case .pendingLogin: ["login", "--phone", "+15550000004", "--code", "000000"]
        case .settings: ["settings"]
        }
    }

    /// Known defect (reported): `doctor` never decodes accounts' wake files,
    /// and lists a journal as an "interrupted commit" note without reading
    /// it, so it calls such a store healthy while every command exits 7.

    /// Extra environment: rescheduling (which reads the account's wake and
    /// its old schedule bucket) only happens when the deadline moves.
    var environment: [String: String] {
        switch self {
        case .accountWake, .scheduleBucket: ["LIFESIGNAL_NOW": "2026-03-01T11:00:00Z"]
        default: [:]
        }
    }

    /// A valid journal to start from: one delete of a file that is not there.
    static func validJournal() -> [UInt8] {
        var bytes = Array("durablefiles-journal 1\ndelete\taccounts/nothing.json\n".utf8)
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        bytes += Array("end\t1\t\(String(repeating: "0", count: 16 - digits.count) + digits)\n".utf8)
        return bytes
    }
}
