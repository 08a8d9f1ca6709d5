import ExhibitCore
import ExhibitRules

/// The I/O behind the triage screen's effects, supplied by whoever opens the UI (the
/// command line today). The terminal driver calls it on worker threads, never on the
/// thread that reads keys, and hands what it returns back to the state as events.
public protocol TriagePerformer: Sendable {
    /// The rules check of a run opened with `needsCheck` (`TriageEffect.checkRules`),
    /// held against `bundle`: the run's, finished when it was loaded in two parts.
    func checkRules(_ run: TriageData, bundle: EvidenceBundle) -> CheckReport
    /// Records a confirmed classification with the findings it was made on.
    func saveRecord(_ decision: TriageDecision, of run: TriageData) -> HookMessage
    /// Writes the triage note (with the decision, if any) and says where.
    func writeNote(_ decision: TriageDecision?, of run: TriageData) -> HookMessage
    /// Keeps an unfinished comment; the UI is being left, so a failure is the
    /// performer's to report.
    func saveDraft(_ draft: TriageDraft, of run: TriageData)
    /// The runs that could be a base for `runID` (it may be among them; it is skipped).
    func baseCandidates(forRun runID: String) -> [BaseCandidate]
    /// A base run read and compared with `run` (`RunComparison`: its inventory and test
    /// results, its rules check under the run's rules), or why it cannot be read.
    func loadBase(_ runID: String, for run: TriageData) -> Result<RunComparison, ArchiveOpenFailure>
}

/// The archive screen's I/O besides the open run's.
public protocol ArchivePerformer: TriagePerformer {
    /// One run's list line.
    func readSummary(_ runID: String) -> RunSummary
    /// Loads a run with its triage record and draft, or says why it cannot, reporting
    /// its progress to `observer` (the loading screen); nil when the observer was
    /// cancelled part way (the person stopped the open, or asked for another run).
    func openRun(_ runID: String, observer: LoadObserver) -> Result<TriageSession, ArchiveOpenFailure>?
}
