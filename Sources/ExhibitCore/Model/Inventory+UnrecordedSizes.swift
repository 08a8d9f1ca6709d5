extension Inventory {
    /// Whether the scan recorded no size for this entry: one it excluded (ncdu
    /// `excluded`) or could not read (`read_error`) and gave no size, which reads as 0
    /// but was never measured; for a directory it could not read, the size of what it
    /// holds. A file of 0 bytes the scan did read is recorded.
    public func isSizeUnrecorded(_ id: NodeID) -> Bool {
        let n = nodes[id]
        if n.flags.contains(.directory) { return n.flags.contains(.readError) }
        guard n.scanExclusion != .none || n.flags.contains(.readError) else { return false }
        return Inventory.size(id, n, directories, values) == 0
    }

    /// The entries at or below `id` whose size was not recorded (`isSizeUnrecorded`): with
    /// any, `totalSize(id)` is what the others add up to, and for an entry alone no size.
    /// O(1) for a file, a walk of the subtree for a directory.
    public func unrecordedSizes(at id: NodeID) -> Int {
        guard isDirectory(id) else { return isSizeUnrecorded(id) ? 1 : 0 }
        var count = 0
        preorder(from: id) { if isSizeUnrecorded($0) { count += 1 } }
        return count
    }
}

extension Violation {
    /// What is known of a violation's size.
    public enum SizeRecord: Sendable, Equatable {
        /// `size` is the whole size.
        case recorded(UInt64)
        /// The entry's size was never recorded (the scan excluded it or could not read it).
        case notRecorded
        /// `size` adds up what was recorded; `missing` entries it covers have no size.
        case atLeast(UInt64, missing: Int)
    }

    /// `size` with what `unrecordedSizes` says of it.
    public var sizeRecord: SizeRecord {
        guard unrecordedSizes > 0 else { return .recorded(size) }
        return size == 0 && fileCount <= 1 ? .notRecorded : .atLeast(size, missing: unrecordedSizes)
    }

    /// The size as the reports write it inside their parentheses: `388.0 MiB`, `12.0 MiB in
    /// 2 files`, `size not recorded`, `at least 4 KiB in 3 files; 1 size not recorded`.
    /// `files`: how the file count is joined (` in N files`, or `, N files`).
    public func sizeText(files: (Int) -> String = { " in \($0) files" }) -> String {
        let count = fileCount > 1 ? files(fileCount) : ""
        switch sizeRecord {
        case .recorded(let bytes): return ByteSize.format(bytes) + count
        case .notRecorded: return "size not recorded" + count
        case .atLeast(let bytes, let missing):
            return "at least " + ByteSize.format(bytes) + count + "; \(missing) size\(missing == 1 ? "" : "s") not recorded"
        }
    }
}
