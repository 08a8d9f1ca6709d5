/// steps.tsv's records in contiguous storage (issue 19): every record's path and time
/// bytes in one buffer, a fixed-size entry per record, and each distinct step name once.
/// A `StepRecord` (three Strings) is made only when one is read; the loader resolves
/// paths from the bytes (`withPathBytes`). At a million records this is about 85 MB
/// where `[StepRecord]` took about 150 (a heap String per path, 56 bytes of record).
///
/// A record's path is stored as `StepRecord.path`'s UTF-8 (invalid UTF-8 already
/// decoded with replacement characters), its time as written (decoded when read), and
/// step names are told apart by their bytes, so a record reads back exactly as the
/// reader would have made it.
public struct StepRecords: RandomAccessCollection, Sendable, Equatable {
    /// Path then time bytes of each record, one after another.
    private var text: [UInt8] = []
    private var entries: [Entry] = []
    private var steps = StepNameTable()
    /// Lengths and lines that do not fit an entry's 32 bits (only arrays of over 4 GiB
    /// given to the whole-bytes reader; steps.tsv files are capped at 1 GiB), by record.
    private var wide: [Int: (pathLength: Int, timeLength: Int?, line: Int)] = [:]

    /// 24 bytes: `timeLength` is `noTime` when the record has none.
    private struct Entry: Sendable {
        var start: Int
        var pathLength: UInt32
        var timeLength: UInt32
        var line: UInt32
        var step: Int32
    }

    private static let noTime = UInt32.max
    /// In `line`: the record's lengths and line are in `wide`.
    private static let wideMark = UInt32.max

    public init() {}

    public init(_ records: some Sequence<StepRecord>) {
        for r in records {
            var path = r.path
            var step = r.step
            step.withUTF8 { step in
                path.withUTF8 { p in
                    if var time = r.time {
                        time.withUTF8 { append(step: step, path: p, time: $0, line: r.line) }
                    } else {
                        append(step: step, path: p, time: nil, line: r.line)
                    }
                }
            }
        }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { entries.count }

    public subscript(position: Int) -> StepRecord {
        let e = entries[position]
        let (pathLength, timeLength, line) = lengths(position)
        let path = String(decoding: text[e.start..<(e.start + pathLength)], as: UTF8.self)
        let time = timeLength.map { String(decoding: text[(e.start + pathLength)..<(e.start + pathLength + $0)], as: UTF8.self) }
        return StepRecord(step: steps.names[Int(e.step)], path: path, time: time, line: line)
    }

    /// The record's line in the file.
    public func line(at position: Int) -> Int { lengths(position).line }

    /// The record's step name (shared by every record of that step: no copy).
    public func step(at position: Int) -> String { steps.names[Int(entries[position].step)] }

    /// Calls `body` with the UTF-8 bytes of the record's path, without making a String.
    public func withPathBytes<R>(_ position: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let start = entries[position].start
        let length = lengths(position).pathLength
        return try text.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[start..<(start + length)])) }
    }

    /// Room for `records` records of `bytes` path and time bytes in all.
    mutating func reserveCapacity(records: Int, bytes: Int) {
        entries.reserveCapacity(records)
        text.reserveCapacity(bytes)
    }

    /// Appends a record; `path` is the bytes `StepRecord.path` would hold.
    mutating func append(
        step: UnsafeBufferPointer<UInt8>, path: UnsafeBufferPointer<UInt8>, time: UnsafeBufferPointer<UInt8>?, line: Int
    ) {
        let start = text.count
        text.append(contentsOf: path)
        if let time { text.append(contentsOf: time) }
        let id = steps.intern(step)
        let fits = path.count < Int(UInt32.max) && (time?.count ?? 0) < Int(Self.noTime) && line >= 0 && line < Int(Self.wideMark)
        if !fits { wide[entries.count] = (path.count, time?.count, line) }
        entries.append(
            Entry(
                start: start, pathLength: fits ? UInt32(path.count) : 0,
                timeLength: fits ? time.map { UInt32($0.count) } ?? Self.noTime : 0,
                line: fits ? UInt32(line) : Self.wideMark, step: id))
    }

    private func lengths(_ position: Int) -> (pathLength: Int, timeLength: Int?, line: Int) {
        let e = entries[position]
        if e.line == Self.wideMark, let w = wide[position] { return w }
        return (Int(e.pathLength), e.timeLength == Self.noTime ? nil : Int(e.timeLength), Int(e.line))
    }

    /// Equal when the records read back equal (however the step names were interned).
    public static func == (a: StepRecords, b: StepRecords) -> Bool {
        a.count == b.count && a.elementsEqual(b)
    }
}
