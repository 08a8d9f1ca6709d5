/// What a check could read of a run, told with its verdict (issue 15 §2): each
/// artifact's state, every diagnostic, and which container inventory the rules were
/// held against and why. A gate that says "nothing blocks" must also say what it
/// did not see.
public struct EvidenceAccount: Sendable, Equatable {
    /// The inventory the rules were held against; nil when none could be read.
    public var inventorySource: String?
    /// One sentence: why that inventory (or why none).
    public var inventoryReason: String
    /// The inventory the bundle meant to be authoritative (`container/inventory.json`
    /// present) could not be used: the check fails closed, whatever it found in the
    /// secondary one.
    public var authoritativeInventoryProblem: String?
    public var files: [EvidenceFileStatus]
    public var diagnostics: [Diagnostic]

    public init(
        inventorySource: String?, inventoryReason: String, authoritativeInventoryProblem: String?,
        files: [EvidenceFileStatus], diagnostics: [Diagnostic]
    ) {
        self.inventorySource = inventorySource
        self.inventoryReason = inventoryReason
        self.authoritativeInventoryProblem = authoritativeInventoryProblem
        self.files = files
        self.diagnostics = diagnostics
    }

    /// - Parameter rulesShownApart: the rules file's own diagnostics are already in the
    ///   report's `rulesDiagnostics` (the check used the bundle's rules.json).
    public init(_ bundle: EvidenceBundle, rulesShownApart: Bool) {
        let primary = EvidenceLayout.inventoryJSON
        let problem = Self.authoritativeInventoryProblem(of: bundle)
        let reason: String
        switch (bundle.inventorySource, problem) {
        case (primary?, _): reason = "\(primary), the bundle's inventory"
        case (let used?, let problem?): reason = "\(used), in place of \(problem); the check fails closed"
        case (let used?, nil): reason = "\(used), as the bundle has no \(primary)"
        case (nil, let problem?): reason = "none: \(problem)"
        case (nil, nil): reason = "none: the bundle has neither \(primary) nor \(EvidenceLayout.filesList)"
        }
        self.init(
            inventorySource: bundle.inventorySource, inventoryReason: reason, authoritativeInventoryProblem: problem,
            files: bundle.files,
            diagnostics: rulesShownApart ? bundle.diagnostics.filter { $0.file != EvidenceLayout.rules } : bundle.diagnostics)
    }
}

extension EvidenceAccount {
    /// `container/inventory.json` is there but could not be used: what it is, with the
    /// position; nil when it loaded or is absent.
    public static func authoritativeInventoryProblem(of bundle: EvidenceBundle) -> String? {
        let primary = EvidenceLayout.inventoryJSON
        switch bundle.status(of: primary) {
        case .malformed(let d)?: return "\(primary) is malformed (\(d.positionAndMessage))"
        case .unreadable(let why)?: return "\(primary) cannot be read (\(why))"
        default: return nil
        }
    }
}

extension EvidenceBundle {
    /// Why no container inventory was read: each inventory artifact that is there but
    /// could not be used, its diagnostic with the position or why it cannot be read.
    /// Empty when there is an inventory, or when both are missing.
    public var inventoryProblems: [String] {
        guard inventory == nil else { return [] }
        return [EvidenceLayout.inventoryJSON, EvidenceLayout.filesList].compactMap { file -> String? in
            switch status(of: file) {
            case .malformed(let d)?: d.description
            case .unreadable(let reason)?: "\(file): cannot be read: \(reason)"
            default: nil
            }
        }
    }

    /// One sentence after "no container inventory could be read": the problems, or
    /// that neither artifact is there.
    public var whyNoInventory: String {
        let problems = inventoryProblems
        return problems.isEmpty
            ? "\(EvidenceLayout.inventoryJSON) and \(EvidenceLayout.filesList) are missing" : problems.joined(separator: "; ")
    }
}

extension EvidenceFileStatus.State {
    /// `loaded`, `missing`, `malformed`, `superseded`, `unreadable`: the word summary and check print.
    public var word: String {
        switch self {
        case .loaded: "loaded"
        case .missing: "missing"
        case .malformed: "malformed"
        case .superseded: "superseded"
        case .unreadable: "unreadable"
        }
    }

    /// What follows the word: the diagnostic, the richer artifact, the read failure.
    public var detail: String? {
        switch self {
        case .malformed(let d): d.positionAndMessage
        case .superseded(let by): "superseded by \(by)"
        case .unreadable(let why): why
        case .loaded, .missing: nil
        }
    }
}
