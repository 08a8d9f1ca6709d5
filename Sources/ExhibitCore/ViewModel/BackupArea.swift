/// Whether a container location is part of an iCloud/iTunes backup at all, regardless
/// of the exclusion flag: Caches, tmp and a few system folders never are.
public enum BackupAreaStatus: Sendable, Equatable, Hashable {
    case backedUp
    /// Inside a location the system never backs up; `area` is its relative path.
    case notBackedUp(area: String)
}

/// What the UI asks about container locations. The rules engine can supply its own
/// (rules may know more areas and which rule covers a path); until then
/// `StandardBackupAreas` answers from the documented system locations.
public protocol BackupAreaProvider: Sendable {
    func backupArea(of node: Inventory.NodeID, in inventory: Inventory) -> BackupAreaStatus
    /// Logical names of the rules whose patterns match the node, for the details pane.
    func matchingRules(of node: Inventory.NodeID, in inventory: Inventory) -> [String]
}

extension BackupAreaProvider {
    public func matchingRules(of node: Inventory.NodeID, in inventory: Inventory) -> [String] { [] }
}

/// The locations an app data container never has backed up, per Apple's file system
/// guidance: `Library/Caches`, `Library/SplashBoard`, `Library/Saved Application State`,
/// `Library/SyncedPreferences`, `tmp` and `SystemData`.
public struct StandardBackupAreas: BackupAreaProvider {
    public static let topLevel: [String] = ["tmp", "SystemData"]
    public static let insideLibrary: [String] = ["Caches", "SplashBoard", "Saved Application State", "SyncedPreferences"]

    public init() {}

    /// Walks up to the top-level entry: O(depth), no whole-tree work.
    public func backupArea(of node: Inventory.NodeID, in inventory: Inventory) -> BackupAreaStatus {
        guard node > Inventory.root, node < inventory.count else { return .backedUp }
        var chain: [Inventory.NodeID] = []
        var cur = node
        while let p = inventory.parent(cur) {
            chain.append(cur)
            cur = p
        }
        guard let top = chain.last else { return .backedUp }
        let topName = inventory.nameBytes(top)
        for name in Self.topLevel where topName.elementsEqual(name.utf8) { return .notBackedUp(area: name) }
        guard topName.elementsEqual("Library".utf8), chain.count >= 2 else { return .backedUp }
        let second = inventory.nameBytes(chain[chain.count - 2])
        for name in Self.insideLibrary where second.elementsEqual(name.utf8) {
            return .notBackedUp(area: "Library/" + name)
        }
        return .backedUp
    }
}

/// The effective backup status of an entry and why, as the details pane explains it.
public enum BackupStatus: Sendable, Equatable {
    case backedUp
    /// The exclusion flag is set on the entry itself.
    case excludedOwnFlag
    /// An ancestor directory carries the flag.
    case excludedByAncestor(Inventory.NodeID)
    /// The entry lies in a location the system never backs up.
    case notBackedUpArea(String)

    public static func of(_ node: Inventory.NodeID, in inventory: Inventory, areas: any BackupAreaProvider) -> BackupStatus {
        if inventory.isExcludedOwn(node) { return .excludedOwnFlag }
        if let by = inventory.excludingNode(node) { return .excludedByAncestor(by) }
        if case .notBackedUp(let area) = areas.backupArea(of: node, in: inventory) { return .notBackedUpArea(area) }
        return .backedUp
    }
}
