/// An inventory read from `container/files.txt` and its optional companions.
public struct FileListInventory: Sendable {
    public var inventory: Inventory
    /// File names (as given in `ArtifactBytes.file`) of the companions actually used.
    public var usedCompanions: Set<String>
    /// The absolute container prefix removed when files.txt held absolute paths.
    public var strippedPrefix: String?

    public init(inventory: Inventory, usedCompanions: Set<String>, strippedPrefix: String?) {
        self.inventory = inventory
        self.usedCompanions = usedCompanions
        self.strippedPrefix = strippedPrefix
    }
}

/// Builds an inventory from the plain path list teams archive today.
///
/// - files.txt: one path per line (`find . | LC_ALL=C sort`, `find "$C" -type f`),
///   or NUL-terminated (`-print0`). `./`-relative, relative and absolute paths
///   (the container prefix is cut, with a warning), `//` collapsed, a trailing `/`
///   marks a directory, CRLF and a UTF-8 BOM tolerated. A path that another path
///   runs through is a directory; every other path is a file. The container's own
///   line (`.`) is skipped. Order is not assumed.
/// - sizes.txt: `size<TAB>path` (GNU `find . -printf '%s\t%P\n'`, macOS
///   `stat -f '%z%t%N'`) or `size path` (`stat -f '%z %N'`); a directory line sets
///   the directory's own size.
/// - excluded.txt: paths carrying the backup-exclusion attribute, one per line
///   (`find . -xattrname com.apple.metadata:com_apple_backup_excludeItem`).
/// - xattr.txt: `xattr -rl` or `getfattr -R -d` output (`XattrDumpReader`); used for
///   the flags here only when excluded.txt is absent (the loader merges it as the
///   weaker source otherwise, `BackupFlagMerge`).
///
/// Without excluded.txt or xattr.txt the entries' backup-exclusion flags are unknown.
public enum FileListInventoryReader {
    /// The companions of files.txt, asked for one at a time (sizes.txt, excluded.txt,
    /// then xattr.txt only when there is no excluded.txt).
    public enum Companion: Sendable {
        case sizes, excluded, xattr
    }

    public static func read(
        files: ArtifactBytes, sizes: ArtifactBytes?, excluded: ArtifactBytes?, xattr: ArtifactBytes?,
        warnings: inout [Diagnostic]
    ) throws(Diagnostic) -> FileListInventory {
        try read(
            files: files,
            companion: { which in
                switch which {
                case .sizes: sizes
                case .excluded: excluded
                case .xattr: xattr
                }
            }, warnings: &warnings)
    }

    /// `read(files:sizes:excluded:xattr:warnings:)` with the companions read when they
    /// are applied: files.txt's bytes are dropped once its paths are in, before sizes.txt
    /// is asked for, so the two (60 MB each at a million entries) are never held together.
    public static func read(
        files: consuming ArtifactBytes, companion: (Companion) -> ArtifactBytes?,
        warnings: inout [Diagnostic]
    ) throws(Diagnostic) -> FileListInventory {
        var list = PathListParser(artifact: files)  // the last use: `files` moves into the parser
        defer { list.collector.finish(into: &warnings) }
        var builder = InventoryBuilder(reservingCapacity: list.records.estimatedCount)
        try list.addPaths(to: &builder)
        list.releaseBytes()
        var used: Set<String> = []
        var sizesFile: String?
        if let sizes = companion(.sizes) {
            var companion = PathListParser(artifact: sizes, prefix: list.prefix)
            companion.applySizes(to: &builder)
            companion.collector.finish(into: &warnings)
            used.insert(sizes.file)
            sizesFile = sizes.file
        }
        if let excluded = companion(.excluded) {
            var companion = PathListParser(artifact: excluded, prefix: list.prefix)
            companion.applyExcludedPaths(to: &builder)
            companion.collector.finish(into: &warnings)
            used.insert(excluded.file)
        } else if let xattr = companion(.xattr) {
            // A damaged companion costs only the flags it would have given, not the
            // whole inventory: its error joins the warnings and it is left unused.
            do {
                let entries = try XattrDumpReader.read(xattr.bytes, file: xattr.file, warnings: &warnings)
                var companion = PathListParser(artifact: xattr, prefix: list.prefix)
                for entry in entries where entry.marksBackupExclusion {
                    companion.markExcluded(entry.path[...], line: entry.line, builder: &builder)
                }
                companion.collector.finish(into: &warnings)
                used.insert(xattr.file)
            } catch {
                warnings.append(error)
            }
        }
        let prefix = list.prefix.map { String(decoding: $0, as: UTF8.self) }
        // A path list alone records no flag; excluded.txt or the dump records them all.
        builder.recordsAllFlags = used.contains(where: { $0 != sizesFile })
        return FileListInventory(inventory: builder.build(), usedCompanions: used, strippedPrefix: prefix)
    }
}

/// Turns the lines of one artifact into container-relative paths, sharing the
/// absolute-prefix handling between files.txt and its companions.
private struct PathListParser {
    let file: String
    private(set) var bytes: [UInt8]
    private(set) var records: TextRecords
    var collector: WarningCollector
    /// The container prefix (no trailing `/`) cut from absolute paths.
    var prefix: [UInt8]?
    private var warnedPrefix = false
    /// The directory part of the last path looked up and its node: `find | sort`
    /// lists a directory's files one after another, so most lines skip the walk.
    private var lastDirectory: (path: [UInt8], node: Int) = ([], Inventory.root)
    /// The node the last companion line named: the next line most often names the next
    /// node (companions list paths in files.txt order), checked before a hash lookup.
    private var lastNode = 0

    init(artifact: ArtifactBytes, prefix: [UInt8]? = nil) {
        file = artifact.file
        bytes = artifact.bytes
        records = TextRecords(artifact.bytes)
        collector = WarningCollector(file: artifact.file)
        self.prefix = prefix
    }

    /// Drops the artifact's bytes (the parser's prefix and warnings stay).
    mutating func releaseBytes() {
        bytes = []
        records = TextRecords([])
    }

    /// The container-relative form of `raw`; nil (after a warning) when unusable,
    /// or silently for the container itself.
    /// A slice of `raw` itself unless normalising had to rewrite it.
    mutating func relativePath(_ raw: ArraySlice<UInt8>, line: Int, column: Int = 1) -> ArraySlice<UInt8>? {
        var path = raw
        if ContainerPath.isAbsolute(path) {
            if let p = prefix, let rest = ContainerPath.strip(prefix: p[...], from: path) {
                path = rest
            } else if let split = ContainerPath.splitAbsolute(path) {
                if let p = prefix, !ContainerPath.samePrefix(p[...], split.prefix) {
                    collector.add(
                        "absolute path under another container \"\(TerminalText.escape(bytes: split.prefix))\" than \"\(TerminalText.escape(bytes: p))\"; line skipped",
                        line: line, column: column, offset: raw.startIndex)
                    return nil
                }
                prefix = Array(split.prefix)
                path = split.rest
            } else {
                collector.add(
                    "absolute path \"\(TerminalText.escape(bytes: raw.prefix(120)))\" outside a recognisable app container; line skipped",
                    line: line, column: column, offset: raw.startIndex)
                return nil
            }
            if !warnedPrefix {
                warnedPrefix = true
                collector.add(
                    "absolute paths leaked into the artifact; container prefix \"\(TerminalText.escape(bytes: prefix ?? []))\" removed",
                    line: line, column: column, offset: raw.startIndex)
            }
        }
        guard let normalized = ContainerPath.normalized(path) else {
            // Anything else refused is the container itself (`.`, `a/..`): silently skipped.
            if ContainerPath.climbsOut(path) {
                collector.add(
                    "path \"\(TerminalText.escape(bytes: raw.prefix(120)))\" leaves the container ('..'); line skipped",
                    line: line, column: column, offset: raw.startIndex)
            }
            return nil
        }
        // The bound ncdu exports have too: every node's full path is built later, so a
        // 10,000-deep hostile path would cost quadratic time.
        if normalized.count >= NcduFormat.maximumDepth,
            normalized.lazy.filter({ $0 == UInt8(ascii: "/") }).count >= NcduFormat.maximumDepth
        {
            collector.add(
                "path nests deeper than \(NcduFormat.maximumDepth) directories; line skipped",
                line: line, column: column, offset: raw.startIndex)
            return nil
        }
        if !collector.isFull && !records.isValidUTF8(raw.startIndex..<raw.endIndex) {
            collector.add("path is not valid UTF-8 (kept byte for byte)", line: line, column: column, offset: raw.startIndex)
        }
        return normalized
    }

    /// `.`, `./`, `` or the stripped prefix itself: the container's own line.
    static func namesContainerItself(_ path: ArraySlice<UInt8>) -> Bool {
        // Every `/`-separated component is empty or `.`; checked without splitting,
        // because sizes.txt asks this of every line.
        var previous = UInt8(ascii: "/")
        for b in path {
            switch b {
            case UInt8(ascii: "/"): break
            case UInt8(ascii: "."): if previous != UInt8(ascii: "/") { return false }
            default: return false
            }
            previous = b
        }
        return true
    }

    // MARK: files.txt

    mutating func addPaths(to builder: inout InventoryBuilder) throws(Diagnostic) {
        var usable = 0
        var firstLine: (line: Int, offset: Int)?
        var listedDirectories: [Int: Int] = [:]
        let bytes = self.bytes
        records.forEach { range, line in
            if range.isEmpty { return true }
            if firstLine == nil { firstLine = (line, range.lowerBound) }
            let raw = bytes[range]
            guard let path = relativePath(raw, line: line) else {
                if Self.namesContainerItself(raw) || prefix.map({ ContainerPath.strip(prefix: $0[...], from: raw)?.isEmpty ?? false }) == true {
                    usable += 1
                }
                return true
            }
            usable += 1
            let isDirectoryLine = raw.last == UInt8(ascii: "/")
            // `path` is normalised (no empty components, not empty): walk its components
            // in place instead of splitting into an array per line. A directory part
            // equal to the last line's is the same node: nothing can have changed it.
            let nameStart = path.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? path.startIndex
            var parent = Inventory.root
            if nameStart > path.startIndex && ByteCompare.equal(path[..<(nameStart - 1)], lastDirectory.path) {
                parent = lastDirectory.node
            } else if nameStart > path.startIndex {
                var componentStart = path.startIndex
                while let slash = path[componentStart..<nameStart].firstIndex(of: UInt8(ascii: "/")) {
                    parent = builder.listedDirectory(named: path[componentStart..<slash], under: parent)
                    componentStart = slash + 1
                }
                lastDirectory = (Array(path[..<(nameStart - 1)]), parent)
            }
            let name = path[nameStart...]
            let (id, existed) = builder.listedEntry(named: name, under: parent)
            if isDirectoryLine { builder.promoteToDirectory(id) }
            if builder.isDirectory(id) {
                // A directory line: repeated only if this exact line came before.
                if let earlier = listedDirectories[id] {
                    warnDuplicate(id, earlier: earlier, line: line, offset: range.lowerBound, builder: &builder)
                } else {
                    listedDirectories[id] = line
                }
            } else if existed {
                warnDuplicate(id, earlier: nil, line: line, offset: range.lowerBound, builder: &builder)
            }
            return true
        }
        if usable == 0, let first = firstLine {
            throw Diagnostic.error(
                file, at: SourcePosition(line: first.line, column: 1, byteOffset: first.offset),
                "expected container paths, one per line (find . | sort); no line is a usable path")
        }
        if builder.truncatedNameCount > 0 {
            collector.add("\(builder.truncatedNameCount) name(s) longer than \(InventoryBuilder.maximumNameLength) bytes were cut", at: nil)
        }
    }

    private mutating func warnDuplicate(_ id: Int, earlier: Int?, line: Int, offset: Int, builder: inout InventoryBuilder) {
        builder.markDuplicate(id)
        let first = earlier.map { " (first on line \($0))" } ?? ""
        collector.add(
            "\"\(TerminalText.escape(bytes: builder.path(id).utf8.prefix(120)))\" is listed again\(first); one entry kept, marked duplicate",
            line: line, offset: offset)
    }

    // MARK: sizes.txt

    mutating func applySizes(to builder: inout InventoryBuilder) {
        let bytes = self.bytes
        records.forEach { range, line in
            let text = bytes[range]
            if text.isEmpty { return true }
            guard let field = SizeField.parse(text) else {
                // `find -printf '%s\t%P'` prints the start directory with an empty path.
                if text.last == 0x09 || text.last == 0x20 { return true }
                collector.add(
                    "expected 'size<TAB>path', found \"\(TerminalText.escape(bytes: text.prefix(60)))\"; line skipped",
                    line: line, offset: range.lowerBound)
                return true
            }
            let size: UInt64
            switch field.value {
            case .value(let v): size = v
            case .negative, .overflow, .notInteger:
                let why = field.value == .negative ? "is negative" : field.value == .overflow ? "does not fit in 64 bits" : "is not a whole number of bytes"
                collector.add("size \"\(TerminalText.escape(bytes: field.valueText.prefix(40)))\" \(why); line skipped", line: line, offset: range.lowerBound)
                return true
            }
            let column = field.pathStart - range.lowerBound + 1
            if Self.namesContainerItself(bytes[field.pathStart..<range.upperBound]) {
                builder.setSize(Inventory.root, size: size)  // `find -printf '%s\t%P'` prints the start directory with an empty path
                return true
            }
            guard let path = relativePath(bytes[field.pathStart..<range.upperBound], line: line, column: column) else { return true }
            guard let id = existingNode(path, in: &builder) else {
                collector.add(
                    "\"\(TerminalText.escape(bytes: path.prefix(120)))\" is not in files.txt; size ignored", line: line, column: column, offset: field.pathStart
                )
                return true
            }
            builder.setSize(id, size: size)
            return true
        }
    }

    /// `builder.existingNode(atPath:)`, remembering the directory part and the node for
    /// the next line (only while the builder does not change).
    private mutating func existingNode(_ path: ArraySlice<UInt8>, in builder: inout InventoryBuilder) -> Int? {
        let nameStart = path.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? path.startIndex
        var directory = Inventory.root
        if nameStart > path.startIndex {
            if ByteCompare.equal(path[..<(nameStart - 1)], lastDirectory.path) {
                directory = lastDirectory.node
            } else {
                guard let found = builder.existingNode(atPath: path[..<(nameStart - 1)]) else { return nil }
                lastDirectory = (Array(path[..<(nameStart - 1)]), found)
                directory = found
            }
        }
        let name = path[nameStart...]
        if builder.isFirstChild(lastNode + 1, of: directory, named: name) {
            lastNode += 1
            return lastNode
        }
        guard let found = builder.existingNode(atPath: name, under: directory) else { return nil }
        lastNode = found
        return found
    }

    // MARK: excluded.txt and xattr.txt

    mutating func applyExcludedPaths(to builder: inout InventoryBuilder) {
        let bytes = self.bytes
        records.forEach { range, line in
            if range.isEmpty { return true }
            markExcluded(bytes[range], line: line, builder: &builder)
            return true
        }
    }

    /// Sets the own flag on the node at `raw`. A path missing from files.txt is most
    /// likely an empty excluded directory (`find -type f` lists no directories), so it
    /// is added as one, with a warning.
    mutating func markExcluded(_ raw: ArraySlice<UInt8>, line: Int, builder: inout InventoryBuilder) {
        guard let path = relativePath(raw, line: line) else { return }
        if let id = builder.existingNode(atPath: path) {
            builder.setExcluded(id)
            return
        }
        let components = path.split(separator: UInt8(ascii: "/"))
        var cur = Inventory.root
        for component in components { cur = builder.listedDirectory(named: component, under: cur) }
        builder.setExcluded(cur)
        collector.add(
            "\"\(TerminalText.escape(bytes: path.prefix(120)))\" is excluded but not in files.txt; added as an empty directory",
            line: line, offset: raw.startIndex)
    }
}
