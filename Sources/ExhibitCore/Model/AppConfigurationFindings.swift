/// What one preference contract found in the archived preference file. Values are
/// deliberately absent: a note may quote only presence, type and validity.
///
/// Absent is evidence, unknown is not: a key is absent only when the copy was read
/// and lacks it, or the container's inventory shows the file was not there. A copy that
/// could not be read, or a file the inventory lists (or could not rule out) with no
/// copy, leaves the contract undecided (`isDecided`), never valid.
public struct PreferenceObservation: Sendable, Equatable, Hashable {
    public enum State: Sendable, Equatable, Hashable {
        /// Present with the contract's type and, when it lists values, one of them.
        case valid
        /// Not in the file, or the inventory shows the file does not exist: the app uses
        /// the fallback. Kept apart from a present `false`.
        case absent
        case wrongType(found: PropertyListType)
        /// The right type, but not one of the allowed values.
        case unknownValue
        /// No copy to read, and the container holds the file or its inventory cannot
        /// rule it out (no inventory, or it did not scan the directory): unknown.
        case notArchived
        /// The copy could not be read, did not decode, or is not a dictionary: unknown.
        case unreadable
    }

    /// `PreferenceContract.name` (`com.example.vault:syncMode`).
    public var contract: String
    public var key: String
    /// Container-relative preference file.
    public var file: String
    public var expectedType: PropertyListType
    public var state: State
    /// The type found, when the key is present.
    public var foundType: PropertyListType?
    /// The fallback the contract names, as text (`false`, `"wifi"`), for "absent" lines.
    public var fallback: String?
    /// Why an undecided contract is undecided (`notArchived`, `unreadable`): the copy
    /// and its state, or what the inventory says of the file. Names files and positions,
    /// never a value (it travels into notes); the reader's full diagnostic is among the
    /// bundle's.
    public var problem: String?

    public init(
        contract: String, key: String, file: String, expectedType: PropertyListType, state: State,
        foundType: PropertyListType? = nil, fallback: String? = nil, problem: String? = nil
    ) {
        self.contract = contract
        self.key = key
        self.file = file
        self.expectedType = expectedType
        self.state = state
        self.foundType = foundType
        self.fallback = fallback
        self.problem = problem
    }

    /// `present, boolean, valid` / `absent (app falls back to false)` / `not checked:
    /// …`: what a note may say.
    public var summary: String {
        switch state {
        case .valid: "present, \(expectedType.rawValue), valid"
        case .absent: "absent" + (fallback.map { " (app falls back to \($0))" } ?? " (no fallback declared)")
        case .wrongType(let found): "present, \(found.rawValue), invalid (expected \(expectedType.rawValue))"
        case .unknownValue: "present, \(expectedType.rawValue), invalid (not an allowed value)"
        case .notArchived: "not checked: " + (problem ?? "no copy under container/preferences")
        case .unreadable: "not checked: " + (problem ?? "the archived copy could not be read")
        }
    }

    /// Whether the evidence decides the contract: false when the copy could not be read
    /// or the file may exist without one.
    public var isDecided: Bool {
        switch state {
        case .valid, .absent, .wrongType, .unknownValue: true
        case .notArchived, .unreadable: false
        }
    }

    /// Whether the key keeps the contract (an absent key with a fallback does; the
    /// contract's finding says whether one without does); nil when undecided: unknown,
    /// never valid.
    public var isValid: Bool? {
        switch state {
        case .valid, .absent: true
        case .wrongType, .unknownValue: false
        case .notArchived, .unreadable: nil
        }
    }

    /// Whether the key is in the file; nil when that is not known.
    public var isPresent: Bool? { isDecided ? foundType != nil : nil }
}

/// Which of three different failures the background-task evidence points to.
public enum BackgroundTaskCause: String, Sendable, CaseIterable, Codable, Hashable {
    /// The built app's Info.plist does not permit the task or lacks its background mode:
    /// the system refuses to schedule it, whatever the code does.
    case configurationRegression = "configuration-regression"
    /// The configuration is right and the task ran, but what it did was wrong.
    case businessLogicError = "business-logic-error"
    /// The configuration is right, but the test expected the system to run the task at a
    /// time it never promises to (earliestBeginDate is a lower bound, not a schedule).
    case schedulingExpectation = "scheduling-expectation"

    public var title: String {
        switch self {
        case .configurationRegression: "configuration regression"
        case .businessLogicError: "business-logic error"
        case .schedulingExpectation: "wrong expectation about scheduling"
        }
    }

    /// For the header, where space is short.
    public var shortTitle: String {
        switch self {
        case .configurationRegression: "config regression"
        case .businessLogicError: "logic error"
        case .schedulingExpectation: "scheduling expectation"
        }
    }
}

/// One task from the rules, held against the Info.plist.
public struct BackgroundTaskStatus: Sendable, Equatable, Hashable {
    public var identifier: String
    public var kind: BackgroundTaskRule.Kind
    /// nil when there is no Info.plist to check.
    public var permitted: Bool?
    public var backgroundModePresent: Bool?

    public init(identifier: String, kind: BackgroundTaskRule.Kind, permitted: Bool?, backgroundModePresent: Bool?) {
        self.identifier = identifier
        self.kind = kind
        self.permitted = permitted
        self.backgroundModePresent = backgroundModePresent
    }

    public var isConfigured: Bool? {
        guard let permitted, let backgroundModePresent else { return nil }
        return permitted && backgroundModePresent
    }
}

/// The background-task verdict of a run: per-task configuration and the cause the
/// evidence points to (nil when no failing test is about a background task and the
/// configuration is right, and when the configuration could not be checked: then the
/// verdict is not decided, unless BGTaskScheduler's own "not permitted" error names it).
public struct BackgroundTaskAssessment: Sendable, Equatable, Hashable {
    public var tasks: [BackgroundTaskStatus]
    /// Whether `app/Info.plist` was in the bundle and decoded.
    public var infoPlistChecked: Bool
    public var cause: BackgroundTaskCause?
    /// Failing tests (identifier or name) about background tasks.
    public var relatedTests: [String]
    /// One sentence a person reads first.
    public var rationale: String
    /// Why the Info.plist was not checked (`EvidenceBundle.appInfoPlistProblem`); nil
    /// when it was.
    public var infoPlistProblem: String?

    public init(
        tasks: [BackgroundTaskStatus], infoPlistChecked: Bool, cause: BackgroundTaskCause?, relatedTests: [String],
        rationale: String, infoPlistProblem: String? = nil
    ) {
        self.tasks = tasks
        self.infoPlistChecked = infoPlistChecked
        self.cause = cause
        self.relatedTests = relatedTests
        self.rationale = rationale
        self.infoPlistProblem = infoPlistProblem
    }

    /// Whether the evidence decides the verdict: a cause is named, or the Info.plist was
    /// checked and nothing points to one.
    public var isDecided: Bool { cause != nil || infoPlistChecked }

    /// The verdict in a few words: the cause, "no background-task failure" (checked,
    /// nothing points to one) or "not decided" (the configuration was not checked).
    public var verdict: String { cause?.title ?? (infoPlistChecked ? "no background-task failure" : "not decided") }
}
