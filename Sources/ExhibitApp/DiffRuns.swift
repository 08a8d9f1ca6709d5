import ExhibitCore
import ExhibitRules

/// `diff`: what changed since a base run: files, exclusion flags, moves between areas,
/// violations and test outcomes (`RunComparison`). Both runs are checked against the
/// same rules, RUN's (or `rulesOverride`), so a violation new or fixed is the run's
/// doing, not the rules file's.
public struct DiffRuns: Sendable {
    public let base: EvidenceBundle
    public let run: EvidenceBundle
    public let comparison: RunComparison
    public var diff: InventoryDiff { comparison.files }

    /// Both runs need a container inventory; without one the error names the file, its
    /// position and what was expected, as `check` does.
    public init(basePath: String, runPath: String, rulesOverride: String?, watching: (any LoadWatching)? = nil) throws(InputError) {
        base = try RunInput.loadRun(basePath, watching: watching)
        run = try RunInput.loadRun(runPath, watching: watching)
        for (path, bundle) in [(basePath, base), (runPath, run)] where bundle.inventory == nil {
            throw InputError(description: "\(path): no container inventory could be read: " + TerminalText.sanitized(bundle.whyNoInventory))
        }
        // RUN's rules.json is named by RUN's path: both runs are checked against it.
        let rules = try RulesInput.load(for: run, override: rulesOverride, shownAs: runPath)
        guard let comparison = RunComparison(base: base, baseReport: rules.check(base), run: run, report: rules.check(run)) else {
            throw InputError(description: "\(runPath): no container inventory could be read")
        }
        self.comparison = comparison
    }

    /// Why the comparison is no verdict (one line, for standard error); nil when both
    /// runs' evidence is what `check` decides on.
    public var refusal: String? {
        guard !comparison.isDecided else { return nil }
        let sides = [("base", comparison.baseNotDecided), ("run", comparison.runNotDecided)].filter { !$0.1.isEmpty }.map(\.0)
        return "base \(TerminalText.escape(comparison.baseRunID)), run \(TerminalText.escape(comparison.runID)): "
            + "not decided: check would not decide on the evidence of the "
            + sides.joined(separator: " and the ") + " (listed under \"Not decided\"), so the regressions counted are only those known"
    }

    public var text: String { comparison.text }
    public var json: String { comparison.json }
}
