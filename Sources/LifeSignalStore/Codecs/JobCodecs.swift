import FoundationEssentials
import LifeSignalCore
import StoreCodecKit
import StrictJSON

/// A job of an account (`jobs add`), inside `account.json`.
extension Job: StoreFileElement {
    enum StoreField: UInt8, StoreFieldSet {
        case createdAt, deadlines, every, failing, grace, lastCheckIn, maxRuntime, name, running, runs, schedule
        @usableFromInline
        static let names = JSONNames(["createdAt", "deadlines", "every", "failing", "grace", "lastCheckIn", "maxRuntime",
                                      "name", "running", "runs", "schedule"])
    }

    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> Job {
        let start = reader.valueStart()
        var createdAt: Date?, deadlines: DeadlineMarks?, every: Int?, failing: JobRun?, grace: Int?, lastCheckIn: Date?
        var maxRuntime: Int?, name: String?, running: JobRunStart?, runs: [JobRun]?, schedule: DailySchedule?
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            switch field {
            case .createdAt: createdAt = try reader.readDate()
            case .deadlines: deadlines = try DeadlineMarks.read(from: &reader)
            case .every: every = try reader.readOptional { reader throws(JSONReadError) in try reader.readInt() }
            case .failing: failing = try reader.readOptional { reader throws(JSONReadError) in try JobRun.read(from: &reader) }
            case .grace: grace = try reader.readInt()
            case .lastCheckIn: lastCheckIn = try reader.readOptionalDate()
            case .maxRuntime: maxRuntime = try reader.readOptional { reader throws(JSONReadError) in try reader.readInt() }
            case .name: name = try reader.readString()
            case .running:
                running = try reader.readOptional { reader throws(JSONReadError) in try JobRunStart.read(from: &reader) }
            case .runs: runs = try [JobRun].read(from: &reader)
            case .schedule:
                schedule = try reader.readOptional { reader throws(JSONReadError) in try DailySchedule.read(from: &reader) }
            }
        }
        var job = Job(name: try present(name, StoreField.name, start), every: every, schedule: schedule,
                      grace: try present(grace, StoreField.grace, start), maxRuntime: maxRuntime,
                      createdAt: try present(createdAt, StoreField.createdAt, start))
        job.lastCheckIn = lastCheckIn
        job.deadlines = try present(deadlines, StoreField.deadlines, start)
        job.runs = try present(runs, StoreField.runs, start)
        job.running = running
        job.failing = failing
        return job
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.createdAt.name, createdAt)
        writer.member(StoreField.deadlines.name, deadlines)
        if let every { writer.member(StoreField.every.name, every) }
        writer.member(StoreField.failing.name, ifPresent: failing)
        writer.member(StoreField.grace.name, grace)
        writer.member(StoreField.lastCheckIn.name, ifPresent: lastCheckIn)
        if let maxRuntime { writer.member(StoreField.maxRuntime.name, maxRuntime) }
        writer.member(StoreField.name.name, name)
        writer.member(StoreField.running.name, ifPresent: running)
        writer.member(StoreField.runs.name, runs)
        writer.member(StoreField.schedule.name, ifPresent: schedule)
        writer.endObject()
    }

    /// What no `jobs add` can make: a file to report as damaged.
    @usableFromInline
    package var validationProblem: String? {
        guard (try? JobRules.name(name)) != nil else { return "a job's name is not one" }
        guard every != nil || schedule != nil else { return "job \(name) has no deadline" }
        if let every, !JobRules.everyBounds.contains(every) { return "job \(name)'s interval is out of range" }
        if let maxRuntime, !JobRules.maxRuntimeBounds.contains(maxRuntime) { return "job \(name)'s longest run is out of range" }
        guard DeadlineBounds.grace.contains(grace) else { return "job \(name)'s grace period is out of range" }
        if let zone = schedule?.zone, (try? ZoneName(validating: zone)) == nil { return "job \(name)'s zone is not a zone's name" }
        let marks = deadlines
        guard marks.fired.count <= 10_000, marks.owed.count <= 10_000, marks.log.count <= 10_000,
              marks.occurrences.count <= 10_000, marks.standing.count <= 10_000,
              marks.occurrences.values.allSatisfy({ (0...10_000_000).contains($0) }) else {
            return "job \(name)'s deadline marks are impossible"
        }
        let kept = runs + [failing].compactMap { $0 }
        guard runs.count <= JobRules.runsKept,
              kept.allSatisfy({ $0.milliseconds >= 0 && ($0.output?.utf8.count ?? 0) <= 4 * JobRules.outputBytes })
        else { return "job \(name)'s runs are impossible" }
        return nil
    }
}

extension JobRun: StoreFileElement {
    enum StoreField: UInt8, StoreFieldSet {
        case at, command, exitStatus, milliseconds, output
        @usableFromInline
        static let names = JSONNames(["at", "command", "exitStatus", "milliseconds", "output"])
    }

    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> JobRun {
        let start = reader.valueStart()
        var at: Date?, command: String?, exitStatus: Int?, milliseconds: Int?, output: String?
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            switch field {
            case .at: at = try reader.readDate()
            case .command: command = try reader.readString()
            case .exitStatus: exitStatus = try reader.readInt()
            case .milliseconds: milliseconds = try reader.readInt()
            case .output: output = try reader.readOptionalString()
            }
        }
        return JobRun(at: try present(at, StoreField.at, start), milliseconds: try present(milliseconds, StoreField.milliseconds, start),
                      exitStatus: try present(exitStatus, StoreField.exitStatus, start),
                      command: try present(command, StoreField.command, start), output: output)
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.at.name, at)
        writer.member(StoreField.command.name, command)
        writer.member(StoreField.exitStatus.name, exitStatus)
        writer.member(StoreField.milliseconds.name, milliseconds)
        writer.member(StoreField.output.name, ifPresent: output)
        writer.endObject()
    }
}

extension JobRunStart: StoreFileData {
    enum StoreField: UInt8, StoreFieldSet {
        case at, command
        @usableFromInline
        static let names = JSONNames(["at", "command"])
    }

    @usableFromInline
    package static func read(from reader: inout JSONReader) throws(JSONReadError) -> JobRunStart {
        let start = reader.valueStart()
        var at: Date?, command: String?
        try reader.readFields(StoreField.self) { reader, field throws(JSONReadError) in
            switch field {
            case .at: at = try reader.readDate()
            case .command: command = try reader.readString()
            }
        }
        return JobRunStart(at: try present(at, StoreField.at, start), command: try present(command, StoreField.command, start))
    }

    @usableFromInline
    package func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(StoreField.at.name, at)
        writer.member(StoreField.command.name, command)
        writer.endObject()
    }
}
