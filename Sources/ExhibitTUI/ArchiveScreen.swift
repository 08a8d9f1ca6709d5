import ExhibitCore
import ExhibitTriageUI

/// The archive in the loop: the run list and the run opened from it. Its own effects
/// are reading list lines and opening runs; the open run's go through `TriageWork`.
struct ArchiveScreen: LoopScreen {
    var state: ArchiveState
    let performer: any ArchivePerformer
    let glyphs: Glyphs
    /// How long the next paint waits for a run being opened: a small one loads in a few
    /// milliseconds, and the list does not flash between two runs (`]`).
    static let openGraceMilliseconds = 50

    static func key(_ key: Key) -> ArchiveEvent { .key(key) }
    static func resize(rows: Int, cols: Int) -> ArchiveEvent { .resize(rows: rows, cols: cols) }

    var startEffects: [ArchiveEffect] { state.startEffects }

    mutating func receive(_ event: ArchiveEvent) -> [ArchiveEffect] { state.receive(event) }

    func render() -> Grid { ArchiveRenderer.render(state, glyphs: glyphs) }

    func step(for effect: ArchiveEffect) -> LoopStep<ArchiveEvent> {
        let performer = self.performer
        switch effect {
        case .quit:
            return .quit
        case .redraw:
            return .redraw
        case .readSummaries(let runIDs):
            return .work(
                Work(.read) { post in
                    for runID in runIDs { post(.summaryRead(performer.readSummary(runID))) }
                })
        case .openRun(let runID):
            return .work(
                Work(.read, graceMilliseconds: Self.openGraceMilliseconds) { post in
                    post(.runOpened(runID, performer.openRun(runID)))
                })
        case .run(let runEffect):
            return TriageWork.step(for: runEffect, performer).map(ArchiveEvent.run)
        }
    }

    var keepDraft: Work<ArchiveEvent>? {
        guard let open = state.run?.state, let draft = open.pendingDraft else { return nil }
        return TriageWork.saveDraft(draft, of: open.data, performer).map(ArchiveEvent.run)
    }
}
