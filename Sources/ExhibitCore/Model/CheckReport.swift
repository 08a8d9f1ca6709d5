/// How a failing test was tied to a violation.
public enum TestLinkBasis: String, Sendable, Codable, Hashable {
    /// The failure text names the relative path.
    case path
    /// The failure text names a directory the file is in (`tmp`, `Library/Caches/Drafts`).
    case directory
    /// The failure text names the file name.
    case fileName = "file-name"
    /// The failure text names the rule's logical name.
    case ruleName = "rule-name"
    /// The test shares the creating step of the file.
    case step

    /// Lower is stronger: the order the classifier tries the bases in.
    public var strength: Int {
        switch self {
        case .path: 0
        case .directory: 1
        case .fileName: 2
        case .ruleName: 3
        case .step: 4
        }
    }
}

/// A failing test and the violations that explain it.
public struct TestLink: Sendable, Equatable, Hashable {
    /// `TestFailure.identifier ?? testName`.
    public var test: String
    /// Indices into `CheckReport.violations`.
    public var violations: [Int]
    public var basis: TestLinkBasis
    /// The arguments the test failed with (`TestFailure.failingArguments`): a
    /// parameterized test links one line per test, and which of its cases failed is
    /// what tells a triager whether the violation explains them all.
    public var failingArguments: [String]?

    public init(test: String, violations: [Int], basis: TestLinkBasis, failingArguments: [String]? = nil) {
        self.test = test
        self.violations = violations
        self.basis = basis
        self.failingArguments = failingArguments
    }
}

/// The classifier's proposal for a run: what a person sees first and confirms or overrides.
public struct ClassificationProposal: Sendable, Equatable {
    public enum Confidence: String, Sendable, Codable, Hashable {
        /// All blocking violations are of one kind and every failing test is explained.
        case clear
        /// Blocking violations of more than one kind; the proposal is the dominant one.
        case mixed
        /// Some failing tests are explained by no violation.
        case unexplainedFailures = "unexplained-failures"
        /// Neither the tests nor the container show a boundary failure.
        case noEvidence = "no-evidence"
        /// The bundle holds no test results: what failed is not known.
        case noTestResults = "no-test-results"
        /// No container inventory could be read: the backup boundary was not checked,
        /// its violations are unknown, and no class is proposed.
        case containerNotChecked = "container-not-checked"
        /// Nothing known blocks, but a blocking rule is undecided or part of the container
        /// was not checked (`CheckReport.whyNotDecided`), or a flag record could not be
        /// read, so the findings may be wrong: no class is proposed.
        case notDecided = "not-decided"

        /// How text output says it: the raw value, but a run without results or without
        /// a container says so in words ("no test results in the bundle", "container not
        /// checked"), never "clear".
        public var text: String {
            switch self {
            case .noTestResults: "no test results in the bundle"
            case .containerNotChecked: "container not checked"
            case .notDecided: "not decided"
            default: rawValue
            }
        }

        /// Said in words in place of a confidence (`text`), not as "confidence: …".
        public var isWorded: Bool { self == .noTestResults || self == .containerNotChecked || self == .notDecided }
    }

    public var proposed: FailureClass
    public var confidence: Confidence
    /// Indices into `CheckReport.violations` that support the proposal.
    public var evidence: [Int]
    public var links: [TestLink]
    /// Failing tests (identifier or name) that no violation explains.
    public var unexplainedTests: [String]
    /// One sentence a person reads first.
    public var rationale: String
    /// The configuration or preference finding that explains the failing tests, when
    /// that is what does (then `proposed` is `.notBoundaryFailure`).
    public var finding: ProposalFinding?

    public init(
        proposed: FailureClass, confidence: Confidence, evidence: [Int], links: [TestLink],
        unexplainedTests: [String], rationale: String, finding: ProposalFinding? = nil
    ) {
        self.finding = finding
        self.proposed = proposed
        self.confidence = confidence
        self.evidence = evidence
        self.links = links
        self.unexplainedTests = unexplainedTests
        self.rationale = rationale
    }

    /// Whether a class is proposed at all: not for a run whose container was not
    /// checked, where "not a boundary failure" would claim a container nobody saw, nor
    /// for one the check could not decide.
    public var proposesClass: Bool { confidence != .containerNotChecked && confidence != .notDecided }

    /// `proposed` when a class is proposed; nil otherwise (what a record keeps as proposed).
    public var proposedClass: FailureClass? { proposesClass ? proposed : nil }

    /// What the proposal says first: the finding when one explains the tests
    /// ("configuration regression"), else the class ("none" when none is proposed).
    public var headline: String { finding?.title ?? (proposesClass ? proposed.title : "none") }

    /// The headline with the class when they differ, for one line of text:
    /// "configuration regression (not a boundary failure)", "configuration regression
    /// (no class)" when none is proposed.
    public var headlineWithClass: String {
        finding.map { "\($0.title) (\(proposesClass ? proposed.title : "no class"))" } ?? headline
    }
}

/// A top-level directory's size against its budget from the rules.
public struct DirectoryBudget: Sendable, Equatable, Hashable {
    public var directory: String
    public var bytes: UInt64
    /// nil when the rules set no budget for it.
    public var budget: UInt64?
    /// Bytes of allowed large test resources inside, already left out of `bytes`.
    public var allowedBytes: UInt64
    /// Where `bytes` was measured: `du` (allocated) or `inventory` (apparent sizes).
    public var measuredBy: String
    /// Measured by the inventory: its entries below whose size was never recorded
    /// (`Inventory.unrecordedSizes`). With any, `bytes` is a lower bound, and a total
    /// within the budget says nothing.
    public var unrecordedSizes = 0
    /// Measured by du: allowed test resources below whose size the inventory never
    /// recorded, so less was subtracted than should have been: `bytes` is an upper bound.
    public var allowedUnrecordedSizes = 0

    public init(directory: String, bytes: UInt64, budget: UInt64?, allowedBytes: UInt64 = 0, measuredBy: String = "inventory") {
        self.directory = directory
        self.bytes = bytes
        self.budget = budget
        self.allowedBytes = allowedBytes
        self.measuredBy = measuredBy
    }

    public var isOver: Bool { budget.map { bytes > $0 } ?? false }

    /// Whether the total is known to be within its budget or over it: a lower bound
    /// (`unrecordedSizes`) decides only "over", an upper bound (`allowedUnrecordedSizes`)
    /// only "within". Nil when there is no budget.
    public var isOverKnown: Bool? { budget.map { _ in isOver ? allowedUnrecordedSizes == 0 : unrecordedSizes == 0 } }

    /// The total as the reports write it: `1.2 MiB`, `at least 1.2 MiB (3 sizes not
    /// recorded)`, `no size recorded (12 entries)` when nothing below has one.
    public var bytesText: String {
        guard unrecordedSizes > 0 else { return ByteSize.format(bytes) }
        let sizes = "\(unrecordedSizes) size\(unrecordedSizes == 1 ? "" : "s")"
        guard bytes > 0 else { return "no size recorded (\(unrecordedSizes) entr\(unrecordedSizes == 1 ? "y" : "ies"))" }
        return "at least \(ByteSize.format(bytes)) (\(sizes) not recorded)"
    }
}

/// Everything `exhibit check` finds for one run.
public struct CheckReport: Sendable, Equatable {
    /// In report order; the rules walk's violations stored grouped (`ViolationList`).
    public var violations: ViolationList
    public var proposal: ClassificationProposal
    public var budgets: [DirectoryBudget]
    /// Where the rules came from: `built-in defaults`, `rules.json`, or the `--rules` path.
    public var rulesSource: String
    /// Problems with the rules file itself.
    public var rulesDiagnostics: [Diagnostic]
    /// One line per preference contract in the rules (empty without contracts).
    public var preferences: [PreferenceObservation] = []
    /// The background-task verdict; nil when the rules list no background tasks.
    public var backgroundTasks: BackgroundTaskAssessment?
    /// Rule findings that cannot be decided because no artifact records the files'
    /// backup-exclusion flags: shaped as the violation they would be (kind, rule, the
    /// files covered), but not violations. They never count, block or classify; `check`
    /// lists them and exits 2 when nothing known blocks.
    public var undecided: [Violation] = []
    /// Why the flags of undecided entries are unknown, for each entry whose flag is not
    /// simply unrecorded (by node; an entry absent here: `.notRecorded`). From the
    /// inventory, by `Inventory.unknownFlagCauses(of:)`.
    public var undecidedFlagCauses: [Inventory.NodeID: UnknownFlagCauses] = [:]
    /// False when there was no container inventory to hold against the rules: the
    /// container's violations are unknown, not none (its kinds' counts are not zero).
    public var containerChecked = true
    /// What of the run could be read (artifact states, diagnostics, the inventory
    /// used); nil for a report not made from a bundle on disk.
    public var evidence: EvidenceAccount?
    /// Evidence the check could not read (`UncheckedEvidence`): parts of the container,
    /// preference copies, the app's Info.plist. With any, "nothing blocks" is no pass,
    /// and with a flag record among them no verdict is.
    public var unchecked: [UncheckedEvidence] = []

    /// What the unchecked evidence left unchecked, each once in the order first met:
    /// "part of the container", "preference contracts", "background tasks".
    public var whatWasNotChecked: [String] {
        var seen: [String] = []
        for u in unchecked where !seen.contains(u.kind.whatWasNotChecked) { seen.append(u.kind.whatWasNotChecked) }
        // "the container" holds "part of the container": not both in one line.
        if seen.contains(UncheckedEvidence.Kind.listInDoubt.whatWasNotChecked) {
            seen.removeAll { $0 == UncheckedEvidence.Kind.flagRecord.whatWasNotChecked }
        }
        return seen
    }

    public init(
        violations: [Violation], proposal: ClassificationProposal, budgets: [DirectoryBudget],
        rulesSource: String, rulesDiagnostics: [Diagnostic]
    ) {
        self.init(
            violations: ViolationList(violations), proposal: proposal, budgets: budgets, rulesSource: rulesSource,
            rulesDiagnostics: rulesDiagnostics)
    }

    public init(
        violations: ViolationList, proposal: ClassificationProposal, budgets: [DirectoryBudget],
        rulesSource: String, rulesDiagnostics: [Diagnostic]
    ) {
        self.violations = violations
        self.proposal = proposal
        self.budgets = budgets
        self.rulesSource = rulesSource
        self.rulesDiagnostics = rulesDiagnostics
    }

    public var hasBlocking: Bool { violations.indices.contains { violations.kind(at: $0).isBlocking } }

    /// A blocking rule could not be decided (its files' flags are unknown).
    public var hasUndecidedBlocking: Bool { undecided.contains { $0.kind.isBlocking } }

    /// Why nothing known blocking is still not a pass: blocking rules undecided, parts
    /// of the container not seen, preference contracts or background tasks whose file
    /// could not be read. nil when the report can pass.
    public var whyNotDecided: String? {
        let parts = partsNotDecided(pointer: " (see undecided)")
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// Why no verdict rests on what this report found, one reason each: the
    /// authoritative inventory broken (another stood in), blocking rules undecided,
    /// parts of the container not checked. Empty when a gate decides on it. What `diff`
    /// says of each run; the reasons hold escaped paths, as `whyNotDecided` does.
    public var reasonsNotDecided: [String] {
        var reasons: [String] = []
        if let e = evidence, let problem = e.authoritativeInventoryProblem, let used = e.inventorySource {
            reasons.append("\(problem); \(used) was read in its place")
        }
        return reasons + partsNotDecided(pointer: "")
    }

    /// Whether a gate decides on the findings (`GateRun.verdict` passes or blocks): not
    /// voided, and a known violation blocks or nothing was left undecided. The
    /// inventory's own state is `evidence`'s.
    public var findingsDecide: Bool { !findingsVoided && (hasBlocking || whyNotDecided == nil) }

    private func partsNotDecided(pointer: String) -> [String] {
        var parts: [String] = []
        if hasUndecidedBlocking {
            let n = undecidedRules.count
            let causes = undecidedCauses(blockingOnly: true).words
            parts.append(
                "\(n) blocking rule\(n == 1 ? " is" : "s are") undecided: the exclusion flags of the files \(n == 1 ? "it covers" : "they cover") are \(causes)"
                    + pointer)
        }
        return parts + unchecked.map(\.reason)
    }

    /// The findings rest on evidence that could not be read (`UncheckedEvidence.voidsFindings`).
    public var findingsVoided: Bool { unchecked.contains(where: \.voidsFindings) }

    public func count(of kind: ViolationKind) -> Int { violations.indices.reduce(0) { $0 + (violations.kind(at: $1) == kind ? 1 : 0) } }
}

/// The undecided findings of one rule: what `check` lists under "undecided".
public struct UndecidedRule: Sendable, Equatable {
    public var rule: String
    public var owner: String?
    public var requirement: RestoreRequirement?
    public var kind: ViolationKind
    /// The entries (files, or directories reported once) whose flag is unknown, in path order.
    public var entries: [Violation]

    /// Why the flags of its entries are unknown (`CheckReport.flagCauses(of:)`), together.
    public var causes: UnknownFlagCauses = []

    /// Files covered (a directory entry counts its files).
    public var fileCount: Int { entries.reduce(0) { $0 + $1.fileCount } }
}

extension CheckReport {
    /// `undecided` grouped by rule, rules in name order (byte order).
    public var undecidedRules: [UndecidedRule] {
        var order: [String] = []
        var groups: [String: UndecidedRule] = [:]
        for v in undecided {
            let name = v.ruleName ?? ""
            if groups[name] == nil {
                order.append(name)
                groups[name] = UndecidedRule(rule: name, owner: v.ruleOwner, requirement: v.requirement, kind: v.kind, entries: [])
            }
            groups[name]?.entries.append(v)
            groups[name]?.causes.formUnion(flagCauses(of: v))
        }
        return order.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.compactMap { groups[$0] }
    }

    /// Why the flag of an undecided entry is unknown (`undecidedFlagCauses`).
    public func flagCauses(of entry: Violation) -> UnknownFlagCauses {
        entry.node.flatMap { undecidedFlagCauses[$0] } ?? .notRecorded
    }

    /// Why the undecided entries' flags are unknown, together (of the blocking rules'
    /// entries only, with `blockingOnly`); empty with none. Its `words` follow
    /// "exclusion flags": "not recorded", "recorded as unreadable by the collector", both.
    public func undecidedCauses(blockingOnly: Bool = false) -> UnknownFlagCauses {
        if undecidedFlagCauses.isEmpty {
            return undecided.contains { !blockingOnly || $0.kind.isBlocking } ? .notRecorded : []
        }
        var all: UnknownFlagCauses = []
        for v in undecided where !blockingOnly || v.kind.isBlocking {
            all.formUnion(flagCauses(of: v))
            if all == [.notRecorded, .unreadableToCollector, .unusableValue] { break }
        }
        return all
    }
}
