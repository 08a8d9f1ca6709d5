import ExhibitCore
import ExhibitTriageUI
import Foundation

/// Loads one run's session, reporting to the observer; nil when the observer was
/// cancelled (the load stopped part way), a failure when the run cannot be opened.
public typealias RunLoad = @Sendable (LoadObserver) -> Result<TriageSession, ArchiveOpenFailure>?

/// `exhibit RUN` in the loop: the terminal is open before the run is read. The load is
/// an effect on a worker; a run that takes longer than `LoadTiming.showAfterMilliseconds`
/// shows the loading screen (`LoadingView`) fed by the loader's progress, where q or Esc
/// cancels the load and quits (`TerminalApp.Status.aborted`); then the run's own screen
/// takes over, with its effects. Other keys pressed while the run loads are kept and
/// given to the run's screen once it opens, in order (typeahead: `?`, `/`, a move typed
/// while a large run loads is not lost).
struct RunLoadingScreen: LoopScreen {
    enum Event: Sendable {
        case key(Key)
        case resize(rows: Int, cols: Int)
        case progress(LoadProgress)
        /// nil: the load was cancelled.
        case loaded(Result<TriageSession, ArchiveOpenFailure>?)
        case run(TriageEvent)
    }

    enum Effect {
        case load, abort, fail, redraw
        case run(TriageEffect)
    }

    enum Phase {
        case loading(LoadingView)
        case open(TriageScreen)
    }

    private(set) var phase: Phase
    /// Keys pressed while loading that the loading screen does not answer, for the run.
    private(set) var typeahead: [Key] = []
    /// Typeahead kept at most: a held key or a paste does not grow it without bound.
    static let typeaheadLimit = 64
    let load: RunLoad
    let performer: any TriagePerformer
    let glyphs: Glyphs
    /// Said on the status line once the run is open (an unknown TERM, a locale without UTF-8).
    let notice: HookMessage?
    let timing: LoadTiming
    let cancellation = LoadCancellation()

    init(
        runName: String, rows: Int, cols: Int, load: @escaping RunLoad, performer: any TriagePerformer, glyphs: Glyphs,
        notice: HookMessage? = nil, timing: LoadTiming = LoadTiming()
    ) {
        phase = .loading(LoadingView(runName: runName, rows: rows, cols: cols))
        self.load = load
        self.performer = performer
        self.glyphs = glyphs
        self.notice = notice
        self.timing = timing
    }

    static func key(_ key: Key) -> Event { .key(key) }
    static func resize(rows: Int, cols: Int) -> Event { .resize(rows: rows, cols: cols) }

    var startEffects: [Effect] { [.load] }

    mutating func receive(_ event: Event) -> [Effect] {
        switch (phase, event) {
        case (.loading(let view), .key(let key)):
            switch view.handle(key) {
            case .abort:
                // Stopped, not just hidden: the readers see the cancel at their next chunk.
                cancellation.cancel()
                return [.abort]
            case .redraw: return [.redraw]
            case .none:
                if typeahead.count < Self.typeaheadLimit { typeahead.append(key) }
                return []
            }
        case (.loading(var view), .resize(let rows, let cols)):
            view.resize(rows: rows, cols: cols)
            phase = .loading(view)
            return []
        case (.loading(var view), .progress(let progress)):
            view.receive(progress)
            phase = .loading(view)
            return []
        case (.loading, .loaded(nil)):
            return []
        case (.loading, .loaded(.failure)):
            return [.fail]
        case (.loading(let view), .loaded(.success(let session))):
            var state = TriageState(session: session, rows: view.rows, cols: view.cols)
            if let notice { _ = state.receive(.notice(notice)) }
            var screen = TriageScreen(state: state, performer: performer, glyphs: glyphs)
            phase = .open(screen)
            var effects = screen.startEffects.map(Effect.run)
            let typed = typeahead
            typeahead = []
            for key in typed { effects += forward(&screen, .key(key)) }
            return effects
        case (.open(var screen), .key(let key)):
            return forward(&screen, .key(key))
        case (.open(var screen), .resize(let rows, let cols)):
            return forward(&screen, .resize(rows: rows, cols: cols))
        case (.open(var screen), .run(let event)):
            return forward(&screen, event)
        case (.open, _), (.loading, .run):
            // Progress that was on its way when the run arrived; a run's late result.
            return []
        }
    }

    private mutating func forward(_ screen: inout TriageScreen, _ event: TriageEvent) -> [Effect] {
        let effects = screen.receive(event)
        phase = .open(screen)
        return effects.map(Effect.run)
    }

    func render() -> Grid {
        switch phase {
        case .loading(let view): LoadingRenderer.render(view, glyphs: glyphs)
        case .open(let screen): screen.render()
        }
    }

    func step(for effect: Effect) -> LoopStep<Event> {
        switch effect {
        case .load: .work(loadWork())
        case .abort: .exit(TerminalApp.Status.aborted)
        case .fail: .exit(TerminalApp.Status.unusableRun)
        case .redraw: .redraw
        case .run(let effect): TriageWork.step(for: effect, performer).map(Event.run)
        }
    }

    var keepDraft: Work<Event>? {
        guard case .open(let screen) = phase else { return nil }
        return screen.keepDraft?.map(Event.run)
    }

    /// The load on a reader thread; the first paint waits for it up to the show-after
    /// time (a small run opens on its tree, never on a flash of the loading screen).
    private func loadWork() -> Work<Event> {
        ObservedLoad.work(
            timing: timing, cancellation: cancellation, graceMilliseconds: timing.showAfterMilliseconds,
            progress: { .progress($0) }, load: load, done: { .loaded($0) })
    }
}
