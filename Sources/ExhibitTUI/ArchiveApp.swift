import Dispatch
import ExhibitCore
import Foundation

/// Run list lines read on a background queue, handed to the UI loop in batches.
/// The loop drains it between keys, so the list fills in while the person moves.
final class SummaryFeed: @unchecked Sendable {
    private let lock = NSLock()
    private var ready: [RunSummary] = []
    private var stopped = false

    /// Reads every run in order on a background queue until `stop()`.
    func start(_ runIDs: [String], read: @escaping @Sendable (String) -> RunSummary) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            for id in runIDs {
                if isStopped { return }
                let summary = read(id)
                lock.lock()
                ready.append(summary)
                lock.unlock()
            }
        }
    }

    func drain() -> [RunSummary] {
        lock.lock()
        defer { lock.unlock() }
        let out = ready
        ready.removeAll()
        return out
    }

    func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }
}

extension TerminalApp {
    /// While runs are still being read the loop wakes this often to show new lines.
    static let feedPollMilliseconds: Int32 = 50

    /// Runs the archive UI (the run list, and the triage screens of the runs opened
    /// from it) until the person quits. Returns the process exit status.
    public static func run(archive: ArchiveSession) -> Int32 {
        guard let screen = openScreen() else { return Status.noTerminal }
        var state = ArchiveState(title: archive.title, runIDs: archive.runIDs, rows: Terminal.rows, cols: Terminal.cols)
        if let notice = screen.notice { state.show(notice) }
        let feed = SummaryFeed()
        feed.start(archive.runIDs, read: archive.readSummary)
        let status = loop(&state, archive: archive, feed: feed, glyphs: screen.glyphs)
        feed.stop()
        Terminal.close()
        return status
    }

    private static func loop(_ state: inout ArchiveState, archive: ArchiveSession, feed: SummaryFeed, glyphs: Glyphs) -> Int32 {
        var session: TriageSession?
        var check: BackgroundCheck?
        func deliverCheck(waitingUpTo milliseconds: Int = 0) {
            guard var open = session else { return }
            TerminalApp.deliver(&check, to: &state, session: &open, waitingUpTo: milliseconds)
            session = open
        }
        return runLoop(
            receive: {
                for summary in feed.drain() { state.received(summary) }
                deliverCheck()
            },
            render: { ArchiveRenderer.render(state, glyphs: glyphs) },
            painted: { check?.start() },
            isWaiting: { state.list.isReading || check != nil },
            resize: { _ = state.handle(.resize(rows: Terminal.rows, cols: Terminal.cols)) },
            keepDraft: { keepDraft(state, session) },
            onKey: { key, painter in
                var pending = state.handle(key: key)
                while !pending.isEmpty {
                    let effect = pending.removeFirst()
                    switch effect {
                    case .quit:
                        return Status.ok
                    case .redraw:
                        painter.invalidate(clearTerminal: true)
                    case .openRun(let runID):
                        switch archive.openRun(runID) {
                        case .success(let opened):
                            session = opened
                            state.opened(runID, session: opened)
                            check = prepareCheck(of: opened)
                            if !paintsBeforeChecking(opened) { deliverCheck(waitingUpTo: BackgroundCheck.graceMilliseconds) }
                        case .failure(let failure):
                            session = nil
                            check = nil
                            state.openFailed(runID, failure)
                        }
                        painter.invalidate(clearTerminal: false)
                    case .run(let runEffect):
                        guard let session else { continue }
                        pending += TerminalApp.perform(runEffect, session: session, state: &state)
                    }
                }
                return nil
            })
    }

    private static func keepDraft(_ state: ArchiveState, _ session: TriageSession?) {
        if let draft = state.pendingDraft { session.map { $0.saveDraft(draft, $0.report) } }
    }
}
