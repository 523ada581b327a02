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

/// The input type of a table entry, with whatever the program attaches to
/// act on it (its runner), compared by type so the table stays a value that
/// can be checked for equality.
public struct InputType: Sendable, Equatable {
    /// The type the parser decodes.
    public let type: any CommandInput.Type
    /// The program's own, carried untouched: lifesignal keeps the code that
    /// runs the input here, so finding it needs no lookup by name or type.
    public let payload: (any Sendable)?
    let decode: @Sendable (ParsedCommand) throws(UsageError) -> any CommandInput

    /// Wraps a type; decoding calls its `init(from:)` directly.
    public init<Input: CommandInput>(_ type: Input.Type, payload: (any Sendable)? = nil) {
        self.type = type
        self.payload = payload
        decode = { parsed throws(UsageError) in try Input(from: parsed) }
    }

    public static func == (lhs: InputType, rhs: InputType) -> Bool {
        ObjectIdentifier(lhs.type) == ObjectIdentifier(rhs.type)
    }
}
