import Foundation
import Testing

@testable import ExhibitApp
@testable import ExhibitCommands
@testable import ExhibitCore

/// The headless progress line: drawn only on a terminal and after a second, redrawn in
/// place, blanked at the end; its text.
@Suite struct LoadProgressLineTests {
    /// Milliseconds the test sets.
    final class FakeClock: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        var now: Int {
            get {
                lock.lock()
                defer { lock.unlock() }
                return value
            }
            set {
                lock.lock()
                value = newValue
                lock.unlock()
            }
        }
    }

    @Test func theLineShowsOnlyOnATerminalAndAfterASecond() {
        #expect(!LoadProgressLine.shows(stderrIsTerminal: false, elapsedMilliseconds: 60_000))
        #expect(!LoadProgressLine.shows(stderrIsTerminal: true, elapsedMilliseconds: 999))
        #expect(LoadProgressLine.shows(stderrIsTerminal: true, elapsedMilliseconds: 1_000))
    }

    @Test func theTextSaysTheFileTheBytesTheEntriesAndTheTime() {
        let p = LoadProgress(
            artifact: "container/inventory.json", bytesRead: 39_321_600, bytesTotal: 97_517_568, entries: 412_345,
            elapsedMilliseconds: 1_834)
        #expect(
            LoadProgressLine.text(p, runName: "run-9", width: 120)
                == "exhibit: loading run-9: container/inventory.json 37.5 of 93.0 MiB (40%), 412345 entries, 1.8 s")
        // In 79 columns the file's name gives way, from its front.
        #expect(
            LoadProgressLine.text(p, runName: "run-9")
                == "exhibit: loading run-9: …ory.json 37.5 of 93.0 MiB (40%), 412345 entries, 1.8 s")
        let unsized = LoadProgress(artifact: "container/files.txt", bytesRead: 1_048_576, elapsedMilliseconds: 1_000)
        #expect(LoadProgressLine.text(unsized, runName: "r") == "exhibit: loading r: container/files.txt 1.0 MiB, 1.0 s")
    }

    @Test func aLongNameIsShortenedFromTheFrontAndEscaped() {
        let p = LoadProgress(
            artifact: "container/preferences/" + String(repeating: "a", count: 80) + "\u{1B}[2J.plist", bytesRead: 10,
            elapsedMilliseconds: 1_500)
        let line = LoadProgressLine.text(p, runName: "run-\u{1B}]0;x\u{07}")
        #expect(line.count <= LoadProgressLine.defaultWidth)
        #expect(!line.contains("\u{1B}"))
        #expect(line.contains("run-\\x1b]0;x\\x07"))
        #expect(line.contains("…"))
        #expect(line.contains("\\x1b[2J.plist 0.0 MiB, 1.5 s"))
    }

    /// A load as the loader reports it, over `seconds` on the fake clock.
    private func simulateLoad(_ progress: StderrLoadProgress, clock: FakeClock, seconds: Int) {
        let observer = progress.begin(runName: "run-1m")
        observer.begin("container/inventory.json", size: 100 * 1_048_576)
        for tenth in 1...(seconds * 10) {
            clock.now = tenth * 100
            observer.read(1_048_576)
        }
        progress.end()
    }

    @Test func onATerminalTheLineIsRedrawnInPlaceAndBlankedAtTheEnd() throws {
        let console = Console.capturing()
        let clock = FakeClock()
        simulateLoad(
            StderrLoadProgress(console: console, stderrIsTerminal: true, width: 100, clock: { clock.now }), clock: clock, seconds: 3)
        let err = console.captured!.err
        let draws = err.split(separator: "\r", omittingEmptySubsequences: true)
        #expect(!err.contains("\n"), "one line, never a new one")
        #expect(err.hasPrefix("\rexhibit: loading run-1m: container/inventory.json 10.0 of 100.0 MiB (10%), 1.0 s"))
        #expect(draws.count >= 8 && draws.count <= 10, "redrawn every 250 ms from the first second on: \(draws.count)")
        // The end: spaces over the whole last line, and the cursor back at its start.
        let last = try #require(draws.last)
        #expect(last.allSatisfy { $0 == " " } && last.count == draws[draws.count - 2].count)
        #expect(err.hasSuffix("\r"))
        #expect(console.captured!.out.isEmpty)
    }

    @Test func notOnATerminalNothingIsWritten() {
        let console = Console.capturing()
        let clock = FakeClock()
        simulateLoad(StderrLoadProgress(console: console, stderrIsTerminal: false, clock: { clock.now }), clock: clock, seconds: 5)
        #expect(console.captured!.err.isEmpty)
    }

    @Test func aLoadUnderASecondWritesNothing() {
        let console = Console.capturing()
        let clock = FakeClock()
        let progress = StderrLoadProgress(console: console, stderrIsTerminal: true, clock: { clock.now })
        let observer = progress.begin(runName: "run-small")
        observer.begin("container/inventory.json", size: 4_096)
        clock.now = 900
        observer.read(4_096)
        progress.end()
        #expect(console.captured!.err.isEmpty)
    }

    @Test func aCapturedConsoleIsNotATerminal() {
        #expect(!Console.capturing().stderrIsTerminal)
    }
}
