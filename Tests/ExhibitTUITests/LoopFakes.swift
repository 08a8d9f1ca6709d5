import ExhibitCore
import Foundation

@testable import ExhibitRules
@testable import ExhibitTUI
@testable import ExhibitTriageUI

/// A terminal the loop can run on without one: it plays a script of inputs, records
/// every painted grid, and for `.awaitResults` waits (bounded) on the inbox's real
/// self-pipe, as the curses terminal's poll does.
final class ScriptedTerminal: TerminalPort {
    enum Step {
        case key(Key)
        case resize(rows: Int, cols: Int)
        /// Returns `.woken` once the inbox has something (up to 10 s, else `.lost`).
        case awaitResults
        case signal(Int32)
        /// Lets results in (as many wakes as it takes, up to 10 s) until the last frame
        /// shows `text`; then the script goes on. Independent of how fast workers are.
        case waitFor(String)
        /// Holds the keys back (up to 10 s) until a worker has got somewhere, as a
        /// person who waits for the disk to start does; then the script goes on.
        case waitUntil(@Sendable () -> Bool)
    }

    /// Called with the number of frames painted so far, after each paint.
    var onPaint: ((Int) -> Void)?

    private var script: [Step]
    private(set) var paints: [Grid] = []
    private(set) var invalidations = 0
    private(set) var rows: Int
    private(set) var cols: Int
    /// Set when the loop asked for input after the script ran out: it did not quit.
    private(set) var ranOut = false

    init(rows: Int = 24, cols: Int = 80, _ script: [Step]) {
        self.rows = rows
        self.cols = cols
        self.script = script
    }

    var lastScreen: String { paints.last?.text ?? "" }

    func paint(_ grid: Grid) {
        paints.append(grid)
        onPaint?(paints.count)
    }

    func invalidate(clearTerminal: Bool) { invalidations += 1 }

    func next(wakingOn wakeDescriptor: Int32, timeoutMilliseconds: Int32) -> TerminalInput {
        guard !script.isEmpty else {
            ranOut = true
            return .lost
        }
        if case .waitFor(let text) = script.first! {
            if lastScreen.contains(text) {
                script.removeFirst()
                return next(wakingOn: wakeDescriptor, timeoutMilliseconds: timeoutMilliseconds)
            }
            var fds = [pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0)]
            if poll(&fds, 1, 10_000) > 0 { return .woken }
            script.removeFirst()
            return .none
        }
        switch script.removeFirst() {
        case .key(let key):
            return .key(key)
        case .resize(let r, let c):
            rows = r
            cols = c
            return .resize
        case .signal(let s):
            return .signalled(s)
        case .waitFor:
            return .none
        case .waitUntil(let condition):
            for _ in 0..<2_000 where !condition() { usleep(5_000) }
            return .none
        case .awaitResults:
            var fds = [pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0)]
            return poll(&fds, 1, 10_000) > 0 ? .woken : .lost
        }
    }
}

/// A gate a fake performer's call waits at until the test opens it (a slow disk, a
/// large run), so a test can act while the work is under way.
final class Gate: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    func wait() { semaphore.wait() }
    func open() { semaphore.signal() }
}

/// A performer that records what it was asked, answers from fixtures, and blocks where
/// a test put a gate.
final class FakePerformer: ArchivePerformer, @unchecked Sendable {
    private let lock = NSLock()
    private var log: [String] = []
    let baseGate: Gate?
    let openGate: Gate?
    let checkGate: Gate?
    let sessions: [String: TriageSession]
    let base: Inventory
    /// How an open reads, reporting to its observer (a slow run of the archive); the
    /// session is answered after it, nil when it returns false (it saw the cancel).
    let openReads: (@Sendable (String, LoadObserver) -> Bool)?

    init(
        sessions: [String: TriageSession] = [:], base: Inventory = LoopFixture.inventory(),
        baseGate: Gate? = nil, openGate: Gate? = nil, checkGate: Gate? = nil,
        openReads: (@Sendable (String, LoadObserver) -> Bool)? = nil
    ) {
        self.openReads = openReads
        self.sessions = sessions
        self.base = base
        self.baseGate = baseGate
        self.openGate = openGate
        self.checkGate = checkGate
    }

    var calls: [String] {
        lock.lock()
        defer { lock.unlock() }
        return log
    }

    private func record(_ call: String) {
        lock.lock()
        log.append(call)
        lock.unlock()
    }

    func checkRules(_ run: TriageData, bundle: EvidenceBundle) -> CheckReport {
        record("check \(bundle.runID)")
        checkGate?.wait()
        return LoopFixture.report(bundle.inventory)
    }

    func saveRecord(_ decision: TriageDecision, of run: TriageData) -> HookMessage {
        record("save \(decision.failureClass.rawValue) \(decision.comment)")
        return .info("Saved: \(decision.failureClass.title)")
    }

    func writeNote(_ decision: TriageDecision?, of run: TriageData) -> HookMessage {
        record("note")
        return .info("Note written to notes/\(run.bundle.runID).md")
    }

    func saveDraft(_ draft: TriageDraft, of run: TriageData) {
        record("draft \(draft.comment)")
    }

    func baseCandidates(forRun runID: String) -> [BaseCandidate] {
        record("candidates \(runID)")
        return [BaseCandidate(runID: "run-base", date: 1_000, dateText: "2026-10-01", outcome: .passed)]
    }

    func loadBase(_ runID: String, for run: TriageData) -> Result<RunComparison, ArchiveOpenFailure> {
        record("base \(runID)")
        baseGate?.wait()
        guard let inventory = run.inventory else { return .failure(ArchiveOpenFailure("\(runID): no inventory")) }
        return .success(
            RunComparison(
                baseRunID: runID, base: base, baseReport: run.report, baseResults: nil, runID: run.bundle.runID,
                run: inventory, report: run.report, results: run.bundle.primaryResults))
    }

    func readSummary(_ runID: String) -> RunSummary {
        record("summary \(runID)")
        return RunSummary(runID: runID)
    }

    func openRun(_ runID: String, observer: LoadObserver) -> Result<TriageSession, ArchiveOpenFailure>? {
        record("open \(runID)")
        openGate?.wait()
        if let openReads, !openReads(runID, observer) { return nil }
        guard let session = sessions[runID] else { return .failure(ArchiveOpenFailure("\(runID): no such run")) }
        return .success(session)
    }
}

/// A small run for the loop: a few files, one of them misplaced.
enum LoopFixture {
    static func inventory(extra: Bool = false) -> Inventory {
        var b = InventoryBuilder()
        let docs = b.addDirectory(name: Array("Documents".utf8), parent: 0)
        b.addFile(name: Array("notes.db".utf8), parent: docs, size: 4_096)
        b.addFile(name: Array("cache.db".utf8), parent: docs, size: 20_480)
        if extra { b.addFile(name: Array("new.bin".utf8), parent: docs, size: 9_999) }
        let lib = b.addDirectory(name: Array("Library".utf8), parent: 0)
        b.addFile(name: Array("a.jpg".utf8), parent: lib, size: 1_024)
        return b.build()
    }

    static let rules = RulesEngine.compile(
        RulesInventory(rules: [
            BackupRule(name: "caches-belong-in-caches", pattern: "Documents/cache.db", requirement: .regenerable)
        ]))

    static func report(_ inventory: Inventory?) -> CheckReport {
        RulesEngine.check(
            inventory: inventory, failures: [], duTotals: nil, compiled: rules, rulesSource: "rules.json",
            rulesDiagnostics: [])
    }

    static func session(_ runID: String = "run-0142", needsCheck: Bool = true) -> TriageSession {
        var bundle = EvidenceBundle(runID: runID)
        bundle.inventory = inventory(extra: true)
        bundle.metadata.startTime = 2_000  // after the fake base run
        let report = needsCheck ? .awaitingCheck(rulesSource: "rules.json", rulesDiagnostics: []) : report(bundle.inventory)
        return TriageSession(bundle: bundle, report: report, rules: rules, needsCheck: needsCheck, canCompare: true)
    }
}

/// Runs a screen's loop on a scripted terminal, as `TerminalApp` runs it on curses.
func runLoop<Screen: LoopScreen>(_ screen: Screen, on terminal: ScriptedTerminal) -> Int32 {
    var loop = EventLoop(screen: screen, terminal: terminal, runner: EffectRunner<Screen.Event>())
    let status = loop.run()
    loop.runner.inbox.close()
    return status
}
