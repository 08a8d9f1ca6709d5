import ExhibitCore
import ExhibitRules

/// Everything that happens to the triage screen, in the one order the loop delivers it:
/// what the person does, and what the I/O it asked for (`TriageEffect`) brought back.
/// `TriageState.receive` is the only way in.
public enum TriageEvent: Sendable {
    case key(Key)
    case resize(rows: Int, cols: Int)
    /// A note for the status line (a terminal fallback, say).
    case notice(HookMessage)
    /// The rules check of `runID` (`.checkRules`) is done; with the finished bundle when
    /// the check read the rest of the load first (`TriageData.rest`).
    /// `prepared`: the data made from them on the worker (`TriageData.prewarm`), so the
    /// UI thread only swaps it in.
    case rulesChecked(CheckReport, finished: EvidenceBundle? = nil, prepared: TriageData? = nil, runID: String)
    /// The runs that could be a base, found for `.listBases` of `runID`.
    case basesFound([BaseCandidate], BaseRequest, runID: String)
    /// A base run compared with `runID` (or why not), for `.loadBase` of `runID`.
    case baseLoaded(String, Result<RunComparison, ArchiveOpenFailure>, runID: String)
    /// What saving `.confirmClassification` of `runID` reported.
    case recordSaved(HookMessage, runID: String)
    /// What writing `.exportNote` of `runID` reported.
    case noteWritten(HookMessage, runID: String)
    /// The matches of `.search` over `runID`'s container.
    case searched(ContainerSearch, runID: String)
}

/// What the state machine asks to be done; it never performs I/O. Effects that need
/// the run carry its data (`TriageData`, shared, immutable), so whoever performs them
/// holds no copy of the state; their results come back as `TriageEvent`s naming the run.
public enum TriageEffect: Sendable, Equatable {
    case quit
    /// Forget the painted screen and repaint everything (Ctrl-L).
    case redraw
    /// Check the rules against the run (the rules and their source are in the data),
    /// the rest of its load read first when there is one; answered by `.rulesChecked`.
    case checkRules(TriageData)
    /// Record the decision with the findings it was made on; answered by `.recordSaved`.
    case confirmClassification(TriageDecision, TriageData)
    /// Write the triage note (with the decision, if any); answered by `.noteWritten`.
    case exportNote(TriageDecision?, TriageData)
    /// Keep an unfinished comment (the UI is being left); not answered.
    case saveDraft(TriageDraft, TriageData)
    /// Find the runs that could be a base for `runID`; answered by `.basesFound`.
    case listBases(BaseRequest, runID: String)
    /// Read this run as a base and compare the run with it (the comparison is made off
    /// the key thread: it walks both inventories and checks the base); answered by `.baseLoaded`.
    case loadBase(String, of: TriageData)
    /// Find the names matching the pattern in the run's whole container, ordered as the
    /// tree draws them in this order; answered by `.searched`. Pure, but a scan of a
    /// million names (and sorting as many matches) is not for the key thread.
    case search(SearchPattern, SortOrder, TriageData)
}

/// Which base `b` and `B` ask for.
public enum BaseRequest: Sendable, Equatable {
    /// The latest earlier run that passed (`b`).
    case latestPassing
    /// A chooser listing the runs (`B`).
    case choose
}

/// Work asked for and not answered yet, said on the status line meanwhile: the keys
/// stay live, so the person sees why nothing has changed yet.
public enum TriageActivity: Sendable, Equatable {
    case findingBases
    case loadingBase(String)
    case savingRecord
    case writingNote
    case searching(String)

    public var text: String {
        switch self {
        case .findingBases: "Looking for runs to compare with…"
        case .loadingBase(let runID): "Loading base run \(runID)…"
        case .savingRecord: "Saving the classification…"
        case .writingNote: "Writing the triage note…"
        case .searching(let text): "Searching the container for \(text)…"
        }
    }
}

extension TriageEffect {
    /// What the status line says while this effect is under way; nil for the quick ones
    /// and for the rules check (the header says "Checking the rules…").
    var activity: TriageActivity? {
        switch self {
        case .listBases: .findingBases
        case .loadBase(let runID, _): .loadingBase(runID)
        case .confirmClassification: .savingRecord
        case .exportNote: .writingNote
        case .search(let pattern, _, _): .searching(TerminalText.escape(pattern.text, emoji: .escaped))
        case .quit, .redraw, .checkRules, .saveDraft: nil
        }
    }
}

/// Why a run (of the archive, or a base) could not be opened; shown on the status line.
public struct ArchiveOpenFailure: Error, Sendable, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

extension TriageData: Equatable {
    /// The same run's data: effects compare by which session they belong to.
    public static func == (a: TriageData, b: TriageData) -> Bool { a === b }
}
