import FoundationEssentials
import Glibc
import LifeSignalApp
import LifeSignalCore
import SystemFiles

/// Everything a run of lifesignal takes from the outside world: the words
/// and the terminal (input, output, its width) here, the rest in the
/// application's environment; injected so that tests use the same code
/// paths as users.
public struct CLIEnvironment {
    /// The words after the program name.
    public var arguments: [String]
    public var input: any InputSource
    public var stdout: any OutputSink
    public var stderr: any OutputSink
    /// The width of the terminal stdout is, nil when it is not one.
    public var terminalColumns: Int?
    /// Asks the terminal its width again (a window resized while a command
    /// redraws, `status --watch`); nil when it cannot tell.
    public var measureColumns: @Sendable () -> Int? = { nil }
    /// The clock, randomness, files, commands and variables.
    public var app: AppEnvironment

    public init(arguments: [String], input: any InputSource, stdout: any OutputSink, stderr: any OutputSink,
                terminalColumns: Int? = nil, app: AppEnvironment) {
        self.arguments = arguments
        self.input = input
        self.stdout = stdout
        self.stderr = stderr
        self.terminalColumns = terminalColumns
        self.app = app
    }

    public init(arguments: [String], variables: [String: String], workingDirectory: String,
                input: any InputSource, stdout: any OutputSink, stderr: any OutputSink,
                clock: @escaping @Sendable () -> Date, random: RandomSource,
                fileSystem: any FileSystem, processRunner: any ProcessRunner,
                homeFallback: String?, lockTimeout: Duration,
                makeWaiter: @escaping (any StoreChangeSignal) -> any ChangeWaiter, terminalColumns: Int? = nil,
                machineName: String? = nil) {
        self.init(arguments: arguments, input: input, stdout: stdout, stderr: stderr, terminalColumns: terminalColumns,
                  app: AppEnvironment(variables: variables, workingDirectory: workingDirectory, clock: clock, random: random,
                                      fileSystem: fileSystem, processRunner: processRunner, homeFallback: homeFallback,
                                      lockTimeout: lockTimeout, makeWaiter: makeWaiter, machineName: machineName))
    }

    /// The variables of the run (see `AppEnvironment.variables`).
    public var variables: [String: String] {
        get { app.variables }
        set { app.variables = newValue }
    }

    /// Columns of the terminal output goes to: `COLUMNS` when set, else the
    /// terminal's own width; nil when output is not a terminal. Never below
    /// 20, where nothing fits.
    var columns: Int? {
        if let fixed = fixedColumns { return fixed }
        return terminalColumns.map { max(20, $0) }
    }

    /// `COLUMNS`, which wins over what the terminal says.
    var fixedColumns: Int? {
        guard let text = app.variable("COLUMNS"), let columns = Int(text), columns > 0 else { return nil }
        return max(20, columns)
    }

    /// The environment of the running process.
    public static func live(arguments: [String]) -> CLIEnvironment {
        var environment = CLIEnvironment(arguments: arguments, input: StandardInput(), stdout: FileDescriptorSink(descriptor: 1),
                                         stderr: FileDescriptorSink(descriptor: 2), terminalColumns: terminalColumns(), app: .live())
        environment.measureColumns = { terminalColumns() }
        return environment
    }

    /// The width of the terminal on stdout, asked of the terminal itself.
    private static func terminalColumns() -> Int? {
        guard isatty(1) == 1 else { return nil }
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
