import ExhibitCore
import Foundation

/// A deferred rules check (`TriageSession.deferredCheck`) on a thread of its own, so a
/// large container's tree is on screen while the rules walk it. The UI loop collects
/// the report between keys; it is handed over once.
final class BackgroundCheck: @unchecked Sendable {
    /// How long the first screen waits for the check: a small run's check takes a few
    /// milliseconds, so it opens with its findings instead of flashing "checking".
    static let graceMilliseconds = 25

    /// The run the check belongs to: a report for a run that was left is dropped.
    let runID: String
    private let condition = NSCondition()
    private var report: CheckReport?

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
        // a crash on a small default stack.
        thread.stackSize = 16 << 20
        thread.start()
    }

    /// The report if the check is done (waiting at most `milliseconds` for it), nil
    /// otherwise; after it was returned once, always nil.
    func collect(waitingUpTo milliseconds: Int = 0) -> CheckReport? {
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
