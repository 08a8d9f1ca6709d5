import Foundation
import Testing
import ExhibitCore
@testable import ExhibitTUI

/// The UI's deferred rules check: the report crosses from the check's thread to the UI
/// loop once, and the first screen's short wait returns as soon as it is there (these
/// run under ThreadSanitizer in CI).
@Suite struct BackgroundCheckTests {
    private static func report(_ source: String) -> CheckReport {
        .awaitingCheck(rulesSource: source, rulesDiagnostics: [])
    }

    @Test func theReportIsHandedOverOnce() {
        let check = BackgroundCheck(runID: "run-1") { Self.report("done") }
        let first = check.collect(waitingUpTo: 10_000)
        #expect(first?.rulesSource == "done")
        #expect(check.collect(waitingUpTo: 50) == nil, "a report is delivered once")
        #expect(check.runID == "run-1")
    }

    @Test func collectingBeforeTheCheckEndsReturnsNothingAndLaterTheReport() {
        let gate = DispatchSemaphore(value: 0)
        let check = BackgroundCheck(runID: "run-2") {
            gate.wait()
            return Self.report("late")
        }
        #expect(check.collect() == nil, "still running: nothing without waiting")
        #expect(check.collect(waitingUpTo: 20) == nil, "still running after a short wait")
        gate.signal()
        #expect(check.collect(waitingUpTo: 10_000)?.rulesSource == "late")
    }

    @Test func aPreparedCheckRunsOnlyOnceStarted() {
        let ran = NSLock()
        nonisolated(unsafe) var count = 0
        let check = BackgroundCheck(runID: "run-3") {
            ran.lock()
            count += 1
            ran.unlock()
            return Self.report("started")
        }
        Thread.sleep(forTimeInterval: 0.05)
        ran.lock()
        #expect(count == 0, "a large run paints its first screen before the check starts")
        ran.unlock()
        check.start()
        check.start()
        #expect(check.collect(waitingUpTo: 10_000)?.rulesSource == "started")
        ran.lock()
        #expect(count == 1, "starting twice runs the check once")
        ran.unlock()
    }
}
