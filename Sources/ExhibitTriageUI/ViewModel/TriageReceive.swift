import ExhibitCore
import ExhibitRules

/// The triage state's one entry point: every key, resize and result of I/O comes in
/// here, and the effects to perform go out. Results name the run they were asked for;
/// one for another run (left while it was under way) is dropped.
extension TriageState {
    public mutating func receive(_ event: TriageEvent) -> [TriageEffect] {
        let effects: [TriageEffect]
        switch event {
        case .key(let key):
            effects = handle(key: key)
        case .resize(let rows, let cols):
            effects = handle(.resize(rows: rows, cols: cols))
        case .notice(let note):
            message = note
            effects = []
        case .rulesChecked(let report, let finished, let prepared, let runID):
            guard isMine(runID) else { return [] }
            receivedReport(report, finished: finished, prepared: prepared)
            effects = []
        case .basesFound(let candidates, let request, let runID):
            guard isMine(runID) else { return [] }
            finished(.findingBases)
            effects = receivedBases(candidates, for: request)
        case .baseLoaded(let baseRunID, let result, let runID):
            guard isMine(runID) else { return [] }
            finished(.loadingBase(baseRunID))
            receivedBase(baseRunID, result)
            effects = []
        case .recordSaved(let result, let runID):
            guard isMine(runID) else { return [] }
            finished(.savingRecord)
            // A failed save puts the previous decision back.
            if result.isError { decision = decisionBeforeSave }
            message = result
            effects = []
        case .noteWritten(let result, let runID):
            guard isMine(runID) else { return [] }
            finished(.writingNote)
            message = result
            effects = []
        case .searched(let search, let runID):
            guard isMine(runID) else { return [] }
            finished(.searching(TerminalText.escape(search.pattern.text, emoji: .escaped)))
            receivedSearch(search)
            effects = []
        }
        activities += effects.compactMap(\.activity)
        return effects
    }

    /// What the status line says about work under way, if anything.
    public var activityText: String? { activities.last?.text }

    private func isMine(_ runID: String) -> Bool { runID == data.bundle.runID }

    private mutating func finished(_ activity: TriageActivity) {
        if let i = activities.firstIndex(of: activity) { activities.remove(at: i) }
    }
}
