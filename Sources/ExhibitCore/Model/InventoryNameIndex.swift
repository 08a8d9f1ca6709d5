import CBytes
import Foundation

/// An open-addressing hash index from (parent, name) to node ids, for inventories of a
/// million entries: each slot is one `Int32`, keys are not stored (they are read back
/// from the node records and the shared name buffer), so it costs 4 bytes per slot,
/// under 6 bytes per node at the load factor of 0.7 it is built with.
///
/// Same-named siblings are all indexed; with linear probing and no deletions, the
/// first match met while probing is the earliest inserted one, and `init(building:)`
/// inserts in id order within each home slot, so that is also the lowest id.
/// Hashing uses the standard library's per-process seeded `Hasher` (SipHash), so a
/// hostile inventory cannot be built to collide. The table need not be a power of two:
/// a 32-bit hash is mapped onto it by multiplication (`home`).
struct SiblingNameIndex: Sendable {
    private var slots: [Int32]
    private(set) var count = 0

    /// True until the first insert or reservation.
    var isUnsized: Bool { slots.isEmpty }

    /// An empty index; the first insert sizes it.
    init() { slots = [] }

    /// Room for `capacity` entries before the first growth.
    init(capacity: Int) {
        slots = [Int32](repeating: -1, count: Self.slotCount(for: capacity))
    }

    /// The index of nodes `1..<hashes.count` (node 0, the root, is never a child),
    /// sized for `capacity` entries (at least those), from the stored hashes: no node or
    /// name is read, as no two entries need comparing. Built region by region: each pass
    /// inserts the nodes whose home slot lies in the next 8 MiB of the table, so the
    /// writes and probes stay in the last-level cache however large the table (one pass
    /// up to 1.4M entries; measured at 1M, passes over 512 KiB regions cost three times
    /// as much as one pass over the 5.7 MB table).
    /// `skipping`: ascending ids left out (same-named siblings after the first).
    init(building hashes: [UInt32], capacity: Int, skipping: [Int32] = []) {
        let n = hashes.count
        self.init(capacity: max(capacity, n))
        guard n > 1 else { return }
        let size = slots.count
        let regionSize = 1 << 21
        slots.withUnsafeMutableBufferPointer { table in
            hashes.withUnsafeBufferPointer { hashes in
                var regionStart = 0
                while regionStart < size {
                    let regionEnd = min(size, regionStart + regionSize)
                    var skip = 0
                    for id in 1..<n {
                        let home = Self.home(hashes[id], size: size)
                        guard home >= regionStart && home < regionEnd else { continue }
                        if skip < skipping.count {
                            while skip < skipping.count && skipping[skip] < Int32(truncatingIfNeeded: id) { skip += 1 }
                            if skip < skipping.count && skipping[skip] == Int32(truncatingIfNeeded: id) { continue }
                        }
                        var i = home
                        while table[i] >= 0 {
                            i += 1
                            if i == size { i = 0 }
                        }
                        table[i] = Int32(truncatingIfNeeded: id)
                    }
                    regionStart = regionEnd
                }
            }
        }
        count = n - 1 - skipping.count
    }

    /// Slots for `entries` at a load factor of at most 0.7.
    static func slotCount(for entries: Int) -> Int { max(16, entries / 7 &* 10 &+ 10) }

    /// SipHash-1-3 of (parent, name) under a per-process random key: what `Hasher`
    /// computes, without its buffering and calls into the runtime (a fifth of the
    /// hashing time of a million-entry load).
    /// `key`: given only by tests, which compare the hash with a reference.
    static func hash(parent: Int32, name: UnsafeRawBufferPointer, key: (UInt64, UInt64) = siblingHashKey) -> UInt32 {
        var sip = SipHash13(key: key)
        // First word: the parent and the name's length, so the encoding is unambiguous.
        sip.compress(UInt64(UInt32(bitPattern: parent)) | UInt64(truncatingIfNeeded: name.count) << 32)
        let count = name.count
        var i = 0
        while i + 8 <= count {
            sip.compress(UInt64(littleEndian: name.loadUnaligned(fromByteOffset: i, as: UInt64.self)))
            i += 8
        }
        var last = UInt64(truncatingIfNeeded: count &+ 8) << 56
        let rest = count - i
        if rest > 0 && count >= 8 {
            // The last bytes as the name's last word shifted down past the bytes already
            // compressed: the value the byte loop below makes, in one load.
            last |= UInt64(littleEndian: name.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)) >> UInt64((8 - rest) << 3)
        } else {
            var shift: UInt64 = 0
            while i < count {
                last |= UInt64(name[i]) << shift
                shift += 8
                i += 1
            }
        }
        sip.compress(last)
        return UInt32(truncatingIfNeeded: sip.finalize())
    }

    static func hash(parent: Int32, name: ArraySlice<UInt8>) -> UInt32 {
        name.withUnsafeBytes { hash(parent: parent, name: $0) }
    }

    /// The slot a hash starts probing at: `hash * size / 2^32`, uniform for any size.
    @inline(__always)
    static func home(_ hash: UInt32, size: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(hash) &* UInt64(size)) >> 32)
    }

    static func nameEquals(_ node: Inventory.Node, _ name: UnsafeRawBufferPointer, names: UnsafeBufferPointer<UInt8>) -> Bool {
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
        parent: Int32, name: UnsafeRawBufferPointer, hash: UInt32, nodes: [Inventory.Node], names: [UInt8],
        where accept: (Inventory.Node) -> Bool = { _ in true }
    ) -> Int32? {
        guard !slots.isEmpty else { return nil }
        return names.withUnsafeBufferPointer { nameBuffer in
            let size = slots.count
            var i = Self.home(hash, size: size)
            while true {
                let id = slots[i]
                if id < 0 { return nil }
                let node = nodes[Int(id)]
                if node.parent == parent, SiblingNameIndex.nameEquals(node, name, names: nameBuffer), accept(node) {
                    return id
                }
                i += 1
                if i == size { i = 0 }
            }
        }
    }

    /// Inserts a node; grows the table (re-placing entries by their stored hashes) when
    /// it would pass the load factor. `hashes[id]` is the hash of node `id`.
    mutating func insert(_ id: Int32, hashes: [UInt32]) {
        if (count + 1) &* 10 > slots.count &* 7 { grow(hashes: hashes) }
        place(id, hash: hashes[Int(id)])
        count += 1
    }

    /// Makes room for `capacity` entries in all, if there is less.
    mutating func reserve(_ capacity: Int, hashes: [UInt32]) {
        if Self.slotCount(for: capacity) > slots.count { rehash(slotCount: Self.slotCount(for: capacity), hashes: hashes) }
    }

    private mutating func place(_ id: Int32, hash: UInt32) {
        let size = slots.count
        var i = Self.home(hash, size: size)
        while slots[i] >= 0 {
            i += 1
            if i == size { i = 0 }
        }
        slots[i] = id
    }

    private mutating func grow(hashes: [UInt32]) {
        rehash(slotCount: max(Self.slotCount(for: 16), slots.count &* 2), hashes: hashes)
    }

    /// Re-places every entry in a table of `slotCount` slots, in id order (so same-named
    /// siblings keep the earliest first).
    private mutating func rehash(slotCount: Int, hashes: [UInt32]) {
        var ids = slots.filter { $0 >= 0 }
        ids.sort()
        slots = [Int32](repeating: -1, count: slotCount)
        for id in ids { place(id, hash: hashes[Int(id)]) }
    }
}

@inline(__always)
private func memcmpBytes(_ a: UnsafePointer<UInt8>, _ b: UnsafeRawPointer, _ count: Int) -> Bool {
    exhibit_memcmp(a, b, count) == 0
}

/// The key of the sibling-name hash, drawn once per process: a hostile inventory cannot
/// be built to collide in a run it does not know the key of.
private let siblingHashKey: (UInt64, UInt64) = {
    var random = SystemRandomNumberGenerator()
    return (random.next(), random.next())
}()

/// SipHash with one compression and three finalization rounds (the variant `Hasher` uses).
struct SipHash13 {
    private var v0: UInt64
    private var v1: UInt64
    private var v2: UInt64
    private var v3: UInt64

    @inline(__always)
    init(key: (UInt64, UInt64)) {
        v0 = key.0 ^ 0x736f_6d65_7073_6575
        v1 = key.1 ^ 0x646f_7261_6e64_6f6d
        v2 = key.0 ^ 0x6c79_6765_6e65_7261
        v3 = key.1 ^ 0x7465_6462_7974_6573
    }

    @inline(__always)
    private mutating func round() {
        v0 = v0 &+ v1
        v1 = v1.rotatedLeft(13) ^ v0
        v0 = v0.rotatedLeft(32)
        v2 = v2 &+ v3
        v3 = v3.rotatedLeft(16) ^ v2
        v0 = v0 &+ v3
        v3 = v3.rotatedLeft(21) ^ v0
        v2 = v2 &+ v1
        v1 = v1.rotatedLeft(17) ^ v2
        v2 = v2.rotatedLeft(32)
    }

    @inline(__always)
    mutating func compress(_ m: UInt64) {
        v3 ^= m
        round()
        v0 ^= m
    }

    @inline(__always)
    mutating func finalize() -> UInt64 {
        v2 ^= 0xff
        round()
        round()
        round()
        return v0 ^ v1 ^ v2 ^ v3
    }
}

extension UInt64 {
    @inline(__always)
    fileprivate func rotatedLeft(_ n: UInt64) -> UInt64 { (self &<< n) | (self &>> (64 &- n)) }
}

/// The (parent, name) index of a built inventory: handed over built when a list source
/// needed it while loading, else made at the first lookup that needs it (a directory of
/// more than `Inventory.scannedChildren` children). A tree source's load (ncdu JSON)
/// may never need it: `summary` and the UI's first screen look up top-level names only,
/// and 6 bytes an entry (5.7 MB at a million) are not paid until then.
enum NameIndexStorage: Sendable {
    case built(SiblingNameIndex)
    case onDemand(OnDemandNameIndex)
}

/// Made once, under a lock: an `Inventory` is a value shared by threads, and its copies
/// share this (names and parents never change after `build()`, so the index stays true
/// for every copy).
final class OnDemandNameIndex: @unchecked Sendable {
    private let lock = NSLock()
    private var index: SiblingNameIndex?
    /// Ascending ids left out, as `InventoryBuilder` leaves them out (same-named
    /// siblings of one kind after the first).
    private let skipping: [Int32]

    init(skipping: [Int32]) { self.skipping = skipping }

    func index(nodes: [Inventory.Node], names: [UInt8]) -> SiblingNameIndex {
        lock.lock()
        defer { lock.unlock() }
        if let index { return index }
        var hashes = [UInt32](repeating: 0, count: nodes.count)
        names.withUnsafeBytes { raw in
            for i in nodes.indices.dropFirst() {
                let n = nodes[i]
                let start = Int(n.nameStart)
                hashes[i] = SiblingNameIndex.hash(
                    parent: n.parent, name: UnsafeRawBufferPointer(rebasing: raw[start..<(start + Int(n.nameLength))]))
            }
        }
        let made = SiblingNameIndex(building: hashes, capacity: nodes.count, skipping: skipping)
        index = made
        return made
    }
}
