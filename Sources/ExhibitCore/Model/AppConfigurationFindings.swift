/// What one preference contract found in the archived preference file. Values are
/// deliberately absent: a note may quote only presence, type and validity.
public struct PreferenceObservation: Sendable, Equatable, Hashable {
    public enum State: Sendable, Equatable, Hashable {
        /// Present with the contract's type and, when it lists values, one of them.
        case valid
        /// Not in the file (or the file does not exist): the app uses the fallback.
        /// Kept apart from a present `false`.
        case absent
        case wrongType(found: PropertyListType)
        /// The right type, but not one of the allowed values.
        case unknownValue
        /// The container holds the file, but the bundle has no copy to read.
        case notArchived
        /// The copy did not decode, or is not a dictionary.
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

    public init(
        contract: String, key: String, file: String, expectedType: PropertyListType, state: State,
        foundType: PropertyListType? = nil, fallback: String? = nil
    ) {
        self.contract = contract
        self.key = key
        self.file = file
        self.expectedType = expectedType
        self.state = state
        self.foundType = foundType
        self.fallback = fallback
    }

    /// `present, boolean, valid` / `absent (app falls back to false)`: what a note may say.
    public var summary: String {
        switch state {
        case .valid: "present, \(expectedType.rawValue), valid"
        case .absent: "absent" + (fallback.map { " (app falls back to \($0))" } ?? " (no fallback declared)")
        case .wrongType(let found): "present, \(found.rawValue), invalid (expected \(expectedType.rawValue))"
        case .unknownValue: "present, \(expectedType.rawValue), invalid (not an allowed value)"
        case .notArchived: "not archived (no copy under container/preferences)"
        case .unreadable: "unreadable (the archived copy did not decode)"
        }
    }

    public var isValid: Bool {
        switch state {
        case .valid, .absent, .notArchived, .unreadable: true
        case .wrongType, .unknownValue: false
        }
    }
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
/// configuration is right).
public struct BackgroundTaskAssessment: Sendable, Equatable, Hashable {
    public var tasks: [BackgroundTaskStatus]
    /// Whether `app/Info.plist` was in the bundle and decoded.
    public var infoPlistChecked: Bool
    public var cause: BackgroundTaskCause?
    /// Failing tests (identifier or name) about background tasks.
    public var relatedTests: [String]
    /// One sentence a person reads first.
    public var rationale: String

    public init(
        tasks: [BackgroundTaskStatus], infoPlistChecked: Bool, cause: BackgroundTaskCause?, relatedTests: [String],
        rationale: String
    ) {
        self.tasks = tasks
        self.infoPlistChecked = infoPlistChecked
        self.cause = cause
        self.relatedTests = relatedTests
        self.rationale = rationale
    }
}
