import ExhibitCore

extension Inventory {
    /// Read-only views of the storage the rules walk reads for every node, valid only
    /// inside `withRulesWalkStorage`'s body. A million names read through these views
    /// cost no `ArraySlice` and no reference counting (`nameBytes` retains the name
    /// buffer for every slice it hands out).
    struct RulesWalkStorage {
        let nodes: UnsafeBufferPointer<Node>
        let names: UnsafeBufferPointer<UInt8>
        let childIndex: UnsafeBufferPointer<Int32>
        let directories: UnsafeBufferPointer<DirectoryRecord>

        @inline(__always)
        func name(_ node: Node) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: names[Int(node.nameStart)..<(Int(node.nameStart) + Int(node.nameLength))])
        }

        /// The range of `childIndex` holding the children of `node` (empty for a file).
        @inline(__always)
        func childRange(_ node: Node) -> Range<Int> {
            guard node.directory >= 0 else { return 0..<0 }
            let r = directories[Int(node.directory)]
            return Int(r.childStart)..<(Int(r.childStart) + Int(r.childCount))
        }
    }

    func withRulesWalkStorage<R>(_ body: (RulesWalkStorage) throws -> R) rethrows -> R {
        try nodes.withUnsafeBufferPointer { nodes in
            try names.withUnsafeBufferPointer { names in
                try childIndex.withUnsafeBufferPointer { childIndex in
                    try directories.withUnsafeBufferPointer { directories in
                        try body(RulesWalkStorage(nodes: nodes, names: names, childIndex: childIndex, directories: directories))
                    }
                }
            }
        }
    }
}
