/// The directory the last line of a path list named, component by component, with each
/// component's node. A line in another directory walks only the components after those
/// it shares with the last line's: sorted and `find`-ordered lists mostly move by a
/// level or two, and a walk from the root would close the open directories
/// `InventoryBuilder.listedEntry` finds earlier children in.
struct ListedDirectoryChain {
    /// The last directory's path (normalised, relative).
    private var path: [UInt8] = []
    /// Where each of its components ends in `path`, and the component's node.
    private var ends: [Int] = []
    private var nodes: [Int] = []
    /// Whether `path` is valid UTF-8: a line in the same directory checks its name only
    /// (the `/` between is ASCII, so the path is valid exactly when both parts are).
    private(set) var isValidUTF8 = true

    private static let slash = UInt8(ascii: "/")

    /// The node of the last directory, for a line its caller knows to be in it.
    var lastNode: Int? { nodes.last }

    /// The directory at `directory` (a normalised relative path, not empty), found or
    /// made through `builder.listedDirectory`.
    mutating func node(at directory: UnsafeBufferPointer<UInt8>, builder: inout InventoryBuilder) -> Int {
        if let last = nodes.last, ByteCompare.equal(directory, path) { return last }
        let shared = sharedComponents(with: directory)
        ends.removeLast(ends.count - shared)
        nodes.removeLast(nodes.count - shared)
        var parent = nodes.last ?? Inventory.root
        var componentStart = ends.last.map { $0 + 1 } ?? 0
        while componentStart < directory.endIndex {
            let end = directory[componentStart...].firstIndex(of: Self.slash) ?? directory.endIndex
            parent = builder.listedDirectory(named: directory[componentStart..<end], under: parent)
            ends.append(end)
            nodes.append(parent)
            componentStart = end + 1
        }
        path.removeAll(keepingCapacity: true)
        path.append(contentsOf: directory)
        isValidUTF8 = UTF8Validity.isWellFormed(directory)
        return parent
    }

    /// How many leading components `directory` has in common with the last directory.
    private func sharedComponents(with directory: UnsafeBufferPointer<UInt8>) -> Int {
        let limit = min(directory.count, path.count)
        let common = path.withUnsafeBufferPointer { p in
            var i = 0
            while i < limit && directory[i] == p[i] { i += 1 }
            return i
        }
        var shared = 0
        // A component is shared when the bytes up to its end agree and `directory`'s
        // component ends there too (`Doc` is not shared with `Documents`).
        while shared < ends.count && ends[shared] <= common
            && (ends[shared] == directory.count || directory[ends[shared]] == Self.slash)
        {
            shared += 1
        }
        return shared
    }
}
