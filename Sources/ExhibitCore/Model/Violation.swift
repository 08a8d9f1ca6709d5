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

/// Makes the paths of the violations found in one inventory, when they are read. The
/// rules walk hands one to every violation it emits: 922k violations then hold one shared
/// reference instead of a path `String` each (about 100 bytes of heap apiece), and a path
/// is built only while it is sorted, classified or printed.
public final class ViolationPaths: Sendable {
    public let inventory: Inventory

    public init(inventory: Inventory) { self.inventory = inventory }

    /// The same text as `Inventory.path` (empty for the root; invalid UTF-8 as U+FFFD).
    public func path(_ node: Inventory.NodeID) -> String { inventory.path(node) }
}

/// One broken rule for one path. A path that breaks several rules yields several.
public struct Violation: Sendable, Equatable, Hashable {
    public var kind: ViolationKind
    /// The inventory node, when the violation is about a single entry.
    public var node: Inventory.NodeID? {
        didSet {
            // A path made on demand follows the node it was made for, not a new one.
            if let paths = pathSource, let oldValue, oldValue != node {
                storedPath = paths.path(oldValue)
                pathSource = nil
            }
        }
    }
    /// Relative path (for volume warnings, the top-level directory). Made from `node` when
    /// it is read if the violation was created with `paths:` (nothing stored per violation).
    public var path: String {
        get {
            if let paths = pathSource, let node { return paths.path(node) }
            return storedPath
        }
        set {
            storedPath = newValue
            pathSource = nil
        }
    }
    private var storedPath: String
    private var pathSource: ViolationPaths?
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

    public init(
        kind: ViolationKind, node: Inventory.NodeID? = nil, path: String, size: UInt64, ruleName: String? = nil,
        ruleOwner: String? = nil, requirement: RestoreRequirement? = nil, step: String? = nil, reason: String,
        fileCount: Int = 1, budget: UInt64? = nil, largestContributors: [VolumeContributor] = []
    ) {
        self.kind = kind
        self.node = node
        self.storedPath = path
        self.pathSource = nil
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

    /// A violation about `node` whose path `paths` makes when it is read: the same value
    /// as `init(kind:node:path:...)` with `path: paths.path(node)`, without the String.
    public init(
        kind: ViolationKind, node: Inventory.NodeID, paths: ViolationPaths, size: UInt64, ruleName: String? = nil,
        ruleOwner: String? = nil, requirement: RestoreRequirement? = nil, step: String? = nil, reason: String,
        fileCount: Int = 1
    ) {
        self.init(
            kind: kind, node: node, path: "", size: size, ruleName: ruleName, ruleOwner: ruleOwner,
            requirement: requirement, step: step, reason: reason, fileCount: fileCount)
        self.pathSource = paths
    }

    /// Whether the path is made on demand (no path String held): what the memory shape of
    /// a large `check` depends on.
    public var makesPathOnDemand: Bool { pathSource != nil && node != nil }

    // Equal and hashed by value: a path made on demand equals the same path stored.
    public static func == (a: Violation, b: Violation) -> Bool {
        a.kind == b.kind && a.node == b.node && a.size == b.size && a.ruleName == b.ruleName
            && a.ruleOwner == b.ruleOwner && a.requirement == b.requirement && a.step == b.step
            && a.reason == b.reason && a.fileCount == b.fileCount && a.budget == b.budget
            && a.largestContributors == b.largestContributors && a.path == b.path
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(node)
        hasher.combine(path)
        hasher.combine(size)
        hasher.combine(ruleName)
        hasher.combine(ruleOwner)
        hasher.combine(requirement)
        hasher.combine(step)
        hasher.combine(reason)
        hasher.combine(fileCount)
        hasher.combine(budget)
        hasher.combine(largestContributors)
    }
}

/// One entry that makes a top-level directory large.
public struct VolumeContributor: Sendable, Equatable, Hashable {
    public var node: Inventory.NodeID?
    public var path: String
    public var size: UInt64
    public var fileCount: Int

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
