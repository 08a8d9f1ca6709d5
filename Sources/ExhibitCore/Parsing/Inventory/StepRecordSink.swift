/// Where the steps.tsv parser puts each usable record (issue 19): kept whole
/// (`StepRecordCollection`, what `StepsReader.records` returns), or resolved against the
/// inventory as it streams and dropped (`StreamingStepAssignment`, the loader's way).
/// Either way the sink finds a repeated path, so the parser's warnings do not depend on
/// which one it feeds.
protocol StepRecordSink {
    /// Records taken so far.
    var count: Int { get }

    /// Takes a record (`path` as `StepRecord.path` holds it, in normal form as
    /// `ContainerPath.normalized` gives it, `line` in file terms) and
    /// returns the line of the first record taken before with the same path, if any.
    /// `inLastDirectory`: the reader knows `path`'s directory part to be byte for byte
    /// that of the path it gave just before (its own check compared them), so a sink
    /// that remembers that directory need not compare them again.
    mutating func take(
        step: UnsafeBufferPointer<UInt8>, path: UnsafeBufferPointer<UInt8>, time: UnsafeBufferPointer<UInt8>?, line: Int, inLastDirectory: Bool
    ) -> Int?

    /// Room for about `records` records of `bytes` path and time bytes in all.
    mutating func reserve(records: Int, bytes: Int)
}

/// Every record kept in `StepRecords`; a path is a repeat when an earlier record's
/// stored bytes equal it (`StepsRepeatTable`).
struct StepRecordCollection: StepRecordSink {
    private(set) var records = StepRecords()
    private var seen = StepsRepeatTable()

    var count: Int { records.count }

    mutating func take(
        step: UnsafeBufferPointer<UInt8>, path: UnsafeBufferPointer<UInt8>, time: UnsafeBufferPointer<UInt8>?, line: Int, inLastDirectory: Bool = false
    ) -> Int? {
        let first = seen.firstIndex(of: path, adding: records.count, records: records)
        records.append(step: step, path: path, time: time, line: line)
        return first.map { records.line(at: $0) }
    }

    mutating func reserve(records expected: Int, bytes: Int) {
        seen.reserve(expected)
        records.reserveCapacity(records: expected, bytes: bytes)
    }
}
