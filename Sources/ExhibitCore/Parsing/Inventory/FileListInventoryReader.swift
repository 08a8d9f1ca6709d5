import CBytes

/// An inventory read from `container/files.txt` and its optional companions.
public struct FileListInventory: Sendable {
    public var inventory: Inventory
    /// File names (as given in `ArtifactBytes.file`) of the companions actually used.
    public var usedCompanions: Set<String>
    /// The absolute container prefix removed when files.txt held absolute paths.
    public var strippedPrefix: String?
    /// files.txt's records that may not be the paths the tool printed: the entries, and
    /// the findings on them, are in doubt (`UncheckedEvidence`).
    public var listDoubt: InventoryListDoubt?
    /// The lines of the flag record used here (excluded.txt, or xattr.txt without it) that
    /// could not be read or placed, or that may have been cut: its flags are in doubt.
    public var flagDoubts: [FlagRecordDoubt]

    public init(
        inventory: Inventory, usedCompanions: Set<String>, strippedPrefix: String?, listDoubt: InventoryListDoubt? = nil,
        flagDoubts: [FlagRecordDoubt] = []
    ) {
        self.inventory = inventory
        self.usedCompanions = usedCompanions
        self.strippedPrefix = strippedPrefix
        self.listDoubt = listDoubt
        self.flagDoubts = flagDoubts
    }
}

/// Builds an inventory from the plain path list teams archive today.
///
/// - files.txt: one path per line (`find . | LC_ALL=C sort`, `find "$C" -type f`),
///   or NUL-terminated (`-print0`). `./`-relative, relative and absolute paths
///   (the container prefix is cut, with a warning), `//` collapsed, a trailing `/`
///   marks a directory, CRLF and a UTF-8 BOM tolerated. A path that another path
///   runs through is a directory; every other path is a file. The container's own
///   line (`.`) is skipped; a list with no other path is malformed. Order is not
///   assumed. Absolute paths are cut where the container starts, decided from all of
///   them (`SharedContainerPrefix`). A last line without its line end (the file may have
///   been cut there), and in a NUL-delimited list a record holding a line feed (a
///   newline list with a stray NUL reads so), are warned and put the list in doubt
///   (`InventoryListDoubt`).
/// - sizes.txt: `size<TAB>path` (GNU `find . -printf '%s\t%P\n'`, macOS
///   `stat -f '%z%t%N'`) or `size path` (`stat -f '%z %N'`); a directory line sets
///   the directory's own size.
/// - excluded.txt: paths carrying the backup-exclusion attribute, one per line
///   (`find . -xattrname com.apple.metadata:com_apple_backup_excludeItem`); `.` is the
///   container itself. A line that cannot be placed in files.txt's tree, or a last line
///   without its line end, puts the flags in doubt (`FlagRecordDoubt`).
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
            files: .whole(files),
            companion: { which in
                switch which {
                case .sizes: sizes.map { .whole($0) }
                case .excluded: excluded.map { .whole($0) }
                case .xattr: nil
                }
            }, xattr: { xattr }, warnings: &warnings)
    }

    /// `read(files:sizes:excluded:xattr:warnings:)` with the lists streamed in windows
    /// (`TextRecordStream`): no list is ever held whole, and a companion is opened only
    /// when it is applied. `companion` is asked for `.sizes`, then `.excluded`; `xattr`
    /// only when there is no excluded.txt; each at most once. A list whose bytes stop
    /// coming midway makes the read throw for files.txt, and a companion be left unused
    /// with an error. A list found NUL-delimited by its walk (a NUL past the window its
    /// scan saw, `ListArtifact`) makes the read start again, its warnings dropped.
    public static func read(
        files: ListArtifact, companion: (Companion) -> ListArtifact?, xattr: () -> ArtifactBytes?,
        warnings: inout [Diagnostic]
    ) throws(Diagnostic) -> FileListInventory {
        try read(files: files, companion: companion, xattr: xattr, alongsideSizes: nil, warnings: &warnings)
    }

    /// `read(files:companion:xattr:warnings:)`, running `alongsideSizes` (when given) on
    /// the second core while sizes.txt is read: both only read the entries files.txt
    /// made, and sizes.txt's sizes are kept aside (`SizesAside`) until both are done.
    static func read(
        files: ListArtifact, companion: (Companion) -> ListArtifact?, xattr: () -> ArtifactBytes?,
        alongsideSizes: WorkAlongsideSizes?, warnings: inout [Diagnostic]
    ) throws(Diagnostic) -> FileListInventory {
        var companions: [Companion: ListArtifact?] = [:]
        func asked(_ which: Companion) -> ListArtifact? {
            if let known = companions[which] { return known }
            let list = companion(which)
            companions[which] = list
            return list
        }
        var dump: ArtifactBytes??
        func askedDump() -> ArtifactBytes? {
            if let known = dump { return known }
            let bytes = xattr()
            dump = bytes
            return bytes
        }
        // Every list asked, whether or not another changed (each changes once at most).
        func delimiterChanged() -> Bool {
            var changed = files.takeDelimiterChange()
            for case let list?? in companions.values where list.takeDelimiterChange() { changed = true }
            return changed
        }
        let mark = warnings.count
        while true {
            do {
                let read = try readOnce(files: files, companion: asked, xattr: askedDump, alongsideSizes: alongsideSizes, warnings: &warnings)
                if !delimiterChanged() { return read }
            } catch {
                if !delimiterChanged() { throw error }
            }
            warnings.removeSubrange(mark...)
        }
    }

    /// One walk of files.txt and its companions, with what is known of their delimiters.
    private static func readOnce(
        files: ListArtifact, companion: (Companion) -> ListArtifact?, xattr: () -> ArtifactBytes?,
        alongsideSizes: WorkAlongsideSizes?, warnings: inout [Diagnostic]
    ) throws(Diagnostic) -> FileListInventory {
        alongsideSizes?.discard()
        var list = PathListParser(file: files.file, decidingPrefix: true)
        defer { list.collector.finish(into: &warnings) }
        var builder = InventoryBuilder(reservingCapacity: files.estimatedCount)
        if let decided = try list.addPaths(files, to: &builder) {
            // The absolute paths together show the container elsewhere than the first one
            // did: read again, cut there (the first read's warnings are dropped).
            list = PathListParser(file: files.file, decided: decided)
            builder = InventoryBuilder(reservingCapacity: files.estimatedCount)
            _ = try list.addPaths(files, to: &builder)
        }
        // A path list records no size: a file keeps "not recorded" unless sizes.txt
        // gives it one (a 0 read as measured would pass a budget it may not).
        builder.markFileSizesNotListed()
        var used: Set<String> = []
        var sizesFile: String?
        var flagDoubts: [FlagRecordDoubt] = []
        if let sizes = companion(.sizes) {
            var companion = PathListParser(file: sizes.file, prefix: list.prefix)
            if let work = alongsideSizes, var aside = Self.sizesAside(sizes, parser: &companion, entries: builder, alongside: work) {
                aside.apply(to: &builder)
            } else {
                companion.applySizes(sizes, to: &builder)
            }
            companion.collector.finish(into: &warnings)
            if companion.readFailure == nil {
                used.insert(sizes.file)
                sizesFile = sizes.file
            }
        }
        if let excluded = companion(.excluded) {
            var companion = PathListParser(file: excluded.file, prefix: list.prefix)
            companion.listsDirectories = list.listsDirectories
            companion.applyExcludedPaths(excluded, to: &builder)
            companion.collector.finish(into: &warnings)
            if companion.readFailure == nil {
                used.insert(excluded.file)
                if let doubt = companion.flagDoubt { flagDoubts.append(doubt) }
            }
        } else if let xattr = xattr() {
            // A damaged companion costs only the flags it would have given, not the
            // whole inventory: its error joins the warnings and it is left unused.
            do {
                var skipped: [Int] = []
                let entries = try XattrDumpReader.read(xattr.bytes, file: xattr.file, warnings: &warnings, skippedLines: &skipped)
                var companion = PathListParser(file: xattr.file, prefix: list.prefix)
                companion.listsDirectories = list.listsDirectories
                for line in skipped { companion.doubt(line) }
                for entry in entries where entry.marksBackupExclusion {
                    companion.markExcluded(entry.path[...], line: entry.line, builder: &builder)
                }
                companion.noteCut(TextRecords(xattr.bytes, allowNulDelimited: false).unterminatedLastRecord, ofFlagRecord: true)
                companion.collector.finish(into: &warnings)
                used.insert(xattr.file)
                if let doubt = companion.flagDoubt { flagDoubts.append(doubt) }
            } catch {
                warnings.append(error)
            }
        }
        let prefix = list.prefix.map { String(decoding: $0, as: UTF8.self) }
        // A path list alone records no flag; excluded.txt or the dump records them all.
        builder.flagRecording = used.contains(where: { $0 != sizesFile }) ? .wholeContainer : .itemByItem
        return FileListInventory(
            inventory: builder.finish(), usedCompanions: used, strippedPrefix: prefix, listDoubt: list.listDoubt, flagDoubts: flagDoubts)
    }

    /// sizes.txt read into a `SizesAside` on this thread and `work` run on the other
    /// core, both reading the entries of `builder` through one lookup; nil (nothing read)
    /// while some entries wait to be indexed. The lookup is let go of (here, by `work`,
    /// and by the aside's `apply`) before the builder it shares arrays with is written.
    private static func sizesAside(
        _ sizes: ListArtifact, parser: inout PathListParser, entries builder: borrowing InventoryBuilder, alongside work: WorkAlongsideSizes
    ) -> SizesAside? {
        guard let lookup = builder.nameLookup else { return nil }
        var aside = SizesAside(lookup: lookup)
        _ = TwoCores.run({ parser.applySizes(sizes, to: &aside, readingAhead: false) }, { work.run(lookup) })
        return aside
    }
}

/// Work the loader runs on the second core while sizes.txt is read (steps.tsv, read
/// against the entries files.txt made: they keep their ids in the inventory).
struct WorkAlongsideSizes {
    /// Given the entries; lets go of them before it returns.
    let run: (InventoryNameLookup) -> Void
    /// Called before each walk of files.txt: what a walk that was started again (the
    /// list found NUL-delimited) had run alongside is void.
    let discard: () -> Void
}

/// Turns the lines of one artifact into container-relative paths, sharing the
/// absolute-prefix handling between files.txt and its companions.
private struct PathListParser {
    let file: String
    var collector: WarningCollector
    /// The file offset of index 0 of the window the current record is a slice of.
    private var base = 0
    /// Why the list's bytes stopped coming, when they did (its records up to there are applied).
    private(set) var readFailure: EvidenceSourceError?
    /// The container prefix (no trailing `/`) cut from absolute paths.
    var prefix: [UInt8]?
    private var warnedPrefix = false
    /// The directory part of the last path a companion named and its node: `find | sort`
    /// lists a directory's files one after another, so most lines skip the walk.
    private var lastDirectory: (path: [UInt8], node: Int) = ([], Inventory.root)
    /// The node the last companion line named: the next line most often names the next
    /// node (companions list paths in files.txt order), checked before a hash lookup.
    private var lastNode = 0
    /// Whether `lastDirectory.path` is valid UTF-8 (the root's empty path is).
    private var lastDirectoryIsValidUTF8 = true
    /// files.txt's absolute paths, from which the container is decided once all are read
    /// (nil for a companion, and for a list read again with the container decided).
    private var sharedPrefix: SharedContainerPrefix?
    /// The first absolute path's position, for the warning a doubtful container gets.
    private var firstAbsolute: (line: Int, column: Int, offset: Int)?
    /// What files.txt's records put in doubt (`InventoryListDoubt`).
    private(set) var listDoubt: InventoryListDoubt?
    /// files.txt names the container itself (`find .`, `find "$C"`), so it lists
    /// directories, empty ones too; a `find -type f` list names none. For a companion:
    /// what its files.txt did, which decides whether a path it lacks is in doubt.
    var listsDirectories = false
    /// A flag record's lines that could not be read or placed, in order, and whether its
    /// last line has no line end.
    private var doubtedLines: [Int] = []
    private var lastLineCut = false

    init(file: String, prefix: [UInt8]? = nil, decidingPrefix: Bool = false) {
        self.file = file
        collector = WarningCollector(file: file)
        self.prefix = prefix
        if decidingPrefix { sharedPrefix = SharedContainerPrefix() }
    }

    /// files.txt read again with the container its absolute paths showed; the warning
    /// that the choice was not clear, when it was not, is given again.
    init(file: String, decided: DecidedPrefix) {
        self.init(file: file, prefix: decided.prefix)
        if let note = decided.note { collector.add(note.message, line: note.line, column: note.column, offset: note.offset) }
    }

    /// The container prefix the absolute paths of a list showed, and the warning that the
    /// choice was not clear (with the position of the first absolute path).
    struct DecidedPrefix {
        var prefix: [UInt8]
        var note: (message: String, line: Int, column: Int, offset: Int)?
    }

    /// The flag record's doubt, when some line is in doubt.
    var flagDoubt: FlagRecordDoubt? {
        guard let first = doubtedLines.min() else { return nil }
        return FlagRecordDoubt(file: file, lines: Set(doubtedLines).count, firstLine: first, lastLineCut: lastLineCut)
    }

    /// A flag record's line that could not be read or placed (once per line).
    mutating func doubt(_ line: Int) {
        if doubtedLines.last != line { doubtedLines.append(line) }
    }

    /// Warns of a last record without its delimiter (`TextRecordStream.Walked`): the file
    /// may have been cut there. A flag record's flags are then in doubt; files.txt's
    /// entry and whatever followed it are (`InventoryListDoubt`).
    mutating func noteCut(_ last: (number: Int, offset: Int)?, ofFlagRecord: Bool, nulDelimited: Bool = false) {
        guard let last else { return }
        let ending = nulDelimited ? "NUL" : "line end"
        let tool = nulDelimited ? "find -print0 ends every record with one" : "the tools end every line with one"
        if ofFlagRecord {
            lastLineCut = true
            doubt(last.number)
            collector.add(
                "the last line has no \(ending) (\(tool)): the file may have been cut there, so the exclusion flags it records are in doubt",
                line: last.number, offset: last.offset)
        } else {
            listDoubt = InventoryListDoubt(
                file: file, cutAtLine: last.number, lineFeedRecords: listDoubt?.lineFeedRecords ?? 0,
                firstLineFeedRecord: listDoubt?.firstLineFeedRecord)
            collector.add(
                "the last \(nulDelimited ? "record" : "line") has no \(ending) (\(tool)): the list may have been cut there, "
                    + "so the entry it names and any listed after it are in doubt",
                line: last.number, offset: last.offset)
        }
    }

    /// A record of a NUL-delimited list that holds a line feed: a name may hold one
    /// (`find -print0`), or the file is a newline-separated list with a stray NUL, read
    /// as one record; which, is not known.
    mutating func noteLineFeed(line: Int, offset: Int, ofFlagRecord: Bool) {
        collector.add(
            "the list is NUL-delimited (it holds a NUL byte) and this record holds a line feed: a name holding one (find -print0) "
                + "cannot be told from lines of a newline-separated list with a stray NUL; "
                + (ofFlagRecord ? "the exclusion flags the file records are in doubt" : "the entry is kept, in doubt"),
            line: line, offset: offset)
        if ofFlagRecord {
            doubt(line)
        } else {
            var d = listDoubt ?? InventoryListDoubt(file: file)
            if d.lineFeedRecords == 0 { d.firstLineFeedRecord = line }
            d.lineFeedRecords += 1
            listDoubt = d
        }
    }

    /// Whether a record holds a line feed (`memchr`).
    static func holdsLineFeed(_ raw: ArraySlice<UInt8>) -> Bool {
        raw.withUnsafeBytes { b in
            guard let base = b.baseAddress, !b.isEmpty else { return false }
            return exhibit_memchr(base, 0x0A, b.count) != nil
        }
    }

    /// The file offset of a record's first byte.
    private func offset(_ record: ArraySlice<UInt8>) -> Int { base + record.startIndex }

    /// A record over `TextRecordStream.maximumRecordLength`, never held: skipped.
    private mutating func warnTooLong(line: Int, offset: Int) {
        collector.add(
            "line longer than \(TextRecordStream.maximumRecordLength >> 20) MiB; line skipped (not a path list?)", line: line, offset: offset)
    }

    /// The list's bytes stopped coming: the records up to there are applied, the
    /// failure kept (the loader records the file unreadable) and warned of.
    private mutating func stopped(_ error: EvidenceSourceError) {
        readFailure = error
        base = 0
        collector.add(error.reason, at: nil, severity: .error)
    }

    /// The container-relative form of `raw`; nil (after a warning) when unusable,
    /// or silently for the container itself.
    /// A slice of `raw` itself unless normalising had to rewrite it.
    mutating func relativePath(_ raw: ArraySlice<UInt8>, line: Int, column: Int = 1) -> ArraySlice<UInt8>? {
        var path = raw
        if ContainerPath.isAbsolute(path) {
            if sharedPrefix != nil {
                sharedPrefix?.add(path)
                if firstAbsolute == nil { firstAbsolute = (line, column, offset(raw)) }
            }
            if let p = prefix, let rest = ContainerPath.strip(prefix: p[...], from: path) {
                path = rest
            } else if let split = ContainerPath.splitAbsolute(path, deepest: sharedPrefix != nil && prefix == nil) {
                if let p = prefix, !ContainerPath.samePrefix(p[...], split.prefix) {
                    collector.add(
                        "absolute path under another container \"\(TerminalText.escape(bytes: split.prefix))\" than \"\(TerminalText.escape(bytes: p))\"; line skipped",
                        line: line, column: column, offset: offset(raw))
                    return nil
                }
                prefix = Array(split.prefix)
                path = split.rest
                // The simulator's layout names the container alone (`decidedPrefix()`):
                // the rest of the list need not be looked at for it.
                if sharedPrefix != nil, ContainerPath.showsContainerLayout(split.prefix) { sharedPrefix = nil }
            } else {
                collector.add(
                    "absolute path \"\(TerminalText.escape(bytes: raw.prefix(120)))\" outside a recognisable app container; line skipped",
                    line: line, column: column, offset: offset(raw))
                return nil
            }
            if !warnedPrefix {
                warnedPrefix = true
                collector.add(
                    "absolute paths leaked into the artifact; container prefix \"\(TerminalText.escape(bytes: (prefix ?? []).isEmpty ? [UInt8(ascii: "/")] : prefix ?? []))\" removed",
                    line: line, column: column, offset: offset(raw))
            }
        }
        guard let normalized = ContainerPath.normalized(path) else {
            // Anything else refused is the container itself (`.`, `a/..`): silently skipped.
            if ContainerPath.climbsOut(path) {
                collector.add(
                    "path \"\(TerminalText.escape(bytes: raw.prefix(120)))\" leaves the container ('..'); line skipped",
                    line: line, column: column, offset: offset(raw))
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
                line: line, column: column, offset: offset(raw))
            return nil
        }
        if !collector.isFull && !UTF8Validation.isValid(raw) {
            collector.add("path is not valid UTF-8 (kept byte for byte)", line: line, column: column, offset: offset(raw))
        }
        return normalized
    }

    /// Whether `raw` names the container itself: `.`, `./`, or (absolute) the stripped prefix.
    func namesContainer(_ raw: ArraySlice<UInt8>) -> Bool {
        guard ContainerPath.isAbsolute(raw) else { return Self.namesContainerItself(raw) }
        guard let p = prefix, let rest = ContainerPath.strip(prefix: p[...], from: raw) else { return false }
        return Self.namesContainerItself(rest)
    }

    /// The container prefix files.txt's absolute paths show (`SharedContainerPrefix`), when
    /// it is not the one they were cut with: the list is to be read again with it. When
    /// it is, the warning that the choice was not clear (if it was not) is given here.
    private mutating func decidedPrefix() -> DecidedPrefix? {
        guard let shared = sharedPrefix, let current = prefix, let first = firstAbsolute else { return nil }
        // The simulator's layout names the container whatever else the paths share.
        if ContainerPath.showsContainerLayout(current[...]) { return nil }
        guard let decision = shared.decision() else { return nil }
        let (decided, among) = (decision.prefix, decision.among)
        var note: (message: String, line: Int, column: Int, offset: Int)?
        if !among.isEmpty {
            let listed = among.map { "\"\(TerminalText.escape(bytes: $0.isEmpty ? [UInt8(ascii: "/")] : $0))\"" }.joined(separator: ", ")
            note = (
                "the absolute paths do not show which directory is the container: each of \(listed) is followed by a top-level name "
                    + "of one (Documents, Library, tmp, …); taken at the deepest, \"\(TerminalText.escape(bytes: decided))\" "
                    + "(list the container with `cd \"$C\" && find .` to say it)",
                first.line, first.column, first.offset
            )
        }
        let bothRoot = decided.allSatisfy { $0 == UInt8(ascii: "/") } && current.allSatisfy { $0 == UInt8(ascii: "/") }
        if bothRoot || ContainerPath.samePrefix(decided[...], current[...]) {
            if let note { collector.add(note.message, line: note.line, column: note.column, offset: note.offset) }
            return nil
        }
        return DecidedPrefix(prefix: decided, note: note)
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

    /// Reads files.txt into `builder`. Returns the container prefix to read it again with
    /// when its absolute paths show another container than the first one did
    /// (`decidedPrefix()`); nil once read.
    mutating func addPaths(_ list: ListArtifact, to builder: inout InventoryBuilder) throws(Diagnostic) -> DecidedPrefix? {
        // Lines that are entries (not the container's own line, not skipped).
        var usable = 0
        var containerLines = 0
        var firstLine: (line: Int, offset: Int)?
        // Known before the walk: a walk that finds a NUL late stops, and the list is read again.
        let nulDelimited = list.isNulDelimited
        var unterminated: (number: Int, offset: Int)?
        var listedDirectories: [Int: Int] = [:]
        var directories = ListedDirectoryChain()
        // Its note: the node of the directory it holds, once `directories` holds that one
        // too; a plain line it finds there needs no other lookup.
        var plainPaths = PlainPathCheck<Int>()
        do throws(EvidenceSourceError) {
            unterminated = try list.forEach { record, line, base in
                self.base = base
                guard let raw = record else {
                    if firstLine == nil { firstLine = (line, base) }
                    warnTooLong(line: line, offset: base)
                    return
                }
                if raw.isEmpty { return }
                if firstLine == nil { firstLine = (line, offset(raw)) }
                if nulDelimited && Self.holdsLineFeed(raw) { noteLineFeed(line: line, offset: offset(raw), ofFlagRecord: false) }
                if let plain = Self.plainPathStart(raw, checking: &plainPaths) {
                    // Most lines: the path is `raw` after its `./`, in normal form. Read through a
                    // pointer, as no slice of the window is made (each took a retain and a release).
                    usable += 1
                    raw.withUnsafeBufferPointer { whole in
                        let nameStart = add(
                            UnsafeBufferPointer(rebasing: whole[(plain - raw.startIndex)...]), isDirectoryLine: false, line: line, offset: offset(raw),
                            checkingUTF8: true, knownParent: plainPaths.note, directories: &directories, listedDirectories: &listedDirectories,
                            builder: &builder)
                        plainPaths.note = nameStart > 0 ? directories.lastNode : nil
                    }
                    return
                }
                // The chain moves to this line's directory, which the check does not hold.
                plainPaths.note = nil
                guard let path = relativePath(raw, line: line) else {
                    if namesContainer(raw) { containerLines += 1 }
                    return
                }
                usable += 1
                path.withUnsafeBufferPointer { path in
                    _ = add(
                        path, isDirectoryLine: raw.last == UInt8(ascii: "/"), line: line, offset: offset(raw),
                        checkingUTF8: false, directories: &directories, listedDirectories: &listedDirectories, builder: &builder)
                }
            }
        } catch {
            // files.txt is the inventory: one cut short is not used (a partial tree would
            // claim files absent that were only unread); the loader records it unreadable.
            readFailure = error
            throw Diagnostic.error(file, error.reason)
        }
        // A walk that found a NUL late is void: the list is read again, NUL-delimited.
        if list.walkStoppedAtNul { return nil }
        if let decided = decidedPrefix() { return decided }
        // A list naming nothing in the container is no evidence of an empty one (a CI step
        // that wrote nothing leaves it so; `find .` prints Documents, Library, tmp): malformed.
        if usable == 0 {
            let first = firstLine ?? (1, 0)
            let why =
                firstLine == nil
                ? "the file \(list.estimatedCount > 1 ? "holds only blank lines" : "is empty")"
                : containerLines > 0 ? "no line names an entry in the container (only the container itself, '.')" : "no line is a usable path"
            throw Diagnostic.error(
                file, at: SourcePosition(line: first.line, column: 1, byteOffset: first.offset),
                "expected container paths, one per line (find . | sort); \(why)")
        }
        noteCut(unterminated, ofFlagRecord: false, nulDelimited: nulDelimited)
        listsDirectories = containerLines > 0
        // Before the companions' lookups by path.
        builder.indexListedEntries()
        if builder.truncatedNameCount > 0 {
            collector.add("\(builder.truncatedNameCount) name(s) longer than \(InventoryBuilder.maximumNameLength) bytes were cut", at: nil)
        }
        return nil
    }

    /// Adds the entry of a files.txt line whose path is `path` (normalised: no empty
    /// component, not empty), its directories found through the last line's
    /// (`ListedDirectoryChain`); a directory line promotes it, and a repeated line is warned of.
    /// `checkingUTF8`: the line's UTF-8 warning is given here (`relativePath` gave it
    /// otherwise); only the name is checked when the directory is the last line's.
    /// `knownParent`: the node of the path's directory, known to be the one `directories` holds.
    /// Returns where the name starts in `path` (0: directly in the container).
    private mutating func add(
        _ path: UnsafeBufferPointer<UInt8>, isDirectoryLine: Bool, line: Int, offset: Int, checkingUTF8: Bool, knownParent: Int? = nil,
        directories: inout ListedDirectoryChain, listedDirectories: inout [Int: Int], builder: inout InventoryBuilder
    ) -> Int {
        let nameStart = ContainerPath.nameStart(path)
        let parent: Int
        if nameStart == 0 {
            parent = Inventory.root
        } else if let knownParent {
            parent = knownParent
        } else {
            parent = directories.node(at: UnsafeBufferPointer(rebasing: path[..<(nameStart - 1)]), builder: &builder)
        }
        let name = UnsafeBufferPointer(rebasing: path[nameStart...])
        if checkingUTF8 && !collector.isFull && !((nameStart == 0 || directories.isValidUTF8) && UTF8Validity.isWellFormed(name)) {
            collector.add("path is not valid UTF-8 (kept byte for byte)", line: line, column: 1, offset: offset)
        }
        let (id, existed) = builder.listedEntry(named: name, under: parent)
        if isDirectoryLine { builder.promoteToDirectory(id) }
        if builder.isDirectory(id) {
            // A directory line: repeated only if this exact line came before.
            if let earlier = listedDirectories[id] {
                warnDuplicate(id, earlier: earlier, line: line, offset: offset, builder: &builder)
            } else {
                listedDirectories[id] = line
            }
        } else if existed {
            warnDuplicate(id, earlier: nil, line: line, offset: offset, builder: &builder)
        }
        return nameStart
    }

    /// Where the path of `raw` starts when it needs no rewriting: relative, not `~/`, in
    /// normal form once its leading `./`s are dropped, and shallower than the depth limit
    /// (what `relativePath` would return as a slice of `raw`, with no warning but the
    /// UTF-8 one). nil for every other line, which takes `relativePath`.
    static func plainPathStart<Note>(_ raw: ArraySlice<UInt8>, checking check: inout PlainPathCheck<Note>) -> Int? {
        raw.withUnsafeBufferPointer { b -> Int? in
            // `~/…` is in normal form, but an unexpanded home directory: `relativePath` cuts it.
            guard b.first != UInt8(ascii: "~"), let path = check.plainPath(b), path.count < NcduFormat.maximumDepth,
                let start = path.baseAddress, let whole = b.baseAddress
            else { return nil }
            return raw.startIndex + (start - whole)
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

    /// `readingAhead`: false while the second core is busy (`ListArtifact.forEach`).
    mutating func applySizes(_ list: ListArtifact, to builder: inout some SizeTarget, readingAhead: Bool = true) {
        var plainPaths = PlainPathCheck<SizedDirectory>()
        do throws(EvidenceSourceError) {
            let unterminated = try list.forEach(readingAhead: readingAhead) { record, line, base in
                self.base = base
                guard let text = record else { return warnTooLong(line: line, offset: base) }
                if text.isEmpty { return }
                if text.withUnsafeBufferPointer({ applyDigitsSizeLine($0, at: text.startIndex, line: line, &plainPaths, to: &builder) }) { return }
                applySizeLine(text, line: line, &plainPaths, to: &builder)
            }
            // A size decides no flag: warned, and the files after the cut have no size (not recorded).
            if let cut = unterminated {
                collector.add(
                    "the last line has no \(list.isNulDelimited ? "NUL" : "line end"): the file may have been cut there "
                        + "(the files it would have listed after have no size recorded)",
                    line: cut.number, offset: cut.offset)
            }
        } catch {
            stopped(error)
        }
    }

    /// sizes.txt's note on the directory its plain-path check holds, once a line in it was
    /// found: the next line in it is looked up there, without comparing its bytes again.
    private struct SizedDirectory {
        var node: Int
        var isValidUTF8: Bool
    }

    /// Most lines: `size<TAB>path` with a size of digits alone and a path in normal form,
    /// read through a pointer. False, with nothing done, for any other line, which
    /// `applySizeLine` reads (and warns of). `start`: the line's index in its window.
    private mutating func applyDigitsSizeLine(
        _ text: UnsafeBufferPointer<UInt8>, at start: Int, line: Int, _ plainPaths: inout PlainPathCheck<SizedDirectory>, to builder: inout some SizeTarget
    ) -> Bool {
        // At most 19 digits (no overflow), then the TAB `find -printf '%s\t%P'` writes.
        var size: UInt64 = 0
        var i = 0
        let digitsEnd = min(text.count, 19)
        while i < digitsEnd {
            let d = text[i] &- 0x30
            if d > 9 { break }
            size = size &* 10 &+ UInt64(d)
            i += 1
        }
        guard i > 0, i < text.count, text[i] == 0x09 else { return false }
        return applySize(
            size, toPlainPath: UnsafeBufferPointer(rebasing: text[(i + 1)...]), line: line, column: i + 2, offset: base + start + i + 1, &plainPaths,
            to: &builder)
    }

    /// Gives `size` to the node at `field` when that is a path in normal form (after its
    /// `./`s), looked up in the last plain path's directory when it is in that one; false,
    /// with nothing given, for any other path, which `relativePath` reads. `column` and
    /// `offset`: the field's, for the warnings.
    private mutating func applySize(
        _ size: UInt64, toPlainPath field: UnsafeBufferPointer<UInt8>, line: Int, column: Int, offset: Int, _ plainPaths: inout PlainPathCheck<SizedDirectory>,
        to builder: inout some SizeTarget
    ) -> Bool {
        // `~/…` is in normal form, but an unexpanded home directory: `relativePath` cuts it.
        guard field.first != UInt8(ascii: "~") else { return false }
        // A path in another directory drops the note, even when it is refused below (too deep).
        guard let path = plainPaths.plainPath(field), path.count < NcduFormat.maximumDepth else { return false }
        // Not empty: a path the check passes has a name.
        let nameStart = plainPaths.nameStart
        let name = UnsafeBufferPointer(rebasing: path[nameStart...])
        let id: Int?
        let directoryIsValid: Bool
        if let known = plainPaths.note {
            id = existingNode(named: name, in: known.node, builder: &builder)
            directoryIsValid = known.isValidUTF8
        } else {
            id = existingNode(path, in: &builder)
            directoryIsValid = lastDirectoryIsValidUTF8
            // A found node's directory is the last one looked up.
            if id != nil && nameStart > 0 { plainPaths.note = SizedDirectory(node: lastDirectory.node, isValidUTF8: lastDirectoryIsValidUTF8) }
        }
        // A found node's directory is known valid or not: only its name is checked.
        if !collector.isFull && !UTF8Validity.isWellFormed(id != nil && directoryIsValid ? name : path) {
            collector.add("path is not valid UTF-8 (kept byte for byte)", line: line, column: column, offset: offset)
        }
        guard let id else {
            collector.add(
                "\"\(TerminalText.escape(bytes: Array(path.prefix(120))))\" is not in files.txt; size ignored", line: line, column: column,
                offset: offset)
            return true
        }
        builder.recordSize(id, size: size)
        return true
    }

    /// A line `applyDigitsSizeLine` does not take: any size, any path, and the warnings.
    private mutating func applySizeLine(
        _ text: ArraySlice<UInt8>, line: Int, _ plainPaths: inout PlainPathCheck<SizedDirectory>, to builder: inout some SizeTarget
    ) {
        guard let field = SizeField.parse(text) else {
            // `find -printf '%s\t%P'` prints the start directory with an empty path.
            if text.last == 0x09 || text.last == 0x20 { return }
            collector.add(
                "expected 'size<TAB>path', found \"\(TerminalText.escape(bytes: text.prefix(60)))\"; line skipped",
                line: line, offset: offset(text))
            return
        }
        let size: UInt64
        switch field.value {
        case .value(let v): size = v
        case .negative, .overflow, .notInteger:
            let why = field.value == .negative ? "is negative" : field.value == .overflow ? "does not fit in 64 bits" : "is not a whole number of bytes"
            let shown = TerminalText.escape(bytes: text[field.valueText].prefix(40))
            collector.add("size \"\(shown)\" \(why); line skipped", line: line, offset: offset(text))
            return
        }
        let column = field.pathStart - text.startIndex + 1
        if Self.namesContainerItself(text[field.pathStart...]) {
            builder.recordSize(Inventory.root, size: size)  // `find -printf '%s\t%P'` prints the start directory with an empty path
            return
        }
        let pathText = text[field.pathStart...]
        let applied = pathText.withUnsafeBufferPointer {
            applySize(size, toPlainPath: $0, line: line, column: column, offset: offset(pathText), &plainPaths, to: &builder)
        }
        if applied { return }
        guard let path = relativePath(pathText, line: line, column: column) else { return }
        guard let id = path.withUnsafeBufferPointer({ existingNode($0, in: &builder) }) else {
            collector.add(
                "\"\(TerminalText.escape(bytes: Array(path.prefix(120))))\" is not in files.txt; size ignored", line: line, column: column,
                offset: offset(pathText))
            return
        }
        builder.recordSize(id, size: size)
    }

    /// `builder.existingNode(atPath:)`, remembering the directory part and the node for
    /// the next line (only while the builder does not change).
    /// `builder` is `inout` only so it is not copied (a retain of each of its arrays) per line.
    private mutating func existingNode(_ path: UnsafeBufferPointer<UInt8>, in builder: inout some SizeTarget) -> Int? {
        let nameStart = ContainerPath.nameStart(path)
        var directory = Inventory.root
        if nameStart > 0 {
            let directoryPath = UnsafeBufferPointer(rebasing: path[..<(nameStart - 1)])
            if ByteCompare.equal(directoryPath, lastDirectory.path) {
                directory = lastDirectory.node
            } else {
                guard let found = builder.existingNode(atPath: directoryPath, under: Inventory.root) else { return nil }
                lastDirectory.path.removeAll(keepingCapacity: true)
                lastDirectory.path.append(contentsOf: directoryPath)
                lastDirectory.node = found
                lastDirectoryIsValidUTF8 = UTF8Validity.isWellFormed(directoryPath)
                directory = found
            }
        }
        return existingNode(named: UnsafeBufferPointer(rebasing: path[nameStart...]), in: directory, builder: &builder)
    }

    /// The child of `directory` called `name` (no `/`): most often the node after the
    /// last one found.
    private mutating func existingNode(named name: UnsafeBufferPointer<UInt8>, in directory: Int, builder: inout some SizeTarget) -> Int? {
        if builder.isFirstChild(lastNode + 1, of: directory, named: UnsafeRawBufferPointer(name)) {
            lastNode += 1
            return lastNode
        }
        guard let found = builder.existingNode(atPath: name, under: directory) else { return nil }
        lastNode = found
        return found
    }

    // MARK: excluded.txt and xattr.txt

    mutating func applyExcludedPaths(_ list: ListArtifact, to builder: inout InventoryBuilder) {
        let nulDelimited = list.isNulDelimited
        do throws(EvidenceSourceError) {
            let unterminated = try list.forEach { record, line, base in
                self.base = base
                guard let raw = record else {
                    doubt(line)
                    return warnTooLong(line: line, offset: base)
                }
                if raw.isEmpty { return }
                if nulDelimited && Self.holdsLineFeed(raw) { noteLineFeed(line: line, offset: offset(raw), ofFlagRecord: true) }
                markExcluded(raw, line: line, builder: &builder)
            }
            noteCut(unterminated, ofFlagRecord: true, nulDelimited: nulDelimited)
        } catch {
            stopped(error)
        }
    }

    /// Sets the own flag on the node at `raw`; `.` (or the stripped prefix) is the
    /// container itself, whose flag covers everything in it. A path missing from
    /// files.txt is added as an empty directory, with a warning: beside a `find -type f`
    /// list it is most likely an empty excluded directory, which such a list never names;
    /// beside a list of directories (`find .`) it cannot be one, so it is a name cut or
    /// split on its way and the line is in doubt, as is one that cannot be placed at all.
    mutating func markExcluded(_ raw: ArraySlice<UInt8>, line: Int, builder: inout InventoryBuilder) {
        if namesContainer(raw) {
            builder.setExcluded(Inventory.root)
            return
        }
        guard let path = relativePath(raw, line: line) else {
            // Warned (it leaves the container, or lies outside it).
            doubt(line)
            return
        }
        if let id = builder.existingNode(atPath: path) {
            builder.setExcluded(id)
            return
        }
        // getfattr prints an absolute operand without its leading `/`, and paths relative
        // to the directory it was run in: cut before the first name that sits in a container.
        if let prefix, prefix.first == UInt8(ascii: "/"), let rest = ContainerPath.strip(prefix: prefix.dropFirst(), from: path) {
            if Self.namesContainerItself(rest) {
                builder.setExcluded(Inventory.root)
                return
            }
            if let id = builder.existingNode(atPath: rest) {
                builder.setExcluded(id)
                return
            }
        }
        // Only for a path that does not start in the container: `Documents/Archive/Library`
        // (an empty folder `find -type f` left out) is the container's own path, and cut
        // at its `Library` it would flag all of Library.
        if builder.existingNode(atPath: path.prefix { $0 != UInt8(ascii: "/") }) == nil,
            let split = ContainerPath.splitAbsolute([UInt8(ascii: "/")] + path), let id = builder.existingNode(atPath: split.rest)
        {
            builder.setExcluded(id)
            return
        }
        if listsDirectories { doubt(line) }
        let components = path.split(separator: UInt8(ascii: "/"))
        var cur = Inventory.root
        for component in components { cur = builder.listedDirectory(named: component, under: cur) }
        // Indexed at once: the next line's lookup by path would search them one by one.
        builder.indexListedEntries()
        builder.setExcluded(cur)
        let why =
            listsDirectories
            ? "and the exclusion flags this file records are in doubt (files.txt lists directories, so this is no empty one: a name "
                + "cut or split on its way)"
            : "taken for an empty excluded directory, which a `find -type f` list never names"
        collector.add(
            "\"\(TerminalText.escape(bytes: path.prefix(120)))\" is excluded but not in files.txt; added as an empty directory, " + why,
            line: line, offset: offset(raw))
    }
}
