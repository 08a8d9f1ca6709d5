/// One entry of the rules inventory: which files a team says what about.
public struct BackupRule: Sendable, Equatable, Hashable {
    /// Logical name, unique in the file (`offline-catalog`).
    public var name: String
    /// Container-relative glob (`Library/Application Support/Downloads/**`).
    public var pattern: String
    public var requirement: RestoreRequirement
    /// Who to ask (`@news-sync`); nil when the file names none (a warning when read).
    public var owner: String?
    /// Free text from the rules file, shown in the details pane.
    public var note: String?
    /// Where the entry stood in the rules file, for messages.
    public var position: SourcePosition?

    public init(
        name: String, pattern: String, requirement: RestoreRequirement, owner: String? = nil,
        note: String? = nil, position: SourcePosition? = nil
    ) {
        self.name = name
        self.pattern = pattern
        self.requirement = requirement
        self.owner = owner
        self.note = note
        self.position = position
    }
}

/// A large file a test needs on purpose; it does not count against volume budgets.
public struct AllowedResource: Sendable, Equatable, Hashable {
    public var pattern: String
    public var reason: String

    public init(pattern: String, reason: String) {
        self.pattern = pattern
        self.reason = reason
    }
}

/// A volume budget for one top-level directory (`Documents`, `Library`, `tmp`, `SystemData`).
public struct VolumeBudget: Sendable, Equatable, Hashable {
    public var directory: String
    public var bytes: UInt64

    public init(directory: String, bytes: UInt64) {
        self.directory = directory
        self.bytes = bytes
    }
}

/// The rules a run's container is held against: a team's `rules.json` on top of
/// Apple's backup policy (`BackupPolicy`), which is built in and not configurable.
public struct RulesInventory: Sendable, Equatable {
    /// The schema version the file declared (`RulesReader.supportedVersion`).
    public var version: Int
    /// Match paths exactly (`true`) or ignoring ASCII case (`false`, the default,
    /// because iOS data containers live on case-insensitive APFS by default).
    public var caseSensitive: Bool
    public var rules: [BackupRule]
    /// When set, only files matching one of these may exist under `Documents/`.
    /// nil means "no allowlist" (nothing in Documents is misplaced for that reason).
    public var documentsAllowlist: [String]?
    /// Extensions (without the dot, `sqlite`) of user data that must never sit under
    /// `Library/Caches` or `tmp`.
    public var userDataExtensions: [String]
    public var allowedLargeResources: [AllowedResource]
    public var budgets: [VolumeBudget]
    /// Preference files a test run leaves behind (`UserDefaults(suiteName:)` per test).
    public var testPreferenceDomains: [String]
    /// Files a download left unfinished.
    public var partialDownloads: [String]
    /// Paths the engine never reports (system metadata); the built-in ones are always added.
    public var ignore: [String]
    /// UserDefaults keys the app reads, with their accepted types and fallbacks.
    public var preferences: [PreferenceContract] = []
    /// Background tasks the app registers; checked against the built app's Info.plist.
    public var backgroundTasks: [BackgroundTaskRule] = []

    public init(
        version: Int = RulesReader.supportedVersion, caseSensitive: Bool = false, rules: [BackupRule] = [],
        documentsAllowlist: [String]? = nil, userDataExtensions: [String] = [],
        allowedLargeResources: [AllowedResource] = [], budgets: [VolumeBudget] = [],
        testPreferenceDomains: [String] = BackupPolicy.defaultTestPreferenceDomains,
        partialDownloads: [String] = BackupPolicy.defaultPartialDownloads, ignore: [String] = []
    ) {
        self.version = version
        self.caseSensitive = caseSensitive
        self.rules = rules
        self.documentsAllowlist = documentsAllowlist
        self.userDataExtensions = userDataExtensions
        self.allowedLargeResources = allowedLargeResources
        self.budgets = budgets
        self.testPreferenceDomains = testPreferenceDomains
        self.partialDownloads = partialDownloads
        self.ignore = ignore
    }

    /// Apple's policy only: no app rules, no allowlist, no budgets; the default test
    /// preference and partial-download patterns.
    public static let builtInDefaults = RulesInventory()

    public func budget(for directory: String) -> UInt64? {
        budgets.first(where: { caseSensitive ? $0.directory == directory : $0.directory.lowercased() == directory.lowercased() })?.bytes
    }

    public func rule(named name: String) -> BackupRule? {
        rules.first(where: { $0.name == name })
    }
}
