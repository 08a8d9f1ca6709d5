/// The kinds of findings the rules engine reports. The first three are the backup
/// boundary failures a person tells apart; configuration (the built app's Info.plist
/// against the rules' background tasks) and preference (a UserDefaults key against its
/// contract) block too but are not boundary failures; the last two are warnings that
/// never block.
public enum ViolationKind: String, Sendable, CaseIterable, Codable, Hashable {
    case unsetAttribute = "unset-attribute"
    case misplacedFile = "misplaced-file"
    case skippedCleanup = "skipped-cleanup"
    case configuration = "configuration"
    case preference = "preference"
    case volume = "volume"
    case unruled = "unruled"

    public var isBlocking: Bool {
        switch self {
        case .unsetAttribute, .misplacedFile, .skippedCleanup, .configuration, .preference: true
        case .volume, .unruled: false
        }
    }

    /// One of the three backup-boundary failures (what `FailureClass` classifies).
    public var isBoundaryFailure: Bool {
        switch self {
        case .unsetAttribute, .misplacedFile, .skippedCleanup: true
        case .configuration, .preference, .volume, .unruled: false
        }
    }

    /// One-character badge in the tree: U, M, C for boundary kinds, I (Info.plist
    /// configuration) and P (preference contract), W for warnings.
    public var badge: Character {
        switch self {
        case .unsetAttribute: "U"
        case .misplacedFile: "M"
        case .skippedCleanup: "C"
        case .configuration: "I"
        case .preference: "P"
        case .volume, .unruled: "W"
        }
    }

    public var title: String {
        switch self {
        case .unsetAttribute: "unset attribute"
        case .misplacedFile: "misplaced file"
        case .skippedCleanup: "skipped cleanup"
        case .configuration: "configuration"
        case .preference: "preference contract"
        case .volume: "volume over budget"
        case .unruled: "not covered by a rule"
        }
    }
}

/// What a rule says must happen to a file on restore.
public enum RestoreRequirement: String, Sendable, CaseIterable, Codable, Hashable {
    /// User data only a backup brings back.
    case mustRestore = "must-restore"
    /// Can be fetched or rebuilt: must be excluded from backup or live in Caches.
    case regenerable = "regenerable"
    /// Must not exist when the test ends.
    case transient = "transient"
}

/// One broken rule for one path. A path that breaks several rules yields several.
public struct Violation: Sendable, Equatable, Hashable {
    public var kind: ViolationKind
    /// The inventory node, when the violation is about a single entry.
    public var node: Inventory.NodeID?
    /// Relative path (for volume warnings, the top-level directory). A path that is not
    /// UTF-8 is held in its escaped form (`pathIsEscaped`), so two such paths stay apart.
    public var path: String
    /// `path` is the escaped form (`TerminalText.escape(bytes:)`: `\xNN` for each byte
    /// that is not UTF-8, a backslash doubled) of a path whose bytes are not UTF-8
    /// (`Inventory.pathText`): shown as it is, never escaped again (`escapedPath`). A
    /// String cannot hold those bytes, and `String(decoding:)` made `a\xff` and
    /// `a\xfe` one `a\u{FFFD}`.
    public var pathIsEscaped = false
    public var size: UInt64
    /// Logical name of the rule broken (`offline-catalog`), or a built-in policy name.
    public var ruleName: String?
    public var ruleOwner: String?
    public var requirement: RestoreRequirement?
    /// The creating step, when known.
    public var step: String?
    /// Why it is a violation, in a few words: "not excluded from backup".
    public var reason: String
    /// Files the violation covers: 1 for a file; for a directory reported once because
    /// every file below it breaks the rule the same way, the number of those files.
    public var fileCount: Int
    /// Volume warnings: the budget the directory exceeds.
    public var budget: UInt64?
    /// Volume warnings: the entries that account for most of the size, largest first.
    public var largestContributors: [VolumeContributor]
    /// Entries it covers whose size the scan never recorded (`Inventory.unrecordedSizes`:
    /// ncdu `excluded`, `read_error`): with any, `size` is not the whole size, and for a
    /// lone entry no size at all (`sizeRecord`). 0 for a violation of no inventory entry.
    public var unrecordedSizes = 0

    public init(
        kind: ViolationKind, node: Inventory.NodeID? = nil, path: String, size: UInt64, ruleName: String? = nil,
        ruleOwner: String? = nil, requirement: RestoreRequirement? = nil, step: String? = nil, reason: String,
        fileCount: Int = 1, budget: UInt64? = nil, largestContributors: [VolumeContributor] = []
    ) {
        self.kind = kind
        self.node = node
        self.path = path
        self.size = size
        self.ruleName = ruleName
        self.ruleOwner = ruleOwner
        self.requirement = requirement
        self.step = step
        self.reason = reason
        self.fileCount = fileCount
        self.budget = budget
        self.largestContributors = largestContributors
    }
}

extension Violation {
    /// The path for text output: escaped (`TerminalText.escape`), or as it is when it is
    /// the escaped form already (`pathIsEscaped`).
    public var escapedPath: String { TerminalText.escape(path: path, isEscaped: pathIsEscaped) }

    /// `escapedPath` with emoji sequences as `emoji` says (the UI escapes them).
    public func escapedPath(emoji: TerminalText.Emoji) -> String { TerminalText.escape(path: path, isEscaped: pathIsEscaped, emoji: emoji) }
}

/// One entry that makes a top-level directory large.
public struct VolumeContributor: Sendable, Equatable, Hashable {
    public var node: Inventory.NodeID?
    /// As `Violation.path`: the escaped form for a path that is not UTF-8 (`pathIsEscaped`).
    public var path: String
    public var pathIsEscaped = false
    public var size: UInt64
    public var fileCount: Int

    /// The path for text output (`Violation.escapedPath`).
    public var escapedPath: String { TerminalText.escape(path: path, isEscaped: pathIsEscaped) }

    public init(node: Inventory.NodeID?, path: String, size: UInt64, fileCount: Int) {
        self.node = node
        self.path = path
        self.size = size
        self.fileCount = fileCount
    }
}

/// The classes a person assigns to a failing run.
public enum FailureClass: String, Sendable, CaseIterable, Codable, Hashable {
    case unsetAttribute = "unset-attribute"
    case misplacedFile = "misplaced-file"
    case skippedCleanup = "skipped-cleanup"
    case notBoundaryFailure = "not-a-boundary-failure"

    public var title: String {
        switch self {
        case .unsetAttribute: "unset attribute"
        case .misplacedFile: "misplaced file"
        case .skippedCleanup: "skipped cleanup"
        case .notBoundaryFailure: "not a boundary failure"
        }
    }

    public init?(violationKind: ViolationKind) {
        switch violationKind {
        case .unsetAttribute: self = .unsetAttribute
        case .misplacedFile: self = .misplacedFile
        case .skippedCleanup: self = .skippedCleanup
        case .configuration, .preference, .volume, .unruled: return nil
        }
    }
}
