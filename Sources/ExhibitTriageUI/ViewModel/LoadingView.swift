import ExhibitCore

/// The screen of a run still loading (ncdu's "Loading..." box): which file is being
/// read, how much of it, how many entries so far and for how long, and how to stop.
/// Pure: fed `LoadProgress` values as the loader posts them; q or Esc asks the caller
/// to abort the load (the loop cancels it and quits, or goes back to the run list).
public struct LoadingView: Sendable, Equatable {
    /// Where stopping the load leads: `exhibit RUN` has nothing to go back to; a run
    /// opened from the archive goes back to its list.
    public enum Stop: Sendable, Equatable {
        case quit
        case runList
    }

    /// The run's directory name, as the command line named it.
    public var runName: String
    public var stop: Stop
    /// Nil until the first progress arrives.
    public var progress: LoadProgress?
    public var rows: Int
    public var cols: Int

    public init(runName: String, rows: Int, cols: Int, stop: Stop = .quit) {
        self.runName = runName
        self.stop = stop
        self.rows = rows
        self.cols = cols
    }

    /// What a key asks of the loop.
    public enum Request: Equatable, Sendable {
        case none
        /// Stop the load (and quit or go back, as `stop` says).
        case abort
        /// Forget the painted screen (Ctrl-L).
        case redraw
    }

    /// q and Esc abort; Ctrl-L redraws; every other key waits for the run.
    public func handle(_ key: Key) -> Request {
        switch key {
        case .char("q"), .escape: .abort
        case .ctrl("l"): .redraw
        default: .none
        }
    }

    public mutating func receive(_ progress: LoadProgress) {
        self.progress = progress
    }

    public mutating func resize(rows: Int, cols: Int) {
        self.rows = rows
        self.cols = cols
    }
}
