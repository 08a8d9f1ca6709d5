import ExhibitCore
import ExhibitTriageUI
import Foundation

/// The archive in the loop: the run list and the run opened from it. Its own effects
/// are reading list lines and opening runs; the open run's go through `TriageWork`.
struct ArchiveScreen: LoopScreen {
    var state: ArchiveState
    let performer: any ArchivePerformer
    let glyphs: Glyphs
    /// How long the next paint waits for a run being opened: a small one loads in a few
    /// milliseconds, and the list does not flash between two runs (`]`).
    static let openGraceMilliseconds = 50
    /// When a run being opened shows its loading screen (as `exhibit RUN`'s does).
    var timing = LoadTiming()
    let opens = OpenInFlight()

    init(state: ArchiveState, performer: any ArchivePerformer, glyphs: Glyphs, timing: LoadTiming = LoadTiming()) {
        self.state = state
        self.performer = performer
        self.glyphs = glyphs
        self.timing = timing
    }

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
                ObservedLoad.work(
                    timing: timing, cancellation: opens.begin(), graceMilliseconds: Self.openGraceMilliseconds,
                    progress: { .openProgress(runID, $0) },
                    load: { performer.openRun(runID, observer: $0) },
                    // A stopped open answers nothing: the state has already gone back.
                    done: { result in result.map { .runOpened(runID, $0) } }))
        case .stopOpening:
            opens.stop()
            return .handled
        case .run(let runEffect):
            return TriageWork.step(for: runEffect, performer).map(ArchiveEvent.run)
        }
    }

    var keepDraft: Work<ArchiveEvent>? {
        guard let open = state.run?.state, let draft = open.pendingDraft else { return nil }
        return TriageWork.saveDraft(draft, of: open.data, performer).map(ArchiveEvent.run)
    }
}

/// The archive's one run being opened: asking for another run stops the load of the
/// one before (its result would be dropped anyway), and q on the loading screen stops it.
final class OpenInFlight: @unchecked Sendable {
    private let lock = NSLock()
    private var current: LoadCancellation?

    func begin() -> LoadCancellation {
        let next = LoadCancellation()
        lock.lock()
        let previous = current
        current = next
        lock.unlock()
        previous?.cancel()
        return next
    }

    func stop() {
        lock.lock()
        let previous = current
        current = nil
        lock.unlock()
        previous?.cancel()
    }
}
