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
