/// The list-shaped sources' side of `InventoryBuilder` (files.txt and its companions,
/// which name whole paths and learn late which entries are directories), and lookups
/// while building. `listedEntry` finds a name's earlier siblings among its open
/// directory's and leaves new entries out of the index until `indexListedEntries()`;
/// the other adds here index every entry at once (`prepareIndex()`).
extension InventoryBuilder {
    /// The directory called `name` under the directory `parent`, created when missing.
    /// A same-named file does not count: a second node is made, marked duplicate.
    public mutating func directory(named name: some Collection<UInt8>, under parent: Int) -> Int {
        let (start, length, h, existing, clash) = listedName(name, under: parent, directory: true)
        if let existing { return existing }
        var flags: Inventory.NodeFlags = .directory
        if clash {
            flags.insert(.duplicate)
            duplicateCount += 1
        }
        return appendNode(nameStart: start, nameLength: length, parent: parent, flags: flags, hash: h, indexed: true)
    }

    /// Returns the directory for a relative path, creating it and any missing parents.
    /// `components` are the path's components, already split and cleaned.
    public mutating func directory(at components: some Sequence<some Collection<UInt8>>) -> Int {
        var cur = Inventory.root
        for component in components { cur = directory(named: component, under: cur) }
        return cur
    }

    /// Adds a file called `name` to the directory `parent` as a list source names it:
    /// a file already listed there keeps its node, which is marked duplicate and takes
    /// the later size. Returns the node and whether it was already listed.
    public mutating func addListedFile(
        name: some Collection<UInt8>, parent: Int, size: UInt64 = 0, diskSize: UInt64 = 0,
        excluded: Bool = false, stepID: Int32 = -1
    ) -> (id: Int, alreadyListed: Bool) {
        let (start, length, h, existing, clash) = listedName(name, under: parent, directory: false)
        if let id = existing {
            nodes[id].flags.insert(.duplicate)
            storeSizes(id, size: size, diskSize: diskSize)
            if excluded { nodes[id].flags.insert(.excludedOwn) }
            if stepID >= 0 { storeStep(id, stepID) }
            duplicateCount += 1
            return (id, true)
        }
        var flags: Inventory.NodeFlags = []
        if excluded { flags.insert(.excludedOwn) }
        if clash {
            flags.insert(.duplicate)
            duplicateCount += 1
        }
        let id = appendNode(nameStart: start, nameLength: length, parent: parent, flags: flags, hash: h, indexed: true)
        storeSizes(id, size: size, diskSize: diskSize)
        if stepID >= 0 { storeStep(id, stepID) }
        return (id, false)
    }

    /// For list sources that name files and directories alike without saying which
    /// (`find . | sort`): the first child of `parent` called `name`, of any kind, or a
    /// new non-directory entry when there is none. `existed` tells the caller the path
    /// was seen before (a directory already known, or a repeated line).
    ///
    /// A list in tree order (sorted, or as `find` walks) adds to a directory only while
    /// it is open, as a tree source does, so its earlier children are found in the
    /// small table of its open siblings (`listedSiblings`) and new entries are indexed
    /// later, in one pass: at a million entries a lookup in the global index missed the
    /// cache twice (slot, then node), a quarter of files.txt's read. A list that comes
    /// back to a closed directory takes the global index for it.
    public mutating func listedEntry(named name: some Collection<UInt8>, under parent: Int) -> (id: Int, existed: Bool) {
        if indexedCount < nodes.count && !hasUnindexedListedEntries {
            // A tree source's entries wait for the index; the open siblings do not hold them.
            prepareIndex()
            listedSiblings = OpenDirectorySiblings()
        }
        let p = Int32(parent)
        let opened = listedSiblings.enter(
            p, parentOfParent: nodes[parent].parent, hasChildren: directories[Int(nodes[parent].directory)].childCount > 0)
        // A closed directory: its children all go in the index, and it opens with an empty
        // table, under its parent when that is open (a walk through closed directories
        // opens one a component), else with the chain from the root rebuilt.
        if !opened {
            prepareIndex()
            if !listedSiblings.enter(p, parentOfParent: nodes[parent].parent, hasChildren: false) {
                var path: [Int32] = []
                var directory = p
                while directory >= 0 {
                    path.append(directory)
                    directory = nodes[Int(directory)].parent
                }
                listedSiblings.reset(openingPath: path.reversed())
            }
        }
        let (start, length) = appendName(name)
        let h = hashOfName(at: start, length: length, parent: p)
        // Children indexed before the directory opened (or before a reset) have ids above the parent's.
        let searchIndex = indexedCount > parent + 1
        let existing = names.withUnsafeBytes { raw -> Int32? in
            let query = UnsafeRawBufferPointer(rebasing: raw[start..<(start + length)])
            if let id = listedSiblings.first(name: query, hash: h, nodes: nodes, names: names, hashes: hashes) { return id }
            return searchIndex ? index.first(parent: p, name: query, hash: h, nodes: nodes, names: names) : nil
        }
        if let existing {
            takeBackName(length: length)
            return (Int(existing), true)
        }
        let id = appendNode(nameStart: start, nameLength: length, parent: parent, flags: [], hash: h, indexed: false)
        listedSiblings.insert(Int32(id), hash: h, hashes: hashes)
        hasUnindexedListedEntries = true
        return (id, false)
    }

    /// Like `directory(named:under:)`, but an entry of that name that a list source
    /// added before its first child appeared is turned into the directory (it was a
    /// directory line such as `./Documents`), instead of clashing with it.
    public mutating func listedDirectory(named name: some Collection<UInt8>, under parent: Int) -> Int {
        let (id, existed) = listedEntry(named: name, under: parent)
        if !existed || nodes[id].directory < 0 { promoteToDirectory(id) }
        return id
    }

    /// Makes a non-directory entry a directory (list sources learn late which is which).
    public mutating func promoteToDirectory(_ id: Int) {
        guard nodes[id].directory < 0 else { return }
        // The sizes a file keeps in its node move to the directory's record.
        var record = Inventory.DirectoryRecord()
        record.ownSize = size(id)
        record.ownDiskSize = diskSize(id)
        if !values.largeSizes.isEmpty { values.largeSizes[Int32(id)] = nil }
        nodes[id].sizeOrDirectory = UInt32(directories.count)
        nodes[id].flags.insert(.directory)
        directories.append(record)
    }

    /// Marks an entry as listed more than once and counts it in `duplicateCount`.
    public mutating func markDuplicate(_ id: Int) {
        if !nodes[id].flags.contains(.duplicate) { nodes[id].flags.insert(.duplicate) }
        duplicateCount += 1
    }

    /// Adds a file by path components (at least one). A path listed twice keeps one
    /// node, marked duplicate, carrying the later size; `duplicateCount` counts them.
    @discardableResult
    public mutating func addFile(
        components: [ArraySlice<UInt8>], size: UInt64, diskSize: UInt64 = 0,
        excluded: Bool = false, step: String? = nil
    ) -> Int {
        precondition(!components.isEmpty, "a file path has at least one component")
        let parent = directory(at: components.dropLast())
        let stepID = step.map { internStep($0) } ?? -1
        return addListedFile(
            name: components[components.count - 1], parent: parent, size: size, diskSize: diskSize,
            excluded: excluded, stepID: stepID
        ).id
    }

    /// The first child of `parent` called `name`, if any (files and directories).
    /// Entries added since the index was last needed (by a tree source, or by
    /// `listedEntry` before `indexListedEntries()`) are searched one by one.
    public func child(named name: some Collection<UInt8>, of parent: Int) -> Int? {
        let bytes = Array(name)
        return firstChild(of: Int32(parent), named: bytes[...])
    }

    /// The node at a path (file or directory); nil when absent. Empty components: the root.
    public func existingNode(at components: [ArraySlice<UInt8>]) -> Int? {
        var cur = Inventory.root
        for component in components {
            guard let next = firstChild(of: Int32(cur), named: component) else { return nil }
            cur = next
        }
        return cur
    }

    /// Whether `id` is the first child of `parent` called `name`: a guess a reader can
    /// check without a hash lookup (the node after the last one it found, when a
    /// companion file lists paths in files.txt order). A node with an earlier sibling of
    /// the same name is always marked duplicate, so an unmarked match is the first.
    func isFirstChild(_ id: Int, of parent: Int, named name: UnsafeRawBufferPointer) -> Bool {
        InventoryNameLookup.isFirstChild(id, of: parent, named: name, nodes: nodes, names: names)
    }

    /// Appends `name` to the name buffer and finds the first child of `parent` of the
    /// wanted kind called so (taking the name back when there is one), and whether one
    /// of the other kind came before it.
    private mutating func listedName(_ name: some Collection<UInt8>, under parent: Int, directory: Bool)
        -> (start: Int, length: Int, hash: UInt32, existing: Int?, clash: Bool)
    {
        prepareIndex()
        let (start, length) = appendName(name)
        let hash = hashOfName(at: start, length: length, parent: Int32(parent))
        var clash = false
        let existing = names.withUnsafeBytes {
            index.first(
                parent: Int32(parent), name: UnsafeRawBufferPointer(rebasing: $0[start..<(start + length)]),
                hash: hash, nodes: nodes, names: names,
                where: { node in
                    if (node.directory >= 0) == directory { return true }
                    clash = true
                    return false
                })
        }
        if existing != nil { takeBackName(length: length) }
        return (start, length, hash, existing.map { Int($0) }, clash)
    }

    private func firstChild(of parent: Int32, named name: ArraySlice<UInt8>) -> Int? {
        name.withUnsafeBytes { firstChild(of: parent, named: $0) }
    }

    private func firstChild(of parent: Int32, named query: UnsafeRawBufferPointer) -> Int? {
        let h = SiblingNameIndex.hash(parent: parent, name: query)
        if let id = index.first(parent: parent, name: query, hash: h, nodes: nodes, names: names) { return Int(id) }
        guard indexedCount < nodes.count else { return nil }
        return names.withUnsafeBufferPointer { nameBuffer in
            (indexedCount..<nodes.count).first {
                hashes[$0] == h && nodes[$0].parent == parent && SiblingNameIndex.nameEquals(nodes[$0], query, names: nameBuffer)
            }
        }
    }

    /// The node at a `/`-separated relative path (already normalised, see
    /// `ContainerPath`), without allocating; nil when absent. An empty path: the root.
    public func existingNode(atPath path: ArraySlice<UInt8>) -> Int? {
        existingNode(atPath: path, under: Inventory.root)
    }

    /// `existingNode(atPath:)` for a path relative to the directory `directory`.
    func existingNode(atPath path: ArraySlice<UInt8>, under directory: Int) -> Int? {
        path.withUnsafeBufferPointer { existingNode(atPath: $0, under: directory) }
    }

    func existingNode(atPath path: UnsafeBufferPointer<UInt8>, under directory: Int) -> Int? {
        InventoryNameLookup.walk(path, from: directory) { firstChild(of: Int32($0), named: $1) }
    }
}
