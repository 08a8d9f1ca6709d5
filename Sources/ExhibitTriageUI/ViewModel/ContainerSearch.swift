import ExhibitCore

/// What `/` looks for: a substring of a name, or a glob when the text has `*`, `?` or
/// `[` (then the whole name must match, as in a shell; with a `/`, the whole
/// container-relative path). Case is ignored unless the text has a capital letter
/// (vim's `smartcase`, less's `-i`): `/kyoto` finds `Kyoto-1.jpg`, `/Kyoto` does not
/// find `kyoto.txt`.
public struct SearchPattern: Sendable, Equatable {
    public let text: String
    public let caseSensitive: Bool
    private let needle: [UInt8]
    private let glob: Glob?
    private let matchesPath: Bool

    public enum Problem: Error, Sendable, Equatable {
        case empty
        /// The glob did not compile: the byte offset and what was expected.
        case badGlob(offset: Int, message: String)
    }

    public init(_ text: String) throws(Problem) {
        guard !text.isEmpty else { throw .empty }
        self.text = text
        caseSensitive = text.utf8.contains { $0 >= 0x41 && $0 <= 0x5A }
        needle = caseSensitive ? Array(text.utf8) : Array(text.utf8).map(Self.folded)
        let isGlob = text.utf8.contains { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "[") }
        matchesPath = isGlob && text.utf8.contains(UInt8(ascii: "/"))
        if isGlob {
            do {
                glob = try Glob.compile(text, caseSensitive: caseSensitive)
            } catch {
                throw .badGlob(offset: error.offset, message: error.message)
            }
        } else {
            glob = nil
        }
    }

    public var isGlob: Bool { glob != nil }

    /// Whether the node itself (not only a directory above it) matches.
    func matches(_ node: Inventory.NodeID, in inventory: Inventory) -> Bool {
        guard let glob else { return Self.contains(inventory.nameBytes(node), needle, folding: !caseSensitive) }
        if matchesPath {
            // `Glob.matches(path:)` is also true below a matching directory; the search
            // names the directory once, not everything in it.
            guard glob.matches(path: inventory.path(node)) else { return false }
            guard let parent = inventory.parent(node), parent != Inventory.root else { return true }
            return !glob.matches(path: inventory.path(parent))
        }
        return matchesName(inventory.nameBytes(node), glob)
    }

    /// Whether a text of a list (a violation's path or rule, a test's name or message)
    /// matches, as a name would: a substring anywhere; a glob against the whole text
    /// when it has a `/`, else against the text's last path component.
    func matches(text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let glob else { return Self.contains(bytes[...], needle, folding: !caseSensitive) }
        if matchesPath { return glob.matches(path: text) }
        let name = bytes.lastIndex(of: UInt8(ascii: "/")).map { bytes[($0 + 1)...] } ?? bytes[...]
        return matchesName(name, glob)
    }

    private func matchesName(_ name: ArraySlice<UInt8>, _ glob: Glob) -> Bool {
        guard glob.segments.count == 1 else { return false }
        switch glob.segments[0] {
        case .literal(let literal):
            return literal.count == name.count && zip(literal, name).allSatisfy { $0 == (caseSensitive ? $1 : Self.folded($1)) }
        case .wildcard(let pattern):
            return pattern.matches(name)
        case .anyDepth:
            return true
        }
    }

    private static func folded(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b | 0x20 : b }

    private static func contains(_ haystack: ArraySlice<UInt8>, _ needle: [UInt8], folding: Bool) -> Bool {
        guard haystack.count >= needle.count, let first = needle.first else { return needle.isEmpty }
        var start = haystack.startIndex
        let last = haystack.endIndex - needle.count
        while start <= last {
            let b = folding ? folded(haystack[start]) : haystack[start]
            if b == first {
                var i = 1
                while i < needle.count, (folding ? folded(haystack[start + i]) : haystack[start + i]) == needle[i] { i += 1 }
                if i == needle.count { return true }
            }
            start += 1
        }
        return false
    }
}

/// The matches of one search over the whole container, in the order the tree shows
/// them (depth first, siblings in the current sort order), so `n` and `N` step through
/// them as a reader scrolling the tree would meet them, opening directories on the way.
///
/// One pass over the names finds the matches; ordering sorts only the matches and the
/// directories above them, never a whole large directory, so a search of a 1M-entry
/// container costs one scan.
public struct ContainerSearch: Sendable, Equatable {
    public let pattern: SearchPattern
    public let order: SortOrder
    /// The inventory's unrecorded sizes, for the size order (`DirectoryListing.sorted`).
    let sizes: UnrecordedSizeIndex
    /// Matching nodes in tree order.
    public let matches: [Inventory.NodeID]

    /// `sizes`: the inventory's (`TriageData.unrecordedSizes`).
    public init(_ pattern: SearchPattern, in inventory: Inventory, order: SortOrder, sizes: UnrecordedSizeIndex) {
        self.pattern = pattern
        self.order = order
        self.sizes = sizes
        var found: [Inventory.NodeID] = []
        for node in 1..<max(1, inventory.count) where pattern.matches(node, in: inventory) { found.append(node) }
        matches = Self.treeOrdered(found, in: inventory, order: order, sizes: sizes)
    }

    /// Where a step from `cursor` lands: the first match after it in tree order (`n`),
    /// or the last before it (`N`); `wrapped` when it went past the end (or the start).
    public struct Step: Sendable, Equatable {
        public var index: Int
        public var node: Inventory.NodeID
        public var wrapped: Bool
    }

    public func step(from cursor: Inventory.NodeID?, forward: Bool, in inventory: Inventory) -> Step? {
        guard !matches.isEmpty else { return nil }
        guard let cursor else { return Step(index: forward ? 0 : matches.count - 1, node: matches[forward ? 0 : matches.count - 1], wrapped: false) }
        let cursorKey = Self.treeKey(cursor, in: inventory, order: order, sizes: sizes)
        // The first match not before the cursor, by binary search over the tree order.
        var low = 0
        var high = matches.count
        while low < high {
            let mid = (low + high) / 2
            if Self.treeKey(matches[mid], in: inventory, order: order, sizes: sizes).lexicographicallyPrecedes(cursorKey, by: Self.keyLess) {
                low = mid + 1
            } else {
                high = mid
            }
        }
        if forward {
            var next = low
            if next < matches.count, matches[next] == cursor { next += 1 }
            return next < matches.count ? Step(index: next, node: matches[next], wrapped: false) : Step(index: 0, node: matches[0], wrapped: true)
        }
        let previous = low - 1
        return previous >= 0
            ? Step(index: previous, node: matches[previous], wrapped: false) : Step(index: matches.count - 1, node: matches[matches.count - 1], wrapped: true)
    }

    /// `match 3 of 17`, and the wrap said as less says it.
    public static func status(_ step: Step, of search: ContainerSearch, forward: Bool) -> String {
        let position = "match \(step.index + 1) of \(search.matches.count)"
        guard step.wrapped else { return position }
        return position + (forward ? " (search hit BOTTOM, continuing at TOP)" : " (search hit TOP, continuing at BOTTOM)")
    }

    // MARK: - Tree order

    /// A node's place in the tree: from the top down, its key among its siblings
    /// (`SiblingKey`), so comparing two places never sorts a directory.
    static func treeKey(_ node: Inventory.NodeID, in inventory: Inventory, order: SortOrder, sizes: UnrecordedSizeIndex) -> [SiblingKey] {
        var chain: [SiblingKey] = []
        var current: Inventory.NodeID? = node
        while let n = current, n != Inventory.root {
            chain.append(SiblingKey(node: n, inventory: inventory, order: order, sizes: sizes))
            current = inventory.parent(n)
        }
        return chain.reversed()
    }

    private static func keyLess(_ a: SiblingKey, _ b: SiblingKey) -> Bool { a < b }

    /// `nodes` in the order a reader scrolling the tree meets them: each before what is
    /// below it, siblings as `SiblingKey` orders them (the order of comparing `treeKey`s).
    /// Made as a walk of the part of the tree that leads to them, with only the siblings
    /// on those paths sorted: comparing whole key chains cost 37 ms for 13k violations
    /// at 10M entries on every sort key, over the 5 ms a frame may take (issue 19).
    static func treeOrdered(
        _ nodes: [Inventory.NodeID], in inventory: Inventory, order: SortOrder, sizes: UnrecordedSizeIndex
    ) -> [Inventory.NodeID] {
        treeOrdered(nodes, node: { $0 }, in: inventory, order: order, sizes: sizes)
    }

    /// `items` ordered by their nodes' places in the tree (an item per node, or items
    /// sharing a node kept together in their given order).
    static func treeOrdered<Item>(
        _ items: [Item], node nodeOf: (Item) -> Inventory.NodeID, in inventory: Inventory, order: SortOrder,
        sizes: UnrecordedSizeIndex
    ) -> [Item] {
        guard items.count > 1 else { return items }
        var wanted: [Inventory.NodeID: [Item]] = [:]
        wanted.reserveCapacity(items.count)
        for item in items { wanted[nodeOf(item), default: []].append(item) }
        // The paths to the wanted nodes, as children lists of the directories on them.
        var children: [Inventory.NodeID: [Inventory.NodeID]] = [:]
        var reached: Set<Inventory.NodeID> = [Inventory.root]
        for node in wanted.keys {
            var current = node
            while !reached.contains(current), let parent = inventory.parent(current) {
                reached.insert(current)
                children[parent, default: []].append(current)
                current = parent
            }
        }
        var out: [Item] = []
        out.reserveCapacity(items.count)
        var stack: [Inventory.NodeID] = [Inventory.root]
        while let node = stack.popLast() {
            if let here = wanted[node] { out += here }
            guard let below = children[node] else { continue }
            let sorted = below.map { SiblingKey(node: $0, inventory: inventory, order: order, sizes: sizes) }.sorted()
            for key in sorted.reversed() { stack.append(key.node) }
        }
        return out
    }
}

/// One node among its siblings, ordered as `DirectoryListing.sorted` orders them: the
/// sort key, then the name without ASCII case, then the raw bytes; reversed orders
/// compare the other way, except that a size not recorded comes last either way, by
/// name. A parent is shorter than its children's keys, so it comes first.
struct SiblingKey: Comparable {
    let node: Inventory.NodeID
    let primary: UInt64
    let name: ArraySlice<UInt8>
    let reversed: Bool
    let byName: Bool
    /// By size, and no size was recorded (`EntrySize.unknown`).
    let sizeUnknown: Bool

    init(node: Inventory.NodeID, inventory: Inventory, order: SortOrder, sizes: UnrecordedSizeIndex) {
        self.node = node
        switch order.key {
        case .size: primary = inventory.totalSize(node)
        case .count: primary = UInt64(inventory.fileCount(node))
        case .name: primary = 0
        }
        name = inventory.nameBytes(node)
        reversed = order.reversed
        byName = order.key == .name
        sizeUnknown = order.key == .size && sizes.size(of: node, in: inventory) == .unknown
    }

    static func == (a: SiblingKey, b: SiblingKey) -> Bool { a.node == b.node }

    static func < (a: SiblingKey, b: SiblingKey) -> Bool {
        if a.node == b.node { return false }
        if a.sizeUnknown != b.sizeUnknown { return b.sizeUnknown }
        if a.sizeUnknown { return ascendingLess(a, b) }
        let ascending = ascendingLess(a, b)
        return a.reversed ? ascendingLess(b, a) : ascending
    }

    /// The unreversed order: larger first for size and count, then the name.
    private static func ascendingLess(_ a: SiblingKey, _ b: SiblingKey) -> Bool {
        if !a.byName, a.primary != b.primary { return a.primary > b.primary }
        let c = DirectoryListing.compareFolded(a.name, b.name)
        if c != 0 { return c < 0 }
        if !a.name.elementsEqual(b.name) { return a.name.lexicographicallyPrecedes(b.name) }
        return a.node < b.node
    }
}
