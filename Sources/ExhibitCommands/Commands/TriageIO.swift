import ExhibitApp
import ExhibitCore
import ExhibitIO
import ExhibitRules
import ExhibitTriageUI
import Foundation

/// The triage UI's I/O for a run opened alone: records, drafts and notes through
/// `TriageHooks`, base runs from the run's parent directory. Called on the UI's worker
/// threads; holds no state of the UI.
struct RunIO: TriagePerformer {
    let store: NotesStore
    let comparison: RunComparisonInput

    func hooks(_ run: TriageData) -> TriageHooks {
        TriageHooks(
            store: store, bundle: run.bundle, environment: ProcessInfo.processInfo.environment,
            problems: OpenCommand.problems)
    }

    func checkRules(_ run: TriageData, bundle: EvidenceBundle) -> CheckReport {
        RulesInput.check(
            bundle, compiled: run.rules, source: run.report.rulesSource,
            diagnostics: run.report.rulesDiagnostics)
    }

    func saveRecord(_ decision: TriageDecision, of run: TriageData) -> HookMessage { hooks(run).confirm(decision, run.report) }

    func writeNote(_ decision: TriageDecision?, of run: TriageData) -> HookMessage { hooks(run).export(decision, run.report) }

    func saveDraft(_ draft: TriageDraft, of run: TriageData) { hooks(run).saveDraft(draft, run.report) }

    func baseCandidates(forRun runID: String) -> [BaseCandidate] { comparison.candidates() }

    func loadBase(_ runID: String, for run: TriageData) -> Result<RunComparison, ArchiveOpenFailure> {
        // A base asked for while the run's own check is still under way is compared with
        // the finished check, not the placeholder, and the finished bundle.
        let bundle = run.isChecking ? run.rest?.finish(run.bundle) ?? run.bundle : run.bundle
        let report = run.isChecking ? checkRules(run, bundle: bundle) : run.report
        return comparison.loadBase(runID, comparedWith: bundle, report: report, rules: run.rules)
    }
}

/// The archive UI's I/O: list lines from `ArchiveInput`, runs loaded from disk each
/// time (so a reopened run shows its record), and the open run's I/O as `RunIO`.
struct ArchiveIO: ArchivePerformer {
    let archive: ArchiveInput
    let run: RunIO

    init(archive: ArchiveInput) {
        self.archive = archive
        let ids = archive.readableRunIDs
        run = RunIO(store: archive.store, comparison: RunComparisonInput(directory: archive.url) { ids })
    }

    func readSummary(_ runID: String) -> RunSummary { archive.summary(of: runID) }

    func openRun(_ runID: String, observer: LoadObserver) -> Result<TriageSession, ArchiveOpenFailure>? {
        if let problem = archive.unreadable[runID] { return .failure(ArchiveOpenFailure("\(runID): \(problem)")) }
        do {
            guard
                let session = try OpenCommand.triageSession(
                    at: archive.url.appendingPathComponent(runID),
                    sharedRules: archive.sharedRules, store: archive.store,
                    canCompare: true, observer: observer)
            else { return nil }
            return .success(session)
        } catch {
            return .failure(ArchiveOpenFailure("\(runID): \(error)"))
        }
    }

    func checkRules(_ run: TriageData, bundle: EvidenceBundle) -> CheckReport { self.run.checkRules(run, bundle: bundle) }
    func saveRecord(_ decision: TriageDecision, of run: TriageData) -> HookMessage { self.run.saveRecord(decision, of: run) }
    func writeNote(_ decision: TriageDecision?, of run: TriageData) -> HookMessage { self.run.writeNote(decision, of: run) }
    func saveDraft(_ draft: TriageDraft, of run: TriageData) { self.run.saveDraft(draft, of: run) }
    func baseCandidates(forRun runID: String) -> [BaseCandidate] { run.baseCandidates(forRun: runID) }
    func loadBase(_ runID: String, for run: TriageData) -> Result<RunComparison, ArchiveOpenFailure> {
        self.run.loadBase(runID, for: run)
    }
}
