/// A test's own setup or harness went wrong (not the code under test): a
/// thrown error with the evidence, so the test stops and says why.
public struct HarnessFailure: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
