/// Names that a real container cannot hold side by side. APFS compares names
/// normalization-insensitively (NFC "é" and NFD "e\u{301}" name one file), and the Mac
/// volume a simulator's data container lives on is case-insensitive by default, so an
/// inventory listing both spellings in one directory was not listed from such a
/// container as it stood: it was edited, merged from two listings, or crafted.
extension Inventory {
    public struct DeviceNameTwin: Sendable, Equatable {
        public enum Kind: Sendable, Equatable {
            /// Canonically equivalent names (NFC/NFD): one file on every APFS volume.
            case normalization
            /// Names equal but for case: one file on a case-insensitive volume.
            case caseOnly
        }
        /// The entry listed first and the one that repeats it.
        public var first: NodeID
        public var second: NodeID
        public var kind: Kind
    }

    /// Every pair of siblings whose names would name one file on the device, in
    /// inventory order, at most `limit` (the count of all of them is `total`).
    ///
    /// Cost, linear in the names' bytes: a directory whose names are all lowercase ASCII
    /// cannot hold such a pair and is passed over on a byte scan. In any other, each
    /// name's skeleton (below) is hashed into a table reused across directories; only
    /// names whose skeleton another sibling shares are keyed by their case-folded
    /// `String`, whose equality and hashing are the standard library's canonical
    /// equivalence, so no normalization table is needed. (Keying every name by `String`
    /// cost twice the parse of a million-entry ncdu export.) Byte-identical siblings are
    /// duplicates, warned by the readers.
    ///
    /// A large inventory is searched on two threads, each over a run of directories
    /// holding half the entries (about 10 % of a 1M-entry `summary`, otherwise on one
    /// core); their pairs, joined in directory order, are the one-thread search's.
    public func deviceNameTwins(limit: Int = 1000) -> (twins: [DeviceNameTwin], total: Int) {
        deviceNameTwins(limit: limit, parts: nodes.count >= Self.twinsOnTwoThreadsFrom ? 2 : 1)
    }

    /// Entries from which the search takes two threads: below, a thread costs more than it saves.
    static let twinsOnTwoThreadsFrom = 200_000

    /// The search over `parts` (1 or 2) runs of directories, each on a core of its own.
    func deviceNameTwins(limit: Int, parts: Int) -> (twins: [DeviceNameTwin], total: Int) {
        let runs = directoryRuns(min(parts, 2))
        guard runs.count > 1 else { return deviceNameTwins(in: directories.indices, limit: limit) }
        // Two runs at most (`directoryRuns`), so two cores.
        let (a, b) = TwoCores.run({ deviceNameTwins(in: runs[0], limit: limit) }, { deviceNameTwins(in: runs[1], limit: limit) })
        let found = [a, b]
        var twins: [DeviceNameTwin] = []
        for part in found where twins.count < limit { twins += part.twins.prefix(limit - twins.count) }
        return (twins, found.reduce(0) { $0 + $1.total })
    }

    /// `directories`' indices cut into at most `parts` runs holding about as many children each.
    func directoryRuns(_ parts: Int) -> [Range<Int>] {
        guard parts > 1, directories.count > 1 else { return [directories.indices] }
        let children = directories.reduce(0) { $0 + Int($1.childCount) }
        var runs: [Range<Int>] = []
        var start = 0
        var seen = 0
        for (i, record) in directories.enumerated() where runs.count < parts - 1 {
            seen += Int(record.childCount)
            if seen * parts >= children * (runs.count + 1) {
                runs.append(start..<(i + 1))
                start = i + 1
            }
        }
        if start < directories.count { runs.append(start..<directories.count) }
        return runs
    }

    /// The twins among the children of the directories `run`, in order, at most `limit`.
    private func deviceNameTwins(in run: Range<Int>, limit: Int) -> (twins: [DeviceNameTwin], total: Int) {
        var twins: [DeviceNameTwin] = []
        var total = 0
        var table = SkeletonTable()
        var candidates: [Int] = []
        var firstByKey: [String: Int32] = [:]
        var skeleton = [UInt8](repeating: 0, count: InventoryBuilder.maximumNameLength + 1)
        names.withUnsafeBufferPointer { names in
            skeleton.withUnsafeMutableBufferPointer { skeleton in
                func bytes(_ node: Node) -> UnsafeBufferPointer<UInt8> {
                    UnsafeBufferPointer(rebasing: names[Int(node.nameStart)..<(Int(node.nameStart) + Int(node.nameLength))])
                }
                for d in run {
                    let record = directories[d]
                    guard record.childCount > 1 else { continue }
                    let range = Int(record.childStart)..<(Int(record.childStart) + Int(record.childCount))
                    guard range.contains(where: { Self.mayFold(bytes(nodes[Int(childIndex[$0])])) }) else { continue }
                    table.reset(for: range.count)
                    candidates.removeAll(keepingCapacity: true)
                    for slot in range where !nodes[Int(childIndex[slot])].flags.contains(.duplicate) {
                        let hash = Self.skeletonHash(bytes(nodes[Int(childIndex[slot])]), scratch: skeleton)
                        table.insert(hash, slot: Int32(slot), sharedWith: &candidates)
                    }
                    guard !candidates.isEmpty else { continue }
                    candidates.sort()
                    firstByKey.removeAll(keepingCapacity: true)
                    for slot in candidates {
                        let id = childIndex[slot]
                        guard let key = Self.foldKey(bytes(nodes[Int(id)])) else { continue }
                        guard let earlier = firstByKey[key] else {
                            firstByKey[key] = id
                            continue
                        }
                        total += 1
                        guard twins.count < limit else { continue }
                        let same = Self.decoded(bytes(nodes[Int(earlier)])) == Self.decoded(bytes(nodes[Int(id)]))
                        twins.append(DeviceNameTwin(first: Int(earlier), second: Int(id), kind: same ? .normalization : .caseOnly))
                    }
                }
            }
        }
        return (twins, total)
    }

    /// A hash of the name's skeleton: its ASCII bytes that are neither letters nor one of
    /// `; < = > `` ` ``. Case mapping and canonical decomposition change only letters and
    /// non-ASCII scalars, and produce no other ASCII than letters and those five (checked
    /// over every code point against Unicode 14 data), so twins always share a skeleton.
    static func skeletonHash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count + 1) { skeletonHash(bytes, scratch: $0) }
    }

    /// The same, with the skeleton first gathered into `scratch` (at least one byte longer
    /// than the name) without a branch per byte, then hashed: kept and dropped bytes mix
    /// in a name, and deciding each by a branch cost more than the hash.
    static func skeletonHash(_ bytes: UnsafeBufferPointer<UInt8>, scratch: UnsafeMutableBufferPointer<UInt8>) -> UInt64 {
        var count = 0
        skeletonKeeps.withUnsafeBufferPointer { keeps in
            for b in bytes {
                scratch[count] = b
                count &+= Int(keeps[Int(b)])
            }
        }
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in scratch[..<count] { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return h
    }

    /// 1 for the bytes a skeleton keeps (ASCII, not a letter, not one of `;<=>` and `` ` ``).
    private static let skeletonKeeps: [UInt8] = (0..<256).map { b in
        let letter = (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A
        return b < 0x80 && !letter && b != 0x3B && b != 0x3C && b != 0x3D && b != 0x3E && b != 0x60 ? 1 : 0
    }

    /// Open addressing over skeleton hashes, sized per directory; remembers the first
    /// slot of each hash, and reports it (once) and every later slot sharing the hash.
    struct SkeletonTable {
        private var hashes: [UInt64] = []
        /// The first slot with the hash; negated (minus one) once reported.
        private var slots: [Int32] = []
        private var mask = 0

        mutating func reset(for count: Int) {
            var size = 16
            while size < count * 2 { size <<= 1 }
            if hashes.count < size {
                hashes = [UInt64](repeating: 0, count: size)
                slots = [Int32](repeating: 0, count: size)
            } else {
                for i in 0..<size { hashes[i] = 0 }
            }
            mask = size - 1
        }

        mutating func insert(_ hash: UInt64, slot: Int32, sharedWith shared: inout [Int]) {
            let h = hash | 1  // 0 marks an empty bucket
            var i = Int(truncatingIfNeeded: h >> 7) & mask
            while hashes[i] != 0 {
                if hashes[i] == h {
                    if slots[i] >= 0 {
                        shared.append(Int(slots[i]))
                        slots[i] = -slots[i] - 1
                    }
                    shared.append(Int(slot))
                    return
                }
                i = (i + 1) & mask
            }
            hashes[i] = h
            slots[i] = slot
        }
    }

    /// True when the name has an uppercase ASCII letter or any non-ASCII byte: a
    /// directory of names without either holds no twins.
    private static func mayFold(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.contains { $0 >= 0x80 || ($0 >= 0x41 && $0 <= 0x5A) }
    }

    /// The name case-folded, compared by canonical equivalence; nil for a name that is
    /// not valid UTF-8 (APFS refuses such names, and decoding would make unrelated
    /// malformed names equal through U+FFFD).
    private static func foldKey(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard bytes.contains(where: { $0 >= 0x80 }) else {
            return String(decoding: bytes.lazy.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
        }
        let name = String(decoding: bytes, as: UTF8.self)
        guard name.utf8.elementsEqual(bytes) else { return nil }
        return name.lowercased()
    }

    private static func decoded(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
