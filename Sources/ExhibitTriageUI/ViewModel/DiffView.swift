import ExhibitCore
import ExhibitRules

/// The comparison of the open run with a base run as the diff view holds it: files
/// added, removed and grown, biggest growth first, with a selection that Enter takes
/// to the tree. Made once from an `InventoryDiff`; the base inventory is not kept.
public struct DiffView: Sendable, Equatable {
    public struct Row: Sendable, Equatable {
        public var entry: InventoryDiff.Entry
        /// How much the file's size changed: up for added and grown files, down for removed ones.
        public var deltaBytes: UInt64
        public var shrank: Bool { entry.change == .removed }
    }

    public let baseRunID: String
    /// Signed size delta, largest growth first, removed files last (the largest last);
    /// equal deltas by path.
    public let rows: [Row]
    public var cursor = ListCursor()
    /// Bytes added by new and grown files, and bytes of the files removed (saturating).
    public let bytesGrown: UInt64
    public let bytesRemoved: UInt64

    public init(baseRunID: String, diff: InventoryDiff) {
        self.baseRunID = baseRunID
        var grown: UInt64 = 0
        var removed: UInt64 = 0
        let rows = diff.entries.map { entry -> Row in
            let size = entry.size ?? 0
            let base = entry.baseSize ?? 0
            switch entry.change {
            case .added, .grown:
                let delta = size >= base ? size - base : 0
                grown = Self.saturatingAdd(grown, delta)
                return Row(entry: entry, deltaBytes: delta)
            case .removed:
                removed = Self.saturatingAdd(removed, base)
                return Row(entry: entry, deltaBytes: base)
            }
        }
        self.rows = rows.sorted { a, b in
            if a.shrank != b.shrank { return !a.shrank }
            if a.deltaBytes != b.deltaBytes { return a.shrank ? a.deltaBytes < b.deltaBytes : a.deltaBytes > b.deltaBytes }
            return a.entry.path.utf8.lexicographicallyPrecedes(b.entry.path.utf8)
        }
        self.bytesGrown = grown
        self.bytesRemoved = removed
    }

    public var selected: Row? { rows.indices.contains(cursor.index) ? rows[cursor.index] : nil }

    public func count(_ change: InventoryDiff.Change) -> Int { rows.reduce(0) { $0 + ($1.entry.change == change ? 1 : 0) } }

    /// Hostile inventories may claim sizes near `UInt64.max`; a total never traps.
    private static func saturatingAdd(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : sum
    }
}
