import ExhibitCore
import ExhibitRules
import Testing

/// The two real bundles' timelines: every failure a test recorded lies inside a window
/// of that test, whichever source the window came from. A session log placed with the
/// wrong zone or date (hours off) or a failure time read in the wrong epoch would not.
@Suite(.enabled(if: RealEvidence.isPresent, RealEvidence.absent))
struct RealTimelineTests {
    @Test(arguments: RealXCResult.names)
    func failuresLieInsideTheirTestsWindows(_ name: String) throws {
        let bundle = try RealXCResult.loadBundle(name)
        #expect(!bundle.timelineSources.sessionLogs.isEmpty, "\(bundle.diagnostics)")
        let timeline = RunTimelineBuilder.timeline(for: bundle)
        #expect(timeline.tests.contains { $0.source == .sessionLog })
        let failures = timeline.events.filter { $0.kind == .failure }
        #expect(!failures.isEmpty)
        for event in failures {
            let windows = timeline.tests.filter { $0.identifier == event.test }
            #expect(windows.contains { $0.window.contains(event.time, tolerance: CreationStepInference.defaultTolerance) }, "\(event)")
        }
        // Every window is within the action's span.
        let results = try #require(bundle.results.first)
        let start = try #require(results.startTime)
        let finish = try #require(results.finishTime)
        for test in timeline.tests {
            #expect(test.window.start >= start - 1 && test.window.end <= finish + 1, "\(test.identifier): \(test.window)")
        }
    }
}
