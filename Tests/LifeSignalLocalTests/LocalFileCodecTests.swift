import FoundationEssentials
import TestSupport
import LifeSignalCore
@testable import LifeSignalLocal
import Testing

/// The hand-written codecs of the files kept outside the store (session,
/// settings, identity hint, etcd token) against `Codable`
/// (`StoreCodecSample`): every property known and populated, the same
/// bytes and values both ways, never more lenient on damaged files.
struct LocalFileCodecTests {
    static let samples = [
        StoreCodecSample(SessionData.StoreField.self,
                         populated: SessionData(store: "0123456789abcdef0123456789abcdef",
                                                accountID: EntityID(randomBytes: Array(repeating: 5, count: 16)),
                                                token: "tok\"en/\\", codeKey: String(repeating: "0123456789abcdef", count: 4)),
                         minimal: SessionData(store: "", accountID: EntityID(randomBytes: Array(repeating: 6, count: 16)),
                                              token: "t")),
        StoreCodecSample(LocalSettings.StoreField.self, populated: settings, minimal: LocalSettings()),
        StoreCodecSample(StoreIdentityHint.Hint.StoreField.self,
                         populated: StoreIdentityHint.Hint(identity: String(repeating: "0123456789abcdef", count: 2),
                                                           files: ["accounts/a/account.json", "sessions/\"b\".json"],
                                                           absent: ["sessions/\"b\".json"], member: "[::1]:2379"),
                         minimal: StoreIdentityHint.Hint(identity: "", files: nil, absent: nil)),
        StoreCodecSample(EtcdTokenFile.Token.StoreField.self, populated: EtcdTokenFile.Token(token: "tok\"en/\\.x"),
                         minimal: EtcdTokenFile.Token(token: "")),
    ]

    static var settings: LocalSettings {
        var settings = LocalSettings(notifyCommand: "notify-send \"$TITLE\"", smsCommand: "sms --to=$1")
        settings.notifyCommandSince = Date(timeIntervalSince1970: 1_772_355_600)
        settings.etcdCACert = "/etc/lifesignal/ca.pem"
        settings.etcdCert = "/home/ada/etcd \"client\".pem"
        settings.etcdKey = "/home/ada/etcd-client-key.pem"
        return settings
    }

    @Test(arguments: samples)
    func theCodecAgreesWithCodable(_ sample: StoreCodecSample) {
        for problem in sample.allProblems(damagedRounds: 300, seed: 17) { Issue.record("\(problem)") }
    }
}
