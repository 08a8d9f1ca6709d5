import Foundation
import Testing

@testable import ExhibitCore
@testable import ExhibitTUI
@testable import ExhibitTriageUI

/// The archive in the same loop: list lines stream in, a run being opened does not
/// hold the keys, and the opened run's check comes back to it.
@Suite struct ArchiveLoopTests {
    private func run(
        _ performer: FakePerformer, _ terminal: ScriptedTerminal, runIDs: [String], timing: LoadTiming = LoadTiming()
    ) -> Int32 {
        let state = ArchiveState(title: "archive", runIDs: runIDs, rows: terminal.rows, cols: terminal.cols)
        return runLoop(ArchiveScreen(state: state, performer: performer, glyphs: .unicode, timing: timing), on: terminal)
    }

    /// A run of the archive that reads until it is told to stop (ten seconds otherwise),
    /// reporting its bytes as a real load does.
    private static func slowOpen(cancelled: DispatchSemaphore) -> @Sendable (String, LoadObserver) -> Bool {
        { _, observer in
            observer.begin(EvidenceLayout.inventoryJSON, size: 40_960_000)
            observer.entriesRead(16_384)
            for _ in 0..<10_000 where !observer.isCancelled {
                observer.read(4_096)
                Thread.sleep(forTimeInterval: 0.001)
            }
            if observer.isCancelled { cancelled.signal() }
            return !observer.isCancelled
        }
    }

    @Test func aSlowRunShowsTheLoadingScreenAndQStopsItBackOnTheList() {
        for key in [Key.char("q"), .escape] {
            let cancelled = DispatchSemaphore(value: 0)
            let ids = ["run-2026-11-01-a", "run-2026-11-02-b"]
            let performer = FakePerformer(
                sessions: [ids[1]: LoopFixture.session(ids[1])], openReads: Self.slowOpen(cancelled: cancelled))
            let terminal = ScriptedTerminal([
                .waitFor("exhibit · archive"), .key(.enter), .waitFor("Reading     container/inventory.json"), .key(key),
                .waitFor("stopped opening run-2026-11-02-b"), .key(.char("q")),
            ])
            let started = Date()
            #expect(run(performer, terminal, runIDs: ids, timing: RunLoadingLoopTests.eager) == TerminalApp.Status.ok, "\(key)")
            #expect(Date().timeIntervalSince(started) < 8, "the loop did not wait for the load")
            let loading = terminal.paints.first { $0.text.contains("Reading     container/inventory.json") }
            #expect(loading?.text.contains("Loading run-2026-11-02-b") == true, "the box names the run being opened")
            #expect(loading?.text.contains("q or Esc: stop loading, back to the list") == true)
            #expect(terminal.lastScreen.contains("exhibit · archive"), "back on the list, not quit")
            #expect(cancelled.wait(timeout: .now() + 5) == .success, "the load itself was stopped, not only hidden")
            #expect(!terminal.ranOut)
        }
    }

    @Test func aSlowRunThatFinishesOpensFromItsLoadingScreen() {
        let gate = Gate()
        let ids = ["run-2026-11-02-b"]
        let performer = FakePerformer(
            sessions: [ids[0]: LoopFixture.session(ids[0])],
            openReads: { _, observer in
                observer.begin(EvidenceLayout.inventoryJSON, size: 2_048)
                observer.read(1_024)
                gate.wait()
                return true
            })
        let terminal = ScriptedTerminal([
            .waitFor("exhibit · archive"), .key(.enter), .waitFor("1.0 KiB of 2.0 KiB (50%)"), .waitFor("Proposed"),
            .key(.char("q")), .waitFor("exhibit · archive"), .key(.char("q")),
        ])
        terminal.onPaint = { _ in if terminal.lastScreen.contains("1.0 KiB of 2.0 KiB") { gate.open() } }
        #expect(run(performer, terminal, runIDs: ids, timing: RunLoadingLoopTests.eager) == TerminalApp.Status.ok)
        let loading = terminal.paints.firstIndex { $0.text.contains("1.0 KiB of 2.0 KiB (50%)") }
        let opened = terminal.paints.firstIndex { $0.text.contains("exhibit · run-2026-11-02-b") && $0.text.contains("Proposed") }
        #expect(loading != nil && opened != nil && loading! < opened!, "the loading screen, then the run")
        #expect(!terminal.ranOut)
    }

    @Test func askingForAnotherRunStopsTheLoadOfTheOneBefore() {
        let cancelled = DispatchSemaphore(value: 0)
        let ids = ["run-2026-11-01-a", "run-2026-11-02-b"]
        let performer = FakePerformer(
            sessions: [ids[0]: LoopFixture.session(ids[0])],
            openReads: { runID, observer in
                // The newer run (b, listed first) is slow; a, asked for next, is quick.
                guard runID == "run-2026-11-02-b" else { return true }
                return Self.slowOpen(cancelled: cancelled)(runID, observer)
            })
        // The slow run stays at "Opening…" on the list (no loading screen takes the keys) while j, Enter ask for a.
        let terminal = ScriptedTerminal([
            .waitFor("exhibit · archive"), .key(.enter), .waitFor("Opening run-2026-11-02-b"),
            .waitUntil { performer.calls.contains("open run-2026-11-02-b") }, .key(.char("j")),
            .key(.enter), .waitFor("exhibit · run-2026-11-01-a"), .key(.char("q")), .waitFor("exhibit · archive"),
            .key(.char("q")),
        ])
        let late = LoadTiming(showAfterMilliseconds: 60_000)
        #expect(run(performer, terminal, runIDs: ids, timing: late) == TerminalApp.Status.ok)
        #expect(cancelled.wait(timeout: .now() + 5) == .success, "the first open was stopped when the second was asked for")
        #expect(!terminal.ranOut)
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
        // The read runs on a thread of its own, which the loop does not wait for at q (on a
        // busy machine it may record its call after the loop has ended).
        for _ in 0..<500 where !performer.calls.contains("summary run-2026-11-02-b") { Thread.sleep(forTimeInterval: 0.01) }
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
