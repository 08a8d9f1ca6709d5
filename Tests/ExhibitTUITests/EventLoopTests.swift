import ExhibitCore
import Foundation
import Testing
@testable import ExhibitTUI

/// The loop on a scripted terminal with a fake performer: results arrive through the
/// inbox without a key, slow work never holds up q, writes finish before the loop
/// returns, and a small run's check is in the first frame.
@Suite struct EventLoopTests {
    private func runScreen(_ session: TriageSession = LoopFixture.session(), _ performer: FakePerformer,
                           _ terminal: ScriptedTerminal) -> Int32 {
        let state = TriageState(session: session, rows: terminal.rows, cols: terminal.cols)
        return runLoop(TriageScreen(state: state, performer: performer, glyphs: .unicode), on: terminal)
    }

    @Test func aSmallRunsCheckIsInTheFirstFrame() {
        let performer = FakePerformer()
        let terminal = ScriptedTerminal([.key(.char("q"))])
        #expect(runScreen(LoopFixture.session(), performer, terminal) == TerminalApp.Status.ok)
        #expect(performer.calls == ["check run-0142"])
        let first = terminal.paints.first?.text ?? ""
        #expect(!first.contains("Checking the rules"), "the grace lets a quick check land before the first paint")
        #expect(first.contains("Proposed"))
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
        // The check is held past the first frame's grace, then let go: the inbox wakes the wait.
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { gate.open() }
        #expect(runScreen(LoopFixture.session(), performer, terminal) == TerminalApp.Status.ok)
        #expect(terminal.paints.first?.text.contains("Checking the rules") == true)
        #expect(terminal.lastScreen.contains("Proposed"), "the findings were painted after the wake, before q")
    }

    @Test func bShowsLoadingAndQStillQuits() {
        let gate = Gate()
        defer { gate.open() }
        let performer = FakePerformer(baseGate: gate)
        // b; the candidates arrive; the base's load blocks; q leaves at once.
        let terminal = ScriptedTerminal([.key(.char("b")), .awaitResults, .key(.char("q"))])
        let status = runScreen(LoopFixture.session(needsCheck: false), performer, terminal)
        #expect(status == TerminalApp.Status.ok)
        #expect(terminal.paints.contains { $0.text.contains("Looking for runs to compare with…") })
        #expect(terminal.lastScreen.contains("Loading base run run-base…"))
        #expect(performer.calls == ["candidates run-0142", "base run-base"])
    }

    @Test func theBaseArrivesAndTheDiffOpens() {
        let performer = FakePerformer()
        let terminal = ScriptedTerminal([.key(.char("b")), .awaitResults, .awaitResults, .key(.char("q")), .key(.char("q"))])
        #expect(runScreen(LoopFixture.session(needsCheck: false), performer, terminal) == TerminalApp.Status.ok)
        let diff = terminal.paints.first { $0.text.contains("Since run-base") }?.text ?? ""
        #expect(diff.contains("Documents/new.bin"), "the file added since the base is listed")
    }

    @Test func aSavedRecordIsReportedAndADraftIsKeptOnASignal() {
        let performer = FakePerformer()
        let keys: [ScriptedTerminal.Step] = [.key(.char("c")), .key(.enter)] + "moved".map { .key(.char($0)) }
            + [.key(.enter), .awaitResults, .key(.char("c")), .key(.enter)] + "half".map { .key(.char($0)) } + [.signal(1)]
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
        let terminal = ScriptedTerminal([.resize(rows: 12, cols: 50), .key(.char("q"))])
        #expect(runScreen(LoopFixture.session(needsCheck: false), performer, terminal) == TerminalApp.Status.ok)
        #expect(terminal.invalidations == 1)
        #expect(terminal.lastScreen.contains("Terminal too small"))
        #expect(terminal.paints.last?.rows == 12)
    }
}
