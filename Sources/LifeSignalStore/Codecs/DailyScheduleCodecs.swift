import FoundationEssentials
import LifeSignalCore
import StoreCodecKit
import StrictJSON

/// A daily deadline, its time and days as the command line spells them.
extension DailySchedule: StoreFileData {
    enum StoreField: UInt8, StoreFieldSet {
        case current, days, time, zone
        @usableFromInline
        static let names = JSONNames(["current", "days", "time", "zone"])
    }

    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> DailySchedule {
        let start = reader.valueStart()
        var current: CycleDue?, days: DaySet?, time: TimeOfDay?, zone: String?
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            let at = reader.valueStart()
            switch field {
            case .current: current = try reader.readOptional { reader throws(JSONReadError) in try CycleDue.read(from: &reader) }
            case .days:
                let text = try reader.readString()
                do throws(ScheduleInputError) { days = try DaySet(parsing: text) } catch {
                    throw JSONReadError(kind: .badValue(error.message), offset: at)
                }
            case .time:
                let text = try reader.readString()
                do throws(ScheduleInputError) { time = try TimeOfDay(parsing: text) } catch {
                    throw JSONReadError(kind: .badValue(error.message), offset: at)
                }
            case .zone: zone = try reader.readOptionalString()
            }
        }
        var schedule = DailySchedule(deadline: DailyDeadline(time: try present(time, StoreField.time, start),
                                                             days: try present(days, StoreField.days, start)),
                                     zone: zone)
        schedule.current = current
        return schedule
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.current.name, ifPresent: current)
        writer.member(StoreField.days.name, days.description)
        writer.member(StoreField.time.name, time.description)
        writer.member(StoreField.zone.name, ifPresent: zone)
        writer.endObject()
    }
}

extension CycleDue: StoreFileData {
    enum StoreField: UInt8, StoreFieldSet {
        case byCheckIn, cycleStart, due
        @usableFromInline
        static let names = JSONNames(["byCheckIn", "cycleStart", "due"])
    }

    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> CycleDue {
        let start = reader.valueStart()
        var byCheckIn: Bool?, cycleStart: Date?, due: Date?
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            switch field {
            case .byCheckIn: byCheckIn = try reader.readBool()
            case .cycleStart: cycleStart = try reader.readDate()
            case .due: due = try reader.readDate()
            }
        }
        return CycleDue(cycleStart: try present(cycleStart, StoreField.cycleStart, start),
                        byCheckIn: try present(byCheckIn, StoreField.byCheckIn, start),
                        due: try present(due, StoreField.due, start))
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.byCheckIn.name, byCheckIn)
        writer.member(StoreField.cycleStart.name, cycleStart)
        writer.member(StoreField.due.name, due)
        writer.endObject()
    }
}

extension Trip: StoreFileData {
    enum StoreField: UInt8, StoreFieldSet {
        case due, note, startedAt
        @usableFromInline
        static let names = JSONNames(["due", "note", "startedAt"])
    }

    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> Trip {
        let start = reader.valueStart()
        var due: Date?, note: String?, startedAt: Date?
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            switch field {
            case .due: due = try reader.readDate()
            case .note: note = try reader.readOptionalString()
            case .startedAt: startedAt = try reader.readDate()
            }
        }
        return Trip(startedAt: try present(startedAt, StoreField.startedAt, start), due: try present(due, StoreField.due, start),
                    note: note)
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.due.name, due)
        writer.member(StoreField.note.name, ifPresent: note)
        writer.member(StoreField.startedAt.name, startedAt)
        writer.endObject()
    }
}
