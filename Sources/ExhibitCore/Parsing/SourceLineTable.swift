/// Line starts of one file, found on the first position asked for, so a reader that
/// records the position of every item (each rule of rules.json, each warning) pays one
/// pass over the file instead of one per item: `SourcePosition(offset:in:)` counts
/// newlines from the start each time, and 10,000 rules took 8.6 s.
final class SourceLineTable {
    private var starts: [Int]?

    /// The same position `SourcePosition(offset:in:)` computes.
    func position(of offset: Int, in bytes: [UInt8]) -> SourcePosition {
        let end = min(max(offset, 0), bytes.count)
        let starts = self.starts ?? build(bytes)
        // The last line start at or before `end`.
        var low = 0
        var high = starts.count
        while high - low > 1 {
            let mid = (low + high) / 2
            if starts[mid] <= end { low = mid } else { high = mid }
        }
        return SourcePosition(line: low + 1, column: end - starts[low] + 1, byteOffset: end)
    }

    private func build(_ bytes: [UInt8]) -> [Int] {
        var out = [0]
        for (i, b) in bytes.enumerated() where b == 0x0A { out.append(i + 1) }
        starts = out
        return out
    }
}
