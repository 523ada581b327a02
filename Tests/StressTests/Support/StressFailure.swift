/// A failed precondition of a stress test's own setup.
struct StressFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
