/// Accumulates inventory entries from any reader (ncdu JSON, files.txt, a walk of a
/// real directory) and freezes them into an `Inventory`.
///
/// Readers either add nodes under a known parent (tree-shaped sources such as ncdu
/// JSON, which never need a lookup) or add whole paths (list-shaped sources such as
/// files.txt, which create missing directories on the way). Only directories are
/// indexed by name, so a million files cost no hash-table entries.
public struct InventoryBuilder {
    private var nodes: [Inventory.Node] = []
    private var names: [UInt8] = []
    private var stepNames: [String] = []
    private var stepIndex: [String: Int32] = [:]
    /// (parent, name) → directory node, for `addPath`.
    private var directoryIndex: [DirectoryKey: Int32] = [:]
    /// (parent, name) → file node, built lazily only when a list source asks for
    /// duplicate detection or flag lookups by path.
    private var fileIndex: [DirectoryKey: Int32] = [:]
    public private(set) var duplicateCount = 0

    private struct DirectoryKey: Hashable {
        var parent: Int32
        var name: [UInt8]
    }

    public init(reservingCapacity capacity: Int = 0) {
        nodes.reserveCapacity(capacity + 1)
        names.reserveCapacity(capacity * 16)
        nodes.append(Self.makeNode(nameStart: 0, nameLength: 0, parent: -1, flags: .directory))
    }

    public var count: Int { nodes.count }

    private static func makeNode(nameStart: Int, nameLength: Int, parent: Int32, flags: Inventory.NodeFlags) -> Inventory.Node {
        Inventory.Node(
            nameStart: UInt32(truncatingIfNeeded: nameStart), nameLength: UInt32(truncatingIfNeeded: nameLength),
            parent: parent, childStart: 0, childCount: 0, step: -1, flags: flags,
            size: 0, diskSize: 0, totalSize: 0, fileCount: 0)
    }

    private mutating func appendNode(name: some Collection<UInt8>, parent: Int, flags: Inventory.NodeFlags) -> Int {
        let start = names.count
        names.append(contentsOf: name)
        nodes.append(Self.makeNode(nameStart: start, nameLength: names.count - start, parent: Int32(parent), flags: flags))
        return nodes.count - 1
    }

    private mutating func intern(step: String) -> Int32 {
        if let s = stepIndex[step] { return s }
        let s = Int32(stepNames.count)
        stepNames.append(step)
        stepIndex[step] = s
        return s
    }

    // MARK: - Tree-shaped sources

    /// Adds a directory under `parent` without looking for an existing one of the
    /// same name (tree sources list each directory once).
    public mutating func addDirectory(name: some Collection<UInt8>, parent: Int, excluded: Bool = false,
                                      size: UInt64 = 0, diskSize: UInt64 = 0, step: String? = nil, readError: Bool = false) -> Int {
        var flags: Inventory.NodeFlags = .directory
        if excluded { flags.insert(.excludedOwn) }
        if readError { flags.insert(.readError) }
        let id = appendNode(name: name, parent: parent, flags: flags)
        nodes[id].size = size
        nodes[id].diskSize = diskSize
        if let step { nodes[id].step = intern(step: step) }
        directoryIndex[DirectoryKey(parent: Int32(parent), name: Array(name))] = Int32(id)
        return id
    }

    /// Adds a non-directory entry under `parent`.
    @discardableResult
    public mutating func addFile(name: some Collection<UInt8>, parent: Int, size: UInt64, diskSize: UInt64 = 0,
                                 excluded: Bool = false, step: String? = nil, notRegular: Bool = false, readError: Bool = false) -> Int {
        var flags: Inventory.NodeFlags = []
        if excluded { flags.insert(.excludedOwn) }
        if notRegular { flags.insert(.notRegular) }
        if readError { flags.insert(.readError) }
        let id = appendNode(name: name, parent: parent, flags: flags)
        nodes[id].size = size
        nodes[id].diskSize = diskSize
        if let step { nodes[id].step = intern(step: step) }
        return id
    }

    // MARK: - List-shaped sources

    /// Returns the directory for a relative path, creating it and any missing parents.
    /// `components` are the path's components, already split and cleaned.
    public mutating func directory(at components: some Sequence<some Collection<UInt8>>) -> Int {
        var cur = Inventory.root
        for component in components {
            let key = DirectoryKey(parent: Int32(cur), name: Array(component))
            if let existing = directoryIndex[key] {
                cur = Int(existing)
            } else {
                let id = appendNode(name: component, parent: cur, flags: .directory)
                directoryIndex[key] = Int32(id)
                cur = id
            }
        }
        return cur
    }

    /// Adds a file by path components (at least one). A path listed twice keeps one
    /// node, marked duplicate, carrying the later size; `duplicateCount` counts them.
    @discardableResult
    public mutating func addFile(components: [ArraySlice<UInt8>], size: UInt64, diskSize: UInt64 = 0,
                                 excluded: Bool = false, step: String? = nil) -> Int {
        precondition(!components.isEmpty, "a file path has at least one component")
        let parent = directory(at: components.dropLast())
        let key = DirectoryKey(parent: Int32(parent), name: Array(components[components.count - 1]))
        if let existing = fileIndex[key] {
            let id = Int(existing)
            nodes[id].flags.insert(.duplicate)
            nodes[id].size = size
            nodes[id].diskSize = diskSize
            if excluded { nodes[id].flags.insert(.excludedOwn) }
            if let step { nodes[id].step = intern(step: step) }
            duplicateCount += 1
            return id
        }
        let id = addFile(name: key.name, parent: parent, size: size, diskSize: diskSize, excluded: excluded, step: step)
        fileIndex[key] = Int32(id)
        return id
    }

    /// The node at a path if a list source added it (file or directory); nil otherwise.
    public func existingNode(at components: [ArraySlice<UInt8>]) -> Int? {
        var cur = Inventory.root
        for (i, component) in components.enumerated() {
            let key = DirectoryKey(parent: Int32(cur), name: Array(component))
            if let d = directoryIndex[key] {
                cur = Int(d)
            } else if i == components.count - 1, let f = fileIndex[key] {
                return Int(f)
            } else {
                return nil
            }
        }
        return cur
    }

    // MARK: - Amendments

    public mutating func setExcluded(_ id: Int) { nodes[id].flags.insert(.excludedOwn) }
    public mutating func setSize(_ id: Int, size: UInt64, diskSize: UInt64? = nil) {
        nodes[id].size = size
        if let diskSize { nodes[id].diskSize = diskSize }
    }
    public mutating func setStep(_ id: Int, _ step: String) { nodes[id].step = intern(step: step) }
    public func isDirectory(_ id: Int) -> Bool { nodes[id].flags.contains(.directory) }

    // MARK: - Freezing

    /// Lays children out contiguously (counting sort by parent, keeping source order),
    /// sums subtree totals bottom-up and propagates exclusion top-down. O(n).
    public consuming func build() -> Inventory {
        let n = nodes.count
        var counts = [UInt32](repeating: 0, count: n)
        for i in 1..<max(n, 1) { counts[Int(nodes[i].parent)] += 1 }
        var start: UInt32 = 0
        for i in 0..<n {
            nodes[i].childStart = start
            nodes[i].childCount = counts[i]
            start += counts[i]
        }
        var fill = [UInt32](repeating: 0, count: n)
        var childIndex = [Int32](repeating: 0, count: max(n - 1, 0))
        for i in 1..<max(n, 1) {
            let p = Int(nodes[i].parent)
            childIndex[Int(nodes[p].childStart + fill[p])] = Int32(i)
            fill[p] += 1
        }
        // Every node is appended after its parent, so a reverse sweep sees children first.
        for i in 0..<n {
            nodes[i].totalSize = nodes[i].size
            nodes[i].fileCount = nodes[i].flags.contains(.directory) ? 0 : 1
        }
        var i = n - 1
        while i > 0 {
            let p = Int(nodes[i].parent)
            nodes[p].totalSize &+= nodes[i].totalSize
            nodes[p].fileCount &+= nodes[i].fileCount
            i -= 1
        }
        for i in 0..<n {
            let own = nodes[i].flags.contains(.excludedOwn)
            let inherited = i > 0 && nodes[Int(nodes[i].parent)].flags.contains(.excludedEffective)
            if own || inherited { nodes[i].flags.insert(.excludedEffective) }
        }
        return Inventory(nodes: nodes, names: names, childIndex: childIndex, stepNames: stepNames)
    }
}
