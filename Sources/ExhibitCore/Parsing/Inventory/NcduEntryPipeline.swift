import CBytes
import Foundation

/// The ncdu JSON reader in two halves (issue 19: "parse on both cores"): the parser scans
/// the export and fills batches of entries (`NcduEntryBatch`); an applier adds them to the
/// `InventoryBuilder` (the name, the sibling check for duplicates, the sizes, flags and
/// steps). At a million entries the scan is about 60 % of the read and the builder 35 %, so
/// with the applier on a thread of its own (`NcduBuildThread`) the read takes about as long
/// as its scan. A small export is applied on the parser's thread, batch by batch, by the
/// same code: a thread is not worth starting for it, and one path means one behaviour.
///
/// Node ids are known before the builder makes them (each entry appends one node), so
/// the parser never waits for the applier. What the applier says (a name listed twice,
/// an unusable name) is keyed by entry and merged into the parser's warnings in the order
/// a read on one thread gives them (`WarningOrder`).
struct NcduEntryBatch {
    struct Entry {
        var attributes: InventoryBuilder.EntryAttributes
        /// Where the item's info object starts (absolute): named by the applier's
        /// warnings, in `windows[window]`.
        var start: Int
        /// End of the entry's name in `names` (it starts where the previous one ends).
        var nameEnd: Int32
        var parent: Int32
        var window: UInt16
        var isDirectory: Bool
        /// A hard link whose bytes an earlier link counted (`InventoryBuilder.markHardLinkRepeat`).
        var isHardLinkRepeat: Bool
        /// What the parser found unusable about the name (`nameHasNUL`, `nameGivenTwice`).
        var nameFlaws: UInt8
    }

    /// The name holds a NUL byte (the parser sees it, where it decodes an escape).
    static let nameHasNUL: UInt8 = 1
    /// The item was given a second `"name"` (warned by the parser): its name is unusable.
    static let nameGivenTwice: UInt8 = 2

    /// The node id of the first entry.
    var firstID = 0
    var entries: [Entry] = []
    var names: [UInt8] = []
    /// The scanner's windows the entries start in, kept so the applier can name a
    /// position: a warning is rare, and counting lines for every entry as it is read
    /// cost 5 % of the read.
    var windows: [JSONScanner.Window] = []

    /// Entries a batch holds before it is handed over: 1,024 of about 90 bytes each stay
    /// in the L2 cache, a million entries make a thousand hand-overs, and the batches in
    /// flight cost half a megabyte.
    static let capacity = 1024
    /// Name bytes that also end a batch, so a run of hostile long names does not make
    /// the batches in flight large.
    static let nameBytesLimit = 1 << 20

    var isFull: Bool {
        entries.count >= Self.capacity || names.count >= Self.nameBytesLimit || windows.count == Int(UInt16.max)
    }

    /// Keeps the scanner's window, unless it is the one kept last: called as an item
    /// starts, before reading it may move the window on.
    @inline(__always)
    mutating func keepWindow(of scanner: JSONScanner) {
        // A refill that keeps the whole window (a token as long as it) moves no start but
        // makes the window longer: the count tells the two apart.
        if let last = windows.last, last.start == scanner.windowStart, last.bytes.count == scanner.bytes.count { return }
        windows.append(scanner.window)
    }

    /// Where the name of the item being read starts in `names`: the parser reads it
    /// straight in, after the names of the entries appended so far.
    var pendingNameStart: Int { entries.last.map { Int($0.nameEnd) } ?? 0 }

    /// Drops the bytes read for a name no entry was appended for: a second "name" key
    /// of one item, or an item the read failed in.
    mutating func dropPendingName() {
        let start = pendingNameStart
        if names.count > start { names.removeSubrange(start...) }
    }

    /// Appends the item whose name was read into `names` since the last entry.
    /// `start`: where the item's info object starts, in the window kept last.
    mutating func append(
        parent: Int, isDirectory: Bool, isHardLinkRepeat: Bool, _ attributes: InventoryBuilder.EntryAttributes, start: Int,
        nameFlaws: UInt8 = 0
    ) {
        entries.append(
            Entry(
                attributes: attributes, start: start, nameEnd: Int32(truncatingIfNeeded: names.count),
                parent: Int32(truncatingIfNeeded: parent), window: UInt16(windows.count - 1), isDirectory: isDirectory,
                isHardLinkRepeat: isHardLinkRepeat, nameFlaws: nameFlaws))
    }

    func position(of e: Entry) -> SourcePosition { windows[Int(e.window)].position(of: e.start) }

    /// Emptied for reuse from `id` on, keeping its storage.
    mutating func reset(firstID id: Int) {
        firstID = id
        entries.removeAll(keepingCapacity: true)
        names.removeAll(keepingCapacity: true)
        windows.removeAll(keepingCapacity: true)
    }
}

/// The order of one read's warnings: the parser's and the applier's are kept apart and
/// merged by key, (node id, phase), where phase 0 is the parser reading the entry's info
/// object, 1 the duplicate-name check and 2 the unusable-name check, which is the order a
/// read on one thread gives them.
enum WarningOrder {
    static func key(id: Int, phase: UInt64) -> UInt64 { UInt64(id) << 2 | phase }
    static let parsing: UInt64 = 0
    static let duplicate: UInt64 = 1
    static let unusableName: UInt64 = 2

    /// One collector as if every warning had been added to it in key order: the first
    /// `limit` of both kept lists, the rest counted.
    static func merged(
        _ a: WarningCollector, keys aKeys: [UInt64], _ b: WarningCollector, keys bKeys: [UInt64]
    ) -> WarningCollector {
        precondition(aKeys.count == a.kept.count && bKeys.count == b.kept.count)
        var kept: [Diagnostic] = []
        kept.reserveCapacity(min(a.limit, a.kept.count + b.kept.count))
        var i = 0
        var j = 0
        while kept.count < a.limit && (i < aKeys.count || j < bKeys.count) {
            if j == bKeys.count || (i < aKeys.count && aKeys[i] < bKeys[j]) {
                kept.append(a.kept[i])
                i += 1
            } else {
                kept.append(b.kept[j])
                j += 1
            }
        }
        let left = (a.kept.count - i) + (b.kept.count - j)
        return WarningCollector(file: a.file, limit: a.limit, kept: kept, suppressed: a.suppressed + b.suppressed + left)
    }
}

/// Adds batches of entries to the builder, saying what the builder finds.
struct NcduEntryApplier {
    var builder: InventoryBuilder
    var warnings: WarningCollector
    /// `WarningOrder` keys of `warnings.kept`.
    var keys: [UInt64] = []

    init(builder: consuming InventoryBuilder, file: String) {
        self.builder = builder
        warnings = WarningCollector(file: file)
    }

    mutating func apply(_ batch: NcduEntryBatch) {
        var nameStart = 0
        var id = batch.firstID
        batch.names.withUnsafeBufferPointer { names in
            for e in batch.entries {
                let name = UnsafeBufferPointer(rebasing: names[nameStart..<Int(e.nameEnd)])
                nameStart = Int(e.nameEnd)
                let added = builder.addEntry(name: name, parent: Int(e.parent), isDirectory: e.isDirectory, e.attributes)
                precondition(added == id, "the parser numbers entries as the builder adds them")
                if e.isHardLinkRepeat { builder.markHardLinkRepeat(added) }
                if builder.isDuplicate(added) {
                    let message =
                        warnings.isFull
                        ? ""
                        : "\"\(TerminalText.escape(bytes: name))\" is listed twice in the directory \"\(builder.escapedPathTail(Int(e.parent)))\"; both entries are kept, this one marked duplicate"
                    warn(id: added, phase: WarningOrder.duplicate, at: batch.position(of: e), message)
                }
                // A NUL ends a name for every file system call, as '/' ends a component.
                let unusable =
                    name.count <= 2 && name.allSatisfy({ $0 == 0x2E }) || e.nameFlaws & NcduEntryBatch.nameHasNUL != 0
                    || exhibit_memchr(name.baseAddress, 0x2F, name.count) != nil
                if unusable {
                    warn(
                        id: added, phase: WarningOrder.unusableName, at: batch.position(of: e),
                        "unusable file name \"\(TerminalText.escape(bytes: name))\" (empty, '.', '..', or holding '/' or a NUL byte)")
                }
                // A second "name" was warned by the parser, which saw both.
                if unusable || e.nameFlaws & NcduEntryBatch.nameGivenTwice != 0 { builder.unusableNameCount += 1 }
                id += 1
            }
        }
    }

    /// Past the collector's limit a warning is only counted, so its message is not made.
    private mutating func warn(id: Int, phase: UInt64, at position: @autoclosure () -> SourcePosition, _ message: @autoclosure () -> String) {
        if warnings.isFull {
            warnings.add("", at: nil)
            return
        }
        keys.append(WarningOrder.key(id: id, phase: phase))
        warnings.add(message(), at: position())
    }
}

/// An `NcduEntryApplier` on a thread of its own, fed by the parser through a queue of at
/// most `depth` batches (the parser waits when it is full, so memory stays bounded when
/// the builder is the slower half). Batches go back to the parser emptied, for reuse.
final class NcduBuildThread: @unchecked Sendable {
    private let condition = NSCondition()
    /// Guarded by `condition`.
    private var queued: [NcduEntryBatch] = []
    private var spare: [NcduEntryBatch] = []
    private var closed = false
    private var finished = false
    /// Owned by the thread from `init` until `finish()` has seen it end.
    private var applier: NcduEntryApplier
    static let depth = 3

    init(_ applier: consuming NcduEntryApplier) {
        self.applier = applier
        let thread = Thread { [self] in run() }
        thread.start()
    }

    private func run() {
        while true {
            condition.lock()
            while queued.isEmpty && !closed { condition.wait() }
            guard !queued.isEmpty else {
                finished = true
                condition.broadcast()
                condition.unlock()
                return
            }
            var batch = queued.removeFirst()
            condition.unlock()
            applier.apply(batch)
            batch.reset(firstID: 0)
            condition.lock()
            spare.append(batch)
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Queues a full batch; returns an empty one to fill from `nextID`.
    func submit(_ batch: consuming NcduEntryBatch, nextID: Int) -> NcduEntryBatch {
        condition.lock()
        while queued.count >= Self.depth { condition.wait() }
        queued.append(batch)
        var next = spare.popLast() ?? NcduEntryBatch()
        condition.broadcast()
        condition.unlock()
        next.reset(firstID: nextID)
        return next
    }

    /// Waits until every queued batch is applied; gives the applier back.
    func finish() -> NcduEntryApplier {
        condition.lock()
        closed = true
        condition.broadcast()
        while !finished { condition.wait() }
        condition.unlock()
        // Taken out, so the builder's arrays have one owner and are not copied on the next write.
        var taken = NcduEntryApplier(builder: InventoryBuilder(), file: "")
        swap(&taken, &applier)
        return taken
    }
}
