/// Accumulates inventory entries from any reader (ncdu JSON, files.txt, a walk of a
/// real directory) and freezes them into an `Inventory`.
///
/// Readers either add entries under a known parent (tree-shaped sources such as ncdu
/// JSON) or add whole paths (list-shaped sources such as files.txt, which create
/// missing directories on the way). Both notice a name listed twice in one directory
/// as it is added. Entries of tree sources, and of a list in tree order, are checked
/// against their open siblings only (`OpenDirectorySiblings`) and indexed in one
/// cache-friendly pass when a lookup or `build()` needs the (parent, name) hash index;
/// a list that comes back to a closed directory looks its children up in the index. The
/// index is handed to the `Inventory` for O(depth) lookups.
public struct InventoryBuilder {
    var nodes: [Inventory.Node] = []
    var names: [UInt8] = []
    /// The name-index hash of each node's (parent, name); 0 for the root.
    var hashes: [UInt32] = []
    var directories: [Inventory.DirectoryRecord] = []
    private var steps = Interner<String>()
    var values = InventoryNodeValues()
    var index = SiblingNameIndex()
    /// Nodes below this id are in `index`; later ones were added by tree sources, or by
    /// a list source in sorted order (`listedEntry`), and wait for `indexPending()`.
    var indexedCount = 1
    /// `listedEntry` added entries past `indexedCount` (found in `listedSiblings`): a
    /// tree source's add, which trusts the index for every node before its open
    /// directory, indexes them first.
    var hasUnindexedListedEntries = false
    /// Entries the index is sized for when first needed before `build()`.
    private let expectedCount: Int
    private var openSiblings = OpenDirectorySiblings()
    /// The open directories of a list source in tree order and their children
    /// (`listedEntry`), apart from a tree source's (`openSiblings`).
    var listedSiblings = OpenDirectorySiblings()
    /// Tree-source entries whose name and kind an earlier sibling has, ascending: kept out of
    /// every index (lookups find the earliest anyway), since identical (parent, name)
    /// keys share one probe run and a directory of 100k copies of a name made each
    /// insert walk all earlier ones (9 s; 400k: 145 s).
    private var unindexedDuplicates: [Int32] = []
    /// Entries whose name an earlier sibling already had (tree sources), plus paths
    /// listed again (list sources).
    public internal(set) var duplicateCount = 0
    /// Entries whose names, longer than `maximumNameLength` bytes, were cut to that length.
    public private(set) var truncatedNameCount = 0
    /// The name `appendName` appended last was cut (`takeBackName` uncounts it).
    private var lastNameWasCut = false
    /// Hard links whose bytes an earlier link counted (`markHardLinkRepeat`).
    private var hardLinkRepeats: Set<Int32> = []
    /// How the source records the entries' backup-exclusion flags (`Inventory.FlagRecording`).
    /// Readers of sources that carry no flags (a real ncdu export, a bare files.txt) set
    /// `itemByItem`: their entries' flags are then unknown, except those recorded one by
    /// one (`EntryAttributes.flagRecorded`).
    public var flagRecording: Inventory.FlagRecording = .wholeContainer
    /// Entries whose names cannot be a file name (empty, `.`, `..`, holding a `/` or a
    /// NUL, or two names given to one item), counted by the reader that warned of them
    /// (`Inventory.unusableNameCount`).
    public var unusableNameCount = 0

    /// No file system allows names near this long (APFS: 255 UTF-16 units); only
    /// hostile input gets here, and the node record keeps the length in 16 bits.
    public static let maximumNameLength = Int(UInt16.max)

    /// What a tree source knows about one entry besides its name.
    public struct EntryAttributes: Sendable {
        public var size: UInt64 = 0
        public var diskSize: UInt64 = 0
        /// The backup-exclusion flag is set on this item itself.
        public var excluded = false
        /// The source states this item's flag (set or not): ncdu's `x_backup_excluded` key.
        public var flagRecorded = false
        /// The source gave this item's flag a value that could not be used: it is unknown
        /// (`Inventory.Node.flagRecordUnusable`).
        public var flagRecordUnusable = false

        /// The unusable record says the collector could not read the flag
        /// (`"x_backup_excluded":null`), rather than giving a value that cannot be used:
        /// `check` words the two apart (`UnknownFlagCauses`).
        public var flagUnreadByCollector = false

        /// The item's own flag record is unusable: no value of it stands.
        /// `collectorCouldNotRead`: the record is the collector's "could not read it".
        public mutating func markFlagRecordUnusable(collectorCouldNotRead: Bool = false) {
            excluded = false
            flagRecorded = false
            flagRecordUnusable = true
            flagUnreadByCollector = collectorCouldNotRead
        }
        public var notRegular = false
        public var readError = false
        /// The source gave this entry a size that cannot be used (ncdu: a negative,
        /// fractional or overflowing `asize`, or one of another type): not recorded, as a
        /// path list's file without a size line is (`Node.sizeNotListed`), never 0.
        public var sizeUnrecorded = false
        public var scanExclusion: Inventory.ScanExclusion = .none
        /// From `internStep(_:)`; -1 for none.
        public var stepID: Int32 = -1

        public init(
            size: UInt64 = 0, diskSize: UInt64 = 0, excluded: Bool = false, notRegular: Bool = false,
            readError: Bool = false, scanExclusion: Inventory.ScanExclusion = .none, stepID: Int32 = -1
        ) {
            self.size = size
            self.diskSize = diskSize
            self.excluded = excluded
            self.notRegular = notRegular
            self.readError = readError
            self.scanExclusion = scanExclusion
            self.stepID = stepID
        }
    }

    /// `capacity`: expected number of entries; `nameBytes`: expected total name bytes
    /// (defaults to 16 per entry). Reserving avoids the copies of array growth, which
    /// would otherwise double the peak memory of a million-entry load; a generous
    /// reserve costs address space only, as pages never written are never resident.
    /// The name index is sized for `capacity` only if a list source needs it before
    /// `build()`; otherwise `build()` sizes it for the entries there are.
    public init(reservingCapacity capacity: Int = 0, nameBytes: Int? = nil) {
        nodes.reserveCapacity(capacity + 1)
        hashes.reserveCapacity(capacity + 1)
        names.reserveCapacity(nameBytes ?? capacity &* 16)
        expectedCount = capacity + 1
        directories.append(Inventory.DirectoryRecord())
        nodes.append(Inventory.Node(nameStart: 0, parent: -1, sizeOrDirectory: 0, nameLength: 0, flags: .directory))
        hashes.append(0)
    }

    public var count: Int { nodes.count }

    public mutating func internStep(_ step: String) -> Int32 { steps.id(for: step) }

    // MARK: - Tree-shaped sources

    /// Adds an entry under the directory `parent` as a tree source lists it: a name
    /// already present in that directory is kept as a second entry, marked duplicate
    /// (`isDuplicate` tells the reader, which warns).
    public mutating func addEntry(name: some Collection<UInt8>, parent: Int, isDirectory: Bool, _ a: EntryAttributes) -> Int {
        let directory = nodes[parent].directory
        precondition(directory >= 0, "entries are added under a directory")
        if hasUnindexedListedEntries {
            // A list source's open siblings are not the tree source's: its entries go in the index.
            indexListedEntries()
            listedSiblings = OpenDirectorySiblings()
        }
        let p = Int32(parent)
        if !openSiblings.enter(p, parentOfParent: nodes[parent].parent, hasChildren: directories[Int(directory)].childCount > 0) {
            // Added out of tree order: the parent's earlier children are found in the index.
            indexPending()
            openSiblings.reset(open: p)
        }
        let (start, length) = appendName(name)
        let h = hashOfName(at: start, length: length, parent: p)
        // Children indexed by a list source (or before an out-of-order add) have ids above the parent's.
        let searchIndex = indexedCount > parent + 1
        let (earlier, earlierOfKind) = names.withUnsafeBytes { raw -> (Bool, Bool) in
            let query = UnsafeRawBufferPointer(rebasing: raw[start..<(start + length)])
            var found = openSiblings.contains(name: query, hash: h, isDirectory: isDirectory, nodes: nodes, names: names, hashes: hashes)
            if !found.sameKind && searchIndex {
                if index.first(
                    parent: p, name: query, hash: h, nodes: nodes, names: names,
                    where: { $0.flags.contains(.directory) == isDirectory }) != nil
                {
                    found = (true, true)
                } else if !found.any {
                    found.any = index.first(parent: p, name: query, hash: h, nodes: nodes, names: names) != nil
                }
            }
            return found
        }
        var flags: Inventory.NodeFlags = isDirectory ? .directory : []
        if a.excluded { flags.insert(.excludedOwn) }
        if a.flagRecorded || a.excluded { flags.insert(.flagRecorded) }
        if a.notRegular { flags.insert(.notRegular) }
        if a.readError { flags.insert(.readError) }
        if earlier {
            flags.insert(.duplicate)
            duplicateCount += 1
        }
        let id = appendNode(nameStart: start, nameLength: length, parent: parent, flags: flags, hash: h, indexed: false)
        if earlierOfKind {
            // The first of the name and kind is indexed and found first; list sources
            // ask for a name of one kind (`directory(named:)`), so one of each is kept.
            unindexedDuplicates.append(Int32(id))
        } else {
            openSiblings.insert(Int32(id), hash: h, hashes: hashes)
        }
        storeSizes(id, size: a.size, diskSize: a.diskSize)
        nodes[id].scanExclusion = a.scanExclusion
        if a.scanExclusion != .none || a.readError { values.scanGaps = true }
        if a.flagRecordUnusable { nodes[id].flagRecordUnusable = true }
        if a.flagUnreadByCollector { values.flagsUnreadByCollector.insert(Int32(id)) }
        if a.sizeUnrecorded { markSizeNotRecorded(id) }
        if a.stepID >= 0 { storeStep(id, a.stepID) }
        return id
    }

    /// Adds a directory under `parent` (see `addEntry`).
    public mutating func addDirectory(
        name: some Collection<UInt8>, parent: Int, excluded: Bool = false,
        size: UInt64 = 0, diskSize: UInt64 = 0, step: String? = nil, readError: Bool = false
    ) -> Int {
        let stepID = step.map { internStep($0) } ?? -1
        return addEntry(
            name: name, parent: parent, isDirectory: true,
            EntryAttributes(size: size, diskSize: diskSize, excluded: excluded, readError: readError, stepID: stepID))
    }

    /// Adds a non-directory entry under `parent` (see `addEntry`).
    @discardableResult
    public mutating func addFile(
        name: some Collection<UInt8>, parent: Int, size: UInt64, diskSize: UInt64 = 0,
        excluded: Bool = false, step: String? = nil, notRegular: Bool = false, readError: Bool = false
    ) -> Int {
        let stepID = step.map { internStep($0) } ?? -1
        return addEntry(
            name: name, parent: parent, isDirectory: false,
            EntryAttributes(
                size: size, diskSize: diskSize, excluded: excluded, notRegular: notRegular,
                readError: readError, stepID: stepID))
    }

    // MARK: - Amendments

    public mutating func setExcluded(_ id: Int) { nodes[id].flags.formUnion([.excludedOwn, .flagRecorded]) }
    /// `diskSize` nil: the disk size stays what it was.
    public mutating func setSize(_ id: Int, size: UInt64, diskSize: UInt64? = nil) {
        if nodes[id].sizeNotListed {
            nodes[id].sizeNotListed = false
            values.sizesNotListed -= 1
        }
        // A file that was given no disk size keeps none, read without `diskSize(_:)`
        // (which takes the value tables along: a retain and release each, per sizes.txt line).
        let disk = diskSize ?? (nodes[id].directory < 0 && nodes[id].diskSizeKind == .zero ? 0 : self.diskSize(id))
        storeSizes(id, size: size, diskSize: disk)
    }
    /// Every file so far has no size until `setSize` gives it one: a path list's
    /// entries, before its size list (if any) is applied (`Node.sizeNotListed`).
    mutating func markFileSizesNotListed() {
        for id in nodes.indices where !nodes[id].flags.contains(.directory) && !nodes[id].sizeNotListed {
            nodes[id].sizeNotListed = true
            values.sizesNotListed += 1
        }
    }
    public mutating func setStep(_ id: Int, _ step: String) { storeStep(id, internStep(step)) }
    public mutating func setAttributes(_ id: Int, _ a: EntryAttributes) {
        storeSizes(id, size: a.size, diskSize: a.diskSize)
        if a.excluded { nodes[id].flags.insert(.excludedOwn) }
        if a.flagRecorded || a.excluded { nodes[id].flags.insert(.flagRecorded) }
        if a.notRegular { nodes[id].flags.insert(.notRegular) }
        if a.readError { nodes[id].flags.insert(.readError) }
        nodes[id].scanExclusion = a.scanExclusion
        if a.scanExclusion != .none || a.readError { values.scanGaps = true }
        if a.flagRecordUnusable { nodes[id].flagRecordUnusable = true }
        if a.flagUnreadByCollector { values.flagsUnreadByCollector.insert(Int32(id)) }
        if a.sizeUnrecorded { markSizeNotRecorded(id) }
        if a.stepID >= 0 { storeStep(id, a.stepID) }
    }

    /// The entry has no size, file or directory (its own entry's size): `Node.sizeNotListed`,
    /// counted as a path list's file without a size line is, so every total over it says
    /// "at least" or "not recorded" (`Inventory.isSizeUnrecorded`). `setSize` records one.
    mutating func markSizeNotRecorded(_ id: Int) {
        guard !nodes[id].sizeNotListed else { return }
        nodes[id].sizeNotListed = true
        values.sizesNotListed += 1
    }
    public func isDirectory(_ id: Int) -> Bool { nodes[id].flags.contains(.directory) }
    public func isDuplicate(_ id: Int) -> Bool { nodes[id].flags.contains(.duplicate) }
    public func parent(_ id: Int) -> Int? { nodes[id].parent < 0 ? nil : Int(nodes[id].parent) }

    /// The relative path of a node added so far, for diagnostics.
    public func path(_ id: Int) -> String { pathTail(id, maxComponents: .max, maxBytes: .max) }

    /// The last components of `id`'s path, at most `maxComponents` of them and about
    /// `maxBytes`, led by "…/" when cut: for messages written per entry, where the whole
    /// path would cost the depth each time (a reader warning of every duplicate at the
    /// deepest allowed level would be quadratic in its input).
    public func pathTail(_ id: Int, maxComponents: Int = 16, maxBytes: Int = 240) -> String {
        let (parts, cut) = tailComponents(id, maxComponents: maxComponents, maxBytes: maxBytes)
        let tail = parts.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "/")
        return cut ? "…/" + tail : tail
    }

    /// `pathTail` escaped for a message (`TerminalText.escape(bytes:)`): made from the
    /// names' bytes, so one that is not UTF-8 shows its bytes as `\xNN`, not U+FFFD.
    public func escapedPathTail(_ id: Int, maxComponents: Int = 16, maxBytes: Int = 240) -> String {
        let (parts, cut) = tailComponents(id, maxComponents: maxComponents, maxBytes: maxBytes)
        let tail = TerminalText.escape(bytes: Array(parts.joined(separator: [UInt8(ascii: "/")])))
        return cut ? "…/" + tail : tail
    }

    /// The names of `pathTail`'s components, outermost first, and whether the path goes
    /// on above them.
    private func tailComponents(_ id: Int, maxComponents: Int, maxBytes: Int) -> (parts: [ArraySlice<UInt8>], cut: Bool) {
        var parts: [ArraySlice<UInt8>] = []
        var bytes = 0
        var cur = id
        while cur > 0 && parts.count < maxComponents && bytes < maxBytes {
            let n = nodes[cur]
            parts.append(names[Int(n.nameStart)..<(Int(n.nameStart) + Int(n.nameLength))])
            bytes += Int(n.nameLength) + 1
            cur = Int(n.parent)
        }
        return (parts.reversed(), cur > 0)
    }

    // MARK: - Storage

    mutating func appendName(_ name: some Collection<UInt8>) -> (start: Int, length: Int) {
        let start = names.count
        lastNameWasCut = name.count > Self.maximumNameLength
        if lastNameWasCut {
            names.append(contentsOf: name.prefix(Self.maximumNameLength))
            truncatedNameCount += 1
        } else {
            names.append(contentsOf: name)
        }
        return (start, names.count - start)
    }

    /// Takes back the name `appendName` just appended: a list source's lookup found the
    /// entry. A cut name is then not counted again: `truncatedNameCount` counts entries.
    mutating func takeBackName(length: Int) {
        names.removeLast(length)
        if lastNameWasCut { truncatedNameCount -= 1 }
    }

    func hashOfName(at start: Int, length: Int, parent: Int32) -> UInt32 {
        names.withUnsafeBytes { SiblingNameIndex.hash(parent: parent, name: UnsafeRawBufferPointer(rebasing: $0[start..<(start + length)])) }
    }

    /// `indexed`: the node goes in the index at once (after `prepareIndex()`: a list
    /// source's adds other than `listedEntry`'s); others wait for `indexPending()`.
    mutating func appendNode(
        nameStart: Int, nameLength: Int, parent: Int, flags: Inventory.NodeFlags,
        hash: UInt32, indexed: Bool
    ) -> Int {
        var sizeOrDirectory: UInt32 = 0
        if flags.contains(.directory) {
            sizeOrDirectory = UInt32(directories.count)
            directories.append(Inventory.DirectoryRecord())
        }
        // Counted as they come: `addEntry` asks whether a directory has children yet, and `build()` lays them out.
        directories[Int(nodes[parent].directory)].childCount &+= 1
        nodes.append(
            Inventory.Node(
                nameStart: UInt32(truncatingIfNeeded: nameStart), parent: Int32(parent), sizeOrDirectory: sizeOrDirectory,
                nameLength: UInt16(truncatingIfNeeded: nameLength), flags: flags))
        hashes.append(hash)
        let id = nodes.count - 1
        if indexed {
            index.insert(Int32(id), hashes: hashes)
            indexedCount = nodes.count
        }
        return id
    }

    // MARK: - The name index

    /// Before a list source's lookup: the index holds every node and has room for the
    /// expected entries at a load factor of 0.5, not 0.7: a list source looks up every
    /// new name before adding it, and a name that is not there reads about 2.5 nodes at
    /// load 0.5 but 6 at 0.7, each a cache miss in a million-entry inventory.
    mutating func prepareIndex() {
        if index.isUnsized && indexedCount == nodes.count {
            index.reserve(max(expectedCount, nodes.count) &* 7 / 5, hashes: hashes)
        }
        indexPending()
        hasUnindexedListedEntries = false
    }

    /// Indexes the entries a sorted list added without a lookup, in one pass: for a
    /// reader to call before its lookups by path (`existingNode(atPath:)`), which would
    /// otherwise search them one by one.
    public mutating func indexListedEntries() {
        prepareIndex()
        // Every entry is in the index: the open tables go (a flat list's root table is 8 MB at a million).
        listedSiblings = OpenDirectorySiblings()
    }

    /// Indexes the nodes added unindexed since the last call: in one pass over the
    /// whole table when they outnumber the indexed ones (a tree source's load), else
    /// one by one.
    private mutating func indexPending(sizedExactly: Bool = false) {
        let pending = nodes.count - indexedCount
        guard pending > 0 else { return }
        if pending >= index.count {
            index = SiblingNameIndex(
                building: hashes, capacity: sizedExactly ? nodes.count : max(expectedCount, nodes.count),
                skipping: unindexedDuplicates)
        } else {
            // Skipped ids at or above `indexedCount` are a suffix of the ascending list.
            var skip = unindexedDuplicates.count
            while skip > 0 && unindexedDuplicates[skip - 1] >= Int32(indexedCount) { skip -= 1 }
            for id in indexedCount..<nodes.count {
                if skip < unindexedDuplicates.count, unindexedDuplicates[skip] == Int32(id) {
                    skip += 1
                    continue
                }
                index.insert(Int32(id), hashes: hashes)
            }
        }
        indexedCount = nodes.count
    }

    /// Stores both sizes of a node: a directory's in its record; a file's size in the node
    /// (or `values.largeSizes`) and its disk size as a kind (0, or the size in whole
    /// 4 KiB blocks) or, for any other value, in `values.diskBlocks`.
    mutating func storeSizes(_ id: Int, size: UInt64, diskSize: UInt64) {
        if nodes[id].flags.contains(.directory) {
            let d = Int(nodes[id].sizeOrDirectory)
            directories[d].ownSize = size
            directories[d].ownDiskSize = diskSize
            return
        }
        if size < UInt64(Inventory.Node.sizeInTable) {
            nodes[id].sizeOrDirectory = UInt32(truncatingIfNeeded: size)
            if !values.largeSizes.isEmpty { values.largeSizes[Int32(id)] = nil }
        } else {
            nodes[id].sizeOrDirectory = Inventory.Node.sizeInTable
            values.largeSizes[Int32(id)] = size
        }
        if diskSize == 0 {
            nodes[id].diskSizeKind = .zero
        } else if diskSize == diskSizeInWholeBlocks(of: size) {
            nodes[id].diskSizeKind = .wholeBlocks
        } else {
            nodes[id].diskSizeKind = .stored
            values.storeDiskSize(id, diskSize)
        }
    }

    mutating func storeStep(_ id: Int, _ step: Int32) {
        values.steps.set(id, step, reserving: expectedCount)
    }

    /// A file's sizes as stored; a directory's own.
    func size(_ id: Int) -> UInt64 { Inventory.size(id, nodes[id], directories, values) }
    func diskSize(_ id: Int) -> UInt64 { Inventory.diskSize(id, nodes[id], directories, values) }

    // MARK: - Freezing

    /// `build()` for a builder kept in a reader's state: the entries move into the
    /// `Inventory` and the builder is left empty. Calling `build()` on such a stored
    /// builder consumes a copy, so the node array has two owners when `build()` writes
    /// the exclusion flags and is copied whole (32 MB more at the peak of a
    /// million-entry read).
    public mutating func finish() -> Inventory {
        var taken = InventoryBuilder()
        swap(&taken, &self)
        return (consume taken).build()
    }

    /// Leaves the file `id` out of the size totals: an earlier hard link to the same
    /// inode counted its bytes. It still counts as a file.
    public mutating func markHardLinkRepeat(_ id: Int) {
        hardLinkRepeats.insert(Int32(id))
    }

    /// Lays children out contiguously (counting by parent, keeping source order), sums
    /// subtree totals bottom-up and propagates exclusion top-down. O(n), and the only
    /// extra memory is the child index itself.
    public consuming func build() -> Inventory {
        let n = nodes.count
        // A tree source's load leaves the index to the first lookup that needs it; entries
        // a list source had indexed by the end of its read keep theirs (the few added since go in).
        let nameIndex: NameIndexStorage
        if nodes.count - indexedCount >= index.count {
            index = SiblingNameIndex()
            nameIndex = .onDemand(OnDemandNameIndex(skipping: unindexedDuplicates))
        } else {
            indexPending(sizedExactly: true)
            nameIndex = .built(index)
        }
        openSiblings = OpenDirectorySiblings()
        listedSiblings = OpenDirectorySiblings()
        hashes = []  // freed before the child index is made: the peak of a load is here
        // `childCount` was counted as nodes were appended.
        var start: UInt32 = 0
        for d in directories.indices {
            directories[d].childStart = start
            start &+= directories[d].childCount
            directories[d].childCount = 0  // refilled below as the write cursor
        }
        var childIndex = [Int32](repeating: 0, count: max(n - 1, 0))
        for i in 1..<max(n, 1) {
            let d = Int(nodes[Int(nodes[i].parent)].directory)
            childIndex[Int(directories[d].childStart &+ directories[d].childCount)] = Int32(i)
            directories[d].childCount &+= 1
        }
        // Every node is appended after its parent, so a reverse sweep sees children first.
        for d in directories.indices {
            directories[d].totalSize = directories[d].ownSize
            directories[d].totalDiskSize = directories[d].ownDiskSize
        }
        var i = n - 1
        while i > 0 {
            let node = nodes[i]
            let p = Int(nodes[Int(node.parent)].directory)
            if node.directory >= 0 {
                let r = directories[Int(node.directory)]
                // Saturating: a hostile 2^64-1 size must not wrap a total to something small.
                directories[p].totalSize = saturatingAdd(directories[p].totalSize, r.totalSize)
                directories[p].totalDiskSize = saturatingAdd(directories[p].totalDiskSize, r.totalDiskSize)
                directories[p].fileCount &+= r.fileCount
            } else {
                if hardLinkRepeats.isEmpty || !hardLinkRepeats.contains(Int32(i)) {
                    directories[p].totalSize = saturatingAdd(directories[p].totalSize, Inventory.size(i, node, directories, values))
                    directories[p].totalDiskSize = saturatingAdd(
                        directories[p].totalDiskSize, Inventory.diskSize(i, node, directories, values))
                }
                if Inventory.countsAsFile(node) { directories[p].fileCount &+= 1 }
            }
            i -= 1
        }
        let unknown = Inventory.propagateExclusion(&nodes, recording: flagRecording)
        return Inventory(
            nodes: nodes, names: names, directories: directories, childIndex: childIndex,
            stepNames: steps.values, values: values, nameIndexStorage: nameIndex,
            hardLinkRepeats: hardLinkRepeats,
            unknownFlagFiles: unknown.files, unknownFlagEntries: unknown.entries, unusableNameCount: unusableNameCount)
    }
}

@inline(__always)
package func saturatingAdd(_ a: UInt64, _ b: UInt64) -> UInt64 {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? .max : sum
}
