import Foundation

/// Damaged files in `AlarmModel`, written from the store's containment
/// rules (LifeSignalStore's Containment.md) and issue 26:
///
/// - A damaged file of one account's own (its contacts, pings, check-in
///   history or wake file) changes nothing anyone is told, nor when: the
///   account's responders are found from their side of the links, its
///   wake is worked around, and everyone else keeps working.
/// - The account's `checkin` and `alert on` work whatever of these is
///   damaged, and reach every responder.
/// - A command that needs the damaged file (the account's own, or another's
///   that names it) fails naming the file (exit 7) and changes nothing; the
///   file is left exactly as it was.
/// - Once it is repaired (put back as it was, as a backup would), all goes
///   on as before, and nothing is told twice.
extension AlarmModel {
    /// A file of an account's own that the sequences damage.
    enum DamagedFile: String, CaseIterable, CustomStringConvertible {
        case contacts, pings, checkIns, wake

        var description: String { rawValue }

        /// Its path among the paths of the account's files, if it has one yet.
        func path(among files: [String], of id: String) -> String? {
            let directory = "accounts/\(id)/"
            switch self {
            case .contacts: return files.first { $0 == directory + "contacts.json" }
            case .pings: return files.first { $0 == directory + "pings.json" }
            case .wake: return files.first { $0 == directory + "wake.json" }
            case .checkIns:
                // The latest segment of the history, the one a check-in adds to.
                return files.filter { $0.hasPrefix(directory + "checkins/") && $0.hasSuffix(".json") }
                    .max { ($0.count, $0) < ($1.count, $1) }
            }
        }
    }

    /// Ways a file is damaged: cut short, garbage before it, not JSON at all.
    static let damages: [[UInt8]] = [Array("{".utf8), Array("garbage{".utf8), Array("[1,2".utf8)]

    /// What a command may meet while `damaged` is in force.
    enum Containment: Equatable {
        /// It does what the rules say, damage or not.
        case works
        /// It fails naming the damaged file and changes nothing.
        case fails
        /// Either of the two: whether it needs the file is the command's business.
        case mayFail
    }

    /// The people whose files `action` may need: those it is done by or
    /// names, and for an answer to pings, the senders of those answered
    /// (their records of the pings change too).
    func involved(in action: AlarmAction) -> Set<Int> {
        guard case .respond(let r) = action else { return action.people }
        return Set(pings.filter { $0.recipient == r && $0.pending }.map(\.sender)).union([r])
    }

    /// What `action` may meet while `p`'s `file` is damaged, when it
    /// changes `p`'s links (`changesLinks`) by the rules (this model,
    /// before the action).
    func containment(of action: AlarmAction, damaged p: Int, _ file: DamagedFile, changesLinks: Bool) -> Containment {
        guard involved(in: action).contains(p) else { return .works }
        switch action {
        // The account's own check-in and alert work around its damaged files.
        case .checkIn(p), .alert(p, on: true): return .works
        // An answer to pings is the recipient's to give: a sender's damaged
        // record of them is left as it is, and the sender told all the same.
        case .respond(let r) where r != p && file == .pings: return .works
        // Its own commands on its contacts need its links...
        case .add(p, _, _, _), .roles(p, _, _, _), .remove(p, _), .delay(p, _, _), .ping(p, _):
            return file == .contacts ? .fails : .mayFail
        // ...and another's that changes a link to it changes both sides.
        case .add, .roles, .remove, .delay: return file == .contacts && changesLinks ? .fails : .mayFail
        default: return .mayFail
        }
    }
}

extension AlarmAction {
    /// The people an action is done by or names.
    var people: Set<Int> {
        switch self {
        case .checkIn(let p), .intervals(let p, _, _), .alert(let p, _), .respond(let p), .timing(let p, _, _),
             .extend(let p, _), .pause(let p, _), .resume(let p), .preference(let p, _, _), .drill(let p), .daily(let p, _),
             .zone(let p, _), .tripStart(let p, _), .tripExtend(let p, _), .tripEnd(let p), .jobAdd(let p, _, _, _),
             .jobCheckIn(let p, _), .jobRemove(let p, _), .damage(let p, _, _):
            [p]
        case .add(let a, let b, _, _), .roles(let a, let b, _, _), .remove(let a, let b), .ping(let a, let b),
             .delay(let a, let b, _), .ack(let a, let b):
            [a, b]
        case .repair, .advance, .evaluators: []
        }
    }
}
