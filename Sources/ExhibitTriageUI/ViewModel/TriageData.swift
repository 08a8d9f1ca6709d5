import ExhibitCore
import ExhibitRules

/// The read-only side of a triage session: evidence, findings and the indexes made
/// from them once. Shared by every state value (a class, so copying state is cheap).
public final class TriageData: Sendable {
    public let bundle: EvidenceBundle
    public let report: CheckReport
    public let index: ViolationIndex
    /// The violations one row per file or reported folder (the Violations pane, `e`).
    public let violationRows: ViolationRows
    /// The rules the report was made with, compiled once: the details pane and the
    /// tree's backup marks ask them, so the UI and `exhibit check` cannot disagree.
    public let rules: CompiledRules
    /// Failing tests as the results report them.
    public let failures: [TestFailure]
    /// The results files disagree on counts or on which tests failed (`ResultsMerge`):
    /// found once, for the header's every frame.
    public let resultsFilesDisagree: Bool
    /// The rules check is still running: `report` is empty, the tree can be browsed,
    /// findings are not known yet.
    public let isChecking: Bool
    /// What the header and the evidence pane say about the artifacts themselves.
    public let evidence: EvidenceStatus
    /// The creation step of each item as the run's timeline shows it (the details pane).
    public let creationSteps: CreationSteps
    /// The entries with a size not recorded at or below them: the tree's sizes, bars and
    /// size order say "unknown" or "at least" from it (`UnrecordedSizeIndex`).
    public let unrecordedSizes: UnrecordedSizeIndex
    /// The Violations pane's cell widths per row, measured once (`CellWidthMemo`).
    let cellWidths = CellWidthMemo()
    /// The rows in tree order per sort order, made once each: a sort key at 10M entries
    /// re-made them in 15 ms, over the 5 ms a frame may take (issue 19).
    private let rowOrders = RowOrderMemo()

    /// Makes, on the worker that checked the rules, what the first frames with the
    /// findings would otherwise make on the UI thread: the rows in tree order under
    /// `order` and the Violations pane's first widths (`prewarmOtherOrders` then the
    /// other sort orders, which the worker goes on with after posting).
    public func prewarm(order: SortOrder) {
        ViolationsRenderer.prewarm(self, order: order)
    }

    public func prewarmOtherOrders(than order: SortOrder) {
        for key in [SortOrder.Key.size, .name, .count] {
            for reversed in [false, true] where SortOrder(key, reversed: reversed) != order {
                _ = treeOrderedRows(SortOrder(key, reversed: reversed))
            }
        }
    }

    /// `violationRows.treeOrdered(order, in: inventory, sizes: unrecordedSizes)`, made once per order.
    func treeOrderedRows(_ order: SortOrder) -> [Int] {
        rowOrders.rows(for: order) { violationRows.treeOrdered(order, in: inventory, sizes: unrecordedSizes) }
    }
    /// What finishes `bundle` (steps.tsv, times.txt) while `isChecking`, when the run was
    /// loaded for its first screen only; the check reads it first.
    public let rest: DeferredLoad?

    /// `isChecking`: `report` is a placeholder (`CheckReport.awaitingCheck`) while the
    /// rules check runs; the state replaces the data when the report arrives
    /// (`TriageEvent.rulesChecked`), so a large container's tree is on screen early.
    public init(
        bundle: EvidenceBundle, report: CheckReport,
        rules: CompiledRules = RulesEngine.compile(RulesInventory.builtInDefaults), isChecking: Bool = false,
        rest: DeferredLoad? = nil
    ) {
        self.bundle = bundle
        self.rest = rest
        self.report = report
        self.rules = rules
        self.isChecking = isChecking
        let index = ViolationIndex(report: report, inventory: bundle.inventory)
        self.index = index
        self.violationRows = ViolationRows(report: report, index: index)
        self.failures = bundle.failures
        resultsFilesDisagree = !bundle.resultDisagreements.isEmpty
        self.budgetRows = Self.budgetRows(report, bundle.inventory)
        self.evidence = EvidenceStatus(bundle: bundle)
        self.creationSteps = CreationSteps(bundle: bundle)
        self.unrecordedSizes = UnrecordedSizeIndex(bundle.inventory)
    }

    public var inventory: Inventory? { bundle.inventory }

    /// The class the UI proposes: none when the container inventory could not be read,
    /// when a flag record could not be read (the findings may be wrong), or when nothing
    /// known blocks but a blocking rule is undecided (unknown flags) or part of the
    /// container was not checked; the classifier, seeing no violations, would say "not a
    /// boundary failure".
    public var proposedClass: FailureClass? {
        if evidence.inventoryUnreadable || evidence.authoritativeInventoryBroken || !report.findingsDecide { return nil }
        return report.proposal.proposed
    }

    /// Where the budgets pane gets its rows: the report's budgets, or the top-level
    /// directories' totals without a budget when the rules set none or are still being
    /// checked (a total with sizes not recorded says so, as the report's budgets do).
    public let budgetRows: [DirectoryBudget]

    private static func budgetRows(_ report: CheckReport, _ inventory: Inventory?) -> [DirectoryBudget] {
        if !report.budgets.isEmpty { return report.budgets }
        guard let inventory else { return [] }
        return DirectoryVolume.topLevel(of: inventory).map {
            var row = DirectoryBudget(directory: $0.directory, bytes: $0.bytes, budget: nil)
            row.unrecordedSizes = $0.unrecordedSizes
            return row
        }
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

extension CheckReport {
    /// What a session holds until its deferred rules check is done: no findings, no
    /// proposal worth showing (the UI says "checking" and refuses to classify).
    public static func awaitingCheck(rulesSource: String, rulesDiagnostics: [Diagnostic]) -> CheckReport {
        let proposal = ClassificationProposal(
            proposed: .notBoundaryFailure, confidence: .noEvidence, evidence: [], links: [],
            unexplainedTests: [], rationale: "The rules check is still running.")
        return CheckReport(
            violations: [], proposal: proposal, budgets: [], rulesSource: rulesSource,
            rulesDiagnostics: rulesDiagnostics)
    }
}
