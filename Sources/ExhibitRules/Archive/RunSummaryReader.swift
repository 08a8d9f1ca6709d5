import ExhibitCore

/// Reads the one line of the run list for a run: run.json, the first results artifact
/// that loads (richest first) and the inventory held against the rules for the
/// blocking-violation counts. Steps, du totals and the other results files are left
/// unread, and the inventory is dropped once counted, so an archive of many runs is
/// listed without holding their trees. Pure: the source supplies the bytes.
public enum RunSummaryReader {
    /// The rules a run is held against for its counts.
    public enum Rules: Sendable {
        /// The run's own `rules.json`, else the built-in policy (what `exhibit check` does).
        case bundle
        /// One rules file for every run (`--rules FILE`), compiled once.
        case shared(CompiledRules)
    }

    /// - Parameters:
    ///   - record: the run's confirmed triage record, if any.
    ///   - draft: an unfinished classification kept for the run, if any.
    public static func read(
        runID: String, from source: some EvidenceSource, rules: Rules,
        record: TriageRecord? = nil, draft: TriageRecord? = nil
    ) -> RunSummary {
        var loading = Loading(bundle: EvidenceBundle(runID: runID), source: source)
        var summary = readHeadline(&loading)
        loading.loadInventory()
        var proposal: ClassificationProposal?
        if let inventory = loading.bundle.inventory {
            summary.volumes = DirectoryVolume.topLevel(of: inventory)
            // The small app artifacts too (preference copies, app Info.plist), so the
            // list's counts agree with `check`; rules.json is read among them, once.
            loading.loadRawArtifacts()
            // inventory.json there but broken: the counts are the list's that stood in,
            // and `check` fails closed on them (`GateRun.verdict`).
            let brokenInventory = EvidenceAccount.authoritativeInventoryProblem(of: loading.bundle)
            if let broken = brokenInventory {
                summary.problems.append(broken + "; the counts are from " + (loading.bundle.inventorySource ?? "?") + ", which check does not decide on")
            }
            switch compiledRules(rules, loading.bundle) {
            case .success(let compiled):
                let report = RulesEngine.check(bundle: loading.bundle, compiled: compiled, rulesSource: "", rulesDiagnostics: [])
                summary.blocking = BlockingCounts(report)
                if report.hasUndecidedBlocking {
                    // A count of unset attributes is not known (`?`): say why beside it.
                    let n = report.undecidedRules.count
                    let causes = report.undecidedCauses(blockingOnly: true).words
                    summary.problems.append("exclusion flags \(causes): \(n) blocking rule\(n == 1 ? "" : "s") undecided")
                }
                for u in report.unchecked {
                    let problem = u.kind.isContainer ? "container not all checked: " + u.kind.title : u.kind.whatWasNotChecked + " not checked: " + u.kind.title
                    if !summary.problems.contains(problem) { summary.problems.append(problem) }
                }
                // A proposal only where `check` would decide: no class claimed on evidence it refuses.
                if brokenInventory == nil && report.findingsDecide {
                    proposal = report.proposal
                    summary.proposal = report.proposal.proposed
                    summary.proposalConfidence = report.proposal.confidence
                }
            case .failure(let problem):
                summary.problems.append(problem.text)
            }
        } else if let why = source.listingFailure("container") {
            // The whole container/ is closed: one reason, not one per inventory file.
            summary.problems.append("no inventory: container/ cannot be read (\(why))")
        } else {
            let why = loading.bundle.inventoryProblems
            summary.problems.append("no inventory" + (why.isEmpty ? "" : ": " + why.joined(separator: "; ")))
        }
        summary.triage = TriageStatus(record: record, draft: draft, proposal: proposal)
        summary.evidenceRead = loading.bundle.primaryResults != nil || loading.bundle.inventory != nil
        return summary
    }

    /// The line of a run directory that could not be looked into: its id's date, the
    /// problem, and what the notes directory records of it; every other column unknown.
    public static func unreadable(runID: String, problem: String, record: TriageRecord? = nil, draft: TriageRecord? = nil) -> RunSummary {
        var summary = RunSummary(runID: runID)
        if let date = RunSummary.date(inRunID: runID) {
            summary.date = date
            summary.dateSource = .runID
        }
        summary.problems = [problem]
        summary.triage = TriageStatus(record: record, draft: draft, proposal: nil)
        return summary
    }

    /// Only the date, commit, scheme, runtime and test outcome: run.json and the first
    /// results artifact, no inventory. What choosing a base run for a comparison needs.
    public static func readHeadline(runID: String, from source: some EvidenceSource) -> RunSummary {
        var loading = Loading(bundle: EvidenceBundle(runID: runID), source: source)
        return readHeadline(&loading)
    }

    private static func readHeadline<S: EvidenceSource>(_ loading: inout Loading<S>) -> RunSummary {
        let runID = loading.bundle.runID
        loading.loadMetadata()
        let metadataStart = loading.bundle.metadata.startTime
        loadFirstResults(&loading)
        loading.fillMetadataGaps()

        var summary = RunSummary(runID: runID)
        let bundle = loading.bundle
        let meta = bundle.metadata
        // An absurd start time (1e300) is no date: said, and the next source asked, so
        // the run is neither dated "????" nor sorted as the newest.
        let resultsStart = bundle.primaryResults?.startTime
        for (start, source) in [(metadataStart, RunSummary.DateSource.runMetadata), (resultsStart, .results)] {
            guard summary.date == nil, let start else { continue }
            guard Timestamp.isUsable(start) else {
                let file = source == .runMetadata ? EvidenceLayout.runMetadata : "the results"
                summary.problems.append("\(file): startTime \(start) is not a usable date (1970 to 9999); ignored")
                continue
            }
            summary.date = start
            summary.dateSource = source
        }
        if summary.date == nil, let fromID = RunSummary.date(inRunID: runID) {
            summary.date = fromID
            summary.dateSource = .runID
        }
        summary.commit = meta.commit
        summary.branch = meta.branch
        summary.scheme = meta.scheme
        summary.runtime = meta.runtimeVersion
        summary.device = meta.deviceName
        if let results = bundle.primaryResults {
            summary.outcome = results.outcome
            summary.failedTests = results.failedCount ?? results.failures.count
            summary.totalTests = results.totalCount
        } else {
            summary.problems.append("no results")
        }
        return summary
    }

    /// The first results artifact that loads, in `ResultsSource` order (the result
    /// bundle's `Data/` after the printed files): the list needs counts and failing
    /// tests, not every view of them.
    private static func loadFirstResults<S: EvidenceSource>(_ loading: inout Loading<S>) {
        if let r = loading.read(SummaryJSONReader.self, EvidenceLayout.summaryJSON) {
            loading.bundle.results.append(r)
        } else if let r = loading.read(TestsJSONReader.self, EvidenceLayout.testsJSON) {
            loading.bundle.results.append(r)
        } else if let r = loading.read(LegacyJSONReader.self, EvidenceLayout.legacyJSON) {
            loading.bundle.results.append(r)
        } else if let r = loading.read(JUnitReader.self, EvidenceLayout.junitXML) {
            loading.bundle.results.append(r)
        } else {
            // The result bundle last, though it ranks first: the list needs only counts,
            // which a printed file gives in one read and the bundle in many.
            loading.loadResultBundles()
        }
    }

    private struct RulesProblem: Error {
        var text: String
    }

    private static func compiledRules(_ rules: Rules, _ bundle: EvidenceBundle) -> Result<CompiledRules, RulesProblem> {
        switch rules {
        case .shared(let compiled):
            return .success(compiled)
        case .bundle:
            switch bundle.rules {
            case .absent: return .success(RulesEngine.compile(RulesInventory.builtInDefaults))
            // Not 0 blocking under the built-in policy: the run's own rules could not be read.
            case .unreadable(let why): return .failure(RulesProblem(text: "\(EvidenceLayout.rules): cannot be read: \(why)"))
            case .present:
                switch bundle.rulesReading?.result {
                case .success(let read)?: return .success(RulesEngine.compile(read))
                case .failure(let error)?: return .failure(RulesProblem(text: error.description))
                case nil: return .failure(RulesProblem(text: "\(EvidenceLayout.rules): not read"))
                }
            }
        }
    }
}
