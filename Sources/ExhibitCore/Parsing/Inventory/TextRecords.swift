/// Splits a text artifact into records the way the tools that write them delimit
/// them: newline-terminated lines (a trailing CR from a Windows checkout is dropped),
/// or NUL-terminated records when the file holds any NUL byte (`find -print0`, where
/// a newline may be part of a file name). A UTF-8 byte order mark is skipped.
struct TextRecords {
    let bytes: [UInt8]
    /// NUL-delimited: records are counted as "lines" in positions.
    let isNulDelimited: Bool
    let start: Int

    init(_ bytes: [UInt8], allowNulDelimited: Bool = true) {
        self.bytes = bytes
        self.start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        self.isNulDelimited = allowNulDelimited && bytes.contains(0)
    }

    /// Calls `body(content, number)` for every record, empty ones included; `number`
    /// is 1-based. `content` excludes the delimiter (and a CR before a newline).
    /// Returning false stops the walk.
    func forEach(_ body: (Range<Int>, Int) -> Bool) {
        let delimiter: UInt8 = isNulDelimited ? 0 : 0x0A
        var lineStart = start
        var number = 1
        var i = start
        let n = bytes.count
        while i < n {
            if bytes[i] == delimiter {
                var end = i
                if !isNulDelimited, end > lineStart, bytes[end - 1] == 0x0D { end -= 1 }
                if !body(lineStart..<end, number) { return }
                number += 1
                lineStart = i + 1
            }
            i += 1
        }
        if lineStart < n {
            var end = n
            if !isNulDelimited, bytes[end - 1] == 0x0D { end -= 1 }
            _ = body(lineStart..<end, number)
        }
    }

    /// The number of records (for reserving capacity).
    var estimatedCount: Int {
        if !isNulDelimited { return 1 + bytes.withUnsafeBytes { countNewlines($0) } }
        var c = 1
        for b in bytes where b == 0 { c += 1 }
        return c
    }

    /// True when `range` is valid UTF-8.
    func isValidUTF8(_ range: Range<Int>) -> Bool {
        UTF8Validation.isValid(bytes[range])
    }
}
