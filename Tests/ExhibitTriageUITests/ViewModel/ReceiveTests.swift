import Testing

@testable import ExhibitCore
@testable import ExhibitTestSupport
@testable import ExhibitTriageUI

/// The one entry point's bookkeeping: what is under way is said on the status line
/// until its result arrives, and results for another run (or a run no longer asked
/// for) change nothing.
@Suite struct ReceiveTests {
    /// The comparison tests' runs: the latest earlier one that passed is run-2026-11-02.
    private static let base = ComparisonTests.candidates

    private func state() -> TriageState {
        TriageState(data: TriageFixture.data(), rows: 24, cols: 80, canCompare: true)
    }

    @Test func theStatusLineSaysWhatIsUnderWayUntilItArrives() {
        var s = state()
        s.press(.char("b"))
        #expect(s.activities == [.findingBases])
        #expect(TriageRenderer.render(s).text.contains("Looking for runs to compare with…"))
        s.press(.char("j"))
        #expect(s.activities == [.findingBases], "a key does not clear work under way")
        _ = s.receive(.basesFound(Self.base, .latestPassing, runID: "run-0142"))
        #expect(s.activities == [.loadingBase("run-2026-11-02")])
        #expect(TriageRenderer.render(s).text.contains("Loading base run run-2026-11-02…"))
        _ = s.receive(.baseLoaded("run-2026-11-02", .success(ComparisonFixture.same()), runID: "run-0142"))
        #expect(s.activities.isEmpty)
        #expect(s.context == .diff)
    }

    @Test func resultsForAnotherRunAreDropped() {
        var s = state()
        s.press(.char("b"))
        #expect(s.receive(.basesFound(Self.base, .latestPassing, runID: "run-other")).isEmpty)
        _ = s.receive(.baseLoaded("run-2026-11-02", .success(ComparisonFixture.same()), runID: "run-other"))
        _ = s.receive(.recordSaved(.failure("disk full"), runID: "run-other"))
        #expect(s.overlays.isEmpty, "no diff of another run's base")
        #expect(s.message == nil)
        #expect(s.activities == [.findingBases], "still waiting for its own")
    }

    @Test func aNoticeShowsOnTheStatusLine() {
        var s = state()
        _ = s.receive(.notice(.failure("unknown TERM=foo; drawing as xterm-256color")))
        #expect(TriageRenderer.render(s).text.contains("unknown TERM=foo"))
    }

    @Test func theArchiveTakesOnlyTheRunLastAskedFor() {
        var a = ArchiveFixture.state()
        #expect(a.startEffects.isEmpty == false)
        let first = a.press(.enter)
        let second = a.press(.char("j"), .enter)
        guard case .openRun(let older)? = first.first, case .openRun(let newer)? = second.first else {
            Issue.record("Enter did not ask for a run")
            return
        }
        #expect(a.opening == newer)
        #expect(a.receive(.runOpened(older, .success(ArchiveFixture.session(older)))).isEmpty)
        #expect(a.run == nil, "the run asked for first and left is dropped")
        _ = a.receive(.runOpened(newer, .success(ArchiveFixture.session(newer))))
        #expect(a.run?.runID == newer)
        #expect(a.opening == nil)
    }

    @Test func theArchiveAsksForEveryLineInTheOrderGiven() {
        let a = ArchiveState(title: "x", runIDs: ["run-b", "run-a"])
        #expect(a.startEffects == [.readSummaries(["run-b", "run-a"])])
    }
}
