import Foundation
import Testing

@testable import ExhibitCore
@testable import ExhibitTUI
@testable import ExhibitTriageUI

/// `exhibit RUN` in the loop: the run is loaded as an effect after the terminal is
/// open; a slow load shows the loading screen fed by its progress, then the run; q or
/// Esc during the load quits at once and cancels it; a quick one never shows it.
@Suite struct RunLoadingLoopTests {
    /// The loading screen from the first frame on, fed as often as the loader posts.
    static let eager = LoadTiming(showAfterMilliseconds: 0, intervalMilliseconds: 1, heartbeatMilliseconds: 50)

    private func screen(_ load: @escaping RunLoad, timing: LoadTiming = eager, performer: FakePerformer = FakePerformer())
        -> RunLoadingScreen
    {
        RunLoadingScreen(
            runName: "run-0142", rows: 24, cols: 80, load: load, performer: performer, glyphs: .unicode, timing: timing)
    }

    @Test func theLoadPostsProgressThenTheRunOpens() {
        let gate = Gate()
        let load: RunLoad = { observer in
            observer.begin(EvidenceLayout.inventoryJSON, size: 2_048)
            observer.read(1_024)
            observer.entriesRead(42_000)
            gate.wait()
            return .success(LoopFixture.session())
        }
        let terminal = ScriptedTerminal([.waitFor("Entries     42 000"), .waitFor("Proposed"), .key(.char("q"))])
        // Let the run come once the progress is on the screen.
        terminal.onPaint = { _ in if terminal.lastScreen.contains("Entries     42 000") { gate.open() } }
        #expect(runLoop(screen(load), on: terminal) == TerminalApp.Status.ok)
        let loading = terminal.paints.firstIndex { $0.text.contains("Entries     42 000") }
        let run = terminal.paints.firstIndex { $0.text.contains("Proposed") }
        #expect(loading != nil && run != nil && loading! < run!, "the loading screen, then the run")
        #expect(terminal.paints[loading!].text.contains("Reading     container/inventory.json"))
        #expect(terminal.paints[loading!].text.contains("1.0 KiB of 2.0 KiB (50%)"))
        #expect(terminal.lastScreen.contains("exhibit · run-0142"), "the run's own screen, its check done")
        #expect(!terminal.ranOut)
    }

    @Test func qDuringTheLoadQuitsAtOnceAndCancelsIt() {
        for key in [Key.char("q"), .escape] {
            let sawCancel = DispatchSemaphore(value: 0)
            let load: RunLoad = { observer in
                observer.begin(EvidenceLayout.inventoryJSON, size: nil)
                // A load that would run for ten seconds: it reads until it is told to stop.
                for _ in 0..<10_000 where !observer.isCancelled {
                    observer.read(4_096)
                    Thread.sleep(forTimeInterval: 0.001)
                }
                if observer.isCancelled { sawCancel.signal() }
                return nil
            }
            let terminal = ScriptedTerminal([.waitFor("Reading     container/inventory.json"), .key(key)])
            let started = Date()
            #expect(runLoop(screen(load), on: terminal) == TerminalApp.Status.aborted, "\(key)")
            #expect(Date().timeIntervalSince(started) < 8, "the loop did not wait for the load")
            #expect(terminal.lastScreen.contains("q or Esc: stop loading and quit"))
            // The reader sees the cancel at its next chunk (bounded wait; it would run 10 s otherwise).
            #expect(sawCancel.wait(timeout: .now() + 5) == .success, "the load itself was cancelled, not only hidden")
            #expect(!terminal.ranOut)
        }
    }

    /// Keys typed while the run loads (other than q, Esc and Ctrl-L, which the loading
    /// screen answers) reach the run once it opens, in order.
    @Test func keysTypedWhileLoadingReachTheRunOnceItOpens() {
        var loading = screen { _ in nil }
        #expect(loading.receive(.key(.char("?"))).isEmpty)
        #expect(loading.typeahead == [.char("?")], "kept, not answered by the loading screen")
        #expect(!loading.render().text.contains(" Keys: "))
        _ = loading.receive(.loaded(.success(LoopFixture.session())))
        #expect(loading.typeahead.isEmpty)
        #expect(loading.render().text.contains(" Keys: "), "the help the ? typed while loading asked for")
        // Bounded: a held key does not grow the queue without end.
        var held = screen { _ in nil }
        for _ in 0..<1_000 { _ = held.receive(.key(.char("j"))) }
        #expect(held.typeahead.count == RunLoadingScreen.typeaheadLimit)
    }

    @Test func aQuickLoadOpensOnTheRunWithoutTheLoadingScreen() {
        let load: RunLoad = { _ in .success(LoopFixture.session()) }
        let terminal = ScriptedTerminal([.key(.char("q"))])
        #expect(runLoop(screen(load, timing: LoadTiming()), on: terminal) == TerminalApp.Status.ok)
        #expect(terminal.paints.first?.text.contains("exhibit · run-0142") == true)
        #expect(terminal.paints.allSatisfy { !$0.text.contains("stop loading") }, "no flash of the loading screen")
    }

    @Test func aRunThatCannotBeOpenedEndsTheLoopForTheCallerToSayWhy() {
        let load: RunLoad = { _ in .failure(ArchiveOpenFailure("rules.json: 3:1: expected an object")) }
        let terminal = ScriptedTerminal([.awaitResults, .key(.char("q"))])
        #expect(runLoop(screen(load), on: terminal) == TerminalApp.Status.unusableRun)
    }

    @Test func aCancelBeforeTheLoadStartsStopsItBeforeItReads() {
        let cancellation = LoadCancellation()
        cancellation.cancel()
        let observer = LoadObserver(clock: { 0 }) { _ in }
        #expect(!cancellation.attach(observer))
        #expect(observer.isCancelled)
    }
}
