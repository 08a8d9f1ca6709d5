import ExhibitCore
import Foundation
import Testing

@testable import ExhibitTUI
@testable import ExhibitTriageUI

/// The loop on a scripted terminal with a fake performer: results arrive through the
/// inbox without a key, slow work never holds up q, writes finish before the loop
/// returns, and a small run's check is in the first frame.
@Suite struct EventLoopTests {
    private func runScreen(
        _ session: TriageSession = LoopFixture.session(), _ performer: FakePerformer,
        _ terminal: ScriptedTerminal
    ) -> Int32 {
        let state = TriageState(session: session, rows: terminal.rows, cols: terminal.cols)
        return runLoop(TriageScreen(state: state, performer: performer, glyphs: .unicode), on: terminal)
    }

    @Test func aSmallRunsCheckMayHoldTheFirstFrameALargeOnesStartsAfterIt() {
        var bundle = EvidenceBundle(runID: "run-small")
        bundle.inventory = LoopFixture.inventory()
        let small = TriageData(bundle: bundle, report: LoopFixture.report(nil), rules: LoopFixture.rules, isChecking: true)
        guard case .work(let work) = TriageWork.step(for: .checkRules(small), FakePerformer()) else {
            Issue.record("a check is work for the runner")
            return
        }
        #expect(work.graceMilliseconds == TriageWork.checkGraceMilliseconds && !work.afterPaint)
        #expect(work.lane == .read)
    }

    @Test func theFirstFrameWaitsForWorkWithAGrace() {
        // A grace far longer than the work: the frame shows the result, however loaded the machine.
        let terminal = ScriptedTerminal([.key(.char("q"))])
        #expect(runLoop(GraceScreen(grace: 10_000), on: terminal) == TerminalApp.Status.ok)
        #expect(terminal.paints.first?.text.hasPrefix("results 1") == true)
    }

    @Test func afterPaintWorkStartsOnlyOnceTheFrameIsPainted() {
        // With a long grace too: were it started before the first paint, that paint would wait for it.
        let terminal = ScriptedTerminal([.waitFor("results 1"), .key(.char("q"))])
        #expect(runLoop(GraceScreen(grace: 10_000, afterPaint: true), on: terminal) == TerminalApp.Status.ok)
        #expect(terminal.paints.first?.text.hasPrefix("results 0") == true, "a large run's check starts after its first screen")
        #expect(terminal.lastScreen.hasPrefix("results 1"), "and then it runs")
    }

    @Test func qQuitsWhileTheCheckIsStillRunning() {
        let gate = Gate()
        defer { gate.open() }
        let performer = FakePerformer(checkGate: gate)
        let terminal = ScriptedTerminal([.key(.char("j")), .key(.char("q"))])
        #expect(runScreen(LoopFixture.session(), performer, terminal) == TerminalApp.Status.ok)
        #expect(terminal.lastScreen.contains("Checking the rules"), "the tree was browsed while the check ran")
        #expect(!terminal.ranOut)
    }

    @Test func aResultWakesTheLoopWithoutAKey() {
        let gate = Gate()
        let performer = FakePerformer(checkGate: gate)
        let terminal = ScriptedTerminal([.awaitResults, .key(.char("q"))])
        // The check is let go once the first frame (still checking) is painted: the inbox wakes the wait.
        terminal.onPaint = { if $0 == 1 { gate.open() } }
        #expect(runScreen(LoopFixture.session(), performer, terminal) == TerminalApp.Status.ok)
        #expect(terminal.paints.first?.text.contains("Checking the rules") == true)
        #expect(terminal.lastScreen.contains("Proposed"), "the findings were painted after the wake, before q")
    }

    @Test func bShowsLoadingAndQStillQuits() {
        let gate = Gate()
        defer { gate.open() }
        let performer = FakePerformer(baseGate: gate)
        // b; the candidates arrive; the base's load blocks; q leaves at once.
        let terminal = ScriptedTerminal([.key(.char("b")), .waitFor("Loading base run"), .key(.char("q"))])
        let status = runScreen(LoopFixture.session(needsCheck: false), performer, terminal)
        #expect(status == TerminalApp.Status.ok)
        #expect(terminal.paints.contains { $0.text.contains("Looking for runs to compare with…") })
        #expect(terminal.lastScreen.contains("Loading base run run-base…"))
        // The load's thread may record its call just after q; it is blocked at the gate either way.
        for _ in 0..<500 where performer.calls.count < 2 { Thread.sleep(forTimeInterval: 0.01) }
        #expect(performer.calls == ["candidates run-0142", "base run-base"])
    }

    @Test func theBaseArrivesAndTheDiffOpens() {
        let performer = FakePerformer()
        let terminal = ScriptedTerminal([.key(.char("b")), .waitFor("Since run-base"), .key(.char("q")), .key(.char("q"))])
        #expect(runScreen(LoopFixture.session(needsCheck: false), performer, terminal) == TerminalApp.Status.ok)
        let diff = terminal.paints.first { $0.text.contains("Since run-base") }?.text ?? ""
        #expect(diff.contains("Documents/new.bin"), "the file added since the base is listed")
    }

    @Test func aSavedRecordIsReportedAndADraftIsKeptOnASignal() {
        let performer = FakePerformer()
        let keys: [ScriptedTerminal.Step] =
            [.key(.char("c")), .key(.enter)] + "moved".map { .key(.char($0)) }
            + [.key(.enter), .key(.enter), .waitFor("Saved: "), .key(.char("c")), .key(.char("y")), .key(.enter)]
            + "half".map { .key(.char($0)) } + [.signal(1)]
        let terminal = ScriptedTerminal(keys)
        #expect(runScreen(LoopFixture.session(needsCheck: false), performer, terminal) == TerminalApp.Status.signalled(1))
        #expect(terminal.paints.contains { $0.text.contains("Saved: ") })
        // The draft is a write: it is done when the loop returns, not left behind.
        #expect(performer.calls.last?.hasPrefix("draft ") == true)
        #expect(performer.calls.last?.hasSuffix("half") == true)
        #expect(performer.calls.contains { $0.hasPrefix("save ") && $0.hasSuffix(" moved") })
    }

    @Test func aResizeRelaysOutAndRepaintsEverything() {
        let performer = FakePerformer()
        let terminal = ScriptedTerminal([.resize(rows: 4, cols: 25), .key(.char("q"))])
        #expect(runScreen(LoopFixture.session(needsCheck: false), performer, terminal) == TerminalApp.Status.ok)
        #expect(terminal.invalidations == 1)
        #expect(terminal.lastScreen.contains("too small: 25x4 < 30x8"))
        #expect(terminal.paints.last?.rows == 4)
    }
}

/// A screen of its own for the loop's timing rules: it starts one piece of work that
/// posts at once, and shows how many results it has had.
struct GraceScreen: LoopScreen {
    enum Effect { case quit, work }
    var results = 0
    let grace: Int
    var afterPaint = false

    static func key(_ key: Key) -> Int { key == .char("q") ? -1 : 0 }
    static func resize(rows: Int, cols: Int) -> Int { 0 }
    var startEffects: [Effect] { [.work] }

    mutating func receive(_ event: Int) -> [Effect] {
        if event == -1 { return [.quit] }
        results += event
        return []
    }

    func render() -> Grid {
        var grid = Grid(rows: 2, cols: 20)
        grid.put("results \(results)", row: 0, col: 0, role: .plain)
        return grid
    }

    func step(for effect: Effect) -> LoopStep<Int> {
        switch effect {
        case .quit: return .quit
        case .work:
            return .work(Work(.read, graceMilliseconds: grace, afterPaint: afterPaint) { post in post(1) })
        }
    }

    var keepDraft: Work<Int>? { nil }
}
