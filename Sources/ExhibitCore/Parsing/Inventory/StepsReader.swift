import CBytes

/// Reads `steps.tsv`, `exhibit`'s own record of which test step created which path,
/// written by the tests' storage component whenever it creates a file:
///
///     step<TAB>relative path[<TAB>ISO-8601 time]
///
/// Paths are container-relative (`Documents/a.txt`; `./` and `//` tolerated, see
/// `ContainerPath`). Empty lines, lines starting with `#`, and a first line
/// `step<TAB>path…` (a header) are skipped. A path may be named by several lines;
/// all records are returned in file order and the last one wins when applied.
/// Warnings (line skipped): no TAB, empty step, a path that is absolute or leaves the
/// container. Warnings (line kept): a time that does not look like ISO 8601, a path
/// that is not valid UTF-8 (decoded with replacement characters), a path listed again.
/// Thrown: a non-empty file in which no line is a usable record.
public enum StepsReader: EvidenceReader {
    public static func read(_ bytes: [UInt8], file: String, warnings: inout [Diagnostic]) throws(Diagnostic) -> [StepRecord] {
        Array(try records(bytes, file: file, warnings: &warnings))
    }

    /// `read(_:file:warnings:)` into contiguous storage (`StepRecords`), as the loader keeps them.
    public static func records(_ bytes: [UInt8], file: String, warnings: inout [Diagnostic]) throws(Diagnostic) -> StepRecords {
        // Keyed by the bytes of the record's path, as `StepAssignment` applies records;
        // the record's stored path serves as the key (no second copy of a million paths).
        var out = StepRecordCollection()
        // Sized once: growing a million-key table rehashed it 20 times (a quarter of the read).
        out.reserve(records: TextRecords(bytes, allowNulDelimited: false).estimatedCount, bytes: bytes.count)
        try read(bytes, file: file, lineShift: 0, into: &out, warnings: &warnings)
        return out.records
    }

    /// The parser, for the whole file or one batch of its lines (`StepsBatches`): records
    /// are given to `out` with their line plus `lineShift`, the file line of the batch's
    /// line 0, and a path is a repeat if `out` (shared by the batches, with file lines)
    /// took it before. Warnings name the batch's own lines; the caller shifts them.
    /// Thrown when no line of `bytes` is a usable record.
    /// `count`: the batch is `bytes[..<count]` (read in place in the stream's window);
    /// `atFileStart`: it starts the file, so a byte order mark is skipped and line 1 may
    /// be a header.
    static func read(
        _ bytes: [UInt8], count: Int? = nil, atFileStart: Bool = true, file: String, lineShift: Int, into out: inout some StepRecordSink,
        warnings: inout [Diagnostic]
    ) throws(Diagnostic) {
        let records = TextRecords(bytes, count: count ?? bytes.count, skippingBOM: atFileStart, allowNulDelimited: false)
        let countBefore = out.count
        var reader = StepsLineReader(file: file, atFileStart: atFileStart, lineShift: lineShift)
        defer { reader.collector.finish(into: &warnings) }
        // Each line is read through one pointer into `bytes` (a `let`, so its storage
        // outlives the walk): slices of the array took a retain and a release apiece,
        // a third of the parse at a million lines.
        bytes.withUnsafeBufferPointer { buffer in
            records.forEach { range, line in
                reader.read(range, line: line, in: buffer, into: &out)
                return true
            }
        }
        if out.count == countBefore, let first = reader.firstBad {
            throw Diagnostic.error(
                file, at: SourcePosition(line: first.line, column: first.column, byteOffset: first.offset),
                "no usable 'step<TAB>path' record: " + first.message)
        }
    }

    /// The line split at its first two TABs (what `split(separator: 0x09, maxSplits: 2,
    /// omittingEmptySubsequences: false)` gives), in a fixed-size value instead of an array.
    static func tabFields(_ text: ArraySlice<UInt8>) -> TabFields {
        var f = TabFields(text: text)
        guard let first = firstTab(in: text) else { return f }
        f.firstTab = first
        f.secondTab = firstTab(in: text[(first + 1)...])
        return f
    }

    /// `firstIndex(of: TAB)` by `memchr`.
    private static func firstTab(in text: ArraySlice<UInt8>) -> Int? {
        text.withUnsafeBytes { raw -> Int? in
            guard let base = raw.baseAddress, let hit = exhibit_memchr(base, 0x09, raw.count) else { return nil }
            return text.startIndex + (UnsafeRawPointer(hit) - base)
        }
    }

    struct TabFields {
        let text: ArraySlice<UInt8>
        var firstTab: Int?
        var secondTab: Int?

        init(text: ArraySlice<UInt8>) { self.text = text }

        var count: Int { firstTab == nil ? 1 : secondTab == nil ? 2 : 3 }

        subscript(_ i: Int) -> ArraySlice<UInt8> {
            guard let first = firstTab else { return text }
            switch i {
            case 0: return text[..<first]
            case 1: return text[(first + 1)..<(secondTab ?? text.endIndex)]
            default: return text[((secondTab ?? text.endIndex - 1) + 1)...]
            }
        }
    }

    /// The first TAB in `text` at or after `from`, by `memchr`.
    static func firstTab(in text: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard from < text.count, let base = text.baseAddress, let hit = exhibit_memchr(base + from, 0x09, text.count - from) else { return nil }
        return UnsafeRawPointer(hit) - UnsafeRawPointer(base)
    }

    /// `2026-01-01T09:00:05Z`, `2026-01-01T09:00:05.109+02:00` and the like: a date,
    /// `T`, and a time; the zone and fraction are not checked.
    static func looksLikeISO8601(_ t: UnsafeBufferPointer<UInt8>) -> Bool {
        let pattern = Array("dddd-dd-ddTdd:dd:dd".utf8)
        guard t.count >= pattern.count else { return false }
        for (p, b) in zip(pattern, t) {
            if p == UInt8(ascii: "d") {
                guard (0x30...0x39).contains(b) else { return false }
            } else if p != b {
                return false
            }
        }
        return true
    }
}

/// The state of one read of steps.tsv's lines (`StepsReader.read`), kept in a value with
/// methods, not in variables that nested functions capture: a captured variable is
/// checked for exclusive access at run time on every use (`swift_beginAccess`, 4 % of
/// the steps read at a million lines).
private struct StepsLineReader {
    var collector: WarningCollector
    /// The first line skipped, for the error when no line is usable.
    var firstBad: (line: Int, column: Int, offset: Int, message: String)?
    let atFileStart: Bool
    let lineShift: Int
    /// The UTF-8 of the last line's step and directory (both in the buffer read), known: a
    /// line naming the same step, or a file in the same directory, checks the rest only.
    private var lastStep: (bytes: UnsafeBufferPointer<UInt8>, isValid: Bool)?
    private var lastDirectory: (bytes: UnsafeBufferPointer<UInt8>, isValid: Bool)?
    /// Its note: the UTF-8 verdict of the directory it holds.
    private var plainPaths = PlainPathCheck<Bool>()
    /// Whether the last path given to the sink was one `plainPaths` passed, as its bytes:
    /// its directory is then the one `plainPaths` holds, and the next path that check
    /// finds in it is in the sink's last directory (`StepRecordSink.take`).
    private var gavePlainPath = false

    init(file: String, atFileStart: Bool, lineShift: Int) {
        collector = WarningCollector(file: file)
        self.atFileStart = atFileStart
        self.lineShift = lineShift
    }

    private mutating func bad(_ message: String, _ line: Int, _ column: Int, _ offset: Int) {
        if firstBad == nil { firstBad = (line, column, offset, message) }
        collector.add(message + "; line skipped", line: line, column: column, offset: offset)
    }

    private static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>, same last: inout (bytes: UnsafeBufferPointer<UInt8>, isValid: Bool)?) -> Bool {
        if let known = last, known.bytes.count == bytes.count, ByteCompare.compare(known.bytes, bytes) == 0 { return known.isValid }
        let isValid = UTF8Validity.isWellFormed(bytes)
        last = (bytes, isValid)
        return isValid
    }

    /// Reads the line at `range` of `buffer` (the batch), giving its record to `out`.
    mutating func read(_ range: Range<Int>, line: Int, in buffer: UnsafeBufferPointer<UInt8>, into out: inout some StepRecordSink) {
        let text = UnsafeBufferPointer(rebasing: buffer[range])
        if text.isEmpty || text[0] == UInt8(ascii: "#") { return }
        let firstTab = StepsReader.firstTab(in: text, from: 0)
        let secondTab = firstTab.flatMap { StepsReader.firstTab(in: text, from: $0 + 1) }
        if line == 1 && atFileStart, let firstTab, ByteCompare.equal(UnsafeBufferPointer(rebasing: text[..<firstTab]), "step"),
            ByteCompare.equal(UnsafeBufferPointer(rebasing: text[(firstTab + 1)..<(secondTab ?? text.count)]), "path")
        {
            return
        }
        guard let firstTab else {
            return bad("expected 'step<TAB>path[<TAB>time]', found no TAB", line, text.count + 1, range.upperBound)
        }
        let step = UnsafeBufferPointer(rebasing: text[..<firstTab])
        let pathField = UnsafeBufferPointer(rebasing: text[(firstTab + 1)..<(secondTab ?? text.count)])
        guard !step.allSatisfy({ $0 == 0x20 }) else { return bad("empty step name", line, 1, range.lowerBound) }
        let fields = Fields(text: text, range: range, line: line, step: step, firstTab: firstTab, secondTab: secondTab)
        if let plain = plainPaths.plainPath(pathField) {
            // Valid exactly when its directory and its name are (the `/` and `./` are ASCII).
            let nameStart = plainPaths.nameStart
            let directoryIsValid: Bool
            if nameStart == 0 {
                directoryIsValid = true
            } else if let known = plainPaths.note {
                // The directory the check passed last: its verdict, not its bytes compared again.
                directoryIsValid = known
            } else {
                directoryIsValid = Self.isValidUTF8(UnsafeBufferPointer(rebasing: plain[..<(nameStart - 1)]), same: &lastDirectory)
                plainPaths.note = directoryIsValid
            }
            let pathIsValid = directoryIsValid && UTF8Validity.isWellFormed(UnsafeBufferPointer(rebasing: plain[nameStart...]))
            // A path not valid UTF-8 is given decoded, not as these bytes.
            take(plain, pathIsValid: pathIsValid, inLastDirectory: gavePlainPath && plainPaths.matchedLastDirectory && pathIsValid, fields, into: &out)
            gavePlainPath = pathIsValid
        } else if let path = ContainerPath.normalized(Array(pathField)[...]) {
            path.withUnsafeBufferPointer { take($0, pathIsValid: UTF8Validity.isWellFormed(pathField), inLastDirectory: false, fields, into: &out) }
            gavePlainPath = false
        } else {
            bad(
                "expected a container-relative path, found \"\(TerminalText.escape(bytes: pathField.prefix(120)))\" (absolute, empty or with '..')",
                line, fields.pathColumn, fields.pathOffset)
        }
    }

    /// What `take` needs of the line besides its path.
    private struct Fields {
        let text: UnsafeBufferPointer<UInt8>
        let range: Range<Int>
        let line: Int
        let step: UnsafeBufferPointer<UInt8>
        let firstTab: Int
        let secondTab: Int?
        var pathColumn: Int { firstTab + 2 }
        var pathOffset: Int { range.lowerBound + firstTab + 1 }
    }

    /// The path's warnings come after its normalising: a path refused is warned of once.
    private mutating func take(
        _ path: UnsafeBufferPointer<UInt8>, pathIsValid: Bool, inLastDirectory: Bool, _ f: Fields, into out: inout some StepRecordSink
    ) {
        if !pathIsValid || !Self.isValidUTF8(f.step, same: &lastStep) {
            collector.add("not valid UTF-8; decoded with replacement characters", line: f.line, column: 1, offset: f.range.lowerBound)
        }
        var time: UnsafeBufferPointer<UInt8>?
        if let secondTab = f.secondTab {
            let t = UnsafeBufferPointer(rebasing: f.text[(secondTab + 1)...])
            if !StepsReader.looksLikeISO8601(t) {
                collector.add(
                    "time \"\(TerminalText.escape(bytes: t.prefix(40)))\" is not ISO 8601 (YYYY-MM-DDThh:mm:ss…); kept as text",
                    line: f.line, column: secondTab + 2, offset: f.range.lowerBound + secondTab + 1)
            }
            time = t
        }
        // The path as `StepRecord.path` holds it: its bytes, or (not valid UTF-8) the
        // bytes of its decoding with replacement characters. Dropping `./` and `//`
        // keeps a valid path valid, so a valid field needs no decoding.
        if pathIsValid {
            take(stored: path, time: time, inLastDirectory: inLastDirectory, f, into: &out)
        } else {
            Array(String(decoding: path, as: UTF8.self).utf8).withUnsafeBufferPointer {
                take(stored: $0, time: time, inLastDirectory: false, f, into: &out)
            }
        }
    }

    private mutating func take(
        stored: UnsafeBufferPointer<UInt8>, time: UnsafeBufferPointer<UInt8>?, inLastDirectory: Bool, _ f: Fields, into out: inout some StepRecordSink
    ) {
        if let earlier = out.take(step: f.step, path: stored, time: time, line: f.line + lineShift, inLastDirectory: inLastDirectory) {
            collector.add(
                "\"\(TerminalText.escape(bytes: stored.prefix(120)))\" was already named on line \(earlier); the later step wins",
                line: f.line, column: f.pathColumn, offset: f.pathOffset)
        }
    }
}
