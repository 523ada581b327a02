import Testing
import TestSupport

@testable import DurableFiles

/// The byte-wise readings of path text that every command makes (a
/// directory's parent) against the character-wise ones they stand in for.
@Suite("Path text")
struct PathTextTests {
    @Test(arguments: [
        ("/a/b", "/a"), ("/a/b/", "/a"), ("/a//b//", "/a/"), ("/a", "/"), ("/", nil), ("//", nil), ("///", nil),
        ("a", "."), ("a/", "."), ("", "."), ("a/b", "a"), ("./x", "."), ("/a/./b", "/a/."),
    ] as [(String, String?)])
    func parentOfDirectory(path: String, parent: String?) {
        #expect(StorePath.parentOfDirectory(path) == parent)
        #expect(StorePath.characterParentOfDirectory(path) == parent)
    }

    /// Random ASCII paths (slashes, dots, letters, spaces, CR LF, which is
    /// one character of two bytes): the byte-wise parent is the
    /// character-wise one.
    @Test func asciiParentAgreesWithTheCharacterParent() {
        var random = SeededGenerator(seed: 17)
        let pieces = ["/", "/", "//", "a", "b", ".", " ", "\r", "\n", "\r\n", "~"]
        for _ in 0..<5_000 {
            let path = (0..<Int.random(in: 0...8, using: &random)).map { _ in random.pick(pieces) }.joined()
            #expect(StorePath.asciiParentOfDirectory(path) == StorePath.characterParentOfDirectory(path), "\(path.debugDescription)")
        }
    }

    /// Paths beyond ASCII go the character-wise way: a slash with a
    /// combining mark on it is no slash.
    @Test func nonASCIIPathsAreReadByCharacters() {
        #expect(StorePath.parentOfDirectory("/a/b\u{301}/") == "/a")
        #expect(StorePath.parentOfDirectory("/a/\u{301}") == "/")
        #expect(StorePath.parentOfDirectory("/José/x") == "/José")
    }
}

/// The lock file's mark read by its bytes against the reading by characters.
@Suite("Applied mark text")
struct AppliedMarkTextTests {
    /// Random ASCII lines made of the mark's pieces, spaces, signs and
    /// digits: the byte-wise reading is the character-wise one.
    @Test func asciiReadingAgreesWithTheTextReading() {
        var random = SeededGenerator(seed: 23)
        let pieces = ["applied", "applied", " ", " ", "  ", "0f1e-2d", "b", "7", "42", "-1", "+3", "-0", "x", "\r", "\t", "99999999999999999999"]
        for _ in 0..<5_000 {
            let line = Array((0..<Int.random(in: 0...6, using: &random)).map { _ in random.pick(pieces) }.joined().utf8)
            let ascii = AppliedMark.decodeASCII(line[...])
            #expect(ascii == AppliedMark.decodeText(line[...]), "\(String(decoding: line, as: UTF8.self).debugDescription)")
            #expect(AppliedMark.decode(line + [UInt8(ascii: "\n")]) == ascii)
        }
    }

    @Test func marksBeyondASCIIAreReadByCharacters() {
        #expect(AppliedMark.decode(Array("applied bööt 12\n".utf8)) == AppliedMark(boot: "bööt", journalLength: 12))
        // A space with a combining mark on it separates nothing.
        #expect(AppliedMark.decode(Array("applied b \u{301}x 12\n".utf8)) == AppliedMark(boot: "b \u{301}x", journalLength: 12))
        #expect(AppliedMark.decode([0x61, 0xFF, 0x20, 0x62, 0x20, 0x31, 0x0A]) == nil)
    }
}
