/// Duplicate-name detection for tree-shaped sources (ncdu JSON, a directory walk), which
/// list a directory's children while it is "open" and never come back to it, and for a
/// path list in tree order (`InventoryBuilder.listedEntry`), which comes back only rarely.
///
/// It tracks the chain of open directories (each the parent of the next), each with a
/// small hash table of the children added since it opened; `InventoryBuilder` leaves
/// those nodes out of its global name index until a lookup or `build()` needs it. A
/// child's earlier siblings are then found in a table the size of its directory, which
/// stays in the cache, instead of in a table over the whole inventory, where each
/// insert of a million-entry load missed the cache twice (slot, then node). A table
/// goes away when its directory closes.
struct OpenDirectorySiblings {
    private struct Level {
        var directory: Int32
        /// Node ids, -1 empty; a power of two in size, at most half full. Empty until the
        /// first child (`size` 0): a directory opened only to be passed through costs no table.
        var slots: [Int32]
        var count = 0

        init(directory: Int32, size: Int) {
            self.directory = directory
            slots = size > 0 ? [Int32](repeating: -1, count: size) : []
        }
    }

    /// The innermost open directory, the one being added to (kept apart from the
    /// others so the per-entry work touches no array of levels).
    private var top = Level(directory: 0, size: 16)
    /// The open directories around it, outermost first.
    private var outer: [Level] = []
    /// The table size a newly opened directory starts with: room for as many children as
    /// the directory closed last had (siblings tend to be alike: a hundred thumbnails per
    /// folder), so most tables never grow; at most 4096 slots.
    private var openingSize = 16

    /// Makes `parent` the innermost open directory, closing those below it, when a
    /// tree source may add to it now: it is open, or it is a child of an open directory
    /// and has no children yet. False otherwise (a child added out of tree order); the
    /// caller must then find `parent`'s earlier children elsewhere and call `reset(open:)`.
    mutating func enter(_ parent: Int32, parentOfParent: Int32, hasChildren: Bool) -> Bool {
        if top.directory == parent { return true }
        // A child of the innermost open directory is not open itself (the others are its
        // ancestors): no need to look through them, which cost a list's walk through
        // closed directories the depth at each component.
        if hasChildren && top.directory == parentOfParent { return false }
        if !hasChildren && top.directory == parentOfParent {
            outer.append(top)
            top = Level(directory: parent, size: openingSize)
            return true
        }
        var level = outer.count - 1
        while level >= 0 && outer[level].directory != parent && (hasChildren || outer[level].directory != parentOfParent) {
            level -= 1
        }
        guard level >= 0 else { return false }
        let opensParent = outer[level].directory != parent
        outer.removeLast(outer.count - 1 - level)
        var size = 16
        while size < 4096 && size < (top.count + 1) &* 2 { size &*= 2 }
        openingSize = size
        if opensParent {
            top = Level(directory: parent, size: openingSize)
        } else {
            top = outer.removeLast()
        }
        return true
    }

    /// Forgets everything and opens `parent` alone (its earlier children are indexed elsewhere).
    mutating func reset(open parent: Int32) {
        outer = []
        top = Level(directory: parent, size: 16)
    }

    /// Forgets everything and opens `path`'s directories, outermost first, each with an
    /// empty table (their earlier children are indexed elsewhere): a list source that
    /// came back to a closed directory can go on to that directory's siblings.
    mutating func reset(openingPath path: [Int32]) {
        guard let innermost = path.last else { return reset(open: 0) }
        outer = path.dropLast().map { Level(directory: $0, size: 0) }
        top = Level(directory: innermost, size: 0)
    }

    /// Whether a child of the innermost open directory (`parent`, after `enter`) called
    /// `name` was added since it opened (`any`), and one of the same kind (`sameKind`).
    /// The table holds at most one file and one directory per name (the caller inserts
    /// only the first of each kind), so the probe run of a name stays short however
    /// often a directory repeats it.
    func contains(
        name: UnsafeRawBufferPointer, hash: UInt32, isDirectory: Bool, nodes: [Inventory.Node], names: [UInt8],
        hashes: [UInt32]
    ) -> (any: Bool, sameKind: Bool) {
        guard top.count > 0 else { return (false, false) }
        return top.slots.withUnsafeBufferPointer { slots in
            names.withUnsafeBufferPointer { nameBuffer in
                let mask = slots.count - 1
                var i = Int(hash) & mask
                var any = false
                while true {
                    let id = slots[i]
                    if id < 0 { return (any, false) }
                    let node = nodes[Int(id)]
                    if hashes[Int(id)] == hash, SiblingNameIndex.nameEquals(node, name, names: nameBuffer) {
                        if node.flags.contains(.directory) == isDirectory { return (true, true) }
                        any = true
                    }
                    i = (i + 1) & mask
                }
            }
        }
    }

    /// The earliest child of the innermost open directory called `name`, of either kind,
    /// added since it opened.
    func first(name: UnsafeRawBufferPointer, hash: UInt32, nodes: [Inventory.Node], names: [UInt8], hashes: [UInt32]) -> Int32? {
        guard top.count > 0 else { return nil }
        return top.slots.withUnsafeBufferPointer { slots in
            names.withUnsafeBufferPointer { nameBuffer in
                let mask = slots.count - 1
                var i = Int(hash) & mask
                var found: Int32?
                while true {
                    let id = slots[i]
                    if id < 0 { return found }
                    if hashes[Int(id)] == hash, SiblingNameIndex.nameEquals(nodes[Int(id)], name, names: nameBuffer), id < (found ?? .max) {
                        found = id
                    }
                    i = (i + 1) & mask
                }
            }
        }
    }

    /// Records a child just added under the innermost open directory.
    mutating func insert(_ id: Int32, hash: UInt32, hashes: [UInt32]) {
        if (top.count + 1) &* 2 > top.slots.count {
            let old = top.slots
            top.slots = [Int32](repeating: -1, count: max(openingSize, old.count &* 2))
            for earlier in old where earlier >= 0 { Self.place(earlier, hash: hashes[Int(earlier)], in: &top.slots) }
        }
        Self.place(id, hash: hash, in: &top.slots)
        top.count += 1
    }

    private static func place(_ id: Int32, hash: UInt32, in slots: inout [Int32]) {
        slots.withUnsafeMutableBufferPointer { slots in
            let mask = slots.count - 1
            var i = Int(hash) & mask
            while slots[i] >= 0 { i = (i + 1) & mask }
            slots[i] = id
        }
    }
}
