/// Finds the files that are also directories (another file lies below
/// them, `a` and `a/b`) in one pass over paths in byte order, holding only
/// the files a later path may still lie below, not every path seen.
///
/// A file `f` can have paths below it only within `[f, f0)` (`0` follows
/// `/`), and such windows of paths in byte order nest: a path inside `f`'s
/// window starts with `f` and then a byte below `0`, so its own window ends
/// first. The open windows are therefore a stack, at most one for each
/// prefix of the current path.
struct FilesBelowFiles {
    /// The files whose window holds the last path, each inside the one before.
    private var open: [[UInt8]] = []
    /// The most files held at once.
    private(set) var peakHeld = 0

    /// Notes `path`, which sorts after every path noted before it, and
    /// returns the files it lies below, nearest first.
    mutating func note(_ path: [UInt8]) -> [[UInt8]] {
        while let last = open.last, !path.lexicographicallyPrecedes(last + [UInt8(ascii: "0")]) {
            open.removeLast()
        }
        var above: [[UInt8]] = []
        for file in open.reversed() where path.count > file.count && path[file.count] == UInt8(ascii: "/") {
            above.append(file)
        }
        open.append(path)
        peakHeld = max(peakHeld, open.count)
        return above
    }
}
