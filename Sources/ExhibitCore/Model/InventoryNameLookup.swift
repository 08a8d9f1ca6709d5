import CBytes

/// What resolving a path by (parent, name) reads, and nothing else: the node records,
/// the name buffer and the sibling-name index, of a finished `Inventory` or of an
/// `InventoryBuilder` whose every entry is indexed. steps.tsv's records resolve against
/// it (`StepAssignment.Cursor`), so a `find` list's steps can be read on the second core
/// while sizes.txt is read on the first, before the inventory is finished (issue 19).
///
/// A value: it shares the arrays it was made from, so it must be dropped before they are
/// written again, or the first write copies them whole (32 MB of nodes at a million).
struct InventoryNameLookup {
    let nodes: [Inventory.Node]
    let names: [UInt8]
    let index: SiblingNameIndex

    var count: Int { nodes.count }

    init(_ inventory: Inventory) {
        nodes = inventory.nodes
        names = inventory.names
        index = inventory.nameIndex
    }

    init(nodes: [Inventory.Node], names: [UInt8], index: SiblingNameIndex) {
        self.nodes = nodes
        self.names = names
        self.index = index
    }

    /// No entries: what a holder keeps once it has let go of a lookup (no path resolves).
    static let none = InventoryNameLookup(nodes: [], names: [], index: SiblingNameIndex())

    /// Whether a path names at most one node, found through the index: no duplicate
    /// entries, no name containing `/` (`StepAssignment.resolvesByIndex`).
    var resolvesByIndex: Bool { Self.resolvesByIndex(nodes: nodes, names: names) }

    /// `resolvesByIndex` of these entries, read without the index (an ncdu inventory's is
    /// made on demand, and a walk of the tree never needs it).
    static func resolvesByIndex(nodes: [Inventory.Node], names: [UInt8]) -> Bool {
        // `memchr` for the names: `contains` read them a byte at a time (2 % of a list's `summary`).
        let slashInNames = names.withUnsafeBytes { exhibit_memchr($0.baseAddress, Int32(UInt8(ascii: "/")), $0.count) != nil }
        return !slashInNames && !nodes.contains(where: { $0.flags.contains(.duplicate) })
    }

    /// The first child of `parent` called `name`.
    @inline(__always)
    func child(of parent: Int, named name: UnsafeRawBufferPointer) -> Int? {
        index.first(
            parent: Int32(parent), name: name, hash: SiblingNameIndex.hash(parent: Int32(parent), name: name), nodes: nodes, names: names
        ).map(Int.init)
    }
}

extension InventoryBuilder {
    /// The lookup of every entry added so far; nil while some wait to be indexed (call
    /// `indexListedEntries()` first). Drop it before the builder changes again.
    var nameLookup: InventoryNameLookup? {
        indexedCount == nodes.count && !hasUnindexedListedEntries ? InventoryNameLookup(nodes: nodes, names: names, index: index) : nil
    }
}

extension InventoryNameLookup {
    /// `InventoryBuilder.existingNode(atPath:under:)`, read from the lookup.
    func existingNode(atPath path: UnsafeBufferPointer<UInt8>, under directory: Int) -> Int? {
        Self.walk(path, from: directory) { child(of: $0, named: $1) }
    }

    /// `InventoryBuilder.isFirstChild(_:of:named:)`, read from the lookup.
    func isFirstChild(_ id: Int, of parent: Int, named name: UnsafeRawBufferPointer) -> Bool {
        Self.isFirstChild(id, of: parent, named: name, nodes: nodes, names: names)
    }

    /// The node at a `/`-separated path below `directory` (`//` skipped; empty: `directory`),
    /// each component found under the last by `child`; nil when one is absent.
    @inline(__always)
    static func walk(_ path: UnsafeBufferPointer<UInt8>, from directory: Int, child: (Int, UnsafeRawBufferPointer) -> Int?) -> Int? {
        var cur = directory
        var start = 0
        while start < path.count {
            let end = path[start...].firstIndex(of: UInt8(ascii: "/")) ?? path.count
            if end > start {
                guard let next = child(cur, UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: path[start..<end]))) else { return nil }
                cur = next
            }
            start = end + 1
        }
        return cur
    }

    /// Whether `id` is the first child of `parent` called `name`, read without the index:
    /// a node with an earlier sibling of the same name is always marked duplicate, so an
    /// unmarked match is the first.
    @inline(__always)
    static func isFirstChild(_ id: Int, of parent: Int, named name: UnsafeRawBufferPointer, nodes: [Inventory.Node], names: [UInt8]) -> Bool {
        guard id > 0 && id < nodes.count else { return false }
        let node = nodes[id]
        guard Int(node.parent) == parent, !node.flags.contains(.duplicate) else { return false }
        return names.withUnsafeBufferPointer { SiblingNameIndex.nameEquals(node, name, names: $0) }
    }
}
