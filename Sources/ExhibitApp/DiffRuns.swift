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

    /// Both runs need a container inventory.
    public init(basePath: String, runPath: String, rulesOverride: String?, watching: (any LoadWatching)? = nil) throws(InputError) {
        base = try RunInput.loadRun(basePath, watching: watching)
        run = try RunInput.loadRun(runPath, watching: watching)
        guard base.inventory != nil else { throw InputError(description: "\(basePath): no container inventory") }
        guard run.inventory != nil else { throw InputError(description: "\(runPath): no container inventory") }
        let rules = try RulesInput.load(for: run, override: rulesOverride)
        guard let comparison = RunComparison(base: base, baseReport: rules.check(base), run: run, report: rules.check(run)) else {
            throw InputError(description: "\(runPath): no container inventory")
        }
        self.comparison = comparison
    }

    public var text: String { comparison.text }
    public var json: String { comparison.json }
}
