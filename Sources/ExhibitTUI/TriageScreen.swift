import ExhibitCore
import ExhibitTriageUI

/// The triage screen of one run in the loop: its state, and its effects as work for
/// the performer.
struct TriageScreen: LoopScreen {
    var state: TriageState
    let performer: any TriagePerformer
    let glyphs: Glyphs

    static func key(_ key: Key) -> TriageEvent { .key(key) }
    static func resize(rows: Int, cols: Int) -> TriageEvent { .resize(rows: rows, cols: cols) }

    var startEffects: [TriageEffect] { state.startEffects }

    mutating func receive(_ event: TriageEvent) -> [TriageEffect] { state.receive(event) }

    func render() -> Grid { TriageRenderer.render(state, glyphs: glyphs) }

    func step(for effect: TriageEffect) -> LoopStep<TriageEvent> { TriageWork.step(for: effect, performer) }

    var keepDraft: Work<TriageEvent>? {
        state.pendingDraft.map { TriageWork.saveDraft($0, of: state.data, performer) }
    }
}

/// How a run's effects are carried out: which performer call, on which lane, and the
/// event its result comes back as. Shared by the run screen and the archive's open run.
enum TriageWork {
    /// From this many entries on, the first screen is painted before the check starts:
    /// it would not finish within the grace anyway, and a second busy thread would only
    /// delay the first paint (on two cores, beside the terminal).
    static let paintFirstEntries = 100_000
    /// How long the first screen of a small run waits for its check: it takes a few
    /// milliseconds there, so the run opens with its findings.
    static let checkGraceMilliseconds = 25

    static func step(for effect: TriageEffect, _ performer: any TriagePerformer) -> LoopStep<TriageEvent> {
        switch effect {
        case .quit: .quit
        case .redraw: .redraw
        default: .work(work(for: effect, performer))
        }
    }

    static func saveDraft(_ draft: TriageDraft, of run: TriageData, _ performer: any TriagePerformer) -> Work<TriageEvent> {
        Work(.write) { _ in performer.saveDraft(draft, of: run) }
    }

    private static func work(for effect: TriageEffect, _ performer: any TriagePerformer) -> Work<TriageEvent> {
        switch effect {
        case .quit, .redraw:
            preconditionFailure("the loop's own effects are not work")
        case .checkRules(let run):
            let large = (run.inventory?.count ?? 0) >= paintFirstEntries
            return Work(.read, graceMilliseconds: large ? 0 : checkGraceMilliseconds, afterPaint: large) { post in
                // The rest of the load (steps.tsv) first: the classifier reads the steps.
                let finished = run.rest?.finish(run.bundle)
                let report = performer.checkRules(run, bundle: finished ?? run.bundle)
                // The data the findings make (their index, rows, the pane's first widths)
                // made here, off the UI thread; the other sort orders after it is posted.
                let data = TriageData(bundle: finished ?? run.bundle, report: report, rules: run.rules)
                data.prewarm(order: .bySize)
                post(.rulesChecked(report, finished: finished, prepared: data, runID: run.bundle.runID))
                data.prewarmOtherOrders(than: .bySize)
            }
        case .confirmClassification(let decision, let run):
            return Work(.write) { post in post(.recordSaved(performer.saveRecord(decision, of: run), runID: run.bundle.runID)) }
        case .exportNote(let decision, let run):
            return Work(.write) { post in post(.noteWritten(performer.writeNote(decision, of: run), runID: run.bundle.runID)) }
        case .saveDraft(let draft, let run):
            return saveDraft(draft, of: run, performer)
        case .listBases(let request, let runID):
            return Work(.read) { post in post(.basesFound(performer.baseCandidates(forRun: runID), request, runID: runID)) }
        case .loadBase(let baseRunID, let run):
            return Work(.read) { post in
                post(.baseLoaded(baseRunID, performer.loadBase(baseRunID, for: run), runID: run.bundle.runID))
            }
        case .search(let pattern, let order, let run):
            return Work(.read) { post in
                guard let inventory = run.inventory else { return }
                post(.searched(ContainerSearch(pattern, in: inventory, order: order, sizes: run.unrecordedSizes), runID: run.bundle.runID))
            }
        }
    }
}
