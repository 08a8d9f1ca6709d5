/// Applies steps.tsv records to an inventory: each record's path is resolved through
/// the sibling-name index, so a million-line steps file costs O(depth) small lookups
/// per record and no per-path key. Inventories where one path can name several nodes
/// (duplicates, names containing `/`) take one walk of the tree with a path table.
enum StepAssignment {
    /// Returns the records whose paths are not in the inventory.
    static func apply(_ records: [StepRecord], to inventory: inout Inventory) -> [StepRecord] {
        guard !records.isEmpty else { return [] }
        if inventory.nodes.contains(where: { $0.flags.contains(.duplicate) }) || inventory.names.contains(UInt8(ascii: "/")) {
            return applyByWalk(records, to: &inventory)
        }
        // No name is listed twice, so a path names at most one node: resolve each record
        // through the sibling-name index (O(depth), no per-path key). The last record
        // naming a node wins; the ones it overrides are returned, as the walk does.
        var winner = [Int32](repeating: -1, count: inventory.count)
        var resolved = [Int32](repeating: -1, count: records.count)
        for (i, r) in records.enumerated() {
            guard let path = ContainerPath.normalizedBytes(Array(r.path.utf8)[...]),
                let node = node(at: path, in: inventory)
            else { continue }
            resolved[i] = Int32(node)
            winner[node] = Int32(i)
        }
        var assignments: [(Inventory.NodeID, String)] = []
        var unmatched: [StepRecord] = []
        for (i, r) in records.enumerated() {
            let node = Int(resolved[i])
            if node >= 0 && winner[node] == Int32(i) {
                assignments.append((node, r.step))
            } else {
                unmatched.append(r)
            }
        }
        inventory.setSteps(assignments)
        return unmatched
    }

    /// The node at a normalised relative path (no empty, `.` or `..` components).
    private static func node(at path: [UInt8], in inventory: Inventory) -> Inventory.NodeID? {
        var cur = Inventory.root
        var start = 0
        while start < path.count {
            let end = path[start...].firstIndex(of: UInt8(ascii: "/")) ?? path.count
            guard
                let next = inventory.nameIndex.first(
                    parent: Int32(cur), name: path[start..<end], nodes: inventory.nodes,
                    names: inventory.names)
            else { return nil }
            cur = Int(next)
            start = end + 1
        }
        return cur
    }

    /// With duplicate names one path can name several nodes, and every one of them
    /// takes the step: match by walking the tree with the path of each node.
    private static func applyByWalk(_ records: [StepRecord], to inventory: inout Inventory) -> [StepRecord] {
        var byPath: [ByteKey: Int] = [:]
        byPath.reserveCapacity(records.count)
        for (i, r) in records.enumerated() {
            guard let path = ContainerPath.normalizedBytes(Array(r.path.utf8)[...]) else { continue }
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
                assignments.append((node, records[i].step))
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
