/// What a result bundle's `database.sqlite3` (written by xcresulttool, Xcode 16+) says,
/// as the reader in ExhibitIO gathered it: the core cannot open SQLite, so a source
/// on disk reads the tables and hands over these values (`EvidenceSource.readResultDatabase`).
public struct XCResultDatabaseContents: Sendable {
    /// `Xcode 26` (`TestIssues.isTopLevel`), `Xcode 16` (`isTopLevelFailure`), or
    /// `unknown` when the probed columns match neither.
    public var schema: String
    /// Every `TestCaseRuns` row as a run, in the order the bundle ran them.
    package var runs: [XCResultTestRun]
    /// `Invocations.scheme`.
    public var scheme: String?
    /// The first action's start and the last one's finish, seconds since 1970 (UTC).
    public var startTime: Double?
    public var finishTime: Double?
    /// Each action's run destination, once.
    public var devices: [TestDevice]
    /// What the read met and went past: dangling references, rows left out.
    public var diagnostics: [Diagnostic]

    package init(
        schema: String, runs: [XCResultTestRun], scheme: String? = nil, startTime: Double? = nil, finishTime: Double? = nil,
        devices: [TestDevice] = [], diagnostics: [Diagnostic] = []
    ) {
        self.schema = schema
        self.runs = runs
        self.scheme = scheme
        self.startTime = startTime
        self.finishTime = finishTime
        self.devices = devices
        self.diagnostics = diagnostics
    }

    /// Core Data's epoch (2001-01-01 UTC), which every time column counts from.
    package static let coreDataEpoch = 978_307_200.0

    /// The results, folded as `Data/`'s are (`XCResultRunAssembly`).
    public func results() -> TestResults {
        var results = TestResults(source: .xcresultBundle, scheme: scheme, devices: devices)
        results.startTime = startTime
        results.finishTime = finishTime
        XCResultRunAssembly.assemble(runs, into: &results)
        return results
    }
}

/// What a source says when the loader asks for a result bundle's database.
public enum ResultDatabaseReading: Sendable {
    /// No such file.
    case absent
    /// The file is there, but this source cannot open SQLite (an in-memory source).
    case unsupported
    /// The file is there and is not a database that could be read; why.
    case unreadable(String)
    case read(XCResultDatabaseContents)
}
