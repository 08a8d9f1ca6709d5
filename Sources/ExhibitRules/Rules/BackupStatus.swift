import ExhibitCore

/// Whether one entry would come back after a restore, and why: what the details pane
/// shows next to a node.
public enum BackupStatus: Sendable, Equatable, Hashable {
    /// In a backed-up area and not excluded.
    case backedUp(area: BackupArea)
    /// The entry carries the exclusion flag itself.
    case excludedByOwnFlag
    /// An ancestor directory (its container-relative path) carries the flag.
    case excludedByAncestor(path: String)
    /// The area is never backed up, whatever the flags say.
    case notBackedUpArea(BackupArea)
    /// In a backed-up area, but no artifact records the flag of the entry (or of every
    /// directory above it): it may or may not be excluded.
    case flagUnknown(area: BackupArea)
    /// System metadata or a rules-file `ignore` entry.
    case ignored(reason: String)

    public var isBackedUp: Bool {
        if case .backedUp = self { return true }
        return false
    }

    /// A few words for the details pane: `excluded by ancestor Library/Application Support/VaultIndex`.
    /// Paths are raw: escape them with `TerminalText` before showing.
    public var explanation: String {
        switch self {
        case .backedUp(let area): "backed up (\(area.path), not excluded)"
        case .excludedByOwnFlag: "excluded from backup (own flag)"
        case .excludedByAncestor(let path): "excluded from backup (flag on ancestor \(path))"
        case .notBackedUpArea(let area): "not backed up (\(area.path) is never backed up)"
        case .flagUnknown(let area): "unknown: exclusion flag not recorded (\(area.path) is backed up unless the flag is set)"
        case .ignored(let reason): "ignored (\(reason))"
        }
    }

    /// Resolves the status of `node`. The area wins over flags: a flagged file in
    /// Library/Caches is "not backed up area", since the flag changes nothing there.
    static func resolve(_ node: Inventory.NodeID, in inventory: Inventory, area: BackupArea, ignoredBy reason: String?) -> BackupStatus {
        if let reason { return .ignored(reason: reason) }
        if !area.isBackedUp { return .notBackedUpArea(area) }
        if inventory.isExcludedOwn(node) { return .excludedByOwnFlag }
        if let flagged = inventory.excludingNode(node) { return .excludedByAncestor(path: inventory.path(flagged)) }
        if inventory.backupFlag(node) == .unknown { return .flagUnknown(area: area) }
        return .backedUp(area: area)
    }
}

/// What the details pane shows about one node's rules.
public struct NodeRuleDetails: Sendable, Equatable {
    /// Every app rule covering the node, in rules-file order.
    public var rules: [BackupRule]
    public var area: BackupArea
    public var status: BackupStatus
    /// Built-in or container-wide checks that also cover the node ("documents-allowlist",
    /// "test-preference-domain", "partial-download", "allowed-large-resource").
    public var policies: [String]
}
