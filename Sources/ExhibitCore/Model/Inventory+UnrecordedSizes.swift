extension Inventory {
    /// Whether the scan recorded no size for this entry: one it excluded (ncdu
    /// `excluded`) or could not read (`read_error`) and gave no size, a file a path
    /// list names and no size list gives a size, which reads as 0 but was never
    /// measured, or an entry whose size the export gave unusable (ncdu `"asize":-1`,
    /// `5e10`, `"123"`); for a directory it could not read, the size of what it holds. A
    /// file of 0 bytes the scan did read is recorded.
    public func isSizeUnrecorded(_ id: NodeID) -> Bool {
        let n = nodes[id]
        if n.sizeNotListed { return true }
        if n.flags.contains(.directory) { return n.flags.contains(.readError) }
        guard n.scanExclusion != .none || n.flags.contains(.readError) else { return false }
        return Inventory.size(id, n, directories, values) == 0
    }

    /// A file a path list names and no size list gives a size (`Node.sizeNotListed`).
    public func isSizeUnlisted(_ id: NodeID) -> Bool { nodes[id].sizeNotListed }

    /// Whether any entry's size was not recorded (`isSizeUnrecorded`), so a reader of
    /// totals walks subtrees for `unrecordedSizes` only when some are: a file a path list
    /// gave no size is counted as it is built; an entry a scan excluded or could not read
    /// is looked for (one pass over the nodes, stopping at the first) only when there is one.
    public var hasUnrecordedSizes: Bool {
        values.sizesNotListed > 0 || (values.scanGaps && nodes.indices.contains { isSizeUnrecorded($0) })
    }

    /// The size of what is at or below `id` as the reports write it: `1.2 MiB`, `at least
    /// 1.2 MiB (3 sizes not recorded)`, `size not recorded` when nothing there has one.
    /// `unrecorded`: `unrecordedSizes(at: id)`, when the caller knows it.
    public func totalSizeText(_ id: NodeID, unrecorded: Int) -> String {
        let bytes = totalSize(id)
        guard unrecorded > 0 else { return ByteSize.format(bytes) }
        guard bytes > 0 else { return "size not recorded" }
        return "at least \(ByteSize.format(bytes)) (\(unrecorded) size\(unrecorded == 1 ? "" : "s") not recorded)"
    }

    /// The entries at or below `id` whose size was not recorded (`isSizeUnrecorded`): with
    /// any, `totalSize(id)` is what the others add up to, and for an entry alone no size.
    /// O(1) for a file, and for any entry of an inventory whose every size was recorded
    /// (a report asks it of each folder it reports once); a walk of the subtree otherwise.
    /// A hard link whose bytes an earlier link counted (`isHardLinkRepeat`) adds nothing to
    /// a folder's total, recorded or not, so a folder does not count it: the entry alone
    /// does.
    public func unrecordedSizes(at id: NodeID) -> Int {
        guard values.sizesNotListed > 0 || values.scanGaps else { return 0 }
        guard isDirectory(id) else { return isSizeUnrecorded(id) ? 1 : 0 }
        var count = 0
        preorder(from: id) { if isSizeUnrecorded($0) && (hardLinkRepeats.isEmpty || !isHardLinkRepeat($0)) { count += 1 } }
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
        // No size at all: one entry, or a folder none of whose files has one (a path
        // list without sizes.txt).
        return size == 0 && (fileCount <= 1 || unrecordedSizes >= fileCount) ? .notRecorded : .atLeast(size, missing: unrecordedSizes)
    }

    /// The size as the reports write it inside their parentheses: `388.0 MiB`, `12.0 MiB in
    /// 2 files`, `size not recorded`, `at least 4 KiB in 3 files; 1 size not recorded`.
    /// `files`: how the file count is joined (` in N files`, or `, N files`).
    public func sizeText(files: (Int) -> String = { " in \($0) files" }) -> String {
        let count = fileCount > 1 ? files(fileCount) : ""
        switch sizeRecord {
        case .recorded(let bytes): return ByteSize.format(bytes) + count
        // "size not recorded in 2 files" would read as a size recorded somewhere else.
        case .notRecorded: return "size not recorded" + (fileCount > 1 ? ", \(fileCount) files" : "")
        case .atLeast(let bytes, let missing):
            return "at least " + ByteSize.format(bytes) + count + "; \(missing) size\(missing == 1 ? "" : "s") not recorded"
        }
    }
}
