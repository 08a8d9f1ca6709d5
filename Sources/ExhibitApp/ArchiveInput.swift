import ExhibitCore
import ExhibitIO
import ExhibitRules
import ExhibitTriageUI
import Foundation

/// An archive on disk as the run list and the archive UI use it: its run ids, each
/// run's list line (read on demand, so the UI can read them in the background), and
/// the triage records in its notes directory.
public struct ArchiveInput: Sendable {
    public let url: URL
    /// The runs and, among them by name, the entries that could not be looked into.
    public let runIDs: [String]
    /// The entries of `runIDs` that could not be looked into, with why
    /// (`RunLocator.ArchiveListing`): listed with their problem, never left out.
    public let unreadable: [String: String]
    public let store: NotesStore
    /// `--rules FILE`, read once: the list and every run opened from it use it.
    public let sharedRules: RulesInput.Loaded?
    var rules: RunSummaryReader.Rules { sharedRules.map { .shared($0.compiled) } ?? .bundle }

    /// Resolves `path` to an archive. A single run is an error naming its archive.
    public init(path: String, rulesOverride: String?, notesOverride: String?) throws(InputError) {
        let located = try RunInput.locate(path)
        guard located.kind == .archive else {
            throw InputError(description: "\(path): is a single run, not an archive of runs; try `exhibit summary \(path)`")
        }
        var shared: RulesInput.Loaded?
        if let rulesOverride { shared = try RulesInput.load(path: rulesOverride) }
        self.init(url: located.url, sharedRules: shared, notesOverride: notesOverride)
    }

    /// An archive already known to be one (`exhibit` with an archive argument).
    public init(url: URL, sharedRules: RulesInput.Loaded?, notesOverride: String?) {
        self.url = url
        let listing = RunLocator.listing(of: url)
        self.runIDs = (listing.runs + listing.unreadable.keys).sorted()
        self.unreadable = listing.unreadable
        self.store = NotesStore.locate(
            for: OpenedInput(url, isArchive: true), override: notesOverride,
            environment: ProcessInfo.processInfo.environment)
        self.sharedRules = sharedRules
    }

    /// Reads one run's list line. Safe to call from any thread. A record or draft that
    /// cannot be read is said on the line, not taken for none.
    public func summary(of runID: String) -> RunSummary {
        var problems: [String] = []
        func read(_ what: String, _ body: () throws(NotesStore.Failure) -> TriageRecord?) -> TriageRecord? {
            do {
                return try body()
            } catch {
                problems.append("\(what): " + error.description)
                return nil
            }
        }
        let record = read("triage record") { () throws(NotesStore.Failure) in try store.record(for: runID) }
        let draft = read("draft") { () throws(NotesStore.Failure) in try store.draft(for: runID) }
        var summary: RunSummary
        if let problem = unreadable[runID] {
            summary = RunSummaryReader.unreadable(runID: runID, problem: problem, record: record, draft: draft)
        } else {
            summary = RunSummaryReader.read(
                runID: runID, from: DirectoryEvidenceSource(root: url.appendingPathComponent(runID)), rules: rules,
                record: record, draft: draft)
        }
        summary.problems += problems
        return summary
    }

    /// The runs a base may be chosen from: those that could be looked into.
    public var readableRunIDs: [String] { runIDs.filter { unreadable[$0] == nil } }

    /// Every run's list line, in `runIDs` order (`exhibit runs`).
    public func summaries() -> [RunSummary] { runIDs.map(summary(of:)) }
}

/// The `b`/`B` comparison of a run with the other runs of its directory: the
/// archive's runs, or for a run opened alone its parent directory's. The runs' dates
/// and outcomes are read once, on the first `b`, from run.json and the results only.
public struct RunComparisonInput: Sendable {
    public let directory: URL
    /// Asked only when a base is first looked for: listing a large parent directory
    /// must not delay the first screen.
    let runIDs: @Sendable () -> [String]
    private let cache = CandidateCache()

    public init(directory: URL, runIDs: @escaping @Sendable () -> [String]) {
        self.directory = directory
        self.runIDs = runIDs
    }

    public func candidates() -> [BaseCandidate] {
        cache.candidates {
            runIDs().map { id in
                BaseCandidate(
                    RunSummaryReader.readHeadline(
                        runID: id, from: DirectoryEvidenceSource(root: directory.appendingPathComponent(id))))
            }
        }
    }

    /// The base run `runID` read and compared with `run`: checked against the run's
    /// rules (compiled once, in the run's data), so violations compare under one rules file.
    public func loadBase(
        _ runID: String, comparedWith run: EvidenceBundle, report: CheckReport, rules: CompiledRules
    ) -> Result<RunComparison, ArchiveOpenFailure> {
        let bundle = RunLocator.loadRun(at: directory.appendingPathComponent(runID))
        guard bundle.inventory != nil else {
            return .failure(ArchiveOpenFailure("\(runID): no container inventory to compare with"))
        }
        let baseReport = RulesInput.check(bundle, compiled: rules, source: report.rulesSource, diagnostics: report.rulesDiagnostics)
        guard let comparison = RunComparison(base: bundle, baseReport: baseReport, run: run, report: report) else {
            return .failure(ArchiveOpenFailure("\(run.runID): no container inventory to compare"))
        }
        return .success(comparison)
    }

    /// Read once per UI session: runs do not change while they are being triaged. Asked
    /// from the UI's worker threads, hence the lock.
    private final class CandidateCache: @unchecked Sendable {
        private let lock = NSLock()
        private var read: [BaseCandidate]?

        func candidates(_ make: () -> [BaseCandidate]) -> [BaseCandidate] {
            lock.lock()
            defer { lock.unlock() }
            if let read { return read }
            let made = make()
            read = made
            return made
        }
    }
}
