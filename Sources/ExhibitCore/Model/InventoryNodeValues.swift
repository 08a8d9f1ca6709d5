/// The per-node values that do not fit the 16-byte `Inventory.Node`, kept beside it by
/// `InventoryBuilder` and `Inventory` alike: sizes of 4 GiB and more, disk sizes that
/// the apparent size does not imply, and creating steps. Each costs nothing until a
/// node needs it: a container of a million files with no huge file, disk sizes of whole
/// 4 KiB blocks and a handful of steps adds one byte per node (the step column).
struct InventoryNodeValues: Sendable {
    /// Apparent sizes of files whose `Node.sizeOrDirectory` is `Node.sizeInTable`.
    /// A dictionary: a file of 4 GiB or more is rare in a container (a hostile
    /// inventory of only such files costs about 20 bytes a node more, still linear).
    var largeSizes: [Int32: UInt64] = [:]
    /// Disk sizes in 512-byte blocks of files whose disk size is `.stored`, indexed by
    /// node; shorter than the node array until a late node stores one (missing = 0).
    /// `Node.blocksInTable` means the exact value is in `oddDiskSizes`.
    var diskBlocks: [UInt32] = []
    /// Disk sizes that are not a whole number of 512-byte blocks, or 2^32 blocks and more.
    var oddDiskSizes: [Int32: UInt64] = [:]
    /// Creating steps by node (`stepNames` index), as narrow as the number of steps allows.
    var steps = StepColumn()
    /// Nodes whose unusable flag record (`Node.flagRecordUnusable`) is the collector's
    /// "could not read it" (`"x_backup_excluded":null`); rare, so a set.
    var flagsUnreadByCollector: Set<Int32> = []
    /// Entries still `Node.sizeNotListed`, and whether any entry was scan-excluded or not
    /// read: `Inventory.hasUnrecordedSizes` looks at the nodes only when one may be.
    var sizesNotListed = 0
    var scanGaps = false

    static let blocksInTable = UInt32.max

    func diskBlocksOrOdd(_ id: Int) -> UInt64 {
        let b = id < diskBlocks.count ? diskBlocks[id] : 0
        return b == Self.blocksInTable ? oddDiskSizes[Int32(id)] ?? 0 : UInt64(b) &* 512
    }

    mutating func storeDiskSize(_ id: Int, _ bytes: UInt64) {
        if id >= diskBlocks.count {
            if diskBlocks.isEmpty { diskBlocks.reserveCapacity(id + 1) }
            diskBlocks.append(contentsOf: repeatElement(0, count: id + 1 - diskBlocks.count))
        }
        if bytes % 512 == 0 && bytes / 512 < UInt64(Self.blocksInTable) {
            diskBlocks[id] = UInt32(bytes / 512)
            if !oddDiskSizes.isEmpty { oddDiskSizes[Int32(id)] = nil }
        } else {
            diskBlocks[id] = Self.blocksInTable
            oddDiskSizes[Int32(id)] = bytes
        }
    }
}

/// The disk size of whole 4 KiB blocks a file of `size` bytes takes (APFS, ext4 and
/// most file systems allocate so): what `.roundedUp` stands for. Nil where rounding up
/// would pass UInt64.max.
@inline(__always)
func diskSizeInWholeBlocks(of size: UInt64) -> UInt64? {
    size > UInt64.max - 4095 ? nil : (size &+ 4095) & ~4095
}

/// A creating step id (or -1 for none) per node, stored in one byte while there are
/// fewer than 255 step names, two below 65535, else four; empty until a step is set, and
/// only as long as the last node given a step (later nodes read as none). An ncdu export
/// where every entry names its step pays a byte an entry, not the four of an `Int32`.
struct StepColumn: Sendable {
    /// Step id + 1 (0: none), in the narrowest width used so far.
    private var narrow: [UInt8] = []
    private var medium: [UInt16] = []
    private var wide: [Int32] = []
    private var width = 1

    /// Whether any node has a step.
    var isEmpty: Bool { narrow.isEmpty && medium.isEmpty && wide.isEmpty }

    subscript(_ id: Int) -> Int32 {
        switch width {
        case 1: id < narrow.count ? Int32(narrow[id]) &- 1 : -1
        case 2: id < medium.count ? Int32(medium[id]) &- 1 : -1
        default: id < wide.count ? wide[id] : -1
        }
    }

    /// `capacity`: nodes expected, reserved when the first step is set.
    mutating func set(_ id: Int, _ step: Int32, reserving capacity: Int = 0) {
        if step < 0 && id >= storedCount { return }
        if width == 1 && step >= 254 { widen(to: step >= 65534 ? 4 : 2) }
        if width == 2 && step >= 65534 { widen(to: 4) }
        // The common case, a reader giving each new node its step: one append.
        if width == 1 && id == narrow.count && id > 0 {
            narrow.append(UInt8(truncatingIfNeeded: step &+ 1))
            return
        }
        switch width {
        case 1:
            if id >= narrow.count { Self.grow(&narrow, to: id, reserving: capacity) }
            narrow[id] = UInt8(truncatingIfNeeded: step &+ 1)
        case 2:
            if id >= medium.count { Self.grow(&medium, to: id, reserving: capacity) }
            medium[id] = UInt16(truncatingIfNeeded: step &+ 1)
        default:
            if id >= wide.count {
                if wide.isEmpty { wide.reserveCapacity(max(capacity, id + 1)) }
                wide.append(contentsOf: repeatElement(-1, count: id + 1 - wide.count))
            }
            wide[id] = step
        }
    }

    private var storedCount: Int { width == 1 ? narrow.count : (width == 2 ? medium.count : wide.count) }

    private static func grow<T: FixedWidthInteger>(_ values: inout [T], to id: Int, reserving capacity: Int) {
        if values.isEmpty { values.reserveCapacity(max(capacity, id + 1)) }
        values.append(contentsOf: repeatElement(0, count: id + 1 - values.count))
    }

    private mutating func widen(to newWidth: Int) {
        let count = storedCount
        if newWidth == 2 {
            medium = [UInt16](unsafeUninitializedCapacity: count) { buffer, initialized in
                for i in 0..<count { buffer[i] = UInt16(narrow[i]) }
                initialized = count
            }
        } else {
            wide = [Int32](unsafeUninitializedCapacity: count) { buffer, initialized in
                for i in 0..<count { buffer[i] = self[i] }
                initialized = count
            }
            medium = []
        }
        narrow = []
        width = newWidth
    }
}
