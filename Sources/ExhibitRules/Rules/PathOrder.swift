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
        for t in targets {
            marks[Int(t)] |= isTarget
            var p = nodes[Int(t)].parent
            while p >= 0, marks[Int(p)] & hasTargetBelow == 0 {
                marks[Int(p)] |= hasTargetBelow
                p = nodes[Int(p)].parent
            }
        }
        var rank = [UInt32](repeating: 0, count: nodes.count)
        var next: UInt32 = 0
        if marks[Inventory.root] & isTarget != 0 {  // the root's path is empty: first
            rank[Inventory.root] = next
            next += 1
        }
        guard marks[Inventory.root] & hasTargetBelow != 0 else { return rank }
        guard let top = items(below: Inventory.root, marks, storage) else { return nil }
        var stack: [(items: [Int32], position: Int)] = [(top, 0)]
        while !stack.isEmpty {
            let last = stack.count - 1
            let (items, position) = stack[last]
            guard position < items.count else {
                stack.removeLast()
                continue
            }
            stack[last].position = position + 1
            let item = Int(items[position])
            let child = item >> 1
            if item & 1 == 0 {
                rank[child] = next
                next += 1
            } else {
                guard let below = Self.items(below: child, marks, storage) else { return nil }
                stack.append((below, 0))
            }
        }
        return rank
    }

    /// The marked children of `dir` as items (`child << 1`, plus 1 for the subtree),
    /// sorted; nil when a name rules the tree order out.
    private static func items(below dir: Int, _ marks: [UInt8], _ storage: Inventory.RulesWalkStorage) -> [Int32]? {
        var items: [Int32] = []
        for k in storage.childRange(storage.nodes[dir]) {
            let c = Int(storage.childIndex[k])
            let m = marks[c]
            guard m != 0 else { continue }
            guard isOrderable(storage.name(storage.nodes[c])) else { return nil }
            if m & isTarget != 0 { items.append(Int32(c << 1)) }
            if m & hasTargetBelow != 0 { items.append(Int32(c << 1 | 1)) }
        }
        items.sort { compare($0, $1, storage) < 0 }
        // Equal keys of two items are equal names of two children (a child's own key
        // and its subtree's never tie): the same path twice.
        for i in items.indices.dropFirst() where compare(items[i - 1], items[i], storage) == 0 { return nil }
        return items
    }

    /// The byte order of the items' keys: the name, followed by `/` for a subtree item.
    @inline(__always)
    private static func compare(_ a: Int32, _ b: Int32, _ storage: Inventory.RulesWalkStorage) -> Int {
        let x = storage.name(storage.nodes[Int(a >> 1)])
        let y = storage.name(storage.nodes[Int(b >> 1)])
        let common = min(x.count, y.count)
        let prefix = ByteCompare.compare(UnsafeBufferPointer(rebasing: x[..<common]), UnsafeBufferPointer(rebasing: y[..<common]))
        if prefix != 0 { return prefix }
        // After the common bytes: the next byte of each key, or -1 where it ends.
        let slash = Int(UInt8(ascii: "/"))
        let nextX = x.count > common ? Int(x[common]) : (a & 1 == 1 ? slash : -1)
        let nextY = y.count > common ? Int(y[common]) : (b & 1 == 1 ? slash : -1)
        if nextX != nextY { return nextX < nextY ? -1 : 1 }
        // Only equal names with the same kind of item get here: a name holds no `/`, so
        // a longer name's next byte differs from the other key's `/` or end.
        return 0
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
