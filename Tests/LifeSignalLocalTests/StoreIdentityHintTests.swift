import FoundationEssentials
import LifeSignalCore
import LifeSignalLocal
import StoreBackends
import TestSupport
import Testing

/// The cached guess of a store's identity and of the files recent commands
/// had to read there on their own: most recent first, bounded, kept per
/// identity, pruned when a first request shows a file gone.
struct StoreIdentityHintTests {
    typealias Learned = StoreIdentityHint.Learned

    static func file(_ number: Int) -> String { "accounts/\(number)/account.json" }

    @Test func filesAreKeptMostRecentFirstBoundedAndPerIdentity() throws {
        let home = SessionFileTests.Home()
        let hint = StoreIdentityHint(paths: try home.paths(store: "etcd://127.0.0.1:2379/family"))
        hint.remember(Learned(files: [Self.file(1)]))
        #expect(hint.files().isEmpty, "no identity yet: nothing to keep the files with")
        hint.save("one")
        var learned = Learned().after(StoreReadLessons(readAlone: [Self.file(1), Self.file(2)], readAloneAbsent: [Self.file(2)]))
        learned = learned.after(StoreReadLessons(readAlone: [Self.file(3), Self.file(2)]))
        hint.remember(learned)
        #expect(hint.files() == [Self.file(3), Self.file(2), Self.file(1)])
        #expect(hint.loadAll()?.learned == Learned(files: [Self.file(3), Self.file(2), Self.file(1)]), "file 2 exists now")
        hint.save("one")
        #expect(hint.files().count == 3, "the same identity keeps its files")
        hint.remember(learned.after(StoreReadLessons(readAlone: (10..<100).map(Self.file))))
        #expect(hint.files().count == StoreIdentityHint.maximumFiles)
        #expect(hint.files().first == Self.file(10))
        hint.save("two")
        #expect(hint.load() == "two")
        #expect(hint.files().isEmpty, "another store's files are not this one's")
    }

    @Test func theAbsentListIsKeptWithTheIdentity() throws {
        let home = SessionFileTests.Home()
        let hint = StoreIdentityHint(paths: try home.paths(store: "etcd://127.0.0.1:2379/family"))
        hint.save("one")
        let learned = Learned(files: [Self.file(1), Self.file(2)], absent: [Self.file(2)])
        hint.remember(learned)
        hint.save("one")
        #expect(hint.loadAll()?.identity == "one" && hint.loadAll()?.learned == learned)
    }

    struct Step: CustomTestStringConvertible, Sendable {
        var id: String
        var kept: Learned
        var lessons: StoreReadLessons
        var next: Learned
        var testDescription: String { id }
    }

    static let a = file(1), b = file(2), c = file(3), d = file(4)

    static let steps: [Step] = [
        .init(id: "nothing learned, nothing kept", kept: Learned(), lessons: StoreReadLessons(), next: Learned()),
        .init(id: "nothing learned keeps what is kept", kept: Learned(files: [a, b], absent: [b]),
              lessons: StoreReadLessons(hintedAbsent: [b], hintedPresent: [a]), next: Learned(files: [a, b], absent: [b])),
        .init(id: "files read alone go first, with their absence", kept: Learned(files: [a]),
              lessons: StoreReadLessons(readAlone: [c, b], readAloneAbsent: [b]), next: Learned(files: [c, b, a], absent: [b])),
        .init(id: "a file read alone again moves to the front", kept: Learned(files: [a, b]),
              lessons: StoreReadLessons(readAlone: [b]), next: Learned(files: [b, a])),
        .init(id: "brought twice is forgotten", kept: Learned(files: [a, b, c]),
              lessons: StoreReadLessons(hintedTwice: [b, d]), next: Learned(files: [a, c])),
        .init(id: "a file that existed and is gone is pruned", kept: Learned(files: [a, b, c]),
              lessons: StoreReadLessons(hintedAbsent: [b], hintedPresent: [a, c]), next: Learned(files: [a, c])),
        .init(id: "a file that existed and is gone but is read stays, marked", kept: Learned(files: [a, b, c]),
              lessons: StoreReadLessons(hintedAbsent: [b], hintedPresent: [a, c], hintedAbsentRead: [b]),
              next: Learned(files: [a, b, c], absent: [b])),
        .init(id: "a file marked absent, still absent and unread, stays when nothing else changes",
              kept: Learned(files: [a, b], absent: [b]),
              lessons: StoreReadLessons(hintedAbsent: [b], hintedPresent: [a]), next: Learned(files: [a, b], absent: [b])),
        .init(id: "a file marked absent, still absent and unread, goes with another change",
              kept: Learned(files: [a, b], absent: [b]),
              lessons: StoreReadLessons(hintedAbsent: [a, b]), next: Learned()),
        .init(id: "a file marked absent goes when something is learned", kept: Learned(files: [a, b], absent: [b]),
              lessons: StoreReadLessons(readAlone: [c], hintedAbsent: [b], hintedPresent: [a]), next: Learned(files: [c, a])),
        .init(id: "a file marked absent and read stays when something is learned", kept: Learned(files: [a, b], absent: [b]),
              lessons: StoreReadLessons(readAlone: [c], hintedAbsent: [b], hintedPresent: [a], hintedAbsentRead: [b]),
              next: Learned(files: [c, a, b], absent: [b])),
        .init(id: "a file absent when learned that exists now is no longer marked", kept: Learned(files: [a, b], absent: [b]),
              lessons: StoreReadLessons(hintedPresent: [a, b]), next: Learned(files: [a, b])),
        .init(id: "a gone file read alone is learned again, as absent", kept: Learned(files: [a, b]),
              lessons: StoreReadLessons(readAlone: [b], readAloneAbsent: [b], hintedAbsent: [b]), next: Learned(files: [b, a], absent: [b])),
        .init(id: "a file not asked for keeps its mark", kept: Learned(files: [a, b], absent: [b]),
              lessons: StoreReadLessons(readAlone: [c]), next: Learned(files: [c, a, b], absent: [b])),
        .init(id: "the oldest drop out past the bound", kept: Learned(files: (10..<74).map(file), absent: [file(73)]),
              lessons: StoreReadLessons(readAlone: [a]), next: Learned(files: [a] + (10..<73).map(file))),
        .init(id: "files read alone past the bound", kept: Learned(files: [a]),
              lessons: StoreReadLessons(readAlone: (10..<80).map(file), readAloneAbsent: [file(79), file(10)]),
              next: Learned(files: (10..<74).map(file), absent: [file(10)])),
    ]

    @Test func filesTheHintLeavesOutAreDropped() {
        let kept = Learned(files: [Self.a, Self.b, Self.c], absent: [Self.b, Self.c])
        #expect(kept.without([Self.b, Self.d]) == Learned(files: [Self.a, Self.c], absent: [Self.c]))
        #expect(kept.without([]) == kept)
    }

    @Test(arguments: steps)
    func learnsFromOneCommand(_ step: Step) {
        #expect(step.kept.after(step.lessons) == step.next)
    }

    /// The rule against a model, over random histories of one store, in
    /// sets: a file is kept iff the command read it alone, or it was kept,
    /// was not brought twice, and is not gone unneeded (absent now and not
    /// read, and either unmarked, or marked while the hint changes anyway);
    /// a kept file is marked iff it was last seen absent and that absence
    /// was read (now or when it was marked). The files read alone come
    /// first, then the kept ones in their order.
    @Test func agreesWithAModelOverRandomHistories() {
        var generator = SeededGenerator(seed: 0x5eed)
        let universe = (0..<12).map(Self.file)
        for _ in 0..<300 {
            var learned = Learned()
            for _ in 0..<20 {
                func some() -> [String] { universe.filter { _ in generator.next() % 5 == 0 } }
                let quiet = generator.next() % 3 == 0
                let readAlone = quiet ? [] : some().shuffled(using: &generator)
                let readAloneAbsent = readAlone.filter { _ in generator.next() % 2 == 0 }
                let twice = quiet ? [] : some()
                let asked = learned.files.filter { !readAlone.contains($0) }
                let hintedAbsent = asked.filter { _ in generator.next() % 3 == 0 }
                let absentRead = hintedAbsent.filter { _ in generator.next() % 2 == 0 }
                let lessons = StoreReadLessons(readAlone: readAlone, readAloneAbsent: readAloneAbsent, hintedTwice: twice,
                                               hintedAbsent: hintedAbsent, hintedPresent: asked.filter { !hintedAbsent.contains($0) },
                                               hintedAbsentRead: absentRead)
                let next = learned.after(lessons)
                func model(pruningMarked: Bool) -> (kept: [String], marked: Set<String>) {
                    var kept = readAlone, marked = Set(readAloneAbsent)
                    for path in learned.files where !readAlone.contains(path) && !twice.contains(path) {
                        let wasMarked = learned.absent.contains(path)
                        let goneUnread = hintedAbsent.contains(path) && !absentRead.contains(path)
                        if goneUnread && (!wasMarked || pruningMarked) { continue }
                        kept.append(path)
                        if hintedAbsent.contains(path) && (wasMarked || absentRead.contains(path)) { marked.insert(path) }
                    }
                    return (kept, marked)
                }
                var expected = model(pruningMarked: false)
                if expected.kept != learned.files || expected.marked != Set(learned.absent) {
                    expected = model(pruningMarked: true)
                }
                #expect(next.files == expected.kept && Set(next.absent) == expected.marked, "after \(lessons) from \(learned)")
                #expect(next.absent == next.files.filter { next.absent.contains($0) }, "marked files in the order of the files")
                #expect(Set(next.files).count == next.files.count && next.files.starts(with: readAlone))
                learned = next
            }
        }
    }
}
