extension Array where Element == String {
    /// The strings with `separator` between them, as `joined(separator:)`
    /// gives them, concatenated directly.
    ///
    /// The standard library's `joined(separator:)` runs as unspecialised
    /// generic code: its first use in a process looks up associated types
    /// at run time, as costly as the rest of a check-in's output. Paths every
    /// `status` or `checkin` runs use this instead.
    public func concatenated(separator: String = "") -> String {
        var result = ""
        result.reserveCapacity(reduce(separator.utf8.count * Swift.max(count - 1, 0)) { $0 + $1.utf8.count })
        for (index, part) in enumerated() {
            if index > 0 { result += separator }
            result += part
        }
        return result
    }
}
