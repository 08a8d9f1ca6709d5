import ExhibitCore
import ExhibitRules
/// Everything the archive UI is opened with. The UI does no I/O: the command supplies
/// closures that read a run's list line (called off the UI thread, one run at a time)
/// and open a run for triage (called on the UI thread when a run is chosen).
public struct ArchiveSession {
    /// How the header names the archive (its directory name).
    public var title: String
    /// Every run of the archive; their lines fill in as `readSummary` returns.
    public var runIDs: [String]
    /// Reads one run's list line. Must be safe to call from a background thread.
    public var readSummary: @Sendable (String) -> RunSummary
    /// Loads a run with its triage record and hooks, or says why it cannot.
    public var openRun: (String) -> Result<TriageSession, ArchiveOpenFailure>

    public init(title: String, runIDs: [String], readSummary: @escaping @Sendable (String) -> RunSummary,
                openRun: @escaping (String) -> Result<TriageSession, ArchiveOpenFailure>) {
        self.title = title
        self.runIDs = runIDs
        self.readSummary = readSummary
        self.openRun = openRun
    }
}

/// Why a run of the archive could not be opened; shown on the status line.
public struct ArchiveOpenFailure: Error, Sendable, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
}
