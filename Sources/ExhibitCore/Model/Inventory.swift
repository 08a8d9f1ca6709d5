/// The app data container as archived: a tree of relative paths with sizes,
/// backup-exclusion flags and creating steps.
///
/// Built for containers of a million files: nodes live in one contiguous array of
/// 16-byte records, all names share one byte buffer, a directory's children are a
/// contiguous run of `childIndex`, and a hash index over (parent, name) makes path
/// lookups O(depth). There is no object per node and no `String` per path component;
/// strings are made only for what is shown. Per entry that is 16 B of node, 1 B of
/// step (when steps are recorded), 4 B of child index, about 6 B of name index and the
/// name bytes; directories add 56 B. What does not fit the record (sizes of 4 GiB and
/// more, disk sizes that are not the apparent size in whole 4 KiB blocks) is in side
/// tables (`InventoryNodeValues`).
/// Node 0 is the container root (its name is empty); a node's path is relative to it.
public struct Inventory: Sendable {
    public typealias NodeID = Int

    /// 16 bytes. A directory keeps its own sizes in its `DirectoryRecord`, so one field
    /// is a file's size or a directory's record.
    package struct Node: Sendable {
        package var nameStart: UInt32
        package var parent: Int32
        /// A file's apparent size in bytes (`st_size`, ncdu `asize`), or `sizeInTable`
        /// for 4 GiB and more (`InventoryNodeValues.largeSizes`); a directory's index into
        /// `directories`.
        var sizeOrDirectory: UInt32
        package var nameLength: UInt16
        package var flags: NodeFlags
        /// The scan exclusion (low three bits), how a file's disk size is kept
        /// (`DiskSize`, two bits) and where the flag record came from (two bits).
        private var packed: UInt8

        static let sizeInTable = UInt32.max

        init(nameStart: UInt32, parent: Int32, sizeOrDirectory: UInt32, nameLength: UInt16, flags: NodeFlags) {
            self.nameStart = nameStart
            self.parent = parent
            self.sizeOrDirectory = sizeOrDirectory
            self.nameLength = nameLength
            self.flags = flags
            packed = 0
        }

        /// Index into `directories`, or -1 for anything that is not a directory.
        package var directory: Int32 { flags.contains(.directory) ? Int32(bitPattern: sizeOrDirectory) : -1 }

        var scanExclusion: ScanExclusion {
            get { ScanExclusion(rawValue: packed & 0x07) ?? .none }
            set { packed = packed & ~0x07 | newValue.rawValue }
        }

        var diskSizeKind: DiskSize {
            get { DiskSize(rawValue: packed >> 3 & 0x03) ?? .zero }
            set { packed = packed & ~0x18 | newValue.rawValue << 3 }
        }

        /// The inventory's own record of the item's flag was there but unusable (a value
        /// of the wrong type, or two values that disagree): the flag is unknown, and a
        /// claim that every flag was recorded (`FlagRecording.claimedComplete`) does not
        /// make it "not excluded".
        var flagRecordUnusable: Bool {
            get { packed & 0x20 != 0 }
            set { packed = newValue ? packed | 0x20 : packed & ~0x20 }
        }

        /// `flagRecorded` only by the inventory's claim that every flag was recorded,
        /// not by a value of the item's own: any artifact that names the item decides it.
        var flagImplied: Bool {
            get { packed & 0x40 != 0 }
            set { packed = newValue ? packed | 0x40 : packed & ~0x40 }
        }

        /// A file a path list names but no size list gives a size (no sizes.txt, or no
        /// line of it for this file), or an entry whose size the export gave unusable
        /// (`EntryAttributes.sizeUnrecorded`): its 0 was never measured.
        var sizeNotListed: Bool {
            get { packed & 0x80 != 0 }
            set { packed = newValue ? packed | 0x80 : packed & ~0x80 }
        }
    }

    /// How a source records the backup-exclusion flags of the items it lists.
    public enum FlagRecording: Sendable {
        /// Item by item: an item the source gives no flag for is unknown (a real ncdu
        /// export, a bare files.txt).
        case itemByItem
        /// The source says it recorded every flag, and writes a value only where the flag
        /// is set (inventory.json's `"x_backup_flags":"complete"`): an item without one is
        /// taken as not excluded, unless an artifact that names it says otherwise.
        case claimedComplete
        /// The source lists the whole container's flags (excluded.txt, an xattr dump):
        /// an item it does not name is recorded as not excluded.
        case wholeContainer
    }

    /// How a file's disk size (ncdu `dsize`) is kept: most are 0 (not recorded) or the
    /// apparent size rounded up to whole 4 KiB blocks, which need no storage.
    enum DiskSize: UInt8 {
        case zero = 0
        /// `diskSizeInWholeBlocks(of: size)`.
        case wholeBlocks = 1
        /// In `InventoryNodeValues.diskBlocks` (and `oddDiskSizes`).
        case stored = 2
    }

    /// What only directories need: their own sizes, their children and subtree totals.
    package struct DirectoryRecord: Sendable {
        package var childStart: UInt32 = 0
        package var childCount: UInt32 = 0
        /// Number of non-directory entries in the subtree.
        var fileCount: UInt32 = 0
        /// The directory's own entry's apparent and disk size (ncdu gives both for a directory).
        var ownSize: UInt64 = 0
        var ownDiskSize: UInt64 = 0
        /// Sum of `size` over the subtree (the directory's own entry included).
        var totalSize: UInt64 = 0
        /// Sum of disk sizes over the subtree.
        var totalDiskSize: UInt64 = 0
    }

    package struct NodeFlags: OptionSet, Sendable {
        package let rawValue: UInt8
        package init(rawValue: UInt8) { self.rawValue = rawValue }
        package static let directory = NodeFlags(rawValue: 1 << 0)
        /// The backup-exclusion flag is set on this very item.
        static let excludedOwn = NodeFlags(rawValue: 1 << 1)
        /// This item or an ancestor inside the container carries the flag.
        package static let excludedEffective = NodeFlags(rawValue: 1 << 2)
        /// Not a regular file or directory (symlink, fifo, socket): ncdu `notreg`.
        static let notRegular = NodeFlags(rawValue: 1 << 3)
        /// The inventory could not read it (ncdu `read_error`).
        static let readError = NodeFlags(rawValue: 1 << 4)
        /// The name was listed more than once in its directory (see `isDuplicate`).
        static let duplicate = NodeFlags(rawValue: 1 << 5)
        /// Some artifact recorded this item's own backup-exclusion flag (set or not set).
        static let flagRecorded = NodeFlags(rawValue: 1 << 6)
        /// Derived: the effective flag is known, because an ancestor (or the item) is
        /// recorded as excluded, or the item and every ancestor are recorded.
        package static let flagKnown = NodeFlags(rawValue: 1 << 7)
    }

    /// The backup-exclusion flag of an item, as far as the evidence records it.
    public enum BackupFlag: Sendable, Equatable {
        /// The item or an ancestor inside the container carries the flag.
        case excluded
        /// Recorded for the item and every ancestor, and set on none.
        case notExcluded
        /// No artifact records the item's flag (or an ancestor's): it may or may not be set.
        case unknown
    }

    /// How much of the tree has known flags: what `summary`, `check` and the header say.
    public enum FlagCoverage: Sendable, Equatable {
        /// Every item's flag is known.
        case complete
        /// Some items' flags are known, others not.
        case partial
        /// No artifact records any flag.
        case unrecorded
    }

    /// Why the scanner that made the inventory skipped an item (ncdu's `excluded` key).
    /// This is ncdu's own exclusion (`--exclude`, other file systems), unrelated to the
    /// backup-exclusion flag.
    public enum ScanExclusion: UInt8, Sendable, CaseIterable {
        case none = 0
        /// `"pattern"`: matched `--exclude` (also any unknown value, as ncdu reads it).
        case pattern
        /// `"otherfs"` (ncdu 1.x before 1.21 wrote `"othfs"`): on another file system.
        case otherFilesystem
        /// `"kernfs"`: a Linux pseudo file system.
        case kernelFilesystem
        /// `"frmlnk"`: a macOS firmlink.
        case firmlink
    }

    package var nodes: [Node]
    package var names: [UInt8]
    package var directories: [DirectoryRecord]
    package var childIndex: [Int32]
    var stepNames: [String]
    var values: InventoryNodeValues
    var nameIndexStorage: NameIndexStorage
    /// Files whose bytes an earlier hard link to the same inode already counted (ncdu
    /// `hlnkc` with the same `dev`/`ino`): kept as entries, left out of the totals.
    /// A side table, not a node flag: hard links are rare in a container.
    var hardLinkRepeats: Set<Int32> = []
    /// Files (`countsAsFile`) whose flag is unknown; kept by `propagateExclusion`.
    var unknownFlagFiles = 0
    /// Entries (directories included, the root not) whose flag is unknown.
    var unknownFlagEntries = 0
    /// Entries whose names cannot be a file name (empty, `.`, `..`, or holding a `/`):
    /// their paths name no file a container can hold, so what lies at and below them
    /// was not checked where it really is. Warned by the reader.
    public internal(set) var unusableNameCount = 0

    public static let root: NodeID = 0

    /// Number of nodes, the root included.
    public var count: Int { nodes.count }

    // MARK: - Per-node access

    public func nameBytes(_ id: NodeID) -> ArraySlice<UInt8> {
        let n = nodes[id]
        let start = Int(n.nameStart)
        return names[start..<(start + Int(n.nameLength))]
    }

    /// Appends the name's bytes to `bytes` (no slice of the names made); returns whether
    /// they are well-formed UTF-8.
    package func appendName(_ id: NodeID, to bytes: inout [UInt8]) -> Bool {
        withNameBytes(id) { name in
            bytes.append(contentsOf: name)
            return UTF8Validity.isWellFormed(name)
        }
    }

    /// Calls `body` with the name's bytes, valid only inside it (no slice of the names made).
    package func withNameBytes<R>(_ id: NodeID, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let n = nodes[id]
        return try names.withUnsafeBufferPointer { names in
            try body(UnsafeBufferPointer(rebasing: names[Int(n.nameStart)..<(Int(n.nameStart) + Int(n.nameLength))]))
        }
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
        let d = nodes[id].directory
        guard d >= 0 else { return childIndex[0..<0].lazy.map { Int($0) } }
        let r = directories[Int(d)]
        let start = Int(r.childStart)
        return childIndex[start..<(start + Int(r.childCount))].lazy.map { Int($0) }
    }

    /// The range of `childIndex` holding the children of `id`, for tight walks that
    /// avoid the lazy sequence (the rules engine visits every node once).
    func childRange(_ id: NodeID) -> Range<Int> {
        let d = nodes[id].directory
        guard d >= 0 else { return 0..<0 }
        let r = directories[Int(d)]
        return Int(r.childStart)..<(Int(r.childStart) + Int(r.childCount))
    }

    public func childCount(_ id: NodeID) -> Int {
        let d = nodes[id].directory
        return d < 0 ? 0 : Int(directories[Int(d)].childCount)
    }

    public func isDirectory(_ id: NodeID) -> Bool { nodes[id].flags.contains(.directory) }
    public func isNotRegular(_ id: NodeID) -> Bool { nodes[id].flags.contains(.notRegular) }
    public func hasReadError(_ id: NodeID) -> Bool { nodes[id].flags.contains(.readError) }
    /// True for an entry whose name an earlier sibling already had. Tree sources
    /// (ncdu JSON) keep both entries and mark the later ones; list sources (files.txt)
    /// keep one node for a path listed twice and mark it.
    public func isDuplicate(_ id: NodeID) -> Bool { nodes[id].flags.contains(.duplicate) }
    public func scanExclusion(_ id: NodeID) -> ScanExclusion { nodes[id].scanExclusion }
    public func size(_ id: NodeID) -> UInt64 { Inventory.size(id, nodes[id], directories, values) }

    /// Allocated size in bytes; 0 when unknown.
    public func diskSize(_ id: NodeID) -> UInt64 { Inventory.diskSize(id, nodes[id], directories, values) }

    @inline(__always)
    static func size(_ id: Int, _ n: Node, _ directories: [DirectoryRecord], _ values: InventoryNodeValues) -> UInt64 {
        if n.flags.contains(.directory) { return directories[Int(n.sizeOrDirectory)].ownSize }
        return n.sizeOrDirectory == Node.sizeInTable ? values.largeSizes[Int32(id)] ?? 0 : UInt64(n.sizeOrDirectory)
    }

    @inline(__always)
    static func diskSize(_ id: Int, _ n: Node, _ directories: [DirectoryRecord], _ values: InventoryNodeValues) -> UInt64 {
        if n.flags.contains(.directory) { return directories[Int(n.sizeOrDirectory)].ownDiskSize }
        switch n.diskSizeKind {
        case .zero: return 0
        case .wholeBlocks: return diskSizeInWholeBlocks(of: size(id, n, directories, values)) ?? 0
        case .stored: return values.diskBlocksOrOdd(id)
        }
    }

    /// Sum of apparent sizes over the subtree (the node itself included).
    public func totalSize(_ id: NodeID) -> UInt64 {
        let n = nodes[id]
        return n.directory < 0 ? size(id) : directories[Int(n.directory)].totalSize
    }

    /// Sum of disk sizes over the subtree (the node itself included); compare with `du -k`.
    public func totalDiskSize(_ id: NodeID) -> UInt64 {
        let n = nodes[id]
        return n.directory < 0 ? diskSize(id) : directories[Int(n.directory)].totalDiskSize
    }

    /// Number of regular files in the subtree (1 for a file, 0 for an entry that
    /// `countsAsFile` says is none), as `find DIR -type f | wc -l` counts them.
    public func fileCount(_ id: NodeID) -> Int {
        let n = nodes[id]
        return n.directory < 0 ? (Inventory.countsAsFile(n) ? 1 : 0) : Int(directories[Int(n.directory)].fileCount)
    }

    /// A regular file: not a directory, not `notreg` (symlink, FIFO, socket, device)
    /// and not an entry the scanner excluded (ncdu `excluded`: it never looked inside,
    /// so it is not known to be a file). Hard links are files, each of them.
    public func countsAsFile(_ id: NodeID) -> Bool { Inventory.countsAsFile(nodes[id]) }

    static func countsAsFile(_ n: Node) -> Bool {
        n.directory < 0 && !n.flags.contains(.notRegular) && n.scanExclusion == .none
    }

    /// True for a hard link whose bytes an earlier link to the same file already
    /// counted: its own size is shown, but the totals leave it out, as ncdu and du do.
    public func isHardLinkRepeat(_ id: NodeID) -> Bool { hardLinkRepeats.contains(Int32(id)) }

    /// What the entry is, in words, for the details pane: a directory, a file, a hard
    /// link, something that is not a regular file, or an entry the scanner excluded.
    public func kindDescription(_ id: NodeID) -> String {
        if isDirectory(id) { return "directory" }
        switch scanExclusion(id) {
        case .pattern: return "excluded from the scan (ncdu --exclude pattern); contents unknown"
        case .otherFilesystem: return "excluded from the scan (another file system); contents unknown"
        case .kernelFilesystem: return "excluded from the scan (kernel file system); contents unknown"
        case .firmlink: return "excluded from the scan (firmlink); contents unknown"
        case .none: break
        }
        if isNotRegular(id) { return "not a regular file (symlink, FIFO, socket or device); not counted as a file" }
        if isHardLinkRepeat(id) { return "file, hard link (its bytes are counted once, at an earlier link)" }
        return "file"
    }

    public func isExcludedOwn(_ id: NodeID) -> Bool { nodes[id].flags.contains(.excludedOwn) }
    public func isExcludedEffective(_ id: NodeID) -> Bool { nodes[id].flags.contains(.excludedEffective) }
    /// Whether an artifact recorded this very item's flag (not its ancestors').
    public func isFlagRecorded(_ id: NodeID) -> Bool { nodes[id].flags.contains(.flagRecorded) }

    /// The effective flag: excluded when the item or an ancestor is recorded as excluded;
    /// not excluded only when the item and all its ancestors are recorded; else unknown.
    public func backupFlag(_ id: NodeID) -> BackupFlag {
        let f = nodes[id].flags
        if f.contains(.excludedEffective) { return .excluded }
        return f.contains(.flagKnown) ? .notExcluded : .unknown
    }

    /// Whether every, some or no entry has a known flag (the root does not count).
    public var flagCoverage: FlagCoverage {
        if unknownFlagEntries == 0 { return .complete }
        return unknownFlagEntries == count - 1 ? .unrecorded : .partial
    }

    /// Files (`countsAsFile`) whose flag is unknown.
    public var unknownFlagFileCount: Int { unknownFlagFiles }

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
        stepName(number: stepNumber(id))
    }

    /// The creating step of `id` as its index in `steps`, -1 for none: what a reader
    /// that visits many nodes compares, where `step(_:)` hands out a `String` (retained
    /// and released per node, a tenth of `check`'s report at 922k violations).
    public func stepNumber(_ id: NodeID) -> Int32 { values.steps[id] }

    /// The name of step `number` (`stepNumber`), nil for -1.
    public func stepName(number: Int32) -> String? { number < 0 ? nil : stepNames[Int(number)] }

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

    /// The (parent, name) index, made now if no lookup needed it before (`NameIndexStorage`).
    var nameIndex: SiblingNameIndex {
        switch nameIndexStorage {
        case .built(let index): index
        case .onDemand(let lazy): lazy.index(nodes: nodes, names: names)
        }
    }

    /// Directories of at most this many children are searched by reading their names,
    /// without the name index (the root, most often, whose names `summary` looks up).
    static let scannedChildren = 32

    /// The first child of `parent` called `name` (in inventory order); O(1) through the name index.
    public func child(named name: some Collection<UInt8>, of parent: NodeID) -> NodeID? {
        let bytes = Array(name)
        return firstChild(of: parent, named: bytes[...], index: nil)
    }

    /// The first child called `name`: among a few children by their names, else through
    /// `index` (the name index, fetched once per path by the caller) or the name index.
    private func firstChild(of parent: NodeID, named name: ArraySlice<UInt8>, index: SiblingNameIndex?) -> NodeID? {
        let range = childRange(parent)
        if range.count <= Inventory.scannedChildren {
            return name.withUnsafeBytes { query in
                names.withUnsafeBufferPointer { nameBuffer in
                    for k in range {
                        let c = Int(childIndex[k])
                        if SiblingNameIndex.nameEquals(nodes[c], query, names: nameBuffer) { return c }
                    }
                    return nil
                }
            }
        }
        return (index ?? nameIndex).first(parent: Int32(parent), name: name, nodes: nodes, names: names).map { Int($0) }
    }

    /// Finds a node by relative path (`/`-separated; empty components ignored, no
    /// `./` handling: normalise with `ContainerPath` first). O(depth).
    public func lookup(_ path: String) -> NodeID? {
        lookup(bytes: Array(path.utf8))
    }

    public func lookup(bytes path: [UInt8]) -> NodeID? {
        var cur = Inventory.root
        var index: SiblingNameIndex?
        for component in path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
            if index == nil && childRange(cur).count > Inventory.scannedChildren { index = nameIndex }
            guard let next = firstChild(of: cur, named: component, index: index) else { return nil }
            cur = next
        }
        return cur
    }

    // MARK: - Whole-tree facts

    public var totalFiles: Int { fileCount(Inventory.root) }
    public var totalBytes: UInt64 { totalSize(Inventory.root) }

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
            let d = nodes[id].directory
            guard d >= 0 else { continue }
            let r = directories[Int(d)]
            let s = Int(r.childStart)
            var i = s + Int(r.childCount) - 1
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
        var index = stepNameIndex()
        // Steps repeat from record to record (one String shared by the reader): the last
        // one's id is reused before hashing.
        var last: (step: String, id: Int32)?
        for (id, step) in assignments {
            let s = last.flatMap { $0.step == step ? $0.id : nil } ?? stepID(step, index: &index)
            last = (step, s)
            values.steps.set(id, s, reserving: count)
        }
    }

    /// The ids of `stepNames`, by name, for `stepID`.
    private func stepNameIndex() -> [String: Int32] {
        var index: [String: Int32] = [:]
        for (i, name) in stepNames.enumerated() { index[name] = Int32(i) }
        return index
    }

    /// The id of step `name` in `stepNames`, which it joins if it is new.
    private mutating func stepID(_ name: String, index: inout [String: Int32]) -> Int32 {
        if let known = index[name] { return known }
        let id = Int32(stepNames.count)
        stepNames.append(name)
        index[name] = id
        return id
    }

    /// The same for assignments given as ids into `names`: the nodes of `nodes` whose
    /// `stepOf` is not negative get the step `names[stepOf(node)]`, in node order, after
    /// `setSteps` has met each name used (the order `stepNames` keeps). One lookup per
    /// name instead of a `String` handled per node (a third of applying a million steps).
    package mutating func setSteps(named names: [String], nodes: Range<Int>, stepOf: (Int) -> Int32) {
        var index = stepNameIndex()
        var idOf = [Int32](repeating: -1, count: names.count)
        for id in nodes {
            let s = Int(stepOf(id))
            guard s >= 0 else { continue }
            if idOf[s] < 0 { idOf[s] = stepID(names[s], index: &index) }
            values.steps.set(id, idOf[s], reserving: count)
        }
    }

    /// Records the own flag of these nodes as another artifact gives it: `excluded`
    /// nodes get the flag; with `coversContainer` (a source listing every flag of the
    /// container, such as excluded.txt or an xattr dump) every other node is recorded
    /// as not excluded. Re-derives inherited exclusion and known flags.
    public mutating func recordFlags(excluded ids: some Sequence<NodeID>, coversContainer: Bool) {
        for id in ids {
            nodes[id].flags.formUnion([.excludedOwn, .flagRecorded])
            nodes[id].flagImplied = false
        }
        propagateExclusion(recording: coversContainer ? .wholeContainer : .itemByItem)
    }

    /// Whether the item's flag was recorded by a value of its own, not only by the
    /// inventory's claim that every flag was (`FlagRecording.claimedComplete`).
    public func isFlagRecordedExplicitly(_ id: NodeID) -> Bool {
        nodes[id].flags.contains(.flagRecorded) && !nodes[id].flagImplied
    }

    /// Whether the inventory gave the item a flag value it could not use (see
    /// `Node.flagRecordUnusable`).
    public func isFlagRecordUnusable(_ id: NodeID) -> Bool { nodes[id].flagRecordUnusable }

    /// Whether every item's own flag is recorded, or its record marked unusable (which a
    /// writer says as `"x_backup_excluded":null`): what the claim `"x_backup_flags":"complete"` needs.
    public var recordsEveryOwnFlag: Bool {
        nodes.allSatisfy { $0.flags.contains(.flagRecorded) || $0.flagRecordUnusable }
    }

    /// Clears the own flag of a node whose record another source overrides.
    mutating func clearExcludedOwn(_ id: NodeID) {
        nodes[id].flags.remove(.excludedOwn)
    }

    mutating func propagateExclusion(recording: FlagRecording = .itemByItem) {
        let (files, entries) = Inventory.propagateExclusion(&nodes, recording: recording)
        unknownFlagFiles = files
        unknownFlagEntries = entries
    }

    /// Every node is stored after its parent, so one forward sweep sees parents first.
    /// Returns the number of files, and of entries, whose flag stays unknown.
    /// `recording`: how the source just applied records the flags of the items it does
    /// not mark (`FlagRecording`), applied in the same sweep: `wholeContainer` records
    /// every node's own flag, `claimedComplete` every node's that has no record and no
    /// unusable one, as implied.
    @discardableResult
    static func propagateExclusion(_ nodes: inout [Node], recording: FlagRecording = .itemByItem) -> (files: Int, entries: Int) {
        var unknownFiles = 0
        var unknownEntries = 0
        for i in nodes.indices {
            var f = nodes[i].flags
            switch recording {
            case .itemByItem:
                break
            case .claimedComplete:
                if !f.contains(.flagRecorded) && !nodes[i].flagRecordUnusable {
                    f.insert(.flagRecorded)
                    nodes[i].flagImplied = true
                }
            case .wholeContainer:
                // A list of the whole container that does not name an item whose own record
                // could not be used (`"x_backup_excluded":null`: the collector could not read
                // the flag) says nothing of it: the dump was made without that flag too.
                if !nodes[i].flagRecordUnusable || f.contains(.flagRecorded) {
                    f.insert(.flagRecorded)
                    nodes[i].flagImplied = false
                }
            }
            let own = f.contains(.excludedOwn)
            let parent = i > 0 ? nodes[Int(nodes[i].parent)].flags : []
            let inherited = parent.contains(.excludedEffective)
            if own || inherited {
                f.formUnion([.excludedEffective, .flagKnown])
            } else {
                f.remove(.excludedEffective)
                // The root's own record is enough; below it the parent must be known too.
                if f.contains(.flagRecorded) && (i == 0 || parent.contains(.flagKnown)) {
                    f.insert(.flagKnown)
                } else {
                    f.remove(.flagKnown)
                    if i > 0 {
                        unknownEntries += 1
                        // Files as `fileCount` counts them: symlinks, FIFOs and scan-excluded entries are not.
                        if countsAsFile(nodes[i]) { unknownFiles += 1 }
                    }
                }
            }
            nodes[i].flags = f
        }
        return (unknownFiles, unknownEntries)
    }
}

// MARK: - Equality

extension Inventory: Equatable {
    /// Two inventories are equal when they describe the same tree: the same names in
    /// the same child order, with the same sizes, disk sizes, own exclusion flags,
    /// ncdu flags and steps. Node numbering, storage layout and the `duplicate` mark
    /// (provenance, not content) do not matter.
    public static func == (a: Inventory, b: Inventory) -> Bool {
        guard a.count == b.count else { return false }
        var stack: [(NodeID, NodeID)] = [(Inventory.root, Inventory.root)]
        let compared: NodeFlags = [.directory, .excludedOwn, .notRegular, .readError]
        while let (x, y) = stack.popLast() {
            let nx = a.nodes[x]
            let ny = b.nodes[y]
            guard a.nameBytes(x).elementsEqual(b.nameBytes(y)),
                nx.flags.intersection(compared) == ny.flags.intersection(compared),
                a.size(x) == b.size(y), a.diskSize(x) == b.diskSize(y),
                nx.scanExclusion == ny.scanExclusion, a.step(x) == b.step(y),
                a.childCount(x) == b.childCount(y)
            else { return false }
            for (cx, cy) in zip(a.children(x), b.children(y)) { stack.append((cx, cy)) }
        }
        return true
    }
}
