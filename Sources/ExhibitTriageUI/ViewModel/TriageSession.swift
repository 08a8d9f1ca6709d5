import ExhibitCore
import ExhibitRules
/// A person's confirmed classification of a run.
public struct TriageDecision: Sendable, Equatable, Hashable {
    public var failureClass: FailureClass
    /// One line; empty when none was given.
    public var comment: String

    public init(failureClass: FailureClass, comment: String) {
        self.failureClass = failureClass
        self.comment = comment
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

/// What a hook reports back, shown on the status line.
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

extension TriageSession {
    /// The runs that could be a base; none without a comparison hook.
    public func baseCandidates() -> [BaseCandidate] { comparison?.candidates() ?? [] }

    /// A base run's inventory through the comparison hook.
    public func loadBase(_ runID: String) -> Result<Inventory, ArchiveOpenFailure> {
        comparison?.loadBase(runID) ?? .failure(ArchiveOpenFailure("no other runs to compare with"))
    }
}

/// Everything the triage UI is opened with: the evidence, the rules' findings and the
/// hooks through which it persists decisions. The UI itself does no I/O; the CLI
/// supplies hooks that do.
public struct TriageSession {
    public var bundle: EvidenceBundle
    /// The rules' findings; a placeholder while `deferredCheck` is pending (the driver
    /// replaces it with the check's result).
    public var report: CheckReport
    /// The compiled rules `report` was made with (`RulesEngine.compile`); the UI asks
    /// them for each entry's backup status and matching rules.
    public var rules: CompiledRules
    /// A classification confirmed in an earlier session, shown in the header.
    public var confirmed: TriageDecision?
    /// A comment left unfinished in an earlier session; `c` starts from it.
    public var draft: TriageDraft?
    /// When set, the rules check has not run yet: the driver runs it off the UI
    /// thread, so the tree of a million-file container is on screen while the rules
    /// walk it, and hands the result to the state (`TriageState.receivedReport`).
    public var deferredCheck: (@Sendable () -> CheckReport)?
    /// Persists a confirmed classification (with the findings it was made on); the
    /// message is shown on the status line.
    public var confirmClassification: (TriageDecision, CheckReport) -> HookMessage
    /// Writes the triage note (with the confirmed decision, if any) and says where.
    public var exportNote: (TriageDecision?, CheckReport) -> HookMessage
    /// Keeps an unfinished comment; called when the UI is left while typing one.
    public var saveDraft: (TriageDraft, CheckReport) -> Void
    /// Other runs to compare this one with; nil when there are none to look at.
    public var comparison: RunComparison?

    public init(bundle: EvidenceBundle, report: CheckReport,
                rules: CompiledRules = RulesEngine.compile(RulesInventory.builtInDefaults),
                confirmed: TriageDecision? = nil, draft: TriageDraft? = nil,
                confirmClassification: @escaping (TriageDecision, CheckReport) -> HookMessage = { _, _ in
                    .failure("classification not saved: no store configured")
                },
                exportNote: @escaping (TriageDecision?, CheckReport) -> HookMessage = { _, _ in
                    .failure("export is not available here")
                },
                saveDraft: @escaping (TriageDraft, CheckReport) -> Void = { _, _ in },
                comparison: RunComparison? = nil,
                deferredCheck: (@Sendable () -> CheckReport)? = nil) {
        self.bundle = bundle
        self.report = report
        self.rules = rules
        self.confirmed = confirmed
        self.draft = draft
        self.confirmClassification = confirmClassification
        self.exportNote = exportNote
        self.saveDraft = saveDraft
        self.comparison = comparison
        self.deferredCheck = deferredCheck
    }
}
