import Foundation

/// Output of a long-running command that writes one JSON object a line
/// (`agent --json`, `notifications follow --json`).
public enum JSONLines {
    /// The objects in `text`, in order; a line that is not one (a line still
    /// being written) is left out.
    public static func objects(_ text: String) -> [[String: Any]] {
        text.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
    }
}

extension Running {
    /// The JSON lines the process has written to stdout so far.
    public var jsonLinesSoFar: [[String: Any]] { JSONLines.objects(stdoutSoFar) }

    /// Waits until a JSON line satisfies `wanted`; false when the process
    /// exits or `timeout` seconds pass first.
    public func waitForLine(timeout: Double = 30, _ wanted: @escaping ([String: Any]) -> Bool) -> Bool {
        waitFor(timeout: timeout) { out, _ in JSONLines.objects(out).contains(where: wanted) }
    }
}
