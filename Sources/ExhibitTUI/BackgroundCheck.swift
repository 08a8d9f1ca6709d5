import ExhibitCore
import Foundation

/// A deferred rules check (`TriageSession.deferredCheck`) on a thread of its own, so a
/// large container's tree is on screen while the rules walk it. The UI loop collects
/// the report between keys; it is handed over once.
final class BackgroundCheck: @unchecked Sendable {
    /// How long the first screen of a small run waits for the check: it takes a few
    /// milliseconds there, so the run opens with its findings instead of flashing
    /// "checking".
    static let graceMilliseconds = 25
    /// From this many entries on, the first screen is painted before the check starts:
    /// it would not finish within the grace anyway, and a second busy thread would only
    /// delay the first paint (on two cores, beside the terminal).
    static let paintFirstEntries = 100_000

    /// The run the check belongs to: a report for a run that was left is dropped.
    let runID: String
    private let condition = NSCondition()
    private var report: CheckReport?
    private var thread: Thread?

    /// Prepares the check; it runs from `start()`.
    init(runID: String, check: @escaping @Sendable () -> CheckReport) {
        self.runID = runID
        let thread = Thread { [self] in
            let done = check()
            condition.lock()
            report = done
            condition.broadcast()
            condition.unlock()
        }
        // The walk keeps its own stack, but the classifier and sorting are not worth
        // a crash on a small default stack (macOS gives secondary threads 512 KiB).
        thread.stackSize = 16 << 20
        self.thread = thread
    }

    /// Starts the check's thread; later calls do nothing. Called from the UI thread only.
    func start() {
        thread?.start()
        thread = nil
    }

    /// The report if the check is done (waiting at most `milliseconds` for it), nil
    /// otherwise; after it was returned once, always nil.
    func collect(waitingUpTo milliseconds: Int = 0) -> CheckReport? {
        start()
        condition.lock()
        defer { condition.unlock() }
        if report == nil && milliseconds > 0 {
            let deadline = Date(timeIntervalSinceNow: Double(milliseconds) / 1000)
            while report == nil && condition.wait(until: deadline) {}
        }
        let out = report
        report = nil
        return out
    }
}
