import ExhibitCore

/// The screen of a run still loading (ncdu's "Loading..." box): which file is being
/// read, how much of it, how many entries so far and for how long, and how to stop.
/// Pure: fed `LoadProgress` values as the loader posts them; q or Esc asks the caller
/// to abort the load (the loop cancels it and quits).
public struct LoadingView: Sendable, Equatable {
    /// The run's directory name, as the command line named it.
    public var runName: String
    /// Nil until the first progress arrives.
    public var progress: LoadProgress?
    public var rows: Int
    public var cols: Int

    public init(runName: String, rows: Int, cols: Int) {
        self.runName = runName
        self.rows = rows
        self.cols = cols
    }

    /// What a key asks of the loop.
    public enum Request: Equatable, Sendable {
        case none
        /// Stop the load and quit.
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
