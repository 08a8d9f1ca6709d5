import ExhibitCore
import Foundation
import Testing

@testable import ExhibitTUI
@testable import ExhibitTriageUI

/// The archive in the same loop: list lines stream in, a run being opened does not
/// hold the keys, and the opened run's check comes back to it.
@Suite struct ArchiveLoopTests {
    private func run(_ performer: FakePerformer, _ terminal: ScriptedTerminal, runIDs: [String]) -> Int32 {
        let state = ArchiveState(title: "archive", runIDs: runIDs, rows: terminal.rows, cols: terminal.cols)
        return runLoop(ArchiveScreen(state: state, performer: performer, glyphs: .unicode), on: terminal)
    }

    @Test func linesAreReadAndQQuitsWhileARunIsOpening() {
        let gate = Gate()
        defer { gate.open() }
        let ids = ["run-2026-11-01-a", "run-2026-11-02-b"]
        let performer = FakePerformer(sessions: [ids[1]: LoopFixture.session(ids[1])], openGate: gate)
        let terminal = ScriptedTerminal([.waitFor("exhibit · archive"), .key(.enter), .waitFor("Opening"), .key(.char("q"))])
        #expect(run(performer, terminal, runIDs: ids) == TerminalApp.Status.ok)
        let summaries = { performer.calls.filter { $0.hasPrefix("summary ") } }
        for _ in 0..<500 where summaries().count < 2 { Thread.sleep(forTimeInterval: 0.01) }
        #expect(summaries() == ["summary run-2026-11-01-a", "summary run-2026-11-02-b"], "lines are read in the order given")
        #expect(terminal.lastScreen.contains("Opening run-2026-11-02-b…"), "the list says the run is loading")
        // The open's thread may record its call just after q; it is held at the gate either way.
        for _ in 0..<500 where !performer.calls.contains("open run-2026-11-02-b") { Thread.sleep(forTimeInterval: 0.01) }
        #expect(performer.calls.contains("open run-2026-11-02-b"))
    }

    @Test func anOpenedRunGetsItsCheckAndQGoesBackToTheList() {
        let ids = ["run-2026-11-02-b"]
        let performer = FakePerformer(sessions: [ids[0]: LoopFixture.session(ids[0])])
        let terminal = ScriptedTerminal([
            .waitFor("exhibit · archive"), .key(.enter), .waitFor("Proposed"), .key(.char("q")),
            .waitFor("exhibit · archive"), .key(.char("q")),
        ])
        #expect(run(performer, terminal, runIDs: ids) == TerminalApp.Status.ok)
        // The list line is read beside the open, in either order; the check follows the open.
        #expect(Set(performer.calls) == ["summary run-2026-11-02-b", "open run-2026-11-02-b", "check run-2026-11-02-b"])
        let calls = performer.calls
        #expect((calls.firstIndex(of: "open run-2026-11-02-b") ?? 9) < (calls.firstIndex(of: "check run-2026-11-02-b") ?? 0))
        #expect(
            terminal.paints.contains { $0.text.contains("exhibit · run-2026-11-02-b") && $0.text.contains("Proposed") },
            "the run opened, and its check came back to it")
        #expect(terminal.lastScreen.contains("exhibit · archive"), "q in the run went back to the list")
    }

    @Test func aRunThatCannotBeOpenedIsSaidOnTheList() {
        let performer = FakePerformer()
        let terminal = ScriptedTerminal([.waitFor("exhibit · archive"), .key(.enter), .waitFor("no such run"), .key(.char("q"))])
        #expect(run(performer, terminal, runIDs: ["run-2026-11-02-b"]) == TerminalApp.Status.ok)
        #expect(terminal.lastScreen.contains("run-2026-11-02-b: no such run"))
    }
}
