/// Where sizes.txt's lines are resolved and their sizes go: the builder itself, or
/// (while steps.tsv is read on the second core against the same entries) a column by
/// node that reads the builder's entries without writing them, applied afterwards.
protocol SizeTarget {
    // `mutating` though neither writes: called on the reader's `inout` target, a
    // non-mutating requirement copied the whole builder (a retain of each array) per line.
    mutating func existingNode(atPath path: UnsafeBufferPointer<UInt8>, under directory: Int) -> Int?
    mutating func isFirstChild(_ id: Int, of parent: Int, named name: UnsafeRawBufferPointer) -> Bool
    /// The size of a node's line, its disk size kept (`InventoryBuilder.setSize`).
    mutating func recordSize(_ id: Int, size: UInt64)
}

extension InventoryBuilder: SizeTarget {
    mutating func recordSize(_ id: Int, size: UInt64) { setSize(id, size: size) }
}

/// sizes.txt's sizes kept by node while the builder is only read, then given to it.
/// The last line naming a node gives its size, as `setSize` line by line gives it: a
/// line's size replaces an earlier one, and a node's disk size depends on nothing a
/// size line sets. 4 bytes a node, for as long as the read lasts: it is held beside
/// everything files.txt made and the steps read's own tables, at the peak of the load.
struct SizesAside: SizeTarget {
    private var lookup: InventoryNameLookup
    /// `UInt32.max`: the size is in `largeSizes` (2^32 - 1 bytes or more: rare in a container).
    private var sizes: [UInt32]
    private var largeSizes: [Int: UInt64] = [:]
    /// A bit per node: whether a line gave it a size.
    private var given: [UInt64]

    init(lookup: InventoryNameLookup) {
        self.lookup = lookup
        sizes = [UInt32](repeating: 0, count: lookup.count)
        given = [UInt64](repeating: 0, count: (lookup.count + 63) / 64)
    }

    func existingNode(atPath path: UnsafeBufferPointer<UInt8>, under directory: Int) -> Int? {
        lookup.existingNode(atPath: path, under: directory)
    }

    func isFirstChild(_ id: Int, of parent: Int, named name: UnsafeRawBufferPointer) -> Bool {
        lookup.isFirstChild(id, of: parent, named: name)
    }

    mutating func recordSize(_ id: Int, size: UInt64) {
        if size < UInt64(UInt32.max) {
            sizes[id] = UInt32(size)
        } else {
            sizes[id] = UInt32.max
            largeSizes[id] = size
        }
        given[id >> 6] |= 1 << UInt64(id & 63)
    }

    /// Gives `builder` (the one the lookup was made from) the sizes, in node order. The
    /// lookup is let go of first, so the builder's arrays are written without a copy.
    mutating func apply(to builder: inout InventoryBuilder) {
        lookup = .none
        for word in given.indices where given[word] != 0 {
            var bits = given[word]
            while bits != 0 {
                let id = word << 6 | bits.trailingZeroBitCount
                builder.setSize(id, size: sizes[id] == UInt32.max ? largeSizes[id] ?? 0 : UInt64(sizes[id]))
                bits &= bits - 1
            }
        }
        sizes = []
        largeSizes = [:]
        given = []
    }
}
