import ExhibitCore

/// What is known of an entry's size as the tree shows and sorts it.
public enum EntrySize: Sendable, Equatable {
    /// Every size at or below the entry was recorded.
    case recorded(UInt64)
    /// What the recorded sizes add up to; some below were not recorded.
    case atLeast(UInt64)
    /// No size there was recorded: a file (or a folder of nothing but such files) the
    /// scan never measured. Never drawn as `0 B`.
    case unknown

    /// The bytes recorded: the size, a lower bound, or nil.
    public var recordedBytes: UInt64? {
        switch self {
        case .recorded(let bytes), .atLeast(let bytes): bytes
        case .unknown: nil
        }
    }
}

/// Which entries of an inventory have, at or below them, a size the scan never recorded
/// (`Inventory.isSizeUnrecorded`: ncdu `excluded` or `read_error` without a size, a
/// files.txt file no sizes.txt line gives a size): one bit per entry, made once per
/// inventory in one sweep from the last entry up (an entry comes after its parent), so
/// the tree asks it per row, per frame and per sort comparison in O(1). Empty, and no
/// sweep, when every size was recorded (`Inventory.hasUnrecordedSizes`).
public struct UnrecordedSizeIndex: Sendable, Equatable {
    private let bits: [UInt64]

    public init(_ inventory: Inventory?) {
        guard let inventory, inventory.hasUnrecordedSizes else {
            bits = []
            return
        }
        var bits = [UInt64](repeating: 0, count: (inventory.count + 63) / 64)
        var id = inventory.count - 1
        while id >= 0 {
            if bits[id >> 6] & (UInt64(1) << (id & 63)) != 0 || inventory.isSizeUnrecorded(id) {
                bits[id >> 6] |= UInt64(1) << (id & 63)
                if let parent = inventory.parent(id) { bits[parent >> 6] |= UInt64(1) << (parent & 63) }
            }
            id -= 1
        }
        self.bits = bits
    }

    /// Whether every size of the inventory was recorded.
    public var isEmpty: Bool { bits.isEmpty }

    /// Whether some size at or below `node` was not recorded.
    public func hasUnrecorded(atOrBelow node: Inventory.NodeID) -> Bool {
        guard !bits.isEmpty, node >= 0, node >> 6 < bits.count else { return false }
        return bits[node >> 6] & (UInt64(1) << (node & 63)) != 0
    }

    /// The size of `node` and what is below it (`Inventory.totalSize`) with what is known
    /// of it: unknown when nothing recorded adds to it, as `summary` says "unknown" for a
    /// directory whose total is 0 with sizes left out.
    public func size(of node: Inventory.NodeID, in inventory: Inventory) -> EntrySize {
        let bytes = inventory.totalSize(node)
        guard hasUnrecorded(atOrBelow: node) else { return .recorded(bytes) }
        return bytes == 0 ? .unknown : .atLeast(bytes)
    }
}
