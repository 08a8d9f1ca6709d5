/// An open-addressing hash index from (parent, name) to node ids, for inventories of a
/// million entries: each slot is one `Int32`, keys are not stored (they are read back
/// from the node records and the shared name buffer), so it costs 4 bytes per slot,
/// about 6-11 bytes per node at a load factor kept under 0.7.
///
/// Every node is inserted, same-named siblings included; with linear probing and no
/// deletions the first match met while probing is the earliest inserted one.
/// Hashing uses the standard library's per-process seeded `Hasher`, so a hostile
/// inventory cannot be built to collide.
struct SiblingNameIndex: Sendable {
    private var slots: [Int32]
    private var mask: Int
    private(set) var count = 0

    init(expectedCount: Int) {
        var size = 16
        let wanted = max(expectedCount, 1) &* 10 / 7 + 1
        while size < wanted && size < (1 << 40) { size <<= 1 }
        slots = [Int32](repeating: -1, count: size)
        mask = size - 1
    }

    static func hash(parent: Int32, name: UnsafeRawBufferPointer) -> Int {
        var h = Hasher()
        h.combine(parent)
        h.combine(bytes: name)
        return h.finalize()
    }

    static func hash(parent: Int32, name: ArraySlice<UInt8>) -> Int {
        name.withUnsafeBytes { hash(parent: parent, name: $0) }
    }

    private static func nameEquals(_ node: Inventory.Node, _ name: UnsafeRawBufferPointer, names: UnsafeBufferPointer<UInt8>) -> Bool {
        guard Int(node.nameLength) == name.count else { return false }
        if name.isEmpty { return true }
        guard let base = names.baseAddress, let other = name.baseAddress else { return false }
        return memcmpBytes(base + Int(node.nameStart), other, name.count)
    }

    /// The earliest inserted child of `parent` called `name` that `accept` allows.
    func first(
        parent: Int32, name: ArraySlice<UInt8>, nodes: [Inventory.Node], names: [UInt8],
        where accept: (Inventory.Node) -> Bool = { _ in true }
    ) -> Int32? {
        name.withUnsafeBytes { query in
            let h = SiblingNameIndex.hash(parent: parent, name: query)
            return first(parent: parent, name: query, hash: h, nodes: nodes, names: names, where: accept)
        }
    }

    func first(
        parent: Int32, name: UnsafeRawBufferPointer, hash: Int, nodes: [Inventory.Node], names: [UInt8],
        where accept: (Inventory.Node) -> Bool = { _ in true }
    ) -> Int32? {
        names.withUnsafeBufferPointer { nameBuffer in
            var i = hash & mask
            while true {
                let id = slots[i]
                if id < 0 { return nil }
                let node = nodes[Int(id)]
                if node.parent == parent, SiblingNameIndex.nameEquals(node, name, names: nameBuffer), accept(node) {
                    return id
                }
                i = (i + 1) & mask
            }
        }
    }

    /// Inserts a node whose hash the caller computed; grows the table when needed.
    mutating func insert(_ id: Int32, hash: Int, nodes: [Inventory.Node], names: [UInt8]) {
        if (count + 1) &* 10 > slots.count &* 7 { grow(nodes: nodes, names: names) }
        var i = hash & mask
        while slots[i] >= 0 { i = (i + 1) & mask }
        slots[i] = id
        count += 1
    }

    /// Doubles the table, re-hashing every node from its stored parent and name.
    private mutating func grow(nodes: [Inventory.Node], names: [UInt8]) {
        let old = slots
        slots = [Int32](repeating: -1, count: old.count * 2)
        mask = slots.count - 1
        names.withUnsafeBytes { nameBytes in
            for id in old where id >= 0 {
                let node = nodes[Int(id)]
                let start = Int(node.nameStart)
                let name = UnsafeRawBufferPointer(rebasing: nameBytes[start..<(start + Int(node.nameLength))])
                var i = SiblingNameIndex.hash(parent: node.parent, name: name) & mask
                while slots[i] >= 0 { i = (i + 1) & mask }
                slots[i] = id
            }
        }
    }
}

@inline(__always)
private func memcmpBytes(_ a: UnsafePointer<UInt8>, _ b: UnsafeRawPointer, _ count: Int) -> Bool {
    let bb = b.assumingMemoryBound(to: UInt8.self)
    var i = 0
    while i < count {
        if a[i] != bb[i] { return false }
        i += 1
    }
    return true
}
