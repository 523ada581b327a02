import StrictJSON

/// Reads the maintenance and cluster responses (status, alarms, members).
/// Some of their proto fields are CamelCase themselves (`dbSize`, `memberID`).
enum ClusterDecoding {
    private static let statusNames = JSONNames(["header", "version", "dbSize", "dbSizeInUse", "leader", "raftIndex",
                                                "raftTerm", "raftAppliedIndex", "errors", "isLearner"])

    static func status(_ reader: inout JSONReader) throws(JSONReadError) -> MemberStatus {
        var status = MemberStatus()
        try reader.readObject(names: statusNames) { (reader, index) throws(JSONReadError) in
            switch index {
            case 0: status.header = try ResponseDecoding.header(&reader)
            case 1: status.version = try reader.readString()
            case 2: status.dbSize = try reader.readEtcdInt64()
            case 3: status.dbSizeInUse = try reader.readEtcdInt64()
            case 4: status.leader = try reader.readEtcdUInt64()
            case 5: status.raftIndex = try reader.readEtcdUInt64()
            case 6: status.raftTerm = try reader.readEtcdUInt64()
            case 7: status.raftAppliedIndex = try reader.readEtcdUInt64()
            case 8: status.errors = try reader.readList { (reader) throws(JSONReadError) in try reader.readString() }
            case 9: status.isLearner = try reader.readBool()
            default: try reader.skipValue()
            }
        }
        return status
    }

    private static let alarmListNames = JSONNames(["header", "alarms"])
    private static let alarmNames = JSONNames(["memberID", "alarm"])

    static func alarms(_ reader: inout JSONReader) throws(JSONReadError) -> [Alarm] {
        var alarms: [Alarm] = []
        try reader.readObject(names: alarmListNames) { (reader, index) throws(JSONReadError) in
            switch index {
            case 1: alarms = try reader.readList(alarm)
            default: try reader.skipValue()
            }
        }
        // An entry of type NONE (0, so the gateway leaves `alarm` out) is no alarm.
        return alarms.filter { $0.kind != .other("NONE") }
    }

    private static func alarm(_ reader: inout JSONReader) throws(JSONReadError) -> Alarm {
        var alarm = Alarm(memberID: 0, kind: .other("NONE"))
        try reader.readObject(names: alarmNames) { (reader, index) throws(JSONReadError) in
            switch index {
            case 0: alarm.memberID = try reader.readEtcdUInt64()
            case 1:
                let name = try reader.readString()
                alarm.kind = name == "NOSPACE" ? .noSpace : name == "CORRUPT" ? .corrupt : .other(name)
            default: try reader.skipValue()
            }
        }
        return alarm
    }

    private static let memberListNames = JSONNames(["header", "members"])
    private static let memberNames = JSONNames(["ID", "name", "peerURLs", "clientURLs", "isLearner"])

    static func members(_ reader: inout JSONReader) throws(JSONReadError) -> [Member] {
        var members: [Member] = []
        try reader.readObject(names: memberListNames) { (reader, index) throws(JSONReadError) in
            switch index {
            case 1: members = try reader.readList(member)
            default: try reader.skipValue()
            }
        }
        return members
    }

    private static func member(_ reader: inout JSONReader) throws(JSONReadError) -> Member {
        var member = Member(id: 0, name: "", peerURLs: [], clientURLs: [])
        try reader.readObject(names: memberNames) { (reader, index) throws(JSONReadError) in
            switch index {
            case 0: member.id = try reader.readEtcdUInt64()
            case 1: member.name = try reader.readString()
            case 2: member.peerURLs = try reader.readList { (reader) throws(JSONReadError) in try reader.readString() }
            case 3: member.clientURLs = try reader.readList { (reader) throws(JSONReadError) in try reader.readString() }
            case 4: member.isLearner = try reader.readBool()
            default: try reader.skipValue()
            }
        }
        return member
    }
}
