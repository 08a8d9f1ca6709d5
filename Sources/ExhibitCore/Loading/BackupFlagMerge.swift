/// Applies the artifacts that record backup-exclusion flags to the one inventory tree,
/// whatever form the inventory came in. Authority, strongest first: the inventory's own
/// record (`x_backup_excluded` in inventory.json, or excluded.txt applied by the list
/// reader), then `container/excluded.txt`, then `container/xattr.txt` (a diagnostic
/// dump). A later source decides only the items no stronger source recorded; where it
/// disagrees with a stronger one, it is warned with both positions and the stronger
/// record stays. excluded.txt and xattr.txt each record the whole container: an item
/// they do not name is recorded as not excluded. An inventory.json that only claims
/// every flag was recorded (`"x_backup_flags":"complete"`) records no flag of an item
/// without `x_backup_excluded`: an artifact that names the item decides it.
struct BackupFlagMerge {
    var inventory: Inventory
    /// Container prefixes an artifact's paths may start with: the path ncdu scanned
    /// (its root name), the prefix stripped from files.txt.
    let prefixes: [[UInt8]]
    /// Who recorded each item already: the file named in disagreement warnings.
    private var excludedListLines: [Inventory.NodeID: Int] = [:]
    private var baseFile: String
    /// Per artifact, the lines that could not be read or placed in the inventory. Each
    /// may be half of a name holding a line break, whose other half reads as a line of
    /// its own and names another item (`m<LF>Library` flags all of `Library`): the
    /// artifact's flags are then in doubt (`UncheckedEvidence`).
    private(set) var linesInDoubt: [FlagRecordDoubt] = []

    init(inventory: Inventory, baseFile: String, prefixes: [[UInt8]]) {
        self.inventory = inventory
        self.baseFile = baseFile
        var all: [[UInt8]] = []
        for p in prefixes where !p.isEmpty {
            var trimmed = p
            while trimmed.count > 1, trimmed.last == UInt8(ascii: "/") { trimmed.removeLast() }
            all.append(trimmed)
            // getfattr prints an absolute operand without its leading '/'.
            if trimmed.first == UInt8(ascii: "/"), trimmed.count > 1 { all.append(Array(trimmed.dropFirst())) }
        }
        self.prefixes = all
    }

    /// excluded.txt: one path per line, each carrying the flag.
    mutating func applyExcludedList(_ artifact: ArtifactBytes, warnings: inout [Diagnostic]) {
        var collector = WarningCollector(file: artifact.file)
        defer { collector.finish(into: &warnings) }
        var marks: [(node: Inventory.NodeID, line: Int)] = []
        var doubted: [Int] = []
        let bytes = artifact.bytes
        let records = TextRecords(bytes)
        records.forEach { range, line in
            if range.isEmpty { return true }
            // NUL-delimited, a record holding a line feed may be a name holding one or the
            // lines of a newline list with a stray NUL run together: its flag is in doubt.
            if records.isNulDelimited, bytes[range].contains(0x0A) {
                collector.add(
                    "the list is NUL-delimited (it holds a NUL byte) and this record holds a line feed: a name holding one (find -print0) "
                        + "cannot be told from lines of a newline-separated list with a stray NUL; the exclusion flags the file records are in doubt",
                    line: line, offset: range.lowerBound)
                doubted.append(line)
            }
            if let node = resolve(bytes[range], line: line, offset: range.lowerBound, collector: &collector) {
                marks.append((node, line))
            } else if doubted.last != line {
                doubted.append(line)
            }
            return true
        }
        let cut = noteCut(records, collector: &collector)
        if let cut, doubted.last != cut { doubted.append(cut) }
        note(doubted, in: artifact.file, lastLineCut: cut != nil)
        merge(marks, from: artifact.file, collector: &collector)
        for m in marks where excludedListLines[m.node] == nil { excludedListLines[m.node] = m.line }
        baseFile = artifact.file
    }

    /// xattr.txt (`xattr -rl`, `getfattr -R -d`); throws when it is not such a dump.
    mutating func applyXattrDump(_ artifact: ArtifactBytes, warnings: inout [Diagnostic]) throws(Diagnostic) {
        var doubted: [Int] = []
        let entries = try XattrDumpReader.read(artifact.bytes, file: artifact.file, warnings: &warnings, skippedLines: &doubted)
        var collector = WarningCollector(file: artifact.file)
        defer { collector.finish(into: &warnings) }
        let cut = noteCut(TextRecords(artifact.bytes, allowNulDelimited: false), collector: &collector)
        if let cut, !doubted.contains(cut) { doubted.append(cut) }
        var marks: [(node: Inventory.NodeID, line: Int)] = []
        for entry in entries where entry.marksBackupExclusion {
            if let node = resolve(entry.path[...], line: entry.line, offset: 0, collector: &collector) {
                marks.append((node, entry.line))
            } else {
                doubted.append(entry.line)
            }
        }
        note(doubted, in: artifact.file, lastLineCut: cut != nil)
        merge(marks, from: artifact.file, collector: &collector)
    }

    private mutating func note(_ lines: [Int], in file: String, lastLineCut: Bool) {
        guard let first = lines.min() else { return }
        linesInDoubt.append(FlagRecordDoubt(file: file, lines: Set(lines).count, firstLine: first, lastLineCut: lastLineCut))
    }

    /// A last line without its line end (the tools end every line with one): the file may
    /// have been cut there, and a cut path may name another item or none. Warned; its
    /// line number, for the doubt.
    private func noteCut(_ records: TextRecords, collector: inout WarningCollector) -> Int? {
        guard let cut = records.unterminatedLastRecord else { return nil }
        collector.add(
            "the last line has no \(records.isNulDelimited ? "NUL" : "line end") (the tools end every line with one): "
                + "the file may have been cut there, so the exclusion flags it records are in doubt",
            line: cut.number, offset: cut.offset)
        return cut.number
    }

    /// The stronger record wins; this source decides the rest and records the container.
    private mutating func merge(_ marks: [(node: Inventory.NodeID, line: Int)], from file: String, collector: inout WarningCollector) {
        var named = [Bool](repeating: false, count: inventory.count)
        var newlyExcluded: [Inventory.NodeID] = []
        for (node, line) in marks {
            if named[node] { continue }
            named[node] = true
            if inventory.isFlagRecordedExplicitly(node), !inventory.isExcludedOwn(node) {
                collector.add(
                    "\"\(TerminalText.escape(inventory.path(node)))\": \(file):\(line) says excluded from backup, \(baseFile) records it not excluded; \(baseFile) wins",
                    line: line, offset: 0)
            } else {
                if inventory.isFlagRecorded(node), !inventory.isExcludedOwn(node) {
                    collector.add(
                        "\"\(TerminalText.escape(inventory.path(node)))\": \(file):\(line) says excluded from backup, where \(baseFile) gives no flag of its own (only \"x_backup_flags\":\"complete\"); \(file) wins",
                        line: line, offset: 0)
                }
                newlyExcluded.append(node)
            }
        }
        for id in 0..<inventory.count where inventory.isExcludedOwn(id) && !named[id] {
            let at = excludedListLines[id].map { "\(baseFile):\($0)" } ?? baseFile
            collector.add(
                "\"\(TerminalText.escape(inventory.path(id)))\": \(at) records it excluded from backup, \(file) has no exclusion attribute for it; \(baseFile) wins",
                at: nil)
        }
        inventory.recordFlags(excluded: newlyExcluded, coversContainer: true)
    }

    /// The inventory node a path of a flag artifact names; nil (after a warning) when the
    /// path is outside the container or not in the inventory.
    private func resolve(_ raw: ArraySlice<UInt8>, line: Int, offset: Int, collector: inout WarningCollector) -> Inventory.NodeID? {
        var path = raw
        for prefix in prefixes {
            if let rest = ContainerPath.strip(prefix: prefix[...], from: path) {
                path = rest
                break
            }
        }
        if path.first == UInt8(ascii: "/") {
            guard let split = ContainerPath.splitAbsolute(path) else {
                collector.add(
                    "absolute path \"\(TerminalText.escape(bytes: raw.prefix(120)))\" outside a recognisable app container; line skipped",
                    line: line, offset: offset)
                return nil
            }
            path = split.rest
        }
        guard let normalized = ContainerPath.normalizedBytes(path) else {
            if path.allSatisfy({ $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "/") }) { return Inventory.root }
            collector.add("path \"\(TerminalText.escape(bytes: raw.prefix(120)))\" leaves the container ('..'); line skipped", line: line, offset: offset)
            return nil
        }
        if let node = inventory.lookup(bytes: normalized) { return node }
        // getfattr prints paths relative to its operand (`c/Documents/a`): cut before the
        // first name that sits directly in a container.
        // Not for a path that starts in the container (`Documents/Archive/Library`): cut at
        // its `Library`, it would name all of Library.
        if inventory.lookup(bytes: Array(normalized.prefix { $0 != UInt8(ascii: "/") })) == nil,
            let split = ContainerPath.splitAbsolute([UInt8(ascii: "/")] + normalized), let node = inventory.lookup(bytes: Array(split.rest))
        {
            return node
        }
        collector.add("\"\(TerminalText.escape(bytes: normalized.prefix(120)))\" is not in the inventory; its flag is ignored", line: line, offset: offset)
        return nil
    }
}
