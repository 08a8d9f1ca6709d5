import ExhibitCore

/// Ranks inventory nodes in the byte order of their paths (what `LC_ALL=C sort` gives
/// the paths, a path before the paths it is a prefix of) without making a path: the
/// report order of 900,000 violations then compares integers, not 900,000 paths held
/// at once.
///
/// The order follows from the tree, but not as a plain walk with siblings in name
/// order: `/` (0x2F) sorts after `-`, `.`, space and `!`, so `a-c` comes between `a`
/// and `a/b`. Each directory's children are sorted as two kinds of items: the child
/// itself, keyed by its name, and everything below it, keyed by its name and `/`. Below
/// a common directory two paths differ first in those keys (a name holds no `/`), so
/// taking the items in order, a child's own item giving it the next rank and its
/// subtree item taking its children's items in the same way, ranks every path in byte
/// order.
///
/// That holds for names without `/` or NUL, valid UTF-8 (a path's text repairs invalid
/// bytes, and the report compares the text), and distinct within their directory (a
/// tree source may list a name twice; equal paths must tie). Any other name gives nil,
/// and the caller compares the paths themselves.
enum PathOrder {
    /// Ranks of `targets` (and of the directories above them, which do not matter),
    /// increasing with their paths' byte order; nil when the names rule the tree order out.
    static func ranks(of targets: some Sequence<Int32>, in inventory: Inventory) -> [UInt32]? {
        inventory.withRulesWalkStorage { storage in ranks(of: targets, storage) }
    }

    private static let isTarget: UInt8 = 1
    private static let hasTargetBelow: UInt8 = 2

    private static func ranks(of targets: some Sequence<Int32>, _ storage: Inventory.RulesWalkStorage) -> [UInt32]? {
        let nodes = storage.nodes
        // Only the targets and the directories above them are ranked: a walk with a few
        // violations sorts a few directories' children, not every directory's.
        var marks = [UInt8](repeating: 0, count: nodes.count)
        var directories: [Int32] = []
        for t in targets {
            marks[Int(t)] |= isTarget
            var p = nodes[Int(t)].parent
            while p >= 0, marks[Int(p)] & hasTargetBelow == 0 {
                marks[Int(p)] |= hasTargetBelow
                directories.append(p)
                p = nodes[Int(p)].parent
            }
        }
        var rank = [UInt32](repeating: 0, count: nodes.count)
        // The root's path is empty: when it is a target it is first (rank 0, set last:
        // until then its slot says where its items are, as every directory's does).
        let rootIsTarget = marks[Inventory.root] & isTarget != 0
        guard marks[Inventory.root] & hasTargetBelow != 0 else { return rank }
        // Each directory's items sorted first, on two cores (the sorting is most of the
        // ranking), each half into a flat buffer of its own: a count, then the items.
        // Until the walk below ranks it, `rank[dir]` says where: the half in bit 31, the
        // offset below it.
        let (first, second) = TwoCores.halves(directories.count, from: sortOnTwoCoresFrom) { half in
            sortedItems(of: directories[half], marks, storage)
        }
        guard let firstItems = first, let secondItems = second ?? [] else { return nil }
        let middle = second == nil ? directories.count : directories.count / 2
        for (flat, bit, range) in [(firstItems, UInt32(0), 0..<middle), (secondItems, UInt32(1) << 31, middle..<directories.count)] {
            var offset = 0
            for d in directories[range] {
                rank[Int(d)] = bit | UInt32(offset)
                offset += 1 + Int(flat[offset])
            }
        }
        firstItems.withUnsafeBufferPointer { firstFlat in
            secondItems.withUnsafeBufferPointer { secondFlat in
                // A directory that is a target too is ranked (its own item) before its
                // subtree item is reached (that key is the own key and `/`): where its
                // items are is kept aside then.
                var itemsOfRankedDirectory: [Int32: UInt32] = [:]
                func items(of dir: Int) -> (flat: UnsafeBufferPointer<Int32>, start: Int, end: Int) {
                    let at = itemsOfRankedDirectory[Int32(dir)] ?? rank[dir]
                    let flat = at & (1 << 31) == 0 ? firstFlat : secondFlat
                    let start = Int(at & ~(1 << 31))
                    return (flat, start + 1, start + 1 + Int(flat[start]))
                }
                var next: UInt32 = rootIsTarget ? 1 : 0
                var stack = [items(of: Inventory.root)]
                while let frame = stack.last {
                    guard frame.start < frame.end else {
                        stack.removeLast()
                        continue
                    }
                    stack[stack.count - 1].start = frame.start + 1
                    let item = Int(frame.flat[frame.start])
                    let child = item >> 1
                    if item & 1 == 0 {
                        if marks[child] & hasTargetBelow != 0 { itemsOfRankedDirectory[Int32(child)] = rank[child] }
                        rank[child] = next
                        next += 1
                    } else {
                        stack.append(items(of: child))
                    }
                }
            }
        }
        if rootIsTarget { rank[Inventory.root] = 0 }
        return rank
    }

    /// Directories above targets from which their children are sorted on two cores.
    static let sortOnTwoCoresFrom = 64

    /// For each directory, in order: the number of its items, then its items sorted
    /// (`items(below:)`); nil when a name rules the tree order out.
    private static func sortedItems(of directories: ArraySlice<Int32>, _ marks: [UInt8], _ storage: Inventory.RulesWalkStorage) -> [Int32]? {
        var flat: [Int32] = []
        for d in directories {
            guard let items = items(below: Int(d), marks, storage) else { return nil }
            flat.append(Int32(items.count))
            flat += items
        }
        return flat
    }

    /// The marked children of `dir` as items (`child << 1`, plus 1 for the subtree),
    /// sorted; nil when a name rules the tree order out.
    private static func items(below dir: Int, _ marks: [UInt8], _ storage: Inventory.RulesWalkStorage) -> [Int32]? {
        var keys: [ItemKey] = []
        for k in storage.childRange(storage.nodes[dir]) {
            let c = Int(storage.childIndex[k])
            let m = marks[c]
            guard m != 0 else { continue }
            let node = storage.nodes[c]
            let name = storage.name(node)
            guard isOrderable(name) else { return nil }
            if m & isTarget != 0 { keys.append(ItemKey(item: Int32(c << 1), name: name, node: node)) }
            if m & hasTargetBelow != 0 { keys.append(ItemKey(item: Int32(c << 1 | 1), name: name, node: node)) }
        }
        let names = storage.names
        keys.sort { $0.compare($1, names) < 0 }
        // Equal keys of two items are equal names of two children (a child's own key
        // and its subtree's never tie): the same path twice.
        for i in keys.indices.dropFirst() where keys[i - 1].compare(keys[i], names) == 0 { return nil }
        return keys.map(\.item)
    }

    /// An item's sort key: the child's name, followed by `/` for a subtree item. Its
    /// first eight bytes are held as one big-endian integer (zero after the key's end: a
    /// name holds no NUL, so an ended key sorts first), which settles most comparisons;
    /// the rest is compared eight bytes at a time. A comparison reading two nodes and
    /// calling `memcmp` was most of the ranking.
    private struct ItemKey {
        let head: UInt64
        let item: Int32
        let nameStart: UInt32
        let nameLength: UInt16

        init(item: Int32, name: UnsafeBufferPointer<UInt8>, node: Inventory.Node) {
            self.item = item
            nameStart = node.nameStart
            nameLength = node.nameLength
            var head: UInt64 = 0
            for i in 0..<8 {
                let byte: UInt8 = i < name.count ? name[i] : (i == name.count && item & 1 == 1 ? UInt8(ascii: "/") : 0)
                head = head << 8 | UInt64(byte)
            }
            self.head = head
        }

        /// The key's byte at `i`, -1 after its end.
        @inline(__always)
        private func byte(_ i: Int, _ names: UnsafeBufferPointer<UInt8>) -> Int {
            if i < Int(nameLength) { return Int(names[Int(nameStart) + i]) }
            return i == Int(nameLength) && item & 1 == 1 ? Int(UInt8(ascii: "/")) : -1
        }

        /// The byte order of the two keys (-1, 0, 1).
        @inline(__always)
        func compare(_ other: ItemKey, _ names: UnsafeBufferPointer<UInt8>) -> Int {
            if head != other.head { return head < other.head ? -1 : 1 }
            // The first eight bytes are equal; a key shorter than that ended in both (a
            // name has no NUL), so the keys are equal.
            let common = min(Int(nameLength), Int(other.nameLength))
            var i = 8
            if let base = names.baseAddress {
                let raw = UnsafeRawPointer(base)
                while i + 8 <= common {
                    let x = UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: Int(nameStart) + i, as: UInt64.self))
                    let y = UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: Int(other.nameStart) + i, as: UInt64.self))
                    if x != y { return x < y ? -1 : 1 }
                    i += 8
                }
            }
            while true {
                let x = byte(i, names)
                let y = other.byte(i, names)
                if x != y { return x < y ? -1 : 1 }
                if x < 0 { return 0 }
                i += 1
            }
        }
    }

    /// No `/`, no NUL, valid UTF-8. Asked of every name above a violation: a byte loop
    /// and a `String` made of each name that was not ASCII were a fifth of the ranking.
    private static func isOrderable(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = name.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        let n = name.count
        var i = 0
        while i + 8 <= n {
            let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            if ByteWord.zeroBytes(word) | ByteWord.bytes(word, equalTo: UInt8(ascii: "/")) != 0 { return false }
            i += 8
        }
        while i < n {
            if name[i] == UInt8(ascii: "/") || name[i] == 0 { return false }
            i += 1
        }
        return UTF8Validity.isWellFormed(name)
    }
}
