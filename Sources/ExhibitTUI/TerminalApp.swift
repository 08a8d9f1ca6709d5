import ExhibitCore
import ExhibitTriageUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal driver: opens the terminal and runs a screen in the `EventLoop`, which
/// paints the pure state's grids, turns terminal input into events and has the
/// performer's I/O done by the `EffectRunner`. Every decision about what to show lives
/// in ExhibitCore.
public enum TerminalApp {
    /// Exit statuses of `run`.
    public enum Status {
        public static let ok: Int32 = 0
        /// Internal failure: the TTY was lost.
        public static let failure: Int32 = 1
        /// stdin or stdout is not a terminal, or no terminal type could be opened.
        public static let noTerminal: Int32 = 4
        /// q or Esc on the loading screen: the load was stopped before the run opened.
        public static let aborted: Int32 = 3
        /// The run could not be opened (its rules file has errors): the caller says why.
        public static let unusableRun: Int32 = 5
        /// Stopped by SIGINT, SIGTERM or SIGHUP: 128 + the signal number, as shells report it.
        public static func signalled(_ signal: Int32) -> Int32 { 128 + signal }
    }

    /// Opens the terminal, then loads a run with `load` off the key thread and runs its
    /// triage UI: a load longer than about 0.3 s shows the loading screen, where q or Esc
    /// stops it (`Status.aborted`). `Status.unusableRun` when `load` failed; the caller
    /// knows why and says so once the terminal is restored.
    public static func run(runName: String, performer: any TriagePerformer, loading load: @escaping RunLoad) -> Int32 {
        guard let screen = openScreen() else { return Status.noTerminal }
        return runLoop(
            RunLoadingScreen(
                runName: runName, rows: Terminal.rows, cols: Terminal.cols, load: load, performer: performer,
                glyphs: screen.glyphs, notice: screen.notice))
    }

    /// Runs the archive UI (the run list, and the triage screens of the runs opened
    /// from it) until the person quits. Returns the process exit status.
    public static func run(archiveTitle title: String, runIDs: [String], performer: any ArchivePerformer) -> Int32 {
        guard let screen = openScreen() else { return Status.noTerminal }
        var state = ArchiveState(title: title, runIDs: runIDs, rows: Terminal.rows, cols: Terminal.cols)
        if let notice = screen.notice { _ = state.receive(.notice(notice)) }
        return runLoop(ArchiveScreen(state: state, performer: performer, glyphs: screen.glyphs))
    }

    /// The loop on the curses terminal, then the terminal restored. Work still running
    /// (a check, a large run loading) is left behind: its results are dropped.
    private static func runLoop<Screen: LoopScreen>(_ screen: Screen) -> Int32 {
        let runner = EffectRunner<Screen.Event>()
        var loop = EventLoop(screen: screen, terminal: CursesTerminal(foldToASCII: !Terminal.isUTF8), runner: runner)
        let status = loop.run()
        runner.inbox.close()
        Terminal.close()
        return status
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
            Terminal.writeError(
                "exhibit: the triage UI needs a terminal (stdin and stdout are not both TTYs).\n"
                    + "For plain text use `exhibit summary RUN` or `exhibit runs ARCHIVE`; for CI use `exhibit check RUN`.")
            return nil
        }
        Terminal.installHandlers()
        let opening = Terminal.open()
        if opening == .unavailable {
            let term = getenv("TERM").map { String(cString: $0) } ?? "(unset)"
            Terminal.writeError(
                "exhibit: cannot open the terminal (TERM=\(term), and \(Terminal.fallbackTerm) failed too).\n"
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
}
