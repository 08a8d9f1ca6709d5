/// The app data container as archived: a tree of relative paths with sizes,
/// backup-exclusion flags and creating steps.
///
/// Built for containers of a million files: nodes live in one contiguous array of
/// small fixed-size records, all names share one byte buffer, and a directory's
/// children are a contiguous run of `childIndex`. There is no object per node and no
/// `String` per path component; strings are made only for what is shown.
/// Node 0 is the container root (its name is empty); a node's path is relative to it.
public struct Inventory: Sendable {
    public typealias NodeID = Int

    struct Node: Sendable {
        var nameStart: UInt32
        var nameLength: UInt32
        var parent: Int32
        var childStart: UInt32
        var childCount: UInt32
        /// Step name index into `stepNames`, or -1 when no step is recorded.
        var step: Int32
        var flags: NodeFlags
        /// Apparent size in bytes (`st_size`, ncdu `asize`); for a directory its own entry.
        var size: UInt64
        /// Allocated size in bytes (ncdu `dsize`, du -k * 1024); 0 when unknown.
        var diskSize: UInt64
        /// Sum of `size` over the subtree (the node itself included).
        var totalSize: UInt64
        /// Number of non-directory entries in the subtree.
        var fileCount: UInt32
    }

    struct NodeFlags: OptionSet, Sendable {
        let rawValue: UInt8
        static let directory = NodeFlags(rawValue: 1 << 0)
        /// The backup-exclusion flag is set on this very item.
        static let excludedOwn = NodeFlags(rawValue: 1 << 1)
        /// This item or an ancestor inside the container carries the flag.
        static let excludedEffective = NodeFlags(rawValue: 1 << 2)
        /// Not a regular file or directory (symlink, fifo, socket): ncdu `notreg`.
        static let notRegular = NodeFlags(rawValue: 1 << 3)
        /// The inventory could not read it (ncdu `read_error`).
        static let readError = NodeFlags(rawValue: 1 << 4)
        /// The path was listed more than once; the later entry's data was kept.
        static let duplicate = NodeFlags(rawValue: 1 << 5)
    }

    var nodes: [Node]
    var names: [UInt8]
    var childIndex: [Int32]
    var stepNames: [String]

    public static let root: NodeID = 0

    /// Number of nodes, the root included.
    public var count: Int { nodes.count }

    // MARK: - Per-node access

    public func nameBytes(_ id: NodeID) -> ArraySlice<UInt8> {
        let n = nodes[id]
        let start = Int(n.nameStart)
        return names[start..<(start + Int(n.nameLength))]
    }

    /// The name as Swift text; invalid UTF-8 becomes U+FFFD. Use `TerminalText` to show it.
    public func name(_ id: NodeID) -> String {
        String(decoding: nameBytes(id), as: UTF8.self)
    }

    public func parent(_ id: NodeID) -> NodeID? {
        let p = nodes[id].parent
        return p < 0 ? nil : Int(p)
    }

    /// Children in inventory order (the order the source listed them). Views sort.
    public func children(_ id: NodeID) -> LazyMapSequence<ArraySlice<Int32>, Int> {
        let n = nodes[id]
        let start = Int(n.childStart)
        return childIndex[start..<(start + Int(n.childCount))].lazy.map { Int($0) }
    }

    public func childCount(_ id: NodeID) -> Int { Int(nodes[id].childCount) }
    public func isDirectory(_ id: NodeID) -> Bool { nodes[id].flags.contains(.directory) }
    public func isNotRegular(_ id: NodeID) -> Bool { nodes[id].flags.contains(.notRegular) }
    public func hasReadError(_ id: NodeID) -> Bool { nodes[id].flags.contains(.readError) }
    public func isDuplicate(_ id: NodeID) -> Bool { nodes[id].flags.contains(.duplicate) }
    public func size(_ id: NodeID) -> UInt64 { nodes[id].size }
    public func diskSize(_ id: NodeID) -> UInt64 { nodes[id].diskSize }
    public func totalSize(_ id: NodeID) -> UInt64 { nodes[id].totalSize }
    public func fileCount(_ id: NodeID) -> Int { Int(nodes[id].fileCount) }
    public func isExcludedOwn(_ id: NodeID) -> Bool { nodes[id].flags.contains(.excludedOwn) }
    public func isExcludedEffective(_ id: NodeID) -> Bool { nodes[id].flags.contains(.excludedEffective) }

    /// The nearest node at or above `id` that carries the exclusion flag itself.
    public func excludingNode(_ id: NodeID) -> NodeID? {
        guard isExcludedEffective(id) else { return nil }
        var cur: NodeID? = id
        while let c = cur {
            if isExcludedOwn(c) { return c }
            cur = parent(c)
        }
        return nil
    }

    public func step(_ id: NodeID) -> String? {
        let s = nodes[id].step
        return s < 0 ? nil : stepNames[Int(s)]
    }

    /// All distinct step names, in first-seen order.
    public var steps: [String] { stepNames }

    /// Depth below the root (top-level entries are 1).
    public func depth(_ id: NodeID) -> Int {
        var d = 0
        var cur = id
        while let p = parent(cur) {
            d += 1
            cur = p
        }
        return d
    }

    /// The relative path bytes, components joined with `/`; empty for the root.
    public func pathBytes(_ id: NodeID) -> [UInt8] {
        var chain: [NodeID] = []
        var cur = id
        while let p = parent(cur) {
            chain.append(cur)
            cur = p
        }
        var out: [UInt8] = []
        for (i, n) in chain.reversed().enumerated() {
            if i > 0 { out.append(UInt8(ascii: "/")) }
            out.append(contentsOf: nameBytes(n))
        }
        return out
    }

    /// The relative path as text (`Library/Caches/x.db`); empty for the root.
    public func path(_ id: NodeID) -> String {
        String(decoding: pathBytes(id), as: UTF8.self)
    }

    /// The top-level entry a node lives under (itself for top-level entries); nil for the root.
    public func topLevelAncestor(_ id: NodeID) -> NodeID? {
        var cur = id
        while let p = parent(cur) {
            if p == Inventory.root { return cur }
            cur = p
        }
        return nil
    }

    /// Finds a node by relative path (`/`-separated, no leading `./`). Linear in the
    /// path's depth times the width of each directory on the way.
    public func lookup(_ path: String) -> NodeID? {
        var cur = Inventory.root
        for component in path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
            guard let next = children(cur).first(where: { nameBytes($0).elementsEqual(component) }) else { return nil }
            cur = next
        }
        return cur
    }

    // MARK: - Whole-tree facts

    public var totalFiles: Int { Int(nodes[Inventory.root].fileCount) }
    public var totalBytes: UInt64 { nodes[Inventory.root].totalSize }

    /// Non-directory entries that are effectively excluded from backup.
    public var excludedFileCount: Int {
        var n = 0
        for node in nodes where !node.flags.contains(.directory) && node.flags.contains(.excludedEffective) { n += 1 }
        return n
    }

    /// All node ids in depth-first pre-order (parents before children).
    public func preorder(from start: NodeID = Inventory.root, _ visit: (NodeID) -> Void) {
        var stack: [NodeID] = [start]
        while let id = stack.popLast() {
            visit(id)
            let n = nodes[id]
            let s = Int(n.childStart)
            var i = s + Int(n.childCount) - 1
            while i >= s {
                stack.append(Int(childIndex[i]))
                i -= 1
            }
        }
    }

    // MARK: - Amendments applied after a read

    /// Records creating steps (from steps.tsv) for many nodes at once; later
    /// assignments to the same node win.
    public mutating func setSteps(_ assignments: some Sequence<(NodeID, String)>) {
        var index: [String: Int32] = [:]
        for (i, name) in stepNames.enumerated() { index[name] = Int32(i) }
        for (id, step) in assignments {
            let s: Int32
            if let known = index[step] {
                s = known
            } else {
                s = Int32(stepNames.count)
                stepNames.append(step)
                index[step] = s
            }
            nodes[id].step = s
        }
    }
}
