import Foundation
import FuzzChecks
import TestSupport
import Testing

/// Every input a fuzzer stopped on once the defect is fixed, a sample of the
/// fuzzing corpus, and the seeds, replayed through the same checks the
/// fuzzers run: a fixed finding stays fixed.
///
/// Kept inputs live in `Fixtures/<check>/`: fixed findings (`crash-…`,
/// `timeout-…`, `oom-…`, as libFuzzer names them) and a sample of the corpus
/// the 10-minute runs built (`corpus-…`), so `swift test` walks well past the
/// seeds. `.ci/fuzz.sh` puts new findings in `Fixtures/known-defects/<check>/`,
/// which is not replayed (they would take the runner down) until the fix
/// moves them here; see its README.
struct ReplayTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    @Test(arguments: FuzzTarget.allCases)
    func keptInputsStillPass(_ target: FuzzTarget) throws {
        let directory = Self.fixtures.appendingPathComponent(target.rawValue).path
        let files = CorpusReplay.files(at: directory)
        #expect(!files.isEmpty, "no kept inputs in \(directory)")
        for file in files {
            let bytes = try #require(FileManager.default.contents(atPath: file), "cannot read \(file)")
            target.check(Array(bytes))
        }
    }

    @Test(arguments: FuzzTarget.allCases)
    func seedsPassAndAreUseful(_ target: FuzzTarget) {
        let seeds = target.seeds
        #expect(seeds.count >= 4, "\(target) has too few seeds to start from")
        #expect(!target.dictionary.isEmpty && !target.dictionary.contains { $0.isEmpty })
        for seed in seeds { target.check(seed) }
    }

    /// The store fixture really has every kind of file the fuzzer should damage.
    @Test func storeFixtureHasEveryKindOfFile() {
        let paths = StoreFixture.shared.paths
        let patterns = ["/account.json", "/contacts.json", "/pings.json", "/checkins/",
                        "/wake.json", "/feed/summary.json", "/feed/types.json", "/feed/0.json", "schedule/", "phones/",
                        "codes/", "sessions/", "logins/", "/delivery.json", "looked.json"]
        for pattern in patterns {
            #expect(paths.contains { $0.contains(pattern) }, "no store file like \(pattern) in \(paths)")
        }
        // A schedule entry: the directories of its hour, minute and second, and an entry named by time and account.
        #expect(paths.contains { $0.split(separator: "/").count == 5 && $0.hasPrefix("schedule/h") })
    }
}
