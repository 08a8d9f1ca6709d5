import ExhibitCore

extension RulesEngine {
    /// The report order of a `ViolationList` (kind, path bytes, rule name; equal keys
    /// keep their order), moving its 8-byte slots and holding no path for the grouped
    /// ones. A grouped violation's key is its kind's rank, its node's `PathOrder` rank
    /// and its rule name's rank among the templates, so the slots are placed by counting,
    /// not compared (`placeInKeyOrder`). The stored violations (volume warnings,
    /// preference and configuration findings: a few) are sorted by their full keys and
    /// put in place by binary search, comparing a grouped violation's path made into a
    /// reused buffer; one whose key equals a grouped one's goes after it (they come
    /// after the walk's). When `PathOrder` cannot rank the tree, every key is laid out
    /// in full, as for an array.
    static func sortInReportOrder(_ list: inout ViolationList) {
        guard let source = list.source else { return sortByFullKeys(&list) }
        let ranks = PathOrder.ranks(of: list.slots.lazy.filter { !$0.isStored }.map(\.node), in: source.inventory)
        guard let pathRank = ranks else { return sortByFullKeys(&list) }
        let templateKey = templateKeys(source.templates)
        var slots = list.slots
        list.slots = []
        var stored = slots.filter(\.isStored)
        if !stored.isEmpty { slots.removeAll(where: \.isStored) }
        placeInKeyOrder(&slots, pathRank: pathRank, templateKey: templateKey)
        guard !stored.isEmpty else {
            list.slots = slots
            return
        }
        var keys = FullKeys(list)
        stored.sort { keys.less($0, $1) }
        // How many grouped violations go before each stored one: the first that sorts
        // after it, found by binary search (a few paths made, not one per violation).
        var before: [Int] = []
        var next = 0
        for s in stored {
            var low = next
            var high = slots.count
            while low < high {
                let mid = (low + high) / 2
                if keys.less(s, slots[mid]) { high = mid } else { low = mid + 1 }
            }
            before.append(low)
            next = low
        }
        // Merged in place from the back (the array keeps the capacity the stored slots
        // had): a merged copy was a second 7 MB array at 900,000 violations.
        var end = slots.count
        slots.append(contentsOf: stored)
        slots.withUnsafeMutableBufferPointer { merged in
            guard let base = merged.baseAddress else { return }
            for k in stored.indices.reversed() {
                let p = before[k]
                // The grouped slots [p, end) go after stored[k] and the stored ones after it.
                (base + p + k + 1).update(from: base + p, count: end - p)
                base[p + k] = stored[k]
                end = p
            }
        }
        list.slots = slots
    }

    /// Grouped slots in key order, stably: kind, then path rank, then rule name rank.
    /// Each node has one path rank, so a counting sort by rank gathers each node's slots
    /// in path order; a node's own few slots are then put in kind and name order by
    /// insertion, and a counting sort by kind (seven) keeps that order within a kind.
    /// Two linear passes where a comparison sort of 900,000 slots, each comparison
    /// looking up two ranks, was a fifth of `check`; the extra memory is one slot
    /// array and one count per rank, what the merge sort's buffers took.
    static func placeInKeyOrder(_ slots: inout [ViolationList.Slot], pathRank: [UInt32], templateKey: [UInt64]) {
        guard slots.count > 1 else { return }
        var byRank = [ViolationList.Slot](unsafeUninitializedCapacity: slots.count) { buffer, initialized in
            slots.withUnsafeBufferPointer { from in
                pathRank.withUnsafeBufferPointer { rank in
                    // Ranks are below the node count; only the slots' own ranks are counted.
                    var highest: UInt32 = 0
                    for s in from { highest = max(highest, rank[Int(s.node)]) }
                    var start = [Int32](repeating: 0, count: Int(highest) + 2)
                    for s in from { start[Int(rank[Int(s.node)]) + 1] += 1 }
                    for r in 1..<start.count { start[r] += start[r - 1] }
                    for s in from {
                        let r = Int(rank[Int(s.node)])
                        (buffer.baseAddress.unsafelyUnwrapped + Int(start[r])).initialize(to: s)
                        start[r] += 1
                    }
                }
            }
            initialized = slots.count
        }
        templateKey.withUnsafeBufferPointer { key in
            byRank.withUnsafeMutableBufferPointer { run in
                // One node's slots are one run; sorted by insertion (a few each), stably.
                var first = 0
                while first < run.count {
                    var end = first + 1
                    while end < run.count, run[end].node == run[first].node { end += 1 }
                    for i in (first + 1)..<end {
                        let s = run[i]
                        let k = key[s.template]
                        var j = i
                        while j > first, key[run[j - 1].template] > k {
                            run[j] = run[j - 1]
                            j -= 1
                        }
                        run[j] = s
                    }
                    first = end
                }
            }
            // By kind (the key's top three bits), stably, back into `slots`; with one
            // kind `byRank` is the order.
            var start = [Int](repeating: 0, count: 9)
            for s in byRank { start[Int(key[s.template] >> 61) + 1] += 1 }
            guard start.count(where: { $0 > 0 }) > 1 else {
                slots = byRank
                return
            }
            for k in 1..<start.count { start[k] += start[k - 1] }
            slots.withUnsafeMutableBufferPointer { out in
                for s in byRank {
                    let kind = Int(key[s.template] >> 61)
                    out[start[kind]] = s
                    start[kind] += 1
                }
            }
        }
    }

    /// Per template: the kind's rank in bits 61–63 and the rule name's rank among the
    /// templates' names (byte order; equal names, and no name and an empty one, equal).
    private static func templateKeys(_ templates: [Violation]) -> [UInt64] {
        let names = templates.map { Array(($0.ruleName ?? "").utf8) }
        let byName = templates.indices.sorted { names[$0].lexicographicallyPrecedes(names[$1]) }
        var keys = [UInt64](repeating: 0, count: templates.count)
        var nameRank: UInt64 = 0
        for (k, t) in byName.enumerated() {
            if k > 0, names[byName[k - 1]] != names[t] { nameRank += 1 }
            keys[t] = UInt64(rank(templates[t].kind)) << 61 | nameRank
        }
        return keys
    }

    /// Every violation's key laid out in one buffer (the array sort, for slots).
    private static func sortByFullKeys(_ list: inout ViolationList) {
        var flat: [UInt8] = []
        var bounds: [(rank: Int, start: Int, end: Int)] = []
        bounds.reserveCapacity(list.count)
        var path: [UInt8] = []
        for i in list.indices {
            let start = flat.count
            list.pathUTF8(at: i, into: &path)
            flat.append(contentsOf: path)
            flat.append(0)  // paths hold no NUL: "a" + rule sorts before "a/b"
            if let rule = list.ruleName(at: i) { flat.append(contentsOf: rule.utf8) }
            bounds.append((rank(list.kind(at: i)), start, flat.count))
        }
        let order = orderByFlatKeys(flat, bounds)
        list.slots = order.map { list.slots[$0] }
    }

    /// Full keys of two violations compared on demand, the paths made into reused buffers.
    private struct FullKeys {
        let list: ViolationList
        var a: [UInt8] = []
        var b: [UInt8] = []

        init(_ list: ViolationList) { self.list = list }

        /// Kind, then path and rule name.
        mutating func less(_ x: ViolationList.Slot, _ y: ViolationList.Slot) -> Bool {
            let kx = rank(list.kind(of: x))
            let ky = rank(list.kind(of: y))
            if kx != ky { return kx < ky }
            list.pathUTF8(of: x, into: &a)
            list.pathUTF8(of: y, into: &b)
            a.append(0)
            b.append(0)
            if let r = list.ruleName(of: x) { a.append(contentsOf: r.utf8) }
            if let r = list.ruleName(of: y) { b.append(contentsOf: r.utf8) }
            return a.withUnsafeBufferPointer { p in b.withUnsafeBufferPointer { q in ByteCompare.compare(p, q) } } < 0
        }
    }
}
