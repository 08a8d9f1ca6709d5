import ExhibitCore
import ExhibitRules

/// A person's confirmed classification of a run.
public struct TriageDecision: Sendable, Equatable, Hashable {
    public var failureClass: FailureClass
    /// One line; empty when none was given.
    public var comment: String
    /// The issue it was filed as (an id or URL), when given.
    public var issue: String?
    /// Who recorded it and when (seconds since 1970), for a decision read from its record.
    public var author: String?
    public var time: Double?

    public init(failureClass: FailureClass, comment: String, issue: String? = nil, author: String? = nil, time: Double? = nil) {
        self.failureClass = failureClass
        self.comment = comment
        self.issue = issue
        self.author = author
        self.time = time
    }
}

/// A classification interrupted while its comment was being typed (quit, Ctrl-C,
/// SIGTERM, SIGHUP), kept so the next session can offer it again.
public struct TriageDraft: Sendable, Equatable, Hashable {
    public var failureClass: FailureClass
    public var comment: String

    public init(failureClass: FailureClass, comment: String) {
        self.failureClass = failureClass
        self.comment = comment
    }
}

/// What a performer reports back, shown on the status line.
public struct HookMessage: Sendable, Equatable, Hashable {
    public var text: String
    public var isError: Bool

    public init(_ text: String, isError: Bool = false) {
        self.text = text
        self.isError = isError
    }

    public static func info(_ text: String) -> HookMessage { HookMessage(text) }
    public static func failure(_ text: String) -> HookMessage { HookMessage(text, isError: true) }
}

/// What the triage UI is opened with: the evidence, the findings (or a placeholder
/// while the rules are still to be checked) and what earlier sessions left. A plain
/// value: the I/O the UI asks for goes through a `TriagePerformer`, and the state holds
/// the only copy of the report from here on.
public struct TriageSession: Sendable {
    public let bundle: EvidenceBundle
    /// The rules' findings; `CheckReport.awaitingCheck` when `needsCheck`.
    public let report: CheckReport
    /// The compiled rules `report` is (or will be) made with (`RulesEngine.compile`);
    /// the UI asks them for each entry's backup status and matching rules.
    public let rules: CompiledRules
    /// A classification confirmed in an earlier session, shown in the header.
    public let confirmed: TriageDecision?
    /// A comment left unfinished in an earlier session; `c` starts from it.
    public let draft: TriageDraft?
    /// The rules have not been checked yet: the state asks for the check
    /// (`TriageEffect.checkRules`) as it starts, so a million-file container's tree is
    /// on screen while the rules walk it.
    public let needsCheck: Bool
    /// Whether there are other runs to compare with (`b`, `B`).
    public let canCompare: Bool
    /// What finishes `bundle` when it was loaded for the first screen only
    /// (`BundleLoader.loadFirstScreen`): read before the deferred check. Only with `needsCheck`.
    public let rest: DeferredLoad?

    public init(
        bundle: EvidenceBundle, report: CheckReport,
        rules: CompiledRules = RulesEngine.compile(RulesInventory.builtInDefaults),
        confirmed: TriageDecision? = nil, draft: TriageDraft? = nil, needsCheck: Bool = false,
        canCompare: Bool = false, rest: DeferredLoad? = nil
    ) {
        precondition(rest == nil || needsCheck, "the rest of a load is read by the deferred check")
        self.bundle = bundle
        self.report = report
        self.rules = rules
        self.confirmed = confirmed
        self.draft = draft
        self.needsCheck = needsCheck
        self.canCompare = canCompare
        self.rest = rest
    }
}
