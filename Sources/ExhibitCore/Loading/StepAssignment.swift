/// Applies steps.tsv records to an inventory: each record's path is resolved through
/// the sibling-name index, so a million-line steps file costs O(depth) small lookups
/// per record and no per-path key. Inventories where one path can name several nodes
/// (duplicates, names containing `/`) take one walk of the tree with a path table.
enum StepAssignment {
    /// Returns the records whose paths are not in the inventory.
    static func apply(_ records: [StepRecord], to inventory: inout Inventory) -> [StepRecord] {
        apply(StepRecords(records), to: &inventory)
    }

    /// Returns the records whose paths are not in the inventory. Paths are resolved from
    /// the records' bytes: no String is made for a record that matches.
    static func apply(_ records: StepRecords, to inventory: inout Inventory) -> [StepRecord] {
        guard !records.isEmpty else { return [] }
        if !resolvesByIndex(inventory) { return applyByWalk(records, to: &inventory) }
        // No name is listed twice, so a path names at most one node: resolve each record
        // through the sibling-name index (O(depth), no per-path key). The last record
        // naming a node wins; the ones it overrides are returned, as the walk does.
        var winner = [Int32](repeating: -1, count: inventory.count)
        var resolved = [Int32](repeating: -1, count: records.count)
        var cursor = Cursor()
        // Read through a `let`: the `inout` captured by the closure was copied per record
        // (a retain and release of each of its buffers, 5 % of a list run's load). Dropped
        // before the steps are written, so the node array has one owner then.
        do {
            let tree = InventoryNameLookup(inventory)
            for i in records.indices {
                guard let node = records.withPathBytes(i, { cursor.node(at: $0, in: tree) }) else { continue }
                resolved[i] = Int32(node)
                winner[node] = Int32(i)
            }
        }
        // The winners handed over lazily: no array of a million (node, step) pairs.
        func wins(_ i: Int) -> Bool { resolved[i] >= 0 && winner[Int(resolved[i])] == Int32(i) }
        let unmatched = records.indices.filter { !wins($0) }.map { records[$0] }
        inventory.setSteps(records.indices.lazy.filter(wins).map { (Int(resolved[$0]), records.step(at: $0)) })
        return unmatched
    }

    /// Whether a record's path names at most one node, found through the sibling-name
    /// index (no duplicate entries, no name containing `/`); else paths are matched by
    /// walking the tree (`applyByWalk`), which needs every record at once.
    static func resolvesByIndex(_ inventory: Inventory) -> Bool {
        InventoryNameLookup.resolvesByIndex(nodes: inventory.nodes, names: inventory.names)
    }

    /// Resolves record paths one after another, remembering the last one's directory and
    /// node: steps.tsv written beside a listing (or by the tests' storage component, a
    /// directory's files in turn) most often names the next node of the same directory,
    /// which is checked before the index; a path in the last directory skips the walk to it.
    /// Only for inventories without duplicates, where a (parent, name) names one node.
    struct Cursor {
        private var directoryPath: [UInt8] = []
        private var directory = Inventory.root
        /// Whether the last path's directory part resolved (to `directory`, whose path
        /// `directoryPath` then is): only then may a caller's `inLastDirectory` skip the compare.
        private var resolvedLastDirectory = false
        private var lastNode = Inventory.root

        mutating func node(at raw: UnsafeBufferPointer<UInt8>, in inventory: InventoryNameLookup) -> Inventory.NodeID? {
            guard ContainerPath.isNormalized(raw) else {
                // Records made elsewhere than the reader may carry `./` or `//`.
                guard let path = ContainerPath.normalizedBytes(Array(raw)[...]) else {
                    resolvedLastDirectory = false
                    return nil
                }
                return path.withUnsafeBufferPointer { resolve($0, in: inventory) }
            }
            return resolve(raw, in: inventory)
        }

        /// `node(at:in:)` for a path known to be in normal form (what the steps.tsv reader
        /// hands a sink), without checking it again. `inLastDirectory`: its directory part
        /// is known to equal the last path's (`StepRecordSink.take`).
        mutating func node(
            atNormalized path: UnsafeBufferPointer<UInt8>, in inventory: InventoryNameLookup, inLastDirectory: Bool = false
        ) -> Inventory.NodeID? {
            resolve(path, in: inventory, inLastDirectory: inLastDirectory)
        }

        private mutating func resolve(
            _ path: UnsafeBufferPointer<UInt8>, in inventory: InventoryNameLookup, inLastDirectory: Bool = false
        ) -> Inventory.NodeID? {
            let nameStart = ContainerPath.nameStart(path)
            let name = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: path[nameStart...]))
            var parent = Inventory.root
            if nameStart > 0 {
                let dirPart = UnsafeBufferPointer(rebasing: path[..<(nameStart - 1)])
                if inLastDirectory && resolvedLastDirectory || ByteCompare.equal(dirPart, directoryPath) {
                    parent = directory
                } else {
                    guard let found = StepAssignment.node(at: dirPart, under: Inventory.root, in: inventory) else {
                        resolvedLastDirectory = false
                        return nil
                    }
                    directoryPath = Array(dirPart)
                    directory = found
                    parent = found
                }
            } else {
                directoryPath = []
                directory = Inventory.root
            }
            resolvedLastDirectory = true
            let guess = lastNode + 1
            let matches =
                guess < inventory.nodes.count && inventory.nodes[guess].parent == Int32(parent)
                && inventory.names.withUnsafeBufferPointer { SiblingNameIndex.nameEquals(inventory.nodes[guess], name, names: $0) }
            if matches {
                lastNode = guess
                return guess
            }
            guard let found = inventory.child(of: parent, named: name) else { return nil }
            lastNode = found
            return lastNode
        }
    }

    /// The node at a normalised relative path (no empty, `.` or `..` components) below `start`.
    static func node(at path: UnsafeBufferPointer<UInt8>, under start: Inventory.NodeID, in inventory: InventoryNameLookup) -> Inventory.NodeID? {
        var cur = start
        var from = 0
        while from < path.count {
            var end = from
            while end < path.count && path[end] != UInt8(ascii: "/") { end += 1 }
            let name = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: path[from..<end]))
            guard let next = inventory.child(of: cur, named: name) else { return nil }
            cur = next
            from = end + 1
        }
        return cur
    }

    /// With duplicate names one path can name several nodes, and every one of them
    /// takes the step: match by walking the tree with the path of each node.
    private static func applyByWalk(_ records: StepRecords, to inventory: inout Inventory) -> [StepRecord] {
        var byPath: [ByteKey: Int] = [:]
        byPath.reserveCapacity(records.count)
        for i in records.indices {
            guard let path = records.withPathBytes(i, { ContainerPath.normalizedBytes(Array($0)[...]) }) else { continue }
            byPath[ByteKey(path)] = i  // later lines win
        }
        var assignments: [(Inventory.NodeID, String)] = []
        var matched = [Bool](repeating: false, count: records.count)
        // Depth-first walk carrying the path bytes of the current node.
        var path: [UInt8] = []
        var stack: [(node: Inventory.NodeID, pathLength: Int)] = inventory.children(Inventory.root).map { ($0, 0) }
        while let (node, length) = stack.popLast() {
            path.removeSubrange(length...)
            if length > 0 { path.append(UInt8(ascii: "/")) }
            path.append(contentsOf: inventory.nameBytes(node))
            if let i = byPath[ByteKey(path)] {
                assignments.append((node, records.step(at: i)))
                matched[i] = true
            }
            if inventory.isDirectory(node) {
                let here = path.count
                for child in inventory.children(node) { stack.append((child, here)) }
            }
        }
        inventory.setSteps(assignments)
        return records.indices.filter { !matched[$0] }.map { records[$0] }
    }
}
