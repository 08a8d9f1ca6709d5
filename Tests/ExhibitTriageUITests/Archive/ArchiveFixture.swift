@testable import ExhibitCore
@testable import ExhibitRules
@testable import ExhibitTestSupport
@testable import ExhibitTriageUI

/// Six runs in the shape of the sample archive, with summaries as the reader makes them.
enum ArchiveFixture {
    static let runIDs = [
        "run-2026-10-20-legacy", "run-2026-11-02-baseline", "run-2026-11-03-unset", "run-2026-11-04-misplaced",
        "run-2026-11-05-cleanup", "run-2026-11-06-mixed",
    ]

    static func summary(_ id: String) -> RunSummary {
        var s = RunSummary(runID: id)
        s.date = RunSummary.date(inRunID: id).map { $0 + 33_125 }
        s.dateSource = .runMetadata
        s.commit = String(repeating: String(id.count % 10), count: 40)
        s.branch = "main"
        s.scheme = "Vault"
        s.runtime = id.contains("legacy") ? "17.5" : "18.5"
        s.device = "iPhone 16"
        s.outcome = id.contains("baseline") ? .passed : .failed
        s.failedTests = id.contains("baseline") ? 0 : 2
        s.totalTests = 10
        // Documents grows run by run; Library holds steady; tmp fills up in the cleanup run.
        let age = UInt64((runIDs.firstIndex(of: id) ?? 0) + 1)
        s.volumes = [
            DirectoryVolume(directory: "Library", bytes: 5_432_320),
            DirectoryVolume(directory: "Documents", bytes: age * age * 262_144),
            DirectoryVolume(directory: "tmp", bytes: id.contains("cleanup") ? 307_200 : 0),
        ]
        switch id {
        case "run-2026-11-03-unset", "run-2026-10-20-legacy":
            s.blocking = BlockingCounts(unsetAttribute: 2)
            s.triage = TriageStatus(.proposed(.unsetAttribute))
        case "run-2026-11-04-misplaced":
            s.blocking = BlockingCounts(misplacedFile: 5, skippedCleanup: 1)
            s.triage = TriageStatus(.confirmed(.misplacedFile))
        case "run-2026-11-05-cleanup":
            s.blocking = BlockingCounts(skippedCleanup: 4)
            s.triage = TriageStatus(.proposed(.skippedCleanup), hasDraft: true)
        case "run-2026-11-06-mixed":
            s.blocking = BlockingCounts(unsetAttribute: 2, misplacedFile: 2, skippedCleanup: 1)
            s.triage = TriageStatus(.proposed(.unsetAttribute))
        default:
            s.blocking = BlockingCounts()
        }
        return s
    }

    /// The list with `read` runs read (in the order the driver reads them: by name).
    static func state(rows: Int = 24, cols: Int = 80, read: Int = 6) -> ArchiveState {
        var state = ArchiveState(title: "SampleArchives", runIDs: runIDs, rows: rows, cols: cols)
        for id in runIDs.prefix(read) { _ = state.receive(.summaryRead(summary(id))) }
        return state
    }

    /// A session for opening any run: the triage fixture under another id.
    static func session(_ runID: String, confirmed: TriageDecision? = nil) -> TriageSession {
        let inv = TriageFixture.inventory()
        var bundle = TriageFixture.bundle(inv)
        bundle.runID = runID
        return TriageSession(bundle: bundle, report: TriageFixture.report(inv), rules: TriageFixture.rules(), confirmed: confirmed)
    }
}

extension ArchiveState {
    @discardableResult
    mutating func press(_ keys: Key...) -> [ArchiveEffect] {
        keys.flatMap { receive(.key($0)) }
    }

    /// Performs `.openRun` effects as the driver does, with fixture sessions.
    mutating func perform(_ effects: [ArchiveEffect]) {
        for case .openRun(let id) in effects { _ = receive(.runOpened(id, .success(ArchiveFixture.session(id)))) }
    }

    var shownIDs: [String] { list.shown.map { list.entries[$0].runID } }
}
