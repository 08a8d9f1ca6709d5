import CBytes

/// Reads `container/inventory.json`, an ncdu JSON export
/// (`[1, minor, {metadata}, [rootinfo, children…]]`, as `ncdu -o`, `gdu -o` and
/// `exhibit` write it), streaming over `JSONScanner` straight into an
/// `InventoryBuilder`: no `JSONValue` per entry, an explicit directory stack instead
/// of recursion.
///
/// Keys read: `name`, `asize`, `dsize`, `read_error`, `excluded`, `notreg`, `dev`,
/// `ino`, `hlnkc`, and the extensions `x_backup_excluded` and `x_step` (`NcduFormat`).
/// Times: ncdu's `mtime` and exhibit's `x_btime` (birth), into `Document.times`.
/// Skipped: `nlink`, `uid`, `gid`, `mode` and any unknown key, nested values
/// included. The root's name (the scanned path, absolute) is dropped: node 0 has an
/// empty name.
///
/// What counts: an entry marked `notreg` (symlink, FIFO, socket) or `excluded` by the
/// scan is kept and shown but is not a file (`Inventory.countsAsFile`). A hard link
/// counts its bytes once: ncdu marks every link `hlnkc` with its `ino` (`dev` is
/// inherited from the nearest item that gives one), and later links to a (dev, ino)
/// already seen are `markHardLinkRepeat`; gdu marks only the later links, so there
/// `hlnkc` alone is the repeat.
///
/// Errors (thrown): not an ncdu export, major version other than 1, malformed JSON (a
/// number with a leading zero included), an item without `name`, nesting deeper than
/// `NcduFormat.maximumDepth`. Warnings: an `asize` that is no whole number of bytes
/// (negative, fractional, past 64 bits, another type) or given twice with different
/// values leaves the entry's size not recorded (`Inventory.isSizeUnrecorded`), never 0;
/// such a `dsize` leaves the disk size 0, which is "not recorded" for disk sizes; other
/// values of the wrong type are ignored; unusable names (empty, `.`, `..`, holding `/`
/// or a NUL byte, or a second `"name"` in one item), and names listed twice in one
/// directory: both entries are kept, the later one marked duplicate.
public enum NcduInventoryReader: EvidenceReader {
    /// What the export says about itself besides the tree.
    public struct Document: Sendable {
        public var inventory: Inventory
        /// The root item's name: the path that was scanned (bytes as written).
        public var rootName: [UInt8]
        public var minorVersion: UInt64?
        public var programName: String?
        public var programVersion: String?
        public var timestamp: Double?
        /// The metadata says every item's backup-exclusion flag was read
        /// (`"x_backup_flags":"complete"`).
        public var recordsAllFlags = false
        /// ncdu's own `mtime` (written with `-e`) and exhibit's `x_btime` per item, both
        /// seconds since 1970; nil when no item carries either.
        public var times: FileTimes?
    }

    public static func read(_ bytes: [UInt8], file: String, warnings: inout [Diagnostic]) throws(Diagnostic) -> Inventory {
        try readDocument(bytes, file: file, warnings: &warnings).inventory
    }

    /// How many threads a read uses (`NcduEntryPipeline.swift`): `automatic` is two from
    /// `twoThreadsFrom` bytes of export on, where a thread is worth starting.
    enum Threads: Sendable {
        case automatic, one, two
        static let twoThreadsFrom = 1 << 20

        func pipelined(sizeHint: Int?) -> Bool {
            switch self {
            case .automatic: (sizeHint ?? 0) >= Self.twoThreadsFrom
            case .one: false
            case .two: true
            }
        }
    }

    public static func readDocument(_ bytes: [UInt8], file: String, warnings: inout [Diagnostic]) throws(Diagnostic) -> Document {
        try readDocument(bytes, file: file, threads: .automatic, warnings: &warnings)
    }

    static func readDocument(_ bytes: [UInt8], file: String, threads: Threads, warnings: inout [Diagnostic]) throws(Diagnostic) -> Document {
        var parser = NcduParser(scanner: JSONScanner(bytes, file: file), sizeHint: bytes.count, threads: threads)
        defer { parser.warnings.finish(into: &warnings) }
        return try parser.parseDocument()
    }

    /// Reads the export as it streams in, `chunkSize` bytes at a time, so the file is
    /// never held whole beside the inventory (the same result and diagnostics as
    /// `read(_:file:warnings:)` over its bytes). A read failure part way is thrown as a
    /// diagnostic positioned where the reading stopped.
    public static func read(
        stream: any EvidenceStream, file: String, chunkSize: Int = JSONScanner.defaultChunkSize,
        warnings: inout [Diagnostic]
    ) throws(Diagnostic) -> Inventory {
        try readDocument(stream: stream, file: file, chunkSize: chunkSize, warnings: &warnings).inventory
    }

    /// `progress` is told the number of entries read every `NcduParser.progressEvery`.
    public static func readDocument(
        stream: any EvidenceStream, file: String, chunkSize: Int = JSONScanner.defaultChunkSize,
        progress: LoadObserver? = nil, warnings: inout [Diagnostic]
    ) throws(Diagnostic) -> Document {
        try readDocument(stream: stream, file: file, chunkSize: chunkSize, progress: progress, threads: .automatic, warnings: &warnings)
    }

    static func readDocument(
        stream: any EvidenceStream, file: String, chunkSize: Int = JSONScanner.defaultChunkSize,
        progress: LoadObserver? = nil, threads: Threads, warnings: inout [Diagnostic]
    ) throws(Diagnostic) -> Document {
        var parser = NcduParser(
            scanner: JSONScanner(stream: stream, file: file, chunkSize: chunkSize), sizeHint: stream.sizeHint, threads: threads)
        parser.progress = progress
        defer { parser.warnings.finish(into: &warnings) }
        do {
            return try parser.parseDocument()
        } catch {
            if let failure = parser.s.streamFailure {
                throw Diagnostic.error(
                    file, at: parser.s.position(at: parser.s.bytes.count),
                    "could not be read to the end: \(failure.reason)")
            }
            throw error
        }
    }
}

/// The state of one streaming read.
private struct NcduParser {
    var s: JSONScanner
    /// The builder, with what it finds; on the build thread while the tree is read two-threaded.
    var applier: NcduEntryApplier
    /// Entries read and not yet handed to the applier.
    var batch = NcduEntryBatch()
    var buildThread: NcduBuildThread?
    let pipelined: Bool
    /// The node id the next entry gets (the builder numbers entries in the order they are added).
    var nextID = 1
    /// The node id of the item being read, for `WarningOrder`.
    var readingID = 0
    var warnings: WarningCollector
    /// `WarningOrder` keys of `warnings.kept` until the applier's warnings are merged in.
    var warningKeys: [UInt64] = []
    var keyingWarnings = true
    /// Steps interned by the parser, in the order the builder gets them when the tree is
    /// read: the ids are the builder's, as it numbers steps in the order first seen.
    var steps = Interner<String>()
    var lastStep: [UInt8] = []
    var lastStepID: Int32 = -1
    /// The hard-link keys of the item just read (`dev`, `ino`, `hlnkc`).
    var itemDevice: UInt64?
    var itemInode: UInt64?
    var itemIsHardLink = false
    /// gdu writes `hlnkc` only on the links after the first.
    var hardLinkMarksRepeatsOnly = false
    /// The item just read's `mtime` and `x_btime`.
    var itemModified: Double?
    var itemBirth: Double?
    /// What makes the name of the item just read unusable besides its bytes
    /// (`NcduEntryBatch.Entry.nameFlaws`): a NUL read through an escape, a second `"name"`.
    var itemNameFlaws: UInt8 = 0
    /// Items that carried a time, with it (NaN: not given): most exports carry none, so
    /// nothing is kept per item until one does.
    var timedNodes: [(node: Int, birth: Double, modified: Double)] = []
    /// (dev, ino) of the hard links seen so far.
    var seenLinks: Set<HardLinkKey> = []
    /// Told the entry count once per `progressEvery` entries (a power of two minus one, as a mask).
    var progress: LoadObserver?
    static let progressEvery = 0x3FFF

    struct HardLinkKey: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    init(scanner: JSONScanner, sizeHint: Int?, threads: NcduInventoryReader.Threads) {
        s = scanner
        var builder = InventoryBuilder(
            reservingCapacity: NcduFormat.entryCapacity(forFileSize: sizeHint),
            nameBytes: NcduFormat.nameCapacity(forFileSize: sizeHint))
        // Known only if the metadata says so, or item by item.
        builder.flagRecording = .itemByItem
        applier = NcduEntryApplier(builder: builder, file: scanner.file)
        pipelined = threads.pipelined(sizeHint: sizeHint)
        warnings = WarningCollector(file: scanner.file)
    }

    /// `offset`: absolute, as `s.offset` gives it.
    mutating func warn(_ message: String, at offset: Int) {
        if keyingWarnings && !warnings.isFull { warningKeys.append(WarningOrder.key(id: readingID, phase: WarningOrder.parsing)) }
        warnings.add(message, at: warnings.isFull ? nil : s.trackedPosition(of: offset))
    }

    mutating func internStep(_ step: String) -> Int32 { steps.id(for: step) }

    // MARK: - Entries to the builder

    /// From here on, entries go to the applier in batches, on a thread of its own when the
    /// read is pipelined.
    mutating func beginEntries() {
        batch.reset(firstID: nextID)
        guard pipelined else { return }
        var taken = NcduEntryApplier(builder: InventoryBuilder(), file: s.file)
        swap(&taken, &applier)
        buildThread = NcduBuildThread(taken)
    }

    mutating func flushBatch() {
        guard !batch.entries.isEmpty else { return }
        if let buildThread {
            var full = NcduEntryBatch()
            swap(&full, &batch)
            batch = buildThread.submit(full, nextID: nextID)
        } else {
            applier.apply(batch)
            batch.reset(firstID: nextID)
        }
    }

    /// Every entry read so far applied, the applier's warnings merged into the parser's,
    /// and the steps handed to the builder. Also after a failure part way, so the entries
    /// before it are warned of as a read on one thread warns of them.
    mutating func finishEntries() {
        flushBatch()
        if let buildThread {
            applier = buildThread.finish()
            self.buildThread = nil
        }
        warnings = WarningOrder.merged(warnings, keys: warningKeys, applier.warnings, keys: applier.keys)
        warningKeys = []
        keyingWarnings = false
        for step in steps.values { _ = applier.builder.internStep(step) }
    }

    mutating func parseDocument() throws(Diagnostic) -> NcduInventoryReader.Document {
        guard s.peek() != nil else { throw s.failure("an ncdu JSON export ('[1, 2, {…}, [ … ]]'); the file is empty") }
        try s.expect(UInt8(ascii: "["), "'[' opening an ncdu JSON export")
        guard let first = s.peek(), first == UInt8(ascii: "-") || (0x30...0x39).contains(first) else {
            throw s.failure("the major format version 1 as the first element")
        }
        let (major, range) = try s.readUnsignedLiteral()
        guard major == .value(UInt64(NcduFormat.majorVersion)) else {
            throw Diagnostic.error(
                s.file, at: s.position(at: range.lowerBound),
                "incompatible major format version \(String(decoding: s.bytes[range], as: UTF8.self)); ncdu exports have major version 1")
        }
        try s.expect(UInt8(ascii: ","), "',' after the major version")
        var minor: UInt64?
        if case .value(let v) = try s.readUnsignedLiteral().literal { minor = v }
        try s.expect(UInt8(ascii: ","), "',' after the minor version")
        var doc = try parseMetadata()
        doc.minorVersion = minor
        hardLinkMarksRepeatsOnly = doc.programName == "gdu"
        applier.builder.flagRecording = doc.recordsAllFlags ? .claimedComplete : .itemByItem
        try s.expect(UInt8(ascii: ","), "',' before the root directory")
        guard s.peek() == UInt8(ascii: "[") else {
            throw s.failure("the root directory as an array ('[' then its info object and children)")
        }
        s.index += 1
        try parseInfo(into: Inventory.root, isDirectory: true)
        doc.rootName = Array(batch.names[batch.pendingNameStart...])
        beginEntries()
        do {
            try parseTree(rootDevice: itemDevice ?? 0)
        } catch {
            finishEntries()
            throw error
        }
        finishEntries()
        // Later format versions may append elements; skip them, but say so: ncdu drops
        // them without a word, and items written there are not in the tree.
        var skipped = 0
        while s.consume(UInt8(ascii: ",")) {
            _ = s.peek()
            if skipped == 0 { warn("elements after the root directory are not part of the tree; ignored", at: s.offset) }
            skipped += 1
            try s.skipValue()
        }
        if skipped > 1 { warnings.add("\(skipped) elements after the root directory were ignored", at: nil) }
        try s.expect(UInt8(ascii: "]"), "']' closing the export after the root directory")
        if s.peek() != nil { throw s.failure("end of file after the export") }
        let truncated = applier.builder.truncatedNameCount
        doc.inventory = applier.builder.finish()
        if !timedNodes.isEmpty {
            var times = FileTimes(count: doc.inventory.count)
            for t in timedNodes { times.set(t.node, birth: t.birth.isNaN ? nil : t.birth, modification: t.modified.isNaN ? nil : t.modified) }
            doc.times = times
        }
        if truncated > 0 {
            warnings.add("\(truncated) name(s) longer than \(InventoryBuilder.maximumNameLength) bytes were cut", at: nil)
        }
        return doc
    }

    /// The metadata object; importers ignore it, so a wrong shape is only a warning.
    mutating func parseMetadata() throws(Diagnostic) -> NcduInventoryReader.Document {
        var doc = NcduInventoryReader.Document(inventory: InventoryBuilder().build(), rootName: [])
        guard s.peek() == UInt8(ascii: "{") else {
            warn("expected the metadata object ('{\"progname\":…}')", at: s.offset)
            try s.skipValue()
            return doc
        }
        s.index += 1
        if s.consume(UInt8(ascii: "}")) { return doc }
        repeat {
            let key = try s.readString()
            try s.expect(UInt8(ascii: ":"), "':' after the key \"\(key)\"")
            switch (key, s.peek()) {
            case ("progname", UInt8(ascii: "\"")): doc.programName = try s.readString()
            case ("progver", UInt8(ascii: "\"")): doc.programVersion = try s.readString()
            case (NcduFormat.backupFlagsKey, UInt8(ascii: "\"")):
                let at = s.offset
                let value = try s.readString()
                doc.recordsAllFlags = value == NcduFormat.backupFlagsComplete
                if !doc.recordsAllFlags {
                    warn(
                        "unknown \"\(NcduFormat.backupFlagsKey)\" value \"\(TerminalText.escape(value))\"; flags are known only where items carry \"\(NcduFormat.backupExcludedKey)\"",
                        at: at)
                }
            case ("timestamp", _) where s.peek().map({ (0x30...0x39).contains($0) }) ?? false:
                // Read first: the window may move while the number is read.
                let range = try s.readNumberRange()
                doc.timestamp = s.doubleValue(of: range)
            default: try s.skipValue()
            }
        } while s.consume(UInt8(ascii: ","))
        try s.expect(UInt8(ascii: "}"), "',' or '}' in the metadata object")
        return doc
    }

    /// Reads items until the root directory's closing ']'.
    /// Reads items until the root directory's closing ']'. Beside each open directory,
    /// its device (ncdu writes `dev` only where it changes).
    mutating func parseTree(rootDevice: UInt64) throws(Diagnostic) {
        var stack: [Int] = [Inventory.root]
        var devices: [UInt64] = [rootDevice]
        stack.reserveCapacity(64)
        devices.reserveCapacity(64)
        while !stack.isEmpty {
            if s.consume(UInt8(ascii: ",")) {
                switch s.peek() {
                case UInt8(ascii: "["):
                    guard stack.count < NcduFormat.maximumDepth else {
                        throw s.failure("directory nesting no deeper than \(NcduFormat.maximumDepth) levels")
                    }
                    s.index += 1
                    stack.append(try parseInfo(parent: stack[stack.count - 1], isDirectory: true, device: devices[devices.count - 1]))
                    devices.append(itemDevice ?? devices[devices.count - 1])
                case UInt8(ascii: "{"):
                    _ = try parseInfo(parent: stack[stack.count - 1], isDirectory: false, device: devices[devices.count - 1])
                default:
                    throw s.failure("a child item: '{' for a file or '[' for a directory")
                }
            } else if s.consume(UInt8(ascii: "]")) {
                stack.removeLast()
                devices.removeLast()
            } else {
                throw s.failure("',' or ']' after an item of a directory")
            }
        }
    }

    /// A file marked `hlnkc`: whether its bytes were counted already, by an earlier link
    /// to the same (dev, ino).
    mutating func isHardLinkRepeat(device: UInt64) -> Bool {
        if hardLinkMarksRepeatsOnly { return true }
        guard let inode = itemInode else { return false }  // no inode: nothing to match it with
        return !seenLinks.insert(HardLinkKey(device: device, inode: inode)).inserted
    }

    /// Reads one info object and adds it under `parent` (its duplicate and unusable-name
    /// warnings are the applier's); returns the new node. `device`: the parent's.
    mutating func parseInfo(parent: Int, isDirectory: Bool, device: UInt64) throws(Diagnostic) -> Int {
        s.skipWhitespace()
        let start = s.offset
        let id = nextID
        readingID = id
        // The window holding the start, kept before reading the item may move it on.
        batch.keepWindow(of: s)
        let attributes = try parseAttributes(isDirectory: isDirectory)
        nextID += 1
        let repeatLink = !isDirectory && itemIsHardLink && isHardLinkRepeat(device: itemDevice ?? device)
        batch.append(
            parent: parent, isDirectory: isDirectory, isHardLinkRepeat: repeatLink, attributes, start: start, nameFlaws: itemNameFlaws)
        if batch.isFull { flushBatch() }
        if id & Self.progressEvery == 0, let progress { progress.entriesRead(id) }
        recordTimes(id)
        return id
    }

    /// Reads the root's info object into node 0.
    mutating func parseInfo(into id: Int, isDirectory: Bool) throws(Diagnostic) {
        applier.builder.setAttributes(id, try parseAttributes(isDirectory: isDirectory))
        recordTimes(id)
    }

    mutating func recordTimes(_ id: Int) {
        guard itemModified != nil || itemBirth != nil else { return }
        timedNodes.append((id, itemBirth ?? .nan, itemModified ?? .nan))
    }

    /// `mtime` (ncdu writes whole seconds) or `x_btime` (seconds with a fraction); a
    /// value that is not a positive number is warned and ignored. Zero is "not recorded".
    mutating func readTime(_ key: String) throws(Diagnostic) -> Double? {
        guard let b = s.peek(), b == UInt8(ascii: "-") || (0x30...0x39).contains(b) else {
            warn("expected a number of seconds for \"\(key)\"; ignored", at: s.offset)
            try s.skipValue()
            return nil
        }
        let at = s.offset
        let range = try s.readNumberRange()
        guard let value = s.doubleValue(of: range), value.isFinite, value.magnitude < 1e12 else {
            warn("\"\(key)\" is not a usable number of seconds; ignored", at: at)
            return nil
        }
        return value > 0 ? value : nil
    }

    mutating func parseAttributes(isDirectory: Bool) throws(Diagnostic) -> InventoryBuilder.EntryAttributes {
        guard s.peek() == UInt8(ascii: "{") else {
            throw s.failure(isDirectory ? "the directory's info object '{' after '['" : "an info object '{'")
        }
        // The item's start is named by warnings made after it is read.
        let start = s.offset
        s.keepPosition(of: start)
        s.index += 1
        var a = InventoryBuilder.EntryAttributes()
        var hasName = false
        var hasSize = false
        var hasDiskSize = false
        itemDevice = nil
        itemInode = nil
        itemIsHardLink = false
        itemModified = nil
        itemBirth = nil
        itemNameFlaws = 0
        if !s.consume(UInt8(ascii: "}")) {
            repeat {
                let key: NcduKey
                if let fast = s.readNcduKeyAndColon() {
                    key = fast
                } else {
                    if let r = s.readUnescapedStringRange() {
                        key = s.bytes.withUnsafeBufferPointer { NcduKey(UnsafeBufferPointer(rebasing: $0[r])) }
                    } else {
                        key = try s.readStringBytes().withUnsafeBufferPointer { NcduKey($0) }
                    }
                    try s.expect(UInt8(ascii: ":"), "':' after an object key")
                }
                switch key {
                case .name:
                    if hasName {
                        try readSecondName()
                    } else {
                        // Read straight into the batch: copying each name through a buffer
                        // of its own was 5 % of the parser.
                        batch.dropPendingName()
                        if !s.readPlainString(appendingTo: &batch.names) {
                            guard s.peek() == UInt8(ascii: "\"") else { throw s.failure("a string for \"name\"") }
                            // Only a name with an escape comes here: a NUL (`\u0000`) cannot
                            // be written raw, so the fast path never reads one.
                            let start = batch.names.count
                            try s.appendStringBytes(to: &batch.names)
                            if batch.names[start...].contains(0) { itemNameFlaws |= NcduEntryBatch.nameHasNUL }
                        }
                        hasName = true
                    }
                case .asize:
                    // The usual size inline; anything else, or a second one, the general way.
                    if !hasSize, let size = s.readShortUnsigned() {
                        a.size = size
                    } else {
                        let size =
                            hasSize
                            ? try readSizeAgain("asize", what: "size", earlier: a.sizeUnrecorded ? nil : a.size)
                            : try readSize("asize", what: "size")
                        a.size = size ?? 0
                        a.sizeUnrecorded = size == nil
                    }
                    hasSize = true
                case .dsize:
                    if !hasDiskSize, let size = s.readShortUnsigned() {
                        a.diskSize = size
                    } else {
                        let size =
                            hasDiskSize
                            ? try readSizeAgain("dsize", what: "disk size", earlier: a.diskSize) : try readSize("dsize", what: "disk size")
                        a.diskSize = size ?? 0
                    }
                    hasDiskSize = true
                case .readError: a.readError = try readBool("read_error")
                case .notreg: a.notRegular = try readBool("notreg")
                case .backupExcluded: try readBackupExcluded(&a)
                case .excluded: try readScanExclusion(&a)
                case .step: a.stepID = try readStep()
                case .dev: itemDevice = try readIdentifier("dev")
                case .ino: itemInode = try readIdentifier("ino")
                case .hlnkc: itemIsHardLink = try readBool("hlnkc")
                case .mtime: itemModified = try readTime("mtime")
                case .birthTime: itemBirth = try readTime(NcduFormat.birthTimeKey)
                case .other:
                    try s.skipValue(depthLimit: 64)
                }
            } while s.consume(UInt8(ascii: ","))
            try s.expect(UInt8(ascii: "}"), "',' or '}' in an info object")
        }
        guard hasName else { throw Diagnostic.error(s.file, at: s.position(of: start), "expected a \"name\" key in the info object") }
        return a
    }

    /// `asize` or `dsize`: a whole number of bytes. Anything else (another type, a
    /// negative, fractional or exponent number, one past 64 bits) is no size: nil, warned
    /// with what was expected, and the caller leaves the size not recorded (`what`: which
    /// size, for the warning), never a measured 0.
    mutating func readSize(_ key: String, what: String) throws(Diagnostic) -> UInt64? {
        if let v = s.readShortUnsigned() { return v }
        func expected() -> String { "expected a whole number of bytes (an unsigned integer of at most 64 bits); the entry's \(what) is not recorded" }
        guard let b = s.peek(), b == UInt8(ascii: "-") || (0x30...0x39).contains(b) else {
            // At the end of the file the error that follows says it all.
            if let b = s.peek() { warn("\"\(key)\" is \(Self.valueType(b)); \(expected())", at: s.offset) }
            try s.skipValue()
            return nil
        }
        let (literal, range) = try s.readUnsignedLiteral()
        if case .value(let v) = literal { return v }
        let at = s.windowStart + range.lowerBound
        // A number's text is ASCII digits, signs, '.' and 'e': shown as it is.
        let text = String(decoding: s.bytes[range].prefix(40), as: UTF8.self) + (range.count > 40 ? "…" : "")
        switch literal {
        case .value: break
        case .negative: warn("\"\(key)\" \(text) is negative; \(expected())", at: at)
        case .fractional: warn("\"\(key)\" \(text) is not a whole number; \(expected())", at: at)
        case .overflow: warn("\"\(key)\" \(text) does not fit in 64 bits; \(expected())", at: at)
        }
        return nil
    }

    /// A second `asize` or `dsize` in one item: `earlier` is what the first gave (nil if it
    /// was unusable). A value that differs is nil, warned: JSON readers differ in which of
    /// two equal keys they take, so neither is the size.
    mutating func readSizeAgain(_ key: String, what: String, earlier: UInt64?) throws(Diagnostic) -> UInt64? {
        s.skipWhitespace()
        let at = s.offset
        let value = try readSize(key, what: what)
        guard value == earlier else {
            warn(
                "\"\(key)\" given twice in one item with different values; JSON readers differ in which they take, so the entry's \(what) is not recorded",
                at: at)
            return nil
        }
        return value
    }

    /// What a JSON value starting with `b` is, for a warning: "a string", "null", ...
    static func valueType(_ b: UInt8) -> String {
        switch b {
        case UInt8(ascii: "\""): "a string"
        case UInt8(ascii: "{"): "an object"
        case UInt8(ascii: "["): "an array"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): "a boolean"
        case UInt8(ascii: "n"): "null"
        default: "not a JSON value"
        }
    }

    /// A second `"name"` in one info object. JSON leaves open which of two equal keys
    /// counts, and parsers differ (the first, the last, an error): the item could be
    /// either name, so where it and what it holds lie is not known. It keeps the first
    /// name and counts as an unusable name (`NcduEntryApplier`), as a name holding `/`
    /// does; warned here, with both names.
    mutating func readSecondName() throws(Diagnostic) {
        guard s.peek() == UInt8(ascii: "\"") else { throw s.failure("a string for \"name\"") }
        let at = s.offset
        let second = try s.readStringBytes()
        let first = batch.names[batch.pendingNameStart...]
        if itemNameFlaws & NcduEntryBatch.nameGivenTwice == 0 {
            warn(
                "\"name\" given twice in one item (\"\(TerminalText.escape(bytes: first.prefix(200)))\" and \"\(TerminalText.escape(bytes: second.prefix(200)))\"); "
                    + "JSON readers differ in which they take, so the item's name is unusable: kept as the first",
                at: at)
        }
        itemNameFlaws |= NcduEntryBatch.nameGivenTwice
    }

    /// `dev` or `ino`: an unsigned number; anything else is ignored with a warning.
    mutating func readIdentifier(_ key: String) throws(Diagnostic) -> UInt64? {
        guard let b = s.peek(), (0x30...0x39).contains(b) else {
            warn("expected an unsigned integer for \"\(key)\"; ignored", at: s.offset)
            try s.skipValue()
            return nil
        }
        let (literal, _) = try s.readUnsignedLiteral()
        if case .value(let v) = literal { return v }
        warn("\"\(key)\" is not an unsigned 64-bit integer; ignored", at: s.offset)
        return nil
    }

    mutating func readBool(_ key: String) throws(Diagnostic) -> Bool {
        switch s.peek() {
        case UInt8(ascii: "t"):
            try s.expectLiteral("true")
            return true
        case UInt8(ascii: "f"):
            try s.expectLiteral("false")
            return false
        default:
            warn("expected true or false for \"\(key)\"; ignored", at: s.offset)
            try s.skipValue()
            return false
        }
    }

    /// `x_backup_excluded`: recorded only by a real boolean. `null` is how a collector
    /// writes a flag it could not read; it, a value of another type, or a second value
    /// that disagrees with the first, leaves the flag unknown (warned): read as "not
    /// excluded", it would let a `"complete"` inventory pass a must-restore file nobody
    /// recorded, and last-wins would let a crafted second key decide.
    mutating func readBackupExcluded(_ a: inout InventoryBuilder.EntryAttributes) throws(Diagnostic) {
        let key = NcduFormat.backupExcludedKey
        let at = s.offset
        let seenBefore = a.flagRecorded || a.flagRecordUnusable
        if s.peek() == UInt8(ascii: "n") {
            try s.expectLiteral("null")
            warn("\"\(key)\":null: the collector could not read this item's backup-exclusion flag; the item's flag is unknown", at: at)
            // After another value of the key, null is one of two that disagree.
            a.markFlagRecordUnusable(collectorCouldNotRead: !seenBefore)
            return
        }
        guard s.peek() == UInt8(ascii: "t") || s.peek() == UInt8(ascii: "f") else {
            warn("expected true or false for \"\(key)\"; the item's flag is unknown", at: at)
            try s.skipValue()
            a.markFlagRecordUnusable()
            return
        }
        let value = try readBool(key)
        if !seenBefore {
            a.flagRecorded = true
            a.excluded = value
        } else if a.flagRecordUnusable || value != a.excluded {
            warn("\"\(key)\" given twice in one item with different values; the item's flag is unknown", at: at)
            a.markFlagRecordUnusable()
        }
    }

    mutating func readScanExclusion(_ a: inout InventoryBuilder.EntryAttributes) throws(Diagnostic) {
        guard s.peek() == UInt8(ascii: "\"") else {
            warn("expected a string for \"excluded\"; ignored", at: s.offset)
            try s.skipValue()
            return
        }
        let at = s.offset
        let value = try s.readStringBytes()
        let (exclusion, known) = NcduFormat.scanExclusion(fromValue: value)
        if !known { warn("unknown \"excluded\" value \"\(TerminalText.escape(bytes: value))\"; read as \"pattern\", as ncdu does", at: at) }
        a.scanExclusion = exclusion
    }

    /// Steps repeat from entry to entry, so the last one is cached as bytes.
    mutating func readStep() throws(Diagnostic) -> Int32 {
        if lastStepID >= 0 && s.consumePlainString(equalTo: lastStep) { return lastStepID }
        guard s.peek() == UInt8(ascii: "\"") else {
            warn("expected a string for \"\(NcduFormat.stepKey)\"; ignored", at: s.offset)
            try s.skipValue()
            return -1
        }
        // Only a step read without escapes is kept for the fast path, which compares raw bytes.
        if let r = s.readUnescapedStringRange() {
            lastStep = Array(s.bytes[r])
            lastStepID = internStep(String(decoding: lastStep, as: UTF8.self))
            return lastStepID
        }
        let value = try s.readStringBytes()
        lastStepID = -1
        return internStep(String(decoding: value, as: UTF8.self))
    }
}

/// The keys the reader acts on, recognised without making a String.
private enum NcduKey {
    case name, asize, dsize, readError, notreg, excluded, backupExcluded, step, dev, ino, hlnkc, mtime, birthTime, other

    init(_ k: UnsafeBufferPointer<UInt8>) {
        // `NcduFormat.stepKey` and `.backupExcludedKey` spelled as literals: StaticString
        // compares without making a String (the reader and writer tests pin both spellings).
        switch k.count {
        case 3:
            if same(k, "dev") {
                self = .dev
            } else if same(k, "ino") {
                self = .ino
            } else {
                self = .other
            }
        case 4: self = same(k, "name") ? .name : .other
        case 5:
            if same(k, "asize") {
                self = .asize
            } else if same(k, "dsize") {
                self = .dsize
            } else if same(k, "hlnkc") {
                self = .hlnkc
            } else if same(k, "mtime") {
                self = .mtime
            } else {
                self = .other
            }
        case 6:
            if same(k, "notreg") {
                self = .notreg
            } else if same(k, "x_step") {
                self = .step
            } else {
                self = .other
            }
        case 7: self = same(k, "x_btime") ? .birthTime : .other
        case 8: self = same(k, "excluded") ? .excluded : .other
        case 10: self = same(k, "read_error") ? .readError : .other
        case 17: self = same(k, "x_backup_excluded") ? .backupExcluded : .other
        default: self = .other
        }
    }
}

@inline(__always)
private func same(_ k: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
    guard k.count == literal.utf8CodeUnitCount, let base = k.baseAddress else { return false }
    return exhibit_memcmp(base, literal.utf8Start, k.count) == 0
}

/// The reader's fast paths over the window. ncdu, gdu and exhibit write an item without
/// whitespace (`{"name":"x","asize":1,"dsize":4096}`), so a key is read with its ':', a
/// name or step compared and copied, and a size converted, over the window's bytes
/// without bounds checks or overflow checks in the loop. Anything else (whitespace, an
/// escape, a token crossing the window's end, a long or odd number) consumes nothing
/// and goes the general way, which reads on and positions its diagnostics.
extension JSONScanner {
    /// The key at `index` and the ':' right after it, when both are in the window and
    /// the key has no escape or control byte.
    @inline(__always)
    fileprivate mutating func readNcduKeyAndColon() -> NcduKey? {
        let start = index
        let found: (key: NcduKey, next: Int)? = bytes.withUnsafeBufferPointer { buffer in
            let n = buffer.count
            guard start < n, buffer[start] == UInt8(ascii: "\""), let i = Self.firstQuoteEscapeOrControl(in: buffer, from: start + 1),
                buffer[i] == UInt8(ascii: "\""), i + 1 < n, buffer[i + 1] == UInt8(ascii: ":")
            else { return nil }
            return (NcduKey(UnsafeBufferPointer(rebasing: buffer[(start + 1)..<i])), i + 2)
        }
        guard let found else { return nil }
        index = found.next
        return found.key
    }

    /// A string at `index` without escapes or control bytes that ends in the window:
    /// its bytes are appended to `out`. False, with nothing consumed, otherwise.
    @inline(__always)
    fileprivate mutating func readPlainString(appendingTo out: inout [UInt8]) -> Bool {
        let start = index
        let end: Int? = bytes.withUnsafeBufferPointer { buffer in
            guard start < buffer.count, buffer[start] == UInt8(ascii: "\""), let i = Self.firstQuoteEscapeOrControl(in: buffer, from: start + 1),
                buffer[i] == UInt8(ascii: "\"")
            else { return nil }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[(start + 1)..<i]))
            return i
        }
        guard let end else { return false }
        index = end + 1
        return true
    }

    /// The first `"`, `\` or control byte (below 0x20) at or after `from`, eight bytes
    /// at a time: a byte loop over the names was a third of the parser's own time, and
    /// the parser is the slower half of the read. The exact zero-byte mask of a word
    /// XOR a repeated byte marks that byte's positions with no false match.
    @inline(__always)
    static func firstQuoteEscapeOrControl(in buffer: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard let base = buffer.baseAddress else { return nil }
        let n = buffer.count
        var i = from
        while i + 8 <= n {
            let word = UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(fromByteOffset: i, as: UInt64.self))
            let marks =
                ByteWord.bytes(word, equalTo: UInt8(ascii: "\"")) | ByteWord.bytes(word, equalTo: UInt8(ascii: "\\"))
                | ByteWord.zeroBytes(word & 0xE0E0_E0E0_E0E0_E0E0)
            if marks != 0 { return i + marks.trailingZeroBitCount / 8 }
            i += 8
        }
        while i < n {
            let b = buffer[i]
            if b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") || b < 0x20 { return i }
            i += 1
        }
        return nil
    }

    /// Consumes the string `"expected"` at `index` if it is exactly that, in the window.
    /// `expected` holds no quote, backslash or control byte (it was read without escapes),
    /// so equal bytes between two quotes are that string.
    @inline(__always)
    fileprivate mutating func consumePlainString(equalTo expected: [UInt8]) -> Bool {
        let start = index
        let count = expected.count
        let matched = bytes.withUnsafeBufferPointer { buffer -> Bool in
            guard start + count + 2 <= buffer.count, buffer[start] == UInt8(ascii: "\""),
                buffer[start + count + 1] == UInt8(ascii: "\""), let base = buffer.baseAddress
            else { return false }
            return count == 0 || expected.withUnsafeBufferPointer { exhibit_memcmp(base + start + 1, $0.baseAddress, count) == 0 }
        }
        if matched { index = start + count + 2 }
        return matched
    }

    /// An unsigned integer of at most 19 digits (no overflow possible) at `index`, ended
    /// in the window by a byte that does not continue a number; nil, nothing consumed,
    /// otherwise (negative, fraction, exponent, longer, a leading zero, at the window's end).
    @inline(__always)
    fileprivate mutating func readShortUnsigned() -> UInt64? {
        let start = index
        let found: (value: UInt64, next: Int)? = bytes.withUnsafeBufferPointer { buffer in
            let n = buffer.count
            let limit = min(n, start + 19)
            var i = start
            var v: UInt64 = 0
            while i < limit {
                let d = buffer[i] &- 0x30
                if d > 9 { break }
                v = v &* 10 &+ UInt64(d)
                i += 1
            }
            // A leading zero before another digit goes the general way, which refuses it.
            guard i > start, i < n, i == start + 1 || buffer[start] != UInt8(ascii: "0") else { return nil }
            let b = buffer[i]
            if b &- 0x30 <= 9 || b == UInt8(ascii: ".") || b | 0x20 == UInt8(ascii: "e") { return nil }
            return (v, i)
        }
        guard let found else { return nil }
        index = found.next
        return found.value
    }
}
