import Foundation

/// Issue 26's rule in `AlarmModel`: what a person's notify command is
/// handed. The switches about yourself (`alerts`, `checkIns`) govern your
/// own notices; `dependentNews` the news about the people you watch that
/// is no alarm; nothing governs an alarm about someone you watch (a miss,
/// its repeats, an alert).
extension AlarmModel {
    /// A person's switches, as `settings set` leaves them.
    struct Preferences: Equatable {
        var alerts = true
        var checkIns = true
        var dependentNews = true
    }

    /// The switches `settings set KEY on|off` changes here.
    enum Switch: String, CaseIterable {
        case alerts, checkIns, dependentNews
    }

    mutating func set(_ p: Int, _ key: Switch, on: Bool) {
        switch key {
        case .alerts: people[p].preferences.alerts = on
        case .checkIns: people[p].preferences.checkIns = on
        case .dependentNews: people[p].preferences.dependentNews = on
        }
    }

    /// Whether `p`'s notify command is handed a notice of `kind` now.
    func hands(_ kind: Event.Kind, to p: Int) -> Bool {
        let preferences = people[p].preferences
        switch kind {
        case .missed, .again, .alert, .jobMissed, .jobAgain: return true
        case .safe, .cancel, .paused, .pauseEnded, .ackMissed, .ackAlert, .lengthened, .moved, .jobRecovered, .ackJob:
            return preferences.dependentNews
        case .reminder, .missedOwn, .late, .pauseEndedOwn, .ackMissedOwn, .jobMissedOwn, .ackJobOwn: return preferences.checkIns
        case .ackAlertOwn: return preferences.alerts
        }
    }
}
