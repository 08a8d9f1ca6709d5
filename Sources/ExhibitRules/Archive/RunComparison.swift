import ExhibitCore

/// A run compared with a base run, as `exhibit diff` prints it and the UI's diff view
/// lists it: the container (files added, removed, grown and moved, exclusion flags
/// changed), the rules check of both runs under the same rules (violations new and
/// fixed), and the tests (newly failing, fixed, flaky). Pure: the caller loads both runs
/// and checks the base with the run's rules.
public struct RunComparison: Sendable {
    public let baseRunID: String
    public let runID: String
    /// The rules both runs were checked against (the run's `rulesSource`).
    public let rulesSource: String
    public let files: InventoryDiff
    public let violations: ViolationDiff
    public let tests: TestOutcomeDiff
    /// Steps that created added files and nothing in the base (`NewCreationStep`); only
    /// known when the comparison was made from both bundles.
    public var newSteps: [NewCreationStep] = []
    /// Why `check` would not decide on the base's, and on the run's, evidence
    /// (`CheckReport.reasonsNotDecided`): a broken inventory.json another list stood in
    /// for, blocking rules undecided, parts of the container not checked. What the
    /// comparison counts is then only what is known.
    public let baseNotDecided: [String]
    public let runNotDecided: [String]

    /// Both runs' evidence is what `check` decides on: only then is "no regressions" one.
    public var isDecided: Bool { baseNotDecided.isEmpty && runNotDecided.isEmpty }

    /// What the comparison lists, in the order it lists them: what got worse first, then
    /// what merely changed, then what got better.
    public enum Section: String, Sendable, Equatable, CaseIterable {
        case newViolations = "new-violations"
        case nowBackedUp = "now-backed-up"
        case newFailingTests = "newly-failing-tests"
        case moved
        case files
        case fixedViolations = "fixed-violations"
        case nowExcluded = "now-excluded"
        case fixedTests = "fixed-tests"
        case flakyTests = "flaky-tests"

        public var title: String {
            switch self {
            case .newViolations: "New violations"
            case .nowBackedUp: "Excluded -> backed up"
            case .newFailingTests: "Newly failing tests"
            case .moved: "Moved between areas"
            case .files: "Files added, removed, grown"
            case .fixedViolations: "Fixed violations"
            case .nowExcluded: "Backed up -> excluded"
            case .fixedTests: "Fixed tests"
            case .flakyTests: "Flaky tests"
            }
        }
    }

    /// - Parameters:
    ///   - baseReport: the base's check under the rules `report` was made with.
    public init(
        baseRunID: String, base: Inventory, baseReport: CheckReport, baseResults: TestResults?,
        runID: String, run: Inventory, report: CheckReport, results: TestResults?
    ) {
        self.baseRunID = baseRunID
        self.runID = runID
        rulesSource = report.rulesSource
        files = InventoryDiff(base: base, run: run, report: report)
        func undecided(_ r: CheckReport) -> Set<String> { Set(r.budgets.filter { $0.isOverKnown == false }.map(\.directory)) }
        violations = ViolationDiff(
            base: Array(baseReport.violations), run: Array(report.violations),
            undecidedBudgets: (undecided(baseReport), undecided(report)))
        tests = TestOutcomeDiff(base: baseResults, run: results)
        baseNotDecided = baseReport.reasonsNotDecided
        runNotDecided = report.reasonsNotDecided
    }

    /// Both runs' evidence; each bundle must hold an inventory.
    public init?(base: EvidenceBundle, baseReport: CheckReport, run: EvidenceBundle, report: CheckReport) {
        guard let baseInventory = base.inventory, let runInventory = run.inventory else { return nil }
        self.init(
            baseRunID: base.runID, base: baseInventory, baseReport: baseReport, baseResults: base.primaryResults,
            runID: run.runID, run: runInventory, report: report, results: run.primaryResults)
        newSteps = NewCreationStep.find(base: base, run: run, added: files.entries.filter { $0.change == .added }.map(\.path))
    }

    public func count(_ section: Section) -> Int {
        switch section {
        case .newViolations: violations.new.count
        case .nowBackedUp: files.count(.nowBackedUp)
        case .newFailingTests: tests.newFailing.count
        case .moved: files.moves.count
        case .files: files.entries.count
        case .fixedViolations: violations.fixed.count
        case .nowExcluded: files.count(.nowExcluded)
        case .fixedTests: tests.fixed.count
        case .flakyTests: tests.flaky.count
        }
    }

    /// What got worse: new blocking violations, flags lost where the area is backed up,
    /// and newly failing tests. New warnings, and flags lost in Caches or tmp (which are
    /// not backed up either way), are listed but do not count.
    public var regressions: Int {
        violations.newBlocking + files.flagChanges.reduce(0) { $0 + ($1.direction == .nowBackedUp && $1.areaBackedUp ? 1 : 0) }
            + tests.newFailing.count
    }

    /// What got better: violations fixed, flags set, tests fixed.
    public var improvements: Int { violations.fixed.count + files.count(.nowExcluded) + tests.fixed.count }

    /// Whether anything at all differs.
    public var isEmpty: Bool { Section.allCases.allSatisfy { count($0) == 0 } }
}
