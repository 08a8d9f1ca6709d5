import ExhibitCore
import ExhibitRules

/// How the tree orders a directory: ncdu's `s`, `n` and `C`; pressing the same key
/// again reverses. By size, an entry whose size was not recorded at all
/// (`EntrySize.unknown`) comes after every other in either direction, A to Z by name;
/// one whose total leaves some sizes out sorts by what was recorded.
public struct SortOrder: Sendable, Hashable {
    public enum Key: String, Sendable, Hashable {
        case size, name, count
    }

    public var key: Key
    public var reversed: Bool

    public init(_ key: Key, reversed: Bool = false) {
        self.key = key
        self.reversed = reversed
    }

    public static let bySize = SortOrder(.size)

    /// The order after the sort key `key` is pressed.
    public func toggled(to key: Key) -> SortOrder {
        key == self.key ? SortOrder(key, reversed: !reversed) : SortOrder(key)
    }

    public var label: String {
        let arrow = reversed ? "asc" : "desc"
        switch key {
        case .size: return "size " + arrow
        case .count: return "count " + arrow
        case .name: return "name " + (reversed ? "desc" : "asc")
        }
    }
}

/// A directory's children sorted and filtered for display. Made once per (directory,
/// order, filter) and kept in a small cache, so moving the cursor never re-sorts.
public enum DirectoryListing {
    /// The children of `directory` in `order`, unfiltered. `sizes`: the inventory's
    /// (`TriageData.unrecordedSizes`), for where the size order puts unknown sizes.
    public static func sorted(
        _ inventory: Inventory, directory: Inventory.NodeID, order: SortOrder, sizes: UnrecordedSizeIndex
    ) -> [Inventory.NodeID] {
        var ids = Array(inventory.children(directory))
        let nameLess: (Inventory.NodeID, Inventory.NodeID) -> Bool = { a, b in
            let x = inventory.nameBytes(a)
            let y = inventory.nameBytes(b)
            let c = compareFolded(x, y)
            return c != 0 ? c < 0 : x.lexicographicallyPrecedes(y)
        }
        switch order.key {
        case .size:
            var unknown: [Inventory.NodeID] = []
            if !sizes.isEmpty {
                unknown = ids.filter { sizes.size(of: $0, in: inventory) == .unknown }
                if !unknown.isEmpty { ids.removeAll { sizes.size(of: $0, in: inventory) == .unknown } }
            }
            ids.sort { a, b in
                let x = inventory.totalSize(a)
                let y = inventory.totalSize(b)
                return x != y ? x > y : nameLess(a, b)
            }
            if order.reversed { ids.reverse() }
            return ids + unknown.sorted(by: nameLess)
        case .count:
            ids.sort { a, b in
                let x = inventory.fileCount(a)
                let y = inventory.fileCount(b)
                return x != y ? x > y : nameLess(a, b)
            }
        case .name:
            ids.sort(by: nameLess)
        }
        if order.reversed { ids.reverse() }
        return ids
    }

    /// The entries of an already sorted listing whose names contain `filter`
    /// (ASCII case-insensitive); order is kept, so filtering never re-sorts.
    public static func filtered(_ sorted: [Inventory.NodeID], by filter: String, in inventory: Inventory) -> [Inventory.NodeID] {
        guard !filter.isEmpty else { return sorted }
        let needle = Array(filter.utf8).map(lowerASCII)
        return sorted.filter { contains(inventory.nameBytes($0), needle) }
    }

    @inline(__always)
    private static func lowerASCII(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b | 0x20 : b }

    /// Case-insensitive (ASCII) substring test on raw name bytes.
    static func contains(_ haystack: ArraySlice<UInt8>, _ needle: [UInt8]) -> Bool {
        if needle.isEmpty { return true }
        if haystack.count < needle.count { return false }
        let h = haystack.startIndex
        for start in h...(haystack.endIndex - needle.count) {
            var i = 0
            while i < needle.count, lowerASCII(haystack[start + i]) == needle[i] { i += 1 }
            if i == needle.count { return true }
        }
        return false
    }

    static func compareFolded(_ x: ArraySlice<UInt8>, _ y: ArraySlice<UInt8>) -> Int {
        var i = x.startIndex
        var j = y.startIndex
        while i < x.endIndex, j < y.endIndex {
            let a = lowerASCII(x[i])
            let b = lowerASCII(y[j])
            if a != b { return a < b ? -1 : 1 }
            i += 1
            j += 1
        }
        return (x.endIndex - i) == (y.endIndex - j) ? 0 : (i == x.endIndex ? -1 : 1)
    }
}

/// Recently made listings. Small and bounded: a 1M-entry directory costs 8 MB per
/// listing, so only a handful are kept.
struct ListingCache: Sendable {
    struct Key: Hashable, Sendable {
        var directory: Inventory.NodeID
        var order: SortOrder
        var filter: String
    }

    private var entries: [Key: [Inventory.NodeID]] = [:]
    private var recency: [Key] = []
    let capacity: Int

    init(capacity: Int = 8) { self.capacity = capacity }

    mutating func listing(_ key: Key, make: () -> [Inventory.NodeID]) -> [Inventory.NodeID] {
        if let hit = entries[key] {
            if let i = recency.firstIndex(of: key) { recency.remove(at: i) }
            recency.append(key)
            return hit
        }
        let made = make()
        entries[key] = made
        recency.append(key)
        if recency.count > capacity { entries[recency.removeFirst()] = nil }
        return made
    }

    var count: Int { entries.count }
}
