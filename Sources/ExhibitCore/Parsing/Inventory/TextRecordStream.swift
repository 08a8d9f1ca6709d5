import CBytes

/// A path list (files.txt, sizes.txt, excluded.txt) read as it arrives, in windows,
/// cut into the records `TextRecords` cuts from the whole file (issue 19): the same
/// delimiter rule, BOM, CR and last-record handling, and the same line numbers and byte
/// offsets, without the file ever being held whole (60 MB a list at a million entries).
///
/// Which delimiter a file uses depends on the whole file (any NUL byte makes it
/// `find -print0` output). A list's first window is scanned (`ListArtifact.scan`): a NUL
/// there settles it, as does the file ending there. Otherwise the walk cuts lines and
/// looks for a NUL in every window it reads (`stopsAtNul`); one found stops it, and the
/// reader walks the list again, NUL-delimited (`FileListInventoryReader`). Scanning the
/// whole file first read every list twice: 480 MB more at a million deep paths, 8 % of
/// `summary`, for a case (a NUL past the first 4 MB of a newline list) no tool writes.
///
/// A record longer than `maximumRecordLength` (a sparse file is one run of zero bytes,
/// a binary file one long line) is never held: it is passed to the body as nil, once,
/// while its bytes stream past, as `StepsBatches` does for steps.tsv.
package struct TextRecordStream {
    /// Bytes read from the stream at a time, at most (plus the partial record carried over).
    static let windowSize = 4 << 20
    /// No path (PATH_MAX is 1,024 on iOS) with a size in front comes near this.
    static let maximumRecordLength = 1 << 20

    let isNulDelimited: Bool
    /// From this size (the stream's hint) a list is read ahead on a thread of its own
    /// (`ReadAhead`), in chunks of `readAheadChunkSize`; below, a thread is not worth it.
    static let readAheadFrom = 16 << 20
    static let readAheadChunkSize = 1 << 20
    /// Reads ahead in chunks of this size whatever the stream's size (the tests cut
    /// records across small chunks); nil: as the size decides.
    var readAheadChunk: Int?
    /// False while other work has the second core (sizes.txt beside steps.tsv): a third
    /// thread would take turns with the two, not add a core.
    var mayReadAhead = true
    /// Newline-delimited until a NUL shows the file is not: the walk stops before cutting
    /// a window that holds one (`Walked.stoppedAtNul`).
    var stopsAtNul = false

    /// How a walk ended.
    package enum Walked: Equatable {
        /// At a NUL, before cutting the window that holds it (`stopsAtNul`).
        case stoppedAtNul
        /// At the end of the file. `unterminated`: the last record had no delimiter after
        /// it (`find` and `find -print0` end every record with one, so the file may have
        /// been cut there): its number and file offset. A BOM alone, or nothing, is no record.
        case ended(unterminated: (number: Int, offset: Int)?)

        package static func == (a: Walked, b: Walked) -> Bool {
            switch (a, b) {
            case (.stoppedAtNul, .stoppedAtNul): true
            case (.ended(let x), .ended(let y)): x?.number == y?.number && x?.offset == y?.offset
            default: false
            }
        }

        /// The last record, when it had no delimiter after it.
        package var unterminated: (number: Int, offset: Int)? {
            if case .ended(let u) = self { return u }
            return nil
        }
    }

    /// Calls `body(record, number, base)` for every record, empty ones included:
    /// `record` is a slice of a window whose index 0 is file offset `base` (so the
    /// record's file offset is `base + record.startIndex`), without its delimiter (and
    /// a CR before a newline); nil for a record over the maximum length, whose offset is
    /// then `base`. `number` is 1-based. The slice must not outlive the call.
    /// Throws when the stream's bytes stop coming; records before that were given.
    /// Returns how the walk ended: at a NUL (`stopsAtNul`), or at the end of the file.
    @discardableResult
    func forEach(
        _ stream: any EvidenceStream, _ body: (ArraySlice<UInt8>?, _ number: Int, _ base: Int) -> Void
    ) throws(EvidenceSourceError) -> Walked {
        let large = mayReadAhead && stream.sizeHint.map { $0 >= Self.readAheadFrom } == true
        if let chunk = readAheadChunk ?? (large ? Self.readAheadChunkSize : nil) {
            return try forEachReadingAhead(stream, chunkSize: chunk, body)
        }
        // A partial record of up to the maximum (and a CR) is carried, with a whole window's
        // read after it: a read as large as the file where it is smaller (a file that grows
        // past its size is still read whole, in smaller reads), so a small list does not
        // clear 5 MB.
        let capacity = Self.readSize(sizeHint: stream.sizeHint, window: Self.windowSize) + Self.maximumRecordLength + 1
        var window = [UInt8](repeating: 0, count: capacity)
        /// Bytes of `window` in use; `window[0]` is file offset `base`.
        var filled = 0
        var base = 0
        var number = 1
        /// Inside an over-long record: bytes are dropped until its delimiter.
        var skipping = false
        /// Where that record started.
        var skippedAt = 0
        var atStart = true
        var ended = false
        while !ended {
            let n = try Self.fill(&window, from: filled, stream)
            if n == 0 { ended = true }
            if stopsAtNul, n > 0, Self.find(0, in: window, from: filled, to: filled + n) != nil { return .stoppedAtNul }
            filled += n
            if atStart {
                // The BOM is skipped only where the file starts with one: wait for 3 bytes.
                if filled < 3 && !ended { continue }
                atStart = false
                if window[0..<min(filled, 3)].elementsEqual([0xEF, 0xBB, 0xBF]) {
                    window.withUnsafeMutableBytes { raw in
                        if let p = raw.baseAddress { exhibit_memmove(p, p + 3, filled - 3) }
                    }
                    filled -= 3
                    base = 3
                }
            }
            var start = 0
            cutRecords(window, from: &start, to: filled, ended: ended, base: base, number: &number, skipping: &skipping, body)
            if ended {
                // An over-long last record (skipped) ends the file without its delimiter too.
                return .ended(unterminated: skipping ? (number, skippedAt) : start < filled ? (number, base + start) : nil)
            }
            if skipping {
                base += filled
                filled = 0
                continue
            }
            // The partial record moves to the front for the next read.
            let partial = filled - start
            if partial > Self.maximumRecordLength + 1 {
                body(nil, number, base + start)
                skipping = true
                skippedAt = base + start
                base += filled
                filled = 0
                continue
            }
            if start > 0 {
                window.withUnsafeMutableBytes { raw in
                    if let p = raw.baseAddress { exhibit_memmove(p, p + start, partial) }
                }
                base += start
                filled = partial
            }
        }
        return .ended(unterminated: nil)
    }

    /// `forEach` over chunks read ahead (`ReadAhead`): the same records, numbers and
    /// offsets. A chunk's window is the record carried from the last chunk, moved into
    /// the room in front of the chunk's bytes, then those bytes; `base` (the file offset
    /// of the window's index 0) is therefore negative at first, and only `base` plus an
    /// index is ever an offset.
    private func forEachReadingAhead(
        _ stream: any EvidenceStream, chunkSize: Int, _ body: (ArraySlice<UInt8>?, _ number: Int, _ base: Int) -> Void
    ) throws(EvidenceSourceError) -> Walked {
        let head = Self.maximumRecordLength + 1
        let reader = ReadAhead(stream, chunkSize: chunkSize, head: head)
        defer { reader.stop() }
        var window: [UInt8] = []
        /// `window[start..<filled]` is what is left to cut; `window[0]` is file offset `base`.
        var start = 0
        var filled = 0
        var base = 0
        var number = 1
        /// Inside an over-long record: bytes are dropped until its delimiter.
        var skipping = false
        /// Where that record started.
        var skippedAt = 0
        var atStart = true
        while true {
            var chunk = try reader.next()
            let n = chunk.count
            let ended = n == 0
            if stopsAtNul, n > 0, Self.find(0, in: chunk.buffer, from: head, to: head + n) != nil {
                reader.giveBack(chunk.buffer)
                return .stoppedAtNul
            }
            // The record the last window ended inside goes in front of the new bytes.
            let partial = filled - start
            if partial > 0 {
                window.withUnsafeBytes { from in
                    chunk.buffer.withUnsafeMutableBytes { to in
                        if let f = from.baseAddress, let t = to.baseAddress { exhibit_memmove(t + head - partial, f + start, partial) }
                    }
                }
            }
            base += start - (head - partial)
            swap(&window, &chunk.buffer)
            reader.giveBack(chunk.buffer)
            chunk.buffer = []  // the thread's to reuse, not copied when it reads into it
            start = head - partial
            filled = head + n
            if atStart {
                // The BOM is skipped only where the file starts with one: wait for 3 bytes.
                if filled - start < 3 && !ended { continue }
                atStart = false
                if window[start..<min(filled, start + 3)].elementsEqual([0xEF, 0xBB, 0xBF]) { start += 3 }
            }
            cutRecords(window, from: &start, to: filled, ended: ended, base: base, number: &number, skipping: &skipping, body)
            if ended {
                reader.giveBack(window)
                // An over-long last record (skipped) ends the file without its delimiter too.
                return .ended(unterminated: skipping ? (number, skippedAt) : start < filled ? (number, base + start) : nil)
            }
            if skipping {
                start = filled
                continue
            }
            if filled - start > Self.maximumRecordLength + 1 {
                body(nil, number, base + start)
                skipping = true
                skippedAt = base + start
                start = filled
            }
        }
    }

    /// Gives the records of `window[start..<filled]` (`window[0]` is file offset `base`)
    /// that end in it, and at the end of the file (`ended`) the last one, which need not;
    /// moves `start` past what it gave (not past that last one: `start < filled` after an
    /// ended cut says the file's last record has no delimiter). An over-long record is given as nil, once, and the
    /// rest of it skipped (`skipping`) up to its delimiter. Both walks cut so.
    @inline(__always)
    private func cutRecords(
        _ window: [UInt8], from start: inout Int, to filled: Int, ended: Bool, base: Int, number: inout Int, skipping: inout Bool,
        _ body: (ArraySlice<UInt8>?, _ number: Int, _ base: Int) -> Void
    ) {
        let delimiter: UInt8 = isNulDelimited ? 0 : 0x0A
        while let end = Self.find(delimiter, in: window, from: start, to: filled) {
            if skipping {
                skipping = false
            } else {
                give(window, start..<end, base: base, number: number, body)
            }
            number += 1
            start = end + 1
        }
        if ended, !skipping, start < filled { give(window, start..<filled, base: base, number: number, body) }
    }

    /// One record, without a CR before its end (a newline list's CRLF), or nil when it is
    /// over the maximum length.
    @inline(__always)
    private func give(
        _ window: [UInt8], _ record: Range<Int>, base: Int, number: Int, _ body: (ArraySlice<UInt8>?, _ number: Int, _ base: Int) -> Void
    ) {
        var contentEnd = record.upperBound
        if !isNulDelimited, contentEnd > record.lowerBound, window[contentEnd - 1] == 0x0D { contentEnd -= 1 }
        if contentEnd - record.lowerBound > Self.maximumRecordLength {
            body(nil, number, base + record.lowerBound)
        } else {
            body(window[record.lowerBound..<contentEnd], number, base)
        }
    }

    /// The bytes a read asks for: a window, or the stream's size and one more (where the
    /// end of the file is then found) when that is less. A size hint no stream should give
    /// (negative, or `Int.max`) is taken as what it says at most, never as a reason to
    /// read nothing.
    static func readSize(sizeHint: Int?, window: Int) -> Int {
        guard let hint = sizeHint else { return window }
        let size = max(hint, 0)
        return size < window ? size + 1 : window
    }

    /// Reads once into `window[from...]`, at most `limit` bytes (steps.tsv's batches read so too).
    static func fill(_ window: inout [UInt8], from: Int, atMost limit: Int = windowSize, _ stream: any EvidenceStream) throws(EvidenceSourceError)
        -> Int
    {
        let room = min(limit, window.count - from)
        var failure: EvidenceSourceError?
        let n = window.withUnsafeMutableBytes { raw -> Int in
            do throws(EvidenceSourceError) {
                return try stream.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[from..<(from + room)]))
            } catch {
                failure = error
                return 0
            }
        }
        if let failure { throw failure }
        return n
    }

    @inline(__always)
    private static func find(_ byte: UInt8, in window: [UInt8], from: Int, to end: Int) -> Int? {
        guard from < end else { return nil }
        return window.withUnsafeBytes { raw -> Int? in
            guard let base = raw.baseAddress, let hit = exhibit_memchr(base + from, Int32(byte), end - from) else { return nil }
            return UnsafeRawPointer(hit) - base
        }
    }
}

/// One path list to be read streamed: its name, a way to open it (each walk reads a
/// fresh stream), and what a scan of its first window found.
public struct ListArtifact: Sendable {
    public let file: String
    /// Any NUL byte in the file: records are NUL-terminated (`TextRecords`' rule). Known
    /// from the first window, or found by a walk (`takeDelimiterChange()`).
    public var isNulDelimited: Bool { delimiter.isNul }
    /// Records expected, for sizing what is built: counted in the first window, and
    /// scaled to the file's size when it goes on (the walk counts no record twice).
    public let estimatedCount: Int
    private let open: @Sendable () throws(EvidenceSourceError) -> (any EvidenceStream)?
    private let failure = FailureBox()
    private let delimiter: DelimiterBox

    /// Read ahead in chunks of this size whatever the file's size (tests); nil: as
    /// `TextRecordStream` decides from the size.
    var readAheadChunk: Int?

    /// Why the last walk's bytes stopped coming, if they did.
    public var readFailure: EvidenceSourceError? { failure.value }

    /// Scans the first window of `stream` (the first opening of the file) for the
    /// delimiter rule and the record count; `reopen` gives the file again for the walk.
    /// Throws when the bytes stop coming there, so the file is recorded unreadable
    /// before anything is built from it; later, the walk throws.
    public static func scan(
        file: String, stream: any EvidenceStream, reopen: @escaping @Sendable () throws(EvidenceSourceError) -> (any EvidenceStream)?
    ) throws(EvidenceSourceError) -> ListArtifact {
        try scan(file: file, stream: stream, firstBytes: TextRecordStream.windowSize, reopen: reopen)
    }

    /// `scan`, of the first `firstBytes` (tests make the window small, so a NUL comes late).
    static func scan(
        file: String, stream: any EvidenceStream, firstBytes: Int,
        reopen: @escaping @Sendable () throws(EvidenceSourceError) -> (any EvidenceStream)?
    ) throws(EvidenceSourceError) -> ListArtifact {
        var window = [UInt8](repeating: 0, count: TextRecordStream.readSize(sizeHint: stream.sizeHint, window: max(firstBytes, 1)))
        var filled = 0
        var ended = false
        while filled < window.count {
            let n = try TextRecordStream.fill(&window, from: filled, stream)
            if n == 0 {
                ended = true
                break
            }
            filled += n
        }
        let (delimiters, hasNul) = window.withUnsafeBytes { raw -> (Int, Bool) in
            let part = UnsafeRawBufferPointer(rebasing: raw[0..<filled])
            guard exhibit_memchr(part.baseAddress, 0, filled) != nil else { return (countNewlines(part), false) }
            return (part.reduce(0) { $0 + ($1 == 0 ? 1 : 0) }, true)
        }
        var estimate = 1 + delimiters
        if !ended, filled > 0, let size = stream.sizeHint, size > filled {
            estimate = 1 + Int(Double(delimiters) * Double(size) / Double(filled))
        }
        return ListArtifact(
            file: file, delimiter: DelimiterBox(isNul: hasNul, settled: hasNul || ended), estimatedCount: estimate, open: reopen)
    }

    /// A whole file in memory as a list (tests, fuzzing, `ArtifactBytes` callers);
    /// `chunkSize` caps each read of the walk, so tests can cut the file anywhere.
    public static func whole(_ artifact: ArtifactBytes, chunkSize: Int = .max) -> ListArtifact {
        let bytes = artifact.bytes
        let open: @Sendable () throws(EvidenceSourceError) -> (any EvidenceStream)? = { MemoryEvidenceStream(bytes, chunkSize: chunkSize) }
        // In memory the scan cannot fail.
        return (try? scan(file: artifact.file, stream: MemoryEvidenceStream(bytes), reopen: open))
            ?? ListArtifact(file: artifact.file, delimiter: DelimiterBox(isNul: false, settled: false), estimatedCount: 1, open: open)
    }

    private init(
        file: String, delimiter: DelimiterBox, estimatedCount: Int,
        open: @escaping @Sendable () throws(EvidenceSourceError) -> (any EvidenceStream)?
    ) {
        self.file = file
        self.delimiter = delimiter
        self.estimatedCount = estimatedCount
        self.open = open
    }

    /// Walks the file's records (`TextRecordStream.forEach`) from a fresh stream. A walk
    /// of a list not known to be newline-delimited stops at the first window holding a
    /// NUL: the list is NUL-delimited from then on, and `takeDelimiterChange()` says so.
    /// `readingAhead`: a large list may be read ahead on a thread of its own (false
    /// while the second core is busy with other work). Returns the last record's number
    /// and file offset when it has no delimiter after it (the file may have been cut
    /// there); nil otherwise, and for a walk that stopped at a NUL.
    @discardableResult
    func forEach(readingAhead: Bool = true, _ body: (ArraySlice<UInt8>?, _ number: Int, _ base: Int) -> Void) throws(EvidenceSourceError)
        -> (number: Int, offset: Int)?
    {
        failure.value = nil
        guard let stream = try open() else {
            failure.value = EvidenceSourceError(file: file, reason: "disappeared while being read")
            throw EvidenceSourceError(file: file, reason: "disappeared while being read")
        }
        do throws(EvidenceSourceError) {
            var records = TextRecordStream(isNulDelimited: delimiter.isNul)
            records.stopsAtNul = !delimiter.settled
            records.readAheadChunk = readAheadChunk
            records.mayReadAhead = readingAhead
            let walked = try records.forEach(stream, body)
            if walked == .stoppedAtNul {
                delimiter.isNul = true
                delimiter.settled = true
                delimiter.changed = true
            }
            return walked.unterminated
        } catch {
            failure.value = error
            throw error
        }
    }

    /// Whether the last walk found the list NUL-delimited after records were cut as lines,
    /// without clearing it: what the walk gave is void, so the reader draws nothing from it.
    var walkStoppedAtNul: Bool { delimiter.changed }

    /// Whether a walk found the list NUL-delimited after records were cut as lines (what
    /// it gave is to be thrown away and the list walked again); cleared by the asking.
    func takeDelimiterChange() -> Bool {
        defer { delimiter.changed = false }
        return delimiter.changed
    }
}

/// What is known of a list's delimiter, learnt by the scan or by a walk. Read and written
/// on the one thread that walks the list.
private final class DelimiterBox: @unchecked Sendable {
    var isNul: Bool
    /// The whole file is known to hold a NUL, or none.
    var settled: Bool
    var changed = false

    init(isNul: Bool, settled: Bool) {
        self.isNul = isNul
        self.settled = settled
    }
}

/// Where a walk of a `ListArtifact` leaves its failure for the loader. Written and read
/// on the one thread that walks the list and then records it.
private final class FailureBox: @unchecked Sendable {
    var value: EvidenceSourceError?
}

extension TextRecordStream {
    /// Where the streamed cut of `bytes` (read `chunkSize` bytes at a time) differs from
    /// `TextRecords`' cut of the whole buffer, the one the other readers use; nil when
    /// they agree on every record's bytes, number and offset, and on the delimiter. The
    /// fuzz target and the tests hold the two together.
    /// `readingAhead`: the walk reads ahead (`ReadAhead`) in chunks of that size.
    package static func disagreement(_ bytes: [UInt8], chunkSize: Int, readingAhead: Int? = nil) -> String? {
        let whole = TextRecords(bytes)
        var expected: [(range: Range<Int>?, number: Int)] = []
        whole.forEach { range, number in
            expected.append((range.count > maximumRecordLength ? nil : range, number))
            return true
        }
        // The scan sees a third of the file, so a NUL is often found by the walk.
        var artifact: ListArtifact
        do {
            artifact = try ListArtifact.scan(
                file: "list", stream: MemoryEvidenceStream(bytes, chunkSize: chunkSize), firstBytes: max(bytes.count / 3, 1)
            ) { MemoryEvidenceStream(bytes, chunkSize: chunkSize) }
        } catch {
            return "the scan failed: \(error)"
        }
        artifact.readAheadChunk = readingAhead
        var got: [(range: Range<Int>?, number: Int)] = []
        var contentsAgree = true
        var unterminated: (number: Int, offset: Int)?
        // Walked as the reader walks it: again, from the start, when a walk found a NUL.
        repeat {
            got = []
            contentsAgree = true
            do {
                unterminated = try artifact.forEach { record, number, base in
                    guard let record else {
                        got.append((nil, number))
                        return
                    }
                    let range = (base + record.startIndex)..<(base + record.endIndex)
                    if range.upperBound > bytes.count || !record.elementsEqual(bytes[range]) { contentsAgree = false }
                    got.append((range, number))
                }
            } catch {
                return "the walk failed: \(error)"
            }
        } while artifact.takeDelimiterChange()
        if artifact.isNulDelimited != whole.isNulDelimited {
            return "walked: NUL \(artifact.isNulDelimited); whole: NUL \(whole.isNulDelimited)"
        }
        // A scan that sees the whole file counts its records and knows its delimiter.
        if bytes.count <= windowSize,
            let full = try? ListArtifact.scan(file: "list", stream: MemoryEvidenceStream(bytes, chunkSize: chunkSize), reopen: { nil }),
            full.isNulDelimited != whole.isNulDelimited || full.estimatedCount != whole.estimatedCount
        {
            return "scan: NUL \(full.isNulDelimited), \(full.estimatedCount) records; whole: NUL \(whole.isNulDelimited), \(whole.estimatedCount)"
        }
        guard contentsAgree else { return "a record's bytes are not the file's bytes at its offset" }
        let wholeUnterminated = whole.unterminatedLastRecord
        if unterminated?.number != wholeUnterminated?.number || unterminated?.offset != wholeUnterminated?.offset {
            return "walked: last record unterminated \(unterminated.map { "\($0)" } ?? "no"); whole: \(wholeUnterminated.map { "\($0)" } ?? "no")"
        }
        guard got.count == expected.count else { return "\(got.count) records, whole: \(expected.count)" }
        for (g, e) in zip(got, expected) where g.range != e.range || g.number != e.number {
            return "record \(g.number) at \(g.range.map { "\($0)" } ?? "over-long"); whole: record \(e.number) at \(e.range.map { "\($0)" } ?? "over-long")"
        }
        return nil
    }
}
