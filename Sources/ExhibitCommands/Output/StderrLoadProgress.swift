import Dispatch
import ExhibitApp
import ExhibitCore
import Foundation

/// `LoadProgressLine` on the console's standard error: decides with the terminal flag
/// and the clock it is given (tests give fakes), draws over the previous line with a
/// carriage return, and blanks it when the load ends.
final class StderrLoadProgress: LoadWatching, @unchecked Sendable {
    private let console: Console
    private let stderrIsTerminal: Bool
    private let clock: LoadObserver.Clock
    /// The line's widest: one column less than the terminal's.
    private let width: Int
    private let lock = NSLock()
    /// Characters of the line on the screen now (0: none drawn).
    private var drawn = 0

    init(
        console: Console, stderrIsTerminal: Bool, width: Int = LoadProgressLine.defaultWidth,
        clock: @escaping LoadObserver.Clock = { Int(DispatchTime.now().uptimeNanoseconds / 1_000_000) }
    ) {
        self.console = console
        self.stderrIsTerminal = stderrIsTerminal
        self.width = width
        self.clock = clock
    }

    /// For a command: standard error as it is, as wide as its terminal.
    convenience init(console: Console) {
        let columns = console.stderrColumns.map { $0 - 1 } ?? LoadProgressLine.defaultWidth
        self.init(console: console, stderrIsTerminal: console.stderrIsTerminal, width: max(columns, 20))
    }

    func begin(runName: String) -> LoadObserver {
        // Not a terminal: the observer still runs (it costs a lock per chunk), and posts nothing.
        LoadObserver(
            clock: clock, firstAfterMilliseconds: LoadProgressLine.showAfterMilliseconds,
            intervalMilliseconds: LoadProgressLine.intervalMilliseconds
        ) { [self] progress in
            guard LoadProgressLine.shows(stderrIsTerminal: stderrIsTerminal, elapsedMilliseconds: progress.elapsedMilliseconds)
            else { return }
            draw(LoadProgressLine.text(progress, runName: runName, width: width))
        }
    }

    func end() {
        lock.lock()
        defer { lock.unlock() }
        guard drawn > 0 else { return }
        console.writeError(LoadProgressLine.erase(drawn))
        drawn = 0
    }

    private func draw(_ line: String) {
        lock.lock()
        defer { lock.unlock() }
        // Padded over a longer previous line, so none of it is left behind.
        let padding = String(repeating: " ", count: max(drawn - line.count, 0))
        console.writeError("\r" + line + padding)
        drawn = line.count
    }
}
