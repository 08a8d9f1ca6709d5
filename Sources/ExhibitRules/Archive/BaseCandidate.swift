import ExhibitCore

/// A run that can be the base of a comparison: what choosing one needs (its date and
/// whether its tests passed), read from run.json and the results without the inventory.
public struct BaseCandidate: Sendable, Equatable, Hashable {
    public var runID: String
    /// Seconds since 1970, as the run list sorts (`RunSummary.sortDate`).
    public var date: Double
    /// `2026-11-02 09:12`, `2026-11-02` from the id alone, `-` when unknown.
    public var dateText: String
    public var outcome: TestOutcome?

    public init(runID: String, date: Double, dateText: String, outcome: TestOutcome?) {
        self.runID = runID
        self.date = date
        self.dateText = dateText
        self.outcome = outcome
    }

    public init(_ summary: RunSummary) {
        self.init(runID: summary.runID, date: summary.sortDate, dateText: summary.dateText, outcome: summary.outcome)
    }

    public var passed: Bool { outcome == .passed }

    /// `passed`, `failed`, `no results`.
    public var outcomeText: String { outcome.map { "\($0)" } ?? "no results" }

    /// The latest run before `runID` whose tests passed: "what did this change start
    /// writing" is asked against the last known good run. Earlier means older by the
    /// list's order (date, then id), so runs of one day still have a before and after.
    /// The run's own entry among `candidates`, when present, gives its date; otherwise
    /// `runDate` does.
    public static func latestPassing(before runID: String, runDate: Double, among candidates: [BaseCandidate]) -> BaseCandidate? {
        let date = candidates.first { $0.runID == runID }?.date ?? runDate
        var best: BaseCandidate?
        for c in candidates
        where c.runID != runID && c.passed
            && RunSummary.newestFirst(runID, date, c.runID, c.date)
        {
            if let b = best, RunSummary.newestFirst(b.runID, b.date, c.runID, c.date) { continue }
            best = c
        }
        return best
    }

    /// Newest first, as the run list shows them; the chooser lists them so.
    public static func newestFirst(_ candidates: [BaseCandidate]) -> [BaseCandidate] {
        candidates.sorted { RunSummary.newestFirst($0.runID, $0.date, $1.runID, $1.date) }
    }
}
