import CBytes

/// `steps.tsv` read as it arrives, in batches of whole lines, instead of whole: the file
/// is never in memory beside its records, and a line longer than `maximumLineLength`
/// (a sparse file is one line of NULs as long as the file) is skipped with a warning as
/// it streams past, never held. Each batch goes through `read(_:file:warnings:)`, the
/// one parser; this file only cuts batches and puts positions, duplicates across
/// batches and the warning limit back into whole-file terms.
extension StepsReader {
    /// Bytes read from the stream at a time (a batch is this plus a partial line).
    static let batchSize = 4 << 20
    /// A step name, a container path (PATH_MAX is 1,024 on iOS) and a time fit in far less.
    public static let maximumLineLength = 1 << 20
    /// Warnings kept over the whole file, as `WarningCollector` keeps per read.
    static let warningLimit = 100

    public static func read(stream: any EvidenceStream, file: String, warnings: inout [Diagnostic]) throws(Diagnostic) -> [StepRecord] {
        Array(try records(stream: stream, file: file, warnings: &warnings))
    }

    /// `read(stream:file:warnings:)` into contiguous storage (`StepRecords`), as the loader keeps them.
    public static func records(stream: any EvidenceStream, file: String, warnings: inout [Diagnostic]) throws(Diagnostic) -> StepRecords {
        var out = StepRecordCollection()
        try read(stream: stream, file: file, into: &out, warnings: &warnings)
        return out.records
    }

    /// The streamed read, each record given to `sink` as it is parsed: the loader resolves
    /// them against the inventory and drops them (`StreamingStepAssignment`). Throws when
    /// the bytes stop coming (what the sink took is then to be discarded) or no line is a
    /// usable record.
    static func read(stream: any EvidenceStream, file: String, into sink: inout some StepRecordSink, warnings: inout [Diagnostic])
        throws(Diagnostic)
    {
        var batches = StepsBatches(file: file, sizeHint: stream.sizeHint, sink: sink)
        // The sink is handed back however the read ends.
        defer { sink = batches.sink }
        do throws(EvidenceSourceError) {
            while try batches.readMore(from: stream) {}
        } catch {
            batches.finish(into: &warnings)
            throw Diagnostic.error(file, error.reason)
        }
        batches.finish(into: &warnings)
        if batches.sink.count == 0, let first = batches.firstFailure { throw first }
    }
}

/// The state of one streamed read: the partial line carried to the next batch, the
/// file position of the batch being cut, and what the batches found.
struct StepsBatches<Sink: StepRecordSink> {
    let file: String
    /// Takes the records, and finds the repeated paths across batches.
    private(set) var sink: Sink
    private(set) var firstFailure: Diagnostic?
    private var kept: [Diagnostic] = []
    private var overLimit = false
    /// The window the stream is read into: `filled` bytes, from file offset
    /// `pendingOffset`, line `pendingLine`. Its whole lines are parsed in place and the
    /// partial one moved to the front: no batch is copied (three copies of each had
    /// taken 12 MB at the peak of a load and 5 % of a list's).
    private var window: [UInt8]
    private var filled = 0
    private var pendingOffset = 0
    private var pendingLine = 1
    /// Inside a line longer than the maximum: bytes are dropped until its newline.
    private var skipping = false
    /// The stream's size, for sizing the sink once.
    private let sizeHint: Int?

    init(file: String, sizeHint: Int? = nil, sink: Sink) {
        self.file = file
        self.sizeHint = sizeHint
        self.sink = sink
        // A partial line of up to the maximum, with a whole read after it (as large as the
        // file, where that is smaller: `TextRecordStream.readSize`).
        let read = TextRecordStream.readSize(sizeHint: sizeHint, window: StepsReader.batchSize)
        window = [UInt8](repeating: 0, count: read + StepsReader.maximumLineLength + 1)
    }

    /// Reads the stream's next bytes after the partial line and parses the whole lines;
    /// false at the end of the file (the last line, unterminated, parsed then).
    mutating func readMore(from stream: any EvidenceStream) throws(EvidenceSourceError) -> Bool {
        let n = try TextRecordStream.fill(&window, from: filled, atMost: StepsReader.batchSize, stream)
        guard n > 0 else {
            if filled > 0 && !skipping { parse(count: filled) }
            filled = 0
            return false
        }
        filled += n
        if skipping {
            guard let newline = Self.firstNewline(in: window[..<filled]) else {
                pendingOffset += filled
                filled = 0
                return true
            }
            dropFront(newline + 1, lines: 1)
            skipping = false
        }
        if let last = Self.lastNewline(in: window[..<filled]) {
            parse(count: last + 1)
            dropFront(last + 1, lines: window.withUnsafeBytes { countNewlines(UnsafeRawBufferPointer(rebasing: $0[...last])) })
        }
        if filled > StepsReader.maximumLineLength {
            warn(
                .warning(
                    file, at: SourcePosition(line: pendingLine, column: 1, byteOffset: pendingOffset),
                    "line longer than \(StepsReader.maximumLineLength >> 20) MiB; line skipped (not a steps file?)"))
            pendingOffset += filled
            filled = 0
            skipping = true
        }
        return true
    }

    /// Drops the first `count` bytes of the window (holding `lines` newlines), moving the rest to the front.
    private mutating func dropFront(_ count: Int, lines: Int) {
        let rest = filled - count
        if rest > 0 {
            window.withUnsafeMutableBytes { raw in
                if let p = raw.baseAddress { exhibit_memmove(p, p + count, rest) }
            }
        }
        filled = rest
        pendingOffset += count
        pendingLine += lines
    }

    func finish(into warnings: inout [Diagnostic]) {
        warnings += kept
        if overLimit { warnings.append(.warning(file, "more warnings like the above were not listed")) }
    }

    /// Reads the window's first `count` bytes (whole lines) with the whole-file parser,
    /// in place: a batch after the first is never taken to start with a header or a byte
    /// order mark. Repeats are found against the whole file (the sink is shared), so the
    /// parser's warnings name the earlier line as the whole-file read does.
    private mutating func parse(count: Int) {
        let lineShift = pendingLine - 1
        let offsetShift = pendingOffset
        func shifted(_ d: Diagnostic) -> Diagnostic {
            var d = d
            if let p = d.position {
                d.position = SourcePosition(line: p.line + lineShift, column: p.column, byteOffset: p.byteOffset + offsetShift)
            }
            return d
        }
        if sink.count == 0, let size = sizeHint, size > count, count > 0 {
            // Sized once for the whole file from the first batch's lines: growing a
            // million-key table rehashes it 20 times.
            let lines = window.withUnsafeBytes { countNewlines(UnsafeRawBufferPointer(rebasing: $0[..<count])) } + 1
            let expected = Int(min(Double(lines) * Double(size) / Double(count) * 1.1, Double(size / 2 + 1)))
            sink.reserve(records: expected, bytes: size)
        }
        var batchWarnings: [Diagnostic] = []
        do {
            try StepsReader.read(
                window, count: count, atFileStart: pendingOffset == 0, file: file, lineShift: lineShift, into: &sink, warnings: &batchWarnings)
        } catch {
            // No usable record in this batch; the file fails only if no batch has one.
            if firstFailure == nil { firstFailure = shifted(error) }
        }
        for w in batchWarnings {
            // The batch's own "N more warnings" note has no position; ours says it once.
            guard w.position != nil else {
                overLimit = true
                continue
            }
            warn(shifted(w))
        }
    }

    /// `memchr`: a sparse file is skipped at memory speed, not a byte at a time.
    static func firstNewline(in bytes: ArraySlice<UInt8>) -> Int? {
        bytes.withUnsafeBytes { raw -> Int? in
            guard let base = raw.baseAddress, let hit = exhibit_memchr(base, 0x0A, raw.count) else { return nil }
            return bytes.startIndex + (UnsafeRawPointer(hit) - base)
        }
    }

    /// From the end: a batch's last newline is near it (no `memrchr` on Darwin).
    static func lastNewline(in bytes: ArraySlice<UInt8>) -> Int? {
        bytes.withUnsafeBytes { raw -> Int? in
            var i = raw.count - 1
            while i >= 0 {
                if raw[i] == 0x0A { return bytes.startIndex + i }
                i -= 1
            }
            return nil
        }
    }

    private mutating func warn(_ d: Diagnostic) {
        if kept.count < StepsReader.warningLimit {
            kept.append(d)
        } else {
            overLimit = true
        }
    }
}
