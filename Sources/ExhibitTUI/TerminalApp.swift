import ExhibitCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal driver: paints the pure state machine's grids through CCurses, turns
/// terminal input into `Key`s and performs the effects the state asks for through the
/// session's hooks. Every decision about what to show lives in ExhibitCore.
public enum TerminalApp {
    /// Exit statuses of `run`.
    public enum Status {
        public static let ok: Int32 = 0
        /// Internal failure: the TTY was lost.
        public static let failure: Int32 = 1
        /// stdin or stdout is not a terminal, or no terminal type could be opened.
        public static let noTerminal: Int32 = 4
        /// Stopped by SIGINT, SIGTERM or SIGHUP: 128 + the signal number, as shells report it.
        public static func signalled(_ signal: Int32) -> Int32 { 128 + signal }
    }

    /// How long a read waits before the loop looks at pending signals again.
    static let pollMilliseconds: Int32 = 250

    /// Runs the triage UI until the person quits. Returns the process exit status;
    /// the terminal is restored on every path.
    public static func run(session: TriageSession) -> Int32 {
        guard let screen = openScreen() else { return Status.noTerminal }
        var session = session
        var state = TriageState(session: session, rows: Terminal.rows, cols: Terminal.cols)
        if let notice = screen.notice { state.show(notice) }
        var check = prepareCheck(of: session)
        if !paintsBeforeChecking(session) {
            deliver(&check, to: &state, session: &session, waitingUpTo: BackgroundCheck.graceMilliseconds)
        }
        let status = loop(&state, session: &session, check: &check, glyphs: screen.glyphs)
        Terminal.close()
        return status
    }

    /// The session's deferred rules check, if it has one, not started yet: a small
    /// run's starts when `deliver` first waits for it, a large run's after its first
    /// screen is painted (`paintsBeforeChecking`).
    static func prepareCheck(of session: TriageSession) -> BackgroundCheck? {
        session.deferredCheck.map { BackgroundCheck(runID: session.bundle.runID, check: $0) }
    }

    static func paintsBeforeChecking(_ session: TriageSession) -> Bool {
        (session.bundle.inventory?.count ?? 0) >= BackgroundCheck.paintFirstEntries
    }

    /// Hands a finished check's report to the state and to the session (whose hooks
    /// record the findings a classification was made on).
    static func deliver<Receiver: TriageEffectReceiver>(_ check: inout BackgroundCheck?, to state: inout Receiver,
                                                        session: inout TriageSession, waitingUpTo milliseconds: Int = 0) {
        guard let running = check, let report = running.collect(waitingUpTo: milliseconds) else { return }
        check = nil
        session.report = report
        session.deferredCheck = nil
        state.receivedReport(report, for: running.runID)
    }

    /// The terminal as opened: how to draw, and a notice for the status line.
    struct OpenedScreen {
        var glyphs: Glyphs
        var notice: HookMessage?
    }

    /// Opens the terminal with the theme and glyphs it supports; nil (after saying
    /// why on stderr) when there is no usable terminal.
    static func openScreen() -> OpenedScreen? {
        guard Terminal.isInteractive else {
            Terminal.writeError("exhibit: the triage UI needs a terminal (stdin and stdout are not both TTYs).\n"
                                + "For plain text use `exhibit summary RUN` or `exhibit runs ARCHIVE`; for CI use `exhibit check RUN`.")
            return nil
        }
        Terminal.installHandlers()
        let opening = Terminal.open()
        if opening == .unavailable {
            let term = getenv("TERM").map { String(cString: $0) } ?? "(unset)"
            Terminal.writeError("exhibit: cannot open the terminal (TERM=\(term), and \(Terminal.fallbackTerm) failed too).\n"
                                + "Set TERM to a known type such as xterm-256color, or use `exhibit summary RUN`.")
            return nil
        }
        let noColor = getenv("NO_COLOR").map { $0.pointee != 0 } ?? false
        Terminal.apply(Terminal.hasColors && !noColor ? .color : .mono)
        var screen = OpenedScreen(glyphs: Terminal.isUTF8 ? .unicode : .ascii, notice: nil)
        if case .openedWithFallback(let used) = opening {
            let term = getenv("TERM").map { String(cString: $0) } ?? "(unset)"
            screen.notice = .failure("unknown TERM=\(term); drawing as \(used)")
        } else if !Terminal.isUTF8 {
            screen.notice = .failure("the locale is not UTF-8: names shown with \\u{...} escapes")
        }
        return screen
    }

    private static func loop(_ state: inout TriageState, session: inout TriageSession, check: inout BackgroundCheck?,
                             glyphs: Glyphs) -> Int32 {
        runLoop(
            receive: { deliver(&check, to: &state, session: &session) },
            render: { TriageRenderer.render(state, glyphs: glyphs) },
            painted: { check?.start() },
            isWaiting: { check != nil },
            resize: { _ = state.handle(.resize(rows: Terminal.rows, cols: Terminal.cols)) },
            keepDraft: { keepDraft(state, session) },
            onKey: { key, painter in
                // Comparing chains effects: the runs found lead to a base to read.
                var pending = state.handle(key: key)
                while !pending.isEmpty {
                    let effect = pending.removeFirst()
                    switch effect {
                    case .quit:
                        return Status.ok
                    case .redraw:
                        painter.invalidate(clearTerminal: true)
                    default:
                        pending += perform(effect, session: session, state: &state)
                    }
                }
                return nil
            })
    }

    /// The loop both screens run: take in what background work delivered, paint, wait
    /// for input (briefly while something is still to arrive), and hand keys to
    /// `onKey`, which returns an exit status to end the loop. A signal or a lost
    /// terminal keeps the unfinished comment and ends it.
    static func runLoop(receive: () -> Void, render: () -> Grid, painted: () -> Void, isWaiting: () -> Bool,
                        resize: () -> Void, keepDraft: () -> Void,
                        onKey: (Key, inout ScreenPainter) -> Int32?) -> Int32 {
        var painter = ScreenPainter(foldToASCII: !Terminal.isUTF8)
        while true {
            receive()
            painter.paint(render())
            painted()
            let input = KeyDecoder.next(timeoutMilliseconds: isWaiting() ? feedPollMilliseconds : pollMilliseconds)
            // A key typed as background work finished acts on its result.
            receive()
            switch input {
            case .none:
                continue
            case .signalled(let signal):
                keepDraft()
                return Status.signalled(signal)
            case .lost:
                keepDraft()
                return Status.failure
            case .resize:
                resize()
                painter.invalidate(clearTerminal: true)
            case .key(let key):
                if let status = onKey(key, &painter) { return status }
            }
        }
    }

    /// Performs one effect that needs the session's hooks (records, notes, base runs)
    /// and hands the result back; returns the effects that follow from it. Shared by
    /// the single-run and the archive loops.
    static func perform<Receiver: TriageEffectReceiver>(_ effect: TriageEffect, session: TriageSession,
                                                        state: inout Receiver) -> [Receiver.FollowUp] {
        switch effect {
        case .quit, .redraw:
            break
        case .confirmClassification(let decision):
            state.complete(effect, with: session.confirmClassification(decision, session.report))
        case .exportNote(let decision):
            state.complete(effect, with: session.exportNote(decision, session.report))
        case .saveDraft(let draft):
            session.saveDraft(draft, session.report)
        case .listBases(let request):
            return state.receivedBases(session.baseCandidates(), for: request)
        case .loadBase(let runID):
            state.receivedBase(runID, session.loadBase(runID))
        }
        return []
    }

    /// An unfinished comment survives an abrupt end (signal, lost TTY).
    private static func keepDraft(_ state: TriageState, _ session: TriageSession) {
        if let draft = state.pendingDraft { session.saveDraft(draft, session.report) }
    }
}
