import Foundation
import Glibc
import Testing
import TestSupport

/// Human output measured the way the terminal measures it (glibc's
/// `wcwidth`, an independent implementation of the Unicode widths): tables
/// line up with wide and combining characters, and a 40-column terminal
/// gets lines that fit.
@Suite(.serialized, .ownThreads) struct TerminalWidthTests {
    /// glibc's `wcwidth`, which the Glibc module does not show (it is an
    /// X/Open function); looked up by name in the C library.
    static let wcwidth: @convention(c) (wchar_t) -> Int32 = {
        _ = setlocale(LC_CTYPE, "C.UTF-8")
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "wcwidth") else {
            fatalError("glibc has no wcwidth")
        }
        return unsafeBitCast(symbol, to: (@convention(c) (wchar_t) -> Int32).self)
    }()

    /// Columns `text` takes on a UTF-8 terminal, by the C library.
    static func columns(_ text: Substring) -> Int {
        text.unicodeScalars.reduce(0) { $0 + max(0, Int(wcwidth(wchar_t(bitPattern: $1.value)))) }
    }

    /// Ada watches over three people whose names are wide or combining, one
    /// of them with a long, multi-line emergency note.
    func world() throws -> (Sandbox, Person) {
        let sandbox = Sandbox()
        let ada = sandbox.person("ada")
        try ada.signUp(phone: "+15550000001", first: "Ada", last: "Lovelace")
        let people: [(String, String, String, String)] = [
            ("taro", "+815012345678", "山田", "太郎"),
            ("zoe", "+15550000003", "Zoe\u{308}", "Ng 😀"),
            ("bo", "+15550000004", "Bo", "Li"),
        ]
        for (home, phone, first, last) in people {
            let person = sandbox.person(home)
            try person.signUp(phone: phone, first: first, last: last)
            #expect(try ada.run(["contacts", "add", try person.qrCode(), "--dependent", "--responder"]).status == 0)
            #expect(try person.run(["checkin"]).status == 0)
        }
        let note = "Type 1 diabetic; insulin is in the fridge, door shelf. Spare key with the neighbour at No. 7.\n"
            + "Call my sister 山田 花子 first: +81 50 1234 5679."
        #expect(try sandbox.person("taro").run(["profile", "set", "--note", note]).status == 0)
        return (sandbox, ada)
    }

    @Test func columnsLineUpByDisplayWidth() throws {
        let (_, ada) = try world()
        let result = try ada.run(["contacts", "--sort", "name"], extra: ["COLUMNS": "200"])
        #expect(result.status == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 4, "\(result.stdout)")
        // Where ROLE starts, in columns, is the same on every line.
        let starts = lines.map { line -> Int in
            let role = line.range(of: "ROLE") ?? line.range(of: "responder")!
            return Self.columns(line[..<role.lowerBound])
        }
        #expect(Set(starts).count == 1, "\(result.stdout)")
    }

    @Test(arguments: [["contacts"], ["contacts", "show", "山田"], ["status"], ["profile"], ["notifications"],
                      ["checkin", "history"], ["ping", "list"], ["settings"]])
    func fortyColumnsFit(_ arguments: [String]) throws {
        let (sandbox, ada) = try world()
        _ = sandbox
        #expect(try ada.run(["ping", "Bo"]).status == 0)
        let result = try ada.run(arguments, extra: ["COLUMNS": "40"])
        #expect(result.status == 0, "\(result)")
        for line in result.stdout.split(separator: "\n") {
            #expect(Self.columns(line) <= 40, "\(arguments): \(line.debugDescription) is \(Self.columns(line)) columns")
        }
    }

    @Test func aLongNoteWrapsAtWordsAndEveryLineOfItIsIndented() throws {
        let (_, ada) = try world()
        let result = try ada.run(["contacts", "show", "山田"], extra: ["COLUMNS": "40"])
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let first = try #require(lines.firstIndex { $0.hasPrefix("Emergency note") }, "\(result.stdout)")
        let indent = try #require(lines[first].range(of: "Type 1")).lowerBound
        let column = lines[first].distance(from: lines[first].startIndex, to: indent)
        let rest = lines[(first + 1)...].filter { !$0.isEmpty }
        #expect(rest.count >= 3, "\(result.stdout)")
        for line in rest {
            #expect(line.prefix(column).allSatisfy { $0 == " " } && line.dropFirst(column).first != " ",
                    "not indented to the note: \(line.debugDescription)")
        }
        // Words are whole: every word of the note appears intact on some line.
        let words = Set(lines[first...].joined(separator: " ").split(separator: " ").map(String.init))
        for word in ["diabetic;", "neighbour", "sister", "+81"] { #expect(words.contains(word), "\(word) was cut") }
    }

    @Test func narrowTablesStackInsteadOfOverflowing() throws {
        let (_, ada) = try world()
        let result = try ada.run(["contacts", "--sort", "name"], extra: ["COLUMNS": "40"])
        #expect(result.stdout.contains("山田 太郎\n"), "\(result.stdout)")
        #expect(result.stdout.contains("  PHONE   +815012345678\n"), "\(result.stdout)")
    }
}
