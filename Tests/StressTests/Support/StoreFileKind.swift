import Foundation

@testable import DurableFiles
import TestSupport
import SystemFiles

/// Every kind of file lifesignal reads, with the command that reads it.
enum StoreFileKind: String, CaseIterable, CustomStringConvertible {
    case meta, account, contacts, pings, checkIns, accountWake, feedSummary, feedTypes, feedSegment,
         phoneIndex, codeIndex, session, pendingLogin, localSession, settings, journal,
         invitations, waitingInvitations, deliverySetup, lastLook

    var description: String { rawValue }

    /// The command (run as Ada, or as Dee for the pending sign-in) that must read the file.
    func command(cyCode: String) -> [String] {
        switch self {
        case .meta, .account, .session, .localSession, .journal: ["status"]
        case .contacts: ["contacts"]
        case .pings: ["ping", "list"]
        case .checkIns: ["checkin", "history"]
        // A check-in works around its own damaged wake file (it must never
        // be blocked); a new interval still needs the file.
        case .accountWake: ["checkin", "interval", "2d"]
        case .feedSummary, .feedSegment: ["notifications"]
        case .feedTypes: ["notifications", "--type", "pings"]
        case .phoneIndex: ["login", "--phone", "+15550000001"]
        case .codeIndex: ["contacts", "add", cyCode, "--responder"]
        case .pendingLogin: ["login", "--phone", "+15550000004", "--code", "000000"]
        case .settings: ["settings"]
        case .invitations: ["contacts", "invitations"]
        case .waitingInvitations: ["contacts", "remove", "+15550000005", "--yes"]
        // A tick writes down its look and its delivery run.
        case .deliverySetup, .lastLook: ["tick"]
        }
    }

    /// Extra environment: rescheduling (which reads the account's wake and
    /// its old schedule entry) only happens when the deadline moves. (The
    /// schedule's entries are empty files: their names are all they say.)
    var environment: [String: String] {
        switch self {
        case .accountWake: ["LIFESIGNAL_NOW": "2026-03-01T11:00:00Z"]
        default: [:]
        }
    }

    /// A journal of two records (deletes of files that are not there), the
    /// first damaged by `mutation`: a torn last record is what a crash
    /// leaves and is ignored, so the damage goes where a crash cannot put
    /// it, before a whole record. Nil when the mutation does not apply (an
    /// empty journal is the normal state).
    static func damagedJournal(_ mutation: Mutation, using random: inout SeededGenerator) -> [UInt8]? {
        let first = JournalRecord(entries: [.delete("accounts/nothing.json")]).encoded()
        let second = JournalRecord(entries: [.delete("accounts/nothing-at-all.json"), .delete("phones/none.json")])
            .encoded()
        guard mutation != .empty, let damaged = mutation.apply(to: first, using: &random) else { return nil }
        return damaged + second
    }
}
