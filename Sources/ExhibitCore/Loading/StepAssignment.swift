/// Applies steps.tsv records to an inventory in one walk of the tree, so a
/// million-line steps file costs one hash lookup per node instead of one path search
/// per record.
enum StepAssignment {
    /// Returns the records whose paths are not in the inventory.
    static func apply(_ records: [StepRecord], to inventory: inout Inventory) -> [StepRecord] {
        guard !records.isEmpty else { return [] }
        var byPath: [[UInt8]: Int] = [:]
        byPath.reserveCapacity(records.count)
        for (i, r) in records.enumerated() {
            guard let path = ContainerPath.normalizedBytes(Array(r.path.utf8)[...]) else { continue }
            byPath[path] = i  // later lines win
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
            if let i = byPath[path] {
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
