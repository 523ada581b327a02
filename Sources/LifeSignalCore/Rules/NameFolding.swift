/// Names as a person types them when looking for someone: without regard
/// to letter case or accents, so `cleo` finds `Cléo` and `SOREN` finds `Søren`.
public enum NameFolding {
    /// `text` in lower case with accents and other marks taken off letters
    /// and runs of white space made one space.
    ///
    /// A precomposed letter (`é`, `Ø`, `ế`) becomes its base letter by the
    /// Unicode data's decompositions and names (`NameFoldingTable`); a
    /// combining mark typed on its own is dropped.
    public static func fold(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !scalars.isEmpty
                continue
            }
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format: continue
            default: break
            }
            if pendingSpace {
                scalars.append(" ")
                pendingSpace = false
            }
            let base = NameFoldingTable.base(of: scalar.value).flatMap(Unicode.Scalar.init) ?? scalar
            scalars.append(base)
        }
        return String(scalars).lowercased()
    }
}

extension NameFoldingTable {
    /// The base letter of `value`, or nil when it has none (binary search
    /// in the sorted `[letter, base]` pairs).
    static func base(of value: UInt32) -> UInt32? {
        guard value >= 0xC0 else { return nil }
        var low = 0, high = bases.count / 2
        while low < high {
            let middle = (low + high) / 2
            let key = bases[middle * 2]
            if key == value { return bases[middle * 2 + 1] }
            if key < value { low = middle + 1 } else { high = middle }
        }
        return nil
    }
}
