import ExhibitCore

extension RulesEngine {
    /// The report order of a `ViolationList` (kind, path bytes, rule name; equal keys
    /// keep their order), moving its 8-byte slots and holding no path for the grouped
    /// ones: a grouped violation's key is one integer, the kind's rank, its node's
    /// `PathOrder` rank and its rule name's rank among the templates, computed when
    /// compared (a stable sort of the slots in place). The stored violations (volume
    /// warnings, preference and configuration findings: a few) are sorted by their full
    /// keys and put in place by binary search, comparing a grouped violation's path made
    /// into a reused buffer; one whose key equals a grouped one's goes after it (they
    /// come after the walk's). When `PathOrder` cannot rank the tree, every key is laid
    /// out in full, as for an array.
    static func sortInReportOrder(_ list: inout ViolationList, twoCoresFrom: Int = slotSortTwoCoresFrom) {
        guard let source = list.source else { return sortByFullKeys(&list) }
        let ranks = PathOrder.ranks(of: list.slots.lazy.filter { !$0.isStored }.map(\.node), in: source.inventory)
        guard let pathRank = ranks else { return sortByFullKeys(&list) }
        let templateKey = templateKeys(source.templates)
        var slots = list.slots
        list.slots = []
        var stored = slots.filter(\.isStored)
        if !stored.isEmpty { slots.removeAll(where: \.isStored) }
        pathRank.withUnsafeBufferPointer { rank in
            templateKey.withUnsafeBufferPointer { key in
                // A stable sort (the standard library's is): equal keys are one node's
                // findings of one rule name, which keep their walk order.
                stableSort(&slots, twoCoresFrom: twoCoresFrom) { a, b in
                    (key[a.template] | UInt64(rank[Int(a.node)]) << 29) < (key[b.template] | UInt64(rank[Int(b.node)]) << 29)
                }
            }
        }
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

    /// Slots from which `sortInReportOrder` sorts on two cores (tests pass a lower bound).
    static let slotSortTwoCoresFrom = 100_000

    /// `slots.sort(by: less)`, stable; from `twoCoresFrom` slots on, each half is sorted
    /// on a core of its own and the two merged, the first half's slot first of equals (what
    /// one stable sort gives). The merge holds the first half aside, as the standard
    /// library's merge holds a run: no more memory than one sort takes.
    static func stableSort(
        _ slots: inout [ViolationList.Slot], twoCoresFrom: Int, by less: (ViolationList.Slot, ViolationList.Slot) -> Bool
    ) {
        guard slots.count >= twoCoresFrom, slots.count > 1 else { return slots.sort(by: less) }
        let middle = slots.count / 2
        slots.withUnsafeMutableBufferPointer { all in
            nonisolated(unsafe) let whole = all
            _ = TwoCores.run(
                {
                    var half = UnsafeMutableBufferPointer(rebasing: whole[..<middle])
                    half.sort(by: less)
                },
                {
                    var half = UnsafeMutableBufferPointer(rebasing: whole[middle...])
                    half.sort(by: less)
                })
            let first = Array(whole[..<middle])
            var i = 0
            var j = middle
            var out = 0
            while i < first.count {
                // A slot of the second half goes first only when strictly less.
                if j < whole.count, less(whole[j], first[i]) {
                    whole[out] = whole[j]
                    j += 1
                } else {
                    whole[out] = first[i]
                    i += 1
                }
                out += 1
            }
            // The rest of the second half is in place already.
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
