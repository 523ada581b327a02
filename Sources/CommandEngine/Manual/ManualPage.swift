/// What a man page says beyond the command table: the caller's prose and
/// reference sections, given as data so the page is reproducible.
public struct ManualPage: Sendable, Equatable {
    /// The `.Dd` date, fixed by the caller (`November 21, 2026`), never "today".
    public var date: String
    /// The manual section (`1`).
    public var section: String
    /// What the footer names as the source of the page (`lifesignal 0.1.0`);
    /// nil leaves it to the formatter, which names the system it runs on.
    public var source: String?
    /// Paragraphs of the DESCRIPTION section, before the global options.
    public var description: [String]
    /// ENVIRONMENT entries: variable name and meaning.
    public var environment: [ManualEntry]
    /// FILES entries: path and meaning.
    public var files: [ManualEntry]
    /// EXIT STATUS entries: code and meaning.
    public var exitStatus: [ManualEntry]
    /// Examples after those gathered from the table.
    public var examples: [CommandExample]
    /// SEE ALSO references.
    public var seeAlso: [ManualReference]

    /// Creates a description; empty sections are left out of the page.
    public init(
        date: String, section: String = "1", source: String? = nil, description: [String] = [],
        environment: [ManualEntry] = [],
        files: [ManualEntry] = [], exitStatus: [ManualEntry] = [], examples: [CommandExample] = [],
        seeAlso: [ManualReference] = []
    ) {
        self.date = date
        self.section = section
        self.source = source
        self.description = description
        self.environment = environment
        self.files = files
        self.exitStatus = exitStatus
        self.examples = examples
        self.seeAlso = seeAlso
    }
}

/// A term and its explanation in a man page list.
public struct ManualEntry: Sendable, Equatable {
    /// The variable, path or exit code.
    public var term: String
    /// What it means; one paragraph.
    public var text: String

    /// Creates an entry.
    public init(_ term: String, _ text: String) {
        self.term = term
        self.text = text
    }
}

/// Another manual page, as `name(section)`.
public struct ManualReference: Sendable, Equatable {
    /// The page name.
    public var name: String
    /// Its section.
    public var section: String

    /// Creates a reference.
    public init(_ name: String, _ section: String) {
        self.name = name
        self.section = section
    }
}
