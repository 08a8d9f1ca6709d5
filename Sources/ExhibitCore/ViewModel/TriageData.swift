/// The read-only side of a triage session: evidence, findings and the indexes made
/// from them once. Shared by every state value (a class, so copying state is cheap).
public final class TriageData: Sendable {
    public let bundle: EvidenceBundle
    public let report: CheckReport
    public let index: ViolationIndex
    /// The rules the report was made with, compiled once: the details pane and the
    /// tree's backup marks ask them, so the UI and `exhibit check` cannot disagree.
    public let rules: CompiledRules
    /// Failing tests as the results report them.
    public let failures: [TestFailure]

    public init(bundle: EvidenceBundle, report: CheckReport,
                rules: CompiledRules = RulesEngine.compile(RulesInventory.builtInDefaults)) {
        self.bundle = bundle
        self.report = report
        self.rules = rules
        self.index = ViolationIndex(report: report, inventory: bundle.inventory)
        self.failures = bundle.failures
        self.budgetRows = Self.budgetRows(report, bundle.inventory)
    }

    public var inventory: Inventory? { bundle.inventory }

    /// Where the budgets pane gets its rows: the report's budgets, or the top-level
    /// directories' totals without a budget when the rules set none.
    public let budgetRows: [DirectoryBudget]

    private static func budgetRows(_ report: CheckReport, _ inventory: Inventory?) -> [DirectoryBudget] {
        if !report.budgets.isEmpty { return report.budgets }
        guard let inventory else { return [] }
        return DirectoryVolume.topLevel(of: inventory).map { DirectoryBudget(directory: $0.directory, bytes: $0.bytes, budget: nil) }
    }

    /// Failing tests linked to a violation (by the classifier's links).
    public func linkedViolations(ofTest test: TestFailure) -> [Int] {
        let id = test.identifier ?? test.testName
        var out: [Int] = []
        for link in report.proposal.links where link.test == id || link.test == test.testName {
            for v in link.violations where !out.contains(v) && report.violations.indices.contains(v) { out.append(v) }
        }
        return out
    }
}
