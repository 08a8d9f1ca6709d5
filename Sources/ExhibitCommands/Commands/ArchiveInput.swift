import ExhibitCore
import ExhibitIO
import Foundation

/// An archive on disk as the run list and the archive UI use it: its run ids, each
/// run's list line (read on demand, so the UI can read them in the background), and
/// the triage records in its notes directory.
struct ArchiveInput: Sendable {
    let url: URL
    let runIDs: [String]
    let store: NotesStore
    let rules: RunSummaryReader.Rules
    /// `--rules FILE`, for opening a run with the same rules the list used.
    let rulesOverride: String?

    /// Resolves `path` to an archive. A single run is an error naming its archive.
    init(path: String, rulesOverride: String?, notesOverride: String?) throws {
        let located: (url: URL, kind: RunLocator.Kind)
        do {
            located = try RunLocator.resolve(path)
        } catch {
            throw InputError(description: error.description)
        }
        guard located.kind == .archive else {
            throw InputError(description: "\(path): is a single run, not an archive of runs; try `exhibit summary \(path)`")
        }
        try self.init(url: located.url, rulesOverride: rulesOverride, notesOverride: notesOverride)
    }

    /// An archive already known to be one (`exhibit` with an archive argument). A
    /// `--rules` file is read and compiled once for every run.
    init(url: URL, rulesOverride: String?, notesOverride: String?) throws {
        self.url = url
        self.runIDs = Self.evidenceRuns(in: url)
        self.store = NotesStore.locate(archive: url.path, override: notesOverride,
                                       environment: ProcessInfo.processInfo.environment)
        self.rulesOverride = rulesOverride
        if let rulesOverride {
            let loaded = try RulesInput.load(for: EvidenceBundle(runID: ""), override: rulesOverride)
            self.rules = .shared(RulesEngine.compile(loaded.rules))
        } else {
            self.rules = .bundle
        }
    }

    /// The archive's runs that hold evidence: a `results/` or `container/` directory.
    /// Directories with only loose files (a shared rules.json, fixtures) are not runs
    /// the list could say anything about.
    static func evidenceRuns(in archive: URL) -> [String] {
        RunLocator.runs(in: archive).filter { id in
            [EvidenceLayout.resultsDirectory, "container"].contains { sub in
                var isDirectory: ObjCBool = false
                let path = archive.appendingPathComponent(id).appendingPathComponent(sub).path
                return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
            }
        }
    }

    /// Reads one run's list line. Safe to call from any thread.
    func summary(of runID: String) -> RunSummary {
        var record: TriageRecord?
        var problem: String?
        do {
            record = try store.record(for: runID)
        } catch {
            problem = "triage record: " + error.description
        }
        var summary = RunSummaryReader.read(
            runID: runID, from: DirectoryEvidenceSource(root: url.appendingPathComponent(runID)), rules: rules,
            record: record, draft: try? store.draft(for: runID))
        if let problem { summary.problems.append(problem) }
        return summary
    }
}

/// The `b`/`B` comparison of a run with the other runs of its directory: the
/// archive's runs, or for a run opened alone its parent directory's. The runs' dates
/// and outcomes are read once, on the first `b`, from run.json and the results only.
struct RunComparisonInput: Sendable {
    let directory: URL
    /// Asked only when a base is first looked for: listing a large parent directory
    /// must not delay the first screen.
    let runIDs: @Sendable () -> [String]
    private let cache = CandidateCache()

    init(directory: URL, runIDs: @escaping @Sendable () -> [String]) {
        self.directory = directory
        self.runIDs = runIDs
    }

    func candidates() -> [BaseCandidate] {
        cache.candidates {
            runIDs().map { id in
                BaseCandidate(RunSummaryReader.readHeadline(
                    runID: id, from: DirectoryEvidenceSource(root: directory.appendingPathComponent(id))))
            }
        }
    }

    func loadBase(_ runID: String) -> Result<Inventory, ArchiveOpenFailure> {
        let bundle = RunLocator.loadRun(at: directory.appendingPathComponent(runID))
        guard let inventory = bundle.inventory else {
            return .failure(ArchiveOpenFailure("\(runID): no container inventory to compare with"))
        }
        return .success(inventory)
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
