/// A command's input as a Swift value: decoded from the parsed line and
/// validated before the command runs.
///
/// A table entry names its input type (`CommandSpec(..., input:)`); the
/// parser decodes it once the line fits the table, so a value that does not
/// convert, or a combination the type refuses, is a `UsageError` reported
/// like any other, with the command's usage. Read options and arguments
/// through their typed definitions (`Flag`, `Toggle`, `Option`, `Argument`),
/// never by name.
public protocol CommandInput: Sendable {
    /// Decodes and validates the command's options and arguments.
    init(from parsed: ParsedCommand) throws(UsageError)
}

/// The input type of a table entry, compared by identity so the table
/// stays a value that can be checked for equality.
public struct InputType: Sendable, Equatable {
    /// The type the parser decodes.
    public let type: any CommandInput.Type

    /// Wraps a type.
    public init(_ type: any CommandInput.Type) {
        self.type = type
    }

    public static func == (lhs: InputType, rhs: InputType) -> Bool {
        ObjectIdentifier(lhs.type) == ObjectIdentifier(rhs.type)
    }
}
