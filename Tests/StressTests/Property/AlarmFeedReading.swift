import Foundation
import LifeSignalCore
import TestSupport

/// Reads a feed item as the alarm notice it is, from its title, message and
/// time as a person sees them: nothing is taken from the engine.
enum AlarmFeedReading {
    /// Whether `item` is a drill's test notice to a responder (not its answer).
    static func isDrillNotice(_ item: FeedItem) -> Bool {
        item.type == .test && item.title.hasSuffix(" is testing their lifesignal alarm; nothing is wrong")
    }

    /// The alarm notice `item` (in `owner`'s feed) is, or nil for other items
    /// (contacts, pings). `names` maps full names to person indices.
    static func event(_ item: FeedItem, owner: Int, names: [String: Int]) throws -> AlarmModel.Event? {
        let title = item.title, at = item.timestamp
        func person(_ name: Substring) throws -> Int {
            guard let index = names[String(name)] else { throw HarnessFailure("\(title): no one is called \(name)") }
            return index
        }
        func due(after marker: String) throws -> Date {
            guard let start = item.message.range(of: marker) else { throw HarnessFailure("\(title): no deadline in \(item.message)") }
            let rest = item.message[start.upperBound...]
            let text = rest.prefix { $0 != " " && $0 != "," }
            let trimmed = text.hasSuffix(".") ? text.dropLast() : text
            guard let date = ISO8601.parse(String(trimmed)) else { throw HarnessFailure("\(title): bad deadline \(trimmed)") }
            return date
        }
        if let job = item.job { return try jobEvent(item, job: job, owner: owner, person: person, due: due) }
        if let range = title.range(of: " is handling ") {
            let by = try person(title[..<range.lowerBound])
            let what = title[range.upperBound...]
            switch what {
            case "your missed check-in": return .init(kind: .ackMissedOwn, about: owner, due: nil, at: at, by: by)
            case "your alert": return .init(kind: .ackAlertOwn, about: owner, due: nil, at: at, by: by)
            case _ where what.hasSuffix("'s missed check-in"):
                return .init(kind: .ackMissed, about: try person(what.dropLast("'s missed check-in".count)), due: nil, at: at, by: by)
            case _ where what.hasSuffix("'s alert"):
                return .init(kind: .ackAlert, about: try person(what.dropLast("'s alert".count)), due: nil, at: at, by: by)
            default: throw HarnessFailure("\(title): acknowledging what?")
            }
        }
        switch title {
        case "You are late to check in":
            return .init(kind: .late, about: owner, due: try due(after: "was due at "), at: at)
        case _ where title.hasSuffix(" still has not checked in"):
            return .init(kind: .again, about: try person(title.dropLast(" still has not checked in".count)),
                         due: try due(after: "due at "), at: at)
        case _ where title.hasSuffix(" paused check-ins"):
            return .init(kind: .paused, about: try person(title.dropLast(" paused check-ins".count)), due: nil, at: at)
        case "Your pause has ended":
            return .init(kind: .pauseEndedOwn, about: owner, due: nil, at: at)
        case _ where title.hasSuffix("'s pause has ended"):
            return .init(kind: .pauseEnded, about: try person(title.dropLast("'s pause has ended".count)), due: nil, at: at)
        case "Check-in reminder":
            return .init(kind: .reminder, about: owner, due: try due(after: ", at "), at: at)
        case "You missed your check-in":
            return .init(kind: .missedOwn, about: owner, due: try due(after: "was due at "), at: at)
        case _ where title.hasSuffix(" missed a check-in"):
            return .init(kind: .missed, about: try person(title.dropLast(" missed a check-in".count)),
                         due: try due(after: "due at "), at: at)
        case _ where title.hasSuffix(" is safe"):
            guard item.allClear else { throw HarnessFailure("\(title): not marked as an all-clear") }
            return .init(kind: .safe, about: try person(title.dropLast(" is safe".count)), due: nil, at: at)
        case _ where title.hasPrefix("Emergency alert from "):
            return .init(kind: .alert, about: try person(title.dropFirst("Emergency alert from ".count)), due: nil, at: at)
        case _ where title.hasSuffix(" cancelled their alert"):
            return .init(kind: .cancel, about: try person(title.dropLast(" cancelled their alert".count)), due: nil, at: at)
        case _ where title.hasSuffix(" gave themselves more time"):
            return .init(kind: .lengthened, about: try person(title.dropLast(" gave themselves more time".count)), due: nil, at: at)
        case _ where title.hasSuffix("'s deadline moved"):
            return .init(kind: .moved, about: try person(title.dropLast("'s deadline moved".count)), due: nil, at: at)
        case _ where title.contains("watched"):
            throw HarnessFailure("\(title): no account is damaged here")
        default:
            return nil
        }
    }

    /// A notice about one of an account's jobs (`FeedItem.job`).
    private static func jobEvent(_ item: FeedItem, job: String, owner: Int, person: (Substring) throws -> Int,
                                 due: (String) throws -> Date) throws -> AlarmModel.Event? {
        let title = item.title, at = item.timestamp
        if let range = title.range(of: " is handling ") {
            let by = try person(title[..<range.lowerBound])
            let what = title[range.upperBound...]
            if what == "your job \(job)'s missed check-in" {
                return .init(kind: .ackJobOwn, about: owner, due: nil, at: at, by: by, job: job)
            }
            let prefix = "the missed check-in of ", suffix = "'s job \(job)"
            guard what.hasPrefix(prefix), what.hasSuffix(suffix) else { throw HarnessFailure("\(title): acknowledging what?") }
            let about = try person(what.dropFirst(prefix.count).dropLast(suffix.count))
            return .init(kind: .ackJob, about: about, due: nil, at: at, by: by, job: job)
        }
        if title == "Your job \(job) missed its check-in" {
            return .init(kind: .jobMissedOwn, about: owner, due: try due("due to check in at "), at: at, job: job)
        }
        let subject = "'s job \(job) "
        guard let range = title.range(of: subject) else { throw HarnessFailure("\(title): whose job?") }
        let about = try person(title[..<range.lowerBound])
        switch title[range.upperBound...] {
        case "missed its check-in":
            return .init(kind: .jobMissed, about: about, due: try due("due to check in at "), at: at, job: job)
        case "still has not checked in":
            return .init(kind: .jobAgain, about: about, due: try due("due to check in at "), at: at, job: job)
        case "recovered":
            guard item.allClear else { throw HarnessFailure("\(title): a recovery is an all-clear") }
            return .init(kind: .jobRecovered, about: about, due: nil, at: at, job: job)
        default: throw HarnessFailure("\(title): no job of the model says so")
        }
    }
}
