/// The paths of the steps.tsv records read so far, for warning of a path named again:
/// open addressing over record indices, each slot holding the path's keyed 32-bit hash
/// (SipHash-1-3, as the sibling index: a crafted file cannot force long probes) and the
/// index of the first record with that path, at a load of at most 0.5. Replaces a
/// `[PathKey: Int]` dictionary, which cost 24 bytes a bucket at a load of 0.75 rounded up
/// to a power of two (50 MB at a million records) and a `Hasher` run per insert.
struct StepsRepeatTable {
    /// `hash << 32 | (index + 1)`; 0 is an empty slot.
    private var slots: [UInt64] = []
    private(set) var count = 0

    /// Room for `records` paths without growing.
    mutating func reserve(_ records: Int) {
        guard records * 2 > slots.count else { return }
        rebuild(size: max(16, records * 2))
    }

    /// The index in `records` of the first record with `path`, or nil after remembering
    /// `index` (the record about to be appended) as the first with it.
    mutating func firstIndex(of path: UnsafeBufferPointer<UInt8>, adding index: Int, records: StepRecords) -> Int? {
        if (count + 1) * 2 > slots.count { rebuild(size: max(16, slots.count * 2)) }
        let hash = SiblingNameIndex.hash(parent: -1, name: UnsafeRawBufferPointer(path))
        let size = slots.count
        var i = SiblingNameIndex.home(hash, size: size)
        while slots[i] != 0 {
            let slot = slots[i]
            if UInt32(truncatingIfNeeded: slot >> 32) == hash {
                let earlier = Int(UInt32(truncatingIfNeeded: slot)) - 1
                if records.withPathBytes(earlier, { $0.elementsEqual(path) }) { return earlier }
            }
            i += 1
            if i == size { i = 0 }
        }
        slots[i] = UInt64(hash) << 32 | UInt64(index + 1)
        count += 1
        return nil
    }

    private mutating func rebuild(size: Int) {
        let old = slots
        slots = [UInt64](repeating: 0, count: size)
        for slot in old where slot != 0 {
            var i = SiblingNameIndex.home(UInt32(truncatingIfNeeded: slot >> 32), size: size)
            while slots[i] != 0 {
                i += 1
                if i == size { i = 0 }
            }
            slots[i] = slot
        }
    }
}
