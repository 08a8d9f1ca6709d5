/// Step names interned from the bytes of records, numbered in the order first seen: the
/// records of a steps.tsv, kept (`StepRecords`) or applied as they stream
/// (`StreamingStepAssignment`), name a handful of steps a million times.
struct StepNameTable: Sendable {
    private(set) var names: [String] = []
    private var ids: [[UInt8]: Int32] = [:]
    /// The last step interned (consecutive records share it), checked before `ids`.
    private var last: (bytes: [UInt8], id: Int32) = ([], -1)

    mutating func intern(_ step: UnsafeBufferPointer<UInt8>) -> Int32 {
        if last.id >= 0 && ByteCompare.equal(step, last.bytes) { return last.id }
        let bytes = Array(step)
        let id: Int32
        if let known = ids[bytes] {
            id = known
        } else {
            id = Int32(names.count)
            names.append(String(decoding: bytes, as: UTF8.self))
            ids[bytes] = id
        }
        last = (bytes, id)
        return id
    }
}
