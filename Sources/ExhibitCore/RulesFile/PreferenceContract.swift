/// What a rules file says about one UserDefaults key: the type the app accepts, the
/// values it knows, and what it falls back to when the key is absent. Absent and
/// `false` are different answers for a boolean: absent means "the app uses the
/// fallback", which a test that wrote `false` did not intend.
public struct PreferenceContract: Sendable, Equatable, Hashable {
    /// The preferences domain (`com.example.vault`): the file is
    /// `Library/Preferences/<domain>.plist`.
    public var domain: String
    public var key: String
    public var type: PropertyListType
    /// The only values the app understands (an enum stored as a string or integer);
    /// nil when any value of `type` is valid.
    public var allowed: [PropertyListValue]?
    /// What the app uses when the key is absent; nil when the contract names none, and
    /// absence is then a finding.
    public var fallback: PropertyListValue?
    public var owner: String?
    public var note: String?
    public var position: SourcePosition?

    public init(
        domain: String, key: String, type: PropertyListType, allowed: [PropertyListValue]? = nil,
        fallback: PropertyListValue? = nil, owner: String? = nil, note: String? = nil, position: SourcePosition? = nil
    ) {
        self.domain = domain
        self.key = key
        self.type = type
        self.allowed = allowed
        self.fallback = fallback
        self.owner = owner
        self.note = note
        self.position = position
    }

    /// The container-relative preference file the key lives in.
    public var containerPath: String { "Library/Preferences/\(domain).plist" }

    /// How violations and notes name the contract: `com.example.vault:syncMode`.
    public var name: String { domain + ":" + key }
}

/// A background task the app registers with `BGTaskScheduler`.
public struct BackgroundTaskRule: Sendable, Equatable, Hashable {
    public enum Kind: String, Sendable, CaseIterable, Hashable, Codable {
        /// `BGAppRefreshTaskRequest`: needs `fetch` in `UIBackgroundModes`.
        case refresh
        /// `BGProcessingTaskRequest`: needs `processing` in `UIBackgroundModes`.
        case processing

        /// The `UIBackgroundModes` entry this kind of task needs.
        public var backgroundMode: String {
            switch self {
            case .refresh: "fetch"
            case .processing: "processing"
            }
        }
    }

    /// The identifier registered and listed in `BGTaskSchedulerPermittedIdentifiers`.
    public var identifier: String
    public var kind: Kind
    /// Container-relative globs of the temporary files the task writes; any left at the
    /// end of a test were left by a task that was cancelled (expired) before cleaning up.
    public var temporaryFiles: [String]
    public var owner: String?
    public var note: String?
    public var position: SourcePosition?

    public init(
        identifier: String, kind: Kind, temporaryFiles: [String] = [], owner: String? = nil, note: String? = nil,
        position: SourcePosition? = nil
    ) {
        self.identifier = identifier
        self.kind = kind
        self.temporaryFiles = temporaryFiles
        self.owner = owner
        self.note = note
        self.position = position
    }
}
