import FoundationEssentials
import FuzzChecks
import LifeSignalCore
@testable import LifeSignalLocal
import Testing

/// The session and settings files' hand-written codecs against `Codable`
/// (`StoreCodecSample`): every property known and populated, the same
/// bytes and values both ways, never more lenient on damaged files.
struct LocalFileCodecTests {
    static let samples = [
        StoreCodecSample(SessionData.StoreField.self,
                         populated: SessionData(store: "0123456789abcdef0123456789abcdef",
                                                accountID: EntityID(randomBytes: Array(repeating: 5, count: 16)),
                                                token: "tok\"en/\\"),
                         minimal: SessionData(store: "", accountID: EntityID(randomBytes: Array(repeating: 6, count: 16)),
                                              token: "t")),
        StoreCodecSample(LocalSettings.StoreField.self, populated: settings, minimal: LocalSettings()),
    ]

    static var settings: LocalSettings {
        var settings = LocalSettings(notifyCommand: "notify-send \"$TITLE\"", smsCommand: "sms --to=$1")
        settings.notifyCommandSince = Date(timeIntervalSince1970: 1_772_355_600)
        return settings
    }

    @Test(arguments: samples)
    func theCodecAgreesWithCodable(_ sample: StoreCodecSample) {
        for problem in sample.allProblems(damagedRounds: 300, seed: 17) { Issue.record("\(problem)") }
    }
}
