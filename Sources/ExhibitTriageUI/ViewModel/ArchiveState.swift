import ExhibitCore
import ExhibitRules

/// Everything that happens to the archive screen: the person's keys, the list lines
/// and runs read for it, and results for the open run's effects.
public enum ArchiveEvent: Sendable {
    case key(Key)
    case resize(rows: Int, cols: Int)
    case notice(HookMessage)
    /// A run's list line has been read (`.readSummaries`).
    case summaryRead(RunSummary)
    /// The run asked for with `.openRun`, loaded with its record, or why not.
    case runOpened(String, Result<TriageSession, ArchiveOpenFailure>)
    /// How far the load of a run asked for with `.openRun` has come (only a load that
    /// passes the loading screen's threshold reports it).
    case openProgress(String, LoadProgress)
    /// A result for the open run's effects (dropped by it if it is for another run).
    case run(TriageEvent)
}

/// What the archive UI asks to be done.
public enum ArchiveEffect: Sendable, Equatable {
    case quit
    case redraw
    /// Read these runs' list lines, in order, each answered by `.summaryRead`.
    case readSummaries([String])
    /// Load this run; answered by `.runOpened` (and `.openProgress` while it loads).
    /// Asking for another run stops the load of the one before.
    case openRun(String)
    /// Stop loading this run (q or Esc on its loading screen); nothing answers.
    case stopOpening(String)
    /// An effect of the open run's triage state.
    case run(TriageEffect)
}

/// A run opened from the list: its id and its triage state.
public struct OpenRun: Sendable {
    public var runID: String
    public var state: TriageState
}

/// What covers the run list and takes the keys.
public enum RunListOverlay: Sendable, Equatable {
    case filterInput
    case help(HelpView)
}

/// The archive UI as a value: the run list, and the triage state of the run opened
/// from it. Keys go to the open run; q there comes back to the list, `]` and `[` move
/// to the next or previous run of the list as shown.
public struct ArchiveState: Sendable {
    public let title: String
    public internal(set) var list: RunList
    public internal(set) var run: OpenRun?
    public internal(set) var overlay: RunListOverlay?
    /// Shown on the list's status line until the next key.
    public internal(set) var message: HookMessage?
    public internal(set) var layout: ScreenLayout
    /// The run asked for with `.openRun` and not loaded yet; the list says so, and keys
    /// still work (q quits, another Enter asks for another run instead).
    public internal(set) var opening: String?
    /// The loading screen of `opening`, once its load has reported progress (it is past
    /// the threshold of a quick open): it covers the list and takes the keys, q or Esc
    /// stopping the open.
    public internal(set) var loading: LoadingView?
    /// Keys pressed on `opening`'s loading screen that it does not answer, given to the
    /// run once it opens (as `exhibit RUN` does); dropped with the open.
    public internal(set) var typeahead: [Key] = []
    /// Typeahead kept at most: a held key or a paste does not grow it without bound.
    public static let typeaheadLimit = 64
    /// The runs in the order they were given, the order their lines are read in.
    private let runIDs: [String]

    public init(title: String, runIDs: [String], rows: Int = 24, cols: Int = 80) {
        self.title = title
        self.runIDs = runIDs
        self.list = RunList(runIDs: runIDs)
        self.layout = ScreenLayout(rows: rows, cols: cols)
    }

    /// What the state asks for as it starts: every run's list line.
    public var startEffects: [ArchiveEffect] { runIDs.isEmpty ? [] : [.readSummaries(runIDs)] }

    /// Rows of the list body: below the header, the detail and volume rows and the column titles.
    public static let listTop = 4
    public var listRows: Int { max(layout.statusRow - Self.listTop, 1) }

    public var context: BindingContext {
        if let run { return run.state.context }
        switch overlay {
        case nil: return .runList
        case .filterInput: return .runListFilter
        case .help: return .help
        }
    }

    // MARK: - Events

    /// The one entry point: keys, resizes, list lines, opened runs and the open run's results.
    public mutating func receive(_ event: ArchiveEvent) -> [ArchiveEffect] {
        let effects: [ArchiveEffect]
        switch event {
        case .key(let key):
            effects = handle(key: key)
        case .resize(let rows, let cols):
            effects = handle(.resize(rows: rows, cols: cols))
        case .notice(let note):
            show(note)
            effects = []
        case .summaryRead(let summary):
            list.received(summary, page: listRows)
            effects = []
        case .openProgress(let runID, let progress):
            guard opening == runID else { return [] }
            var view = loading ?? LoadingView(runName: runID, rows: layout.rows, cols: layout.cols, stop: .runList)
            view.receive(progress)
            loading = view
            effects = []
        case .runOpened(let runID, let result):
            // Only the run last asked for: an earlier Enter's run arriving late is dropped.
            guard opening == runID else { return [] }
            opening = nil
            loading = nil
            let typed = typeahead
            typeahead = []
            switch result {
            case .success(let session):
                var afterOpen = opened(runID, session: session)
                for key in typed { afterOpen += handleInRun(key) }
                effects = afterOpen
            case .failure(let failure):
                openFailed(runID, failure)
                effects = []
            }
        case .run(let runEvent):
            guard var state = run?.state else { return [] }
            let runEffects = state.receive(runEvent)
            run?.state = state
            effects = self.runEffects(runEffects)
        }
        for case .openRun(let runID) in effects {
            opening = runID
            loading = nil
            typeahead = []
        }
        return effects
    }

    /// The run asked for with `.openRun` is loaded: its screen, and what it asks for first.
    private mutating func opened(_ runID: String, session: TriageSession) -> [ArchiveEffect] {
        let state = TriageState(session: session, rows: layout.rows, cols: layout.cols)
        run = OpenRun(runID: runID, state: state)
        list.select(runID, page: listRows)
        message = nil
        return state.startEffects.map(ArchiveEffect.run)
    }

    /// The run asked for could not be loaded: back on the list, saying why.
    private mutating func openFailed(_ runID: String, _ failure: ArchiveOpenFailure) {
        run = nil
        list.select(runID, page: listRows)
        message = .failure(failure.message)
    }

    private mutating func show(_ note: HookMessage) {
        if var state = run?.state {
            _ = state.receive(.notice(note))
            run?.state = state
        } else {
            message = note
        }
    }

    /// The comment being typed in the open run, kept when the UI ends abruptly.
    public var pendingDraft: TriageDraft? { run?.state.pendingDraft }

    // MARK: - Keys

    mutating func handle(key: Key) -> [ArchiveEffect] {
        if run != nil { return handleInRun(key) }
        if let view = loading, let runID = opening {
            if key == .ctrl("c") { return [.quit] }
            switch view.handle(key) {
            case .abort:
                opening = nil
                loading = nil
                typeahead = []
                list.select(runID, page: listRows)
                message = .info("stopped opening \(runID)")
                return [.stopOpening(runID)]
            case .redraw: return [.redraw]
            case .none:
                if typeahead.count < Self.typeaheadLimit { typeahead.append(key) }
                return []
            }
        }
        if layout.isTooSmall {
            switch key {
            case .char("q"), .ctrl("c"): return [.quit]
            case .ctrl("l"): return [.redraw]
            default: return []
            }
        }
        guard let action = KeyBindings.action(for: key, in: context) else {
            message = nil
            return []
        }
        return handle(action)
    }

    mutating func handle(_ action: Action) -> [ArchiveEffect] {
        switch action {
        case .resize(let rows, let cols):
            layout = ScreenLayout(rows: rows, cols: cols)
            loading?.resize(rows: rows, cols: cols)
            list.cursor.reveal(page: listRows, count: list.shown.count)
            if case .help(var view) = overlay {
                view.fit(layout)
                overlay = .help(view)
            }
            if run != nil { _ = run?.state.receive(.resize(rows: rows, cols: cols)) }
            return []
        case .redraw:
            return [.redraw]
        case .forceQuit:
            guard let state = run?.state else { return [.quit] }
            return (state.pendingDraft.map { [.run(.saveDraft($0, state.data))] } ?? []) + [.quit]
        default:
            break
        }
        if run != nil { return runEffects(run!.state.handle(action)) }
        message = nil
        switch overlay {
        case .filterInput: handleFilterInput(action)
        case .help(var view):
            switch action {
            case .help, .cancel, .quit: overlay = nil
            default:
                if view.scroll(action, page: layout.overlayRows) { overlay = .help(view) }
            }
        case nil:
            return handleList(action)
        }
        return []
    }

    private mutating func handleList(_ action: Action) -> [ArchiveEffect] {
        switch action {
        case .open:
            guard let entry = list.selected else { return [] }
            return [.openRun(entry.runID)]
        case .startFilter:
            overlay = .filterInput
        case .help:
            overlay = .help(HelpView(origin: .runList, width: layout.cols))
        case .quit:
            return [.quit]
        default:
            list.cursor.apply(action, count: list.shown.count, page: listRows)
        }
        return []
    }

    private mutating func handleFilterInput(_ action: Action) {
        switch action {
        case .insert(let c): list.setFilter(list.filter + String(c), page: listRows)
        case .deleteBackward: list.setFilter(String(list.filter.dropLast()), page: listRows)
        case .confirm: overlay = nil
        case .cancel:
            list.setFilter("", page: listRows)
            overlay = nil
        default: list.cursor.apply(action, count: list.shown.count, page: listRows)
        }
    }

    private mutating func handleInRun(_ key: Key) -> [ArchiveEffect] {
        guard let current = run else { return [] }
        if key == .ctrl("c") { return handle(.forceQuit) }
        let action = current.state.layout.isTooSmall ? nil : KeyBindings.action(for: key, in: current.state.context)
        if action == .nextRun || action == .previousRun {
            guard let next = list.neighbour(of: current.runID, forward: action == .nextRun) else {
                show(.info(action == .nextRun ? "this is the last run of the list" : "this is the first run of the list"))
                return []
            }
            return closeRun(current, leaving: current.state.leaving()) + [.openRun(next)]
        }
        var state = current.state
        let effects = state.receive(.key(key))
        run?.state = state
        return runEffects(effects)
    }

    /// The open run's effects; its quit closes the run and shows the list again.
    private mutating func runEffects(_ effects: [TriageEffect]) -> [ArchiveEffect] {
        guard let current = run, effects.contains(.quit) else {
            return effects.map { $0 == .redraw ? ArchiveEffect.redraw : .run($0) }
        }
        return closeRun(current, leaving: effects)
    }

    /// Back to the list: the run's line shows what was decided in it.
    private mutating func closeRun(_ current: OpenRun, leaving effects: [TriageEffect]) -> [ArchiveEffect] {
        var out: [ArchiveEffect] = []
        var savedDraft = false
        for effect in effects where effect != .quit {
            if case .saveDraft = effect { savedDraft = true }
            out.append(.run(effect))
        }
        if var status = list.entry(current.runID)?.summary?.triage {
            if let decision = current.state.decision {
                status = TriageStatus(.confirmed(decision.failureClass), hasDraft: savedDraft)
            } else if savedDraft {
                status.hasDraft = true
            }
            list.setTriage(status, of: current.runID, page: listRows)
        }
        run = nil
        list.select(current.runID, page: listRows)
        return out
    }
}
