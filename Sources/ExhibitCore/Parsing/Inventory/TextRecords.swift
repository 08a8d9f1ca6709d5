import CBytes

/// Splits a text artifact into records the way the tools that write them delimit
/// them: newline-terminated lines (a trailing CR from a Windows checkout is dropped),
/// or NUL-terminated records when the file holds any NUL byte (`find -print0`, where
/// a newline may be part of a file name). A UTF-8 byte order mark is skipped where the
/// bytes start the file.
struct TextRecords {
    let bytes: [UInt8]
    /// NUL-delimited: records are counted as "lines" in positions.
    let isNulDelimited: Bool
    let start: Int
    /// The records end here: `bytes.count`, or the end of a batch read in place.
    let end: Int

    init(_ bytes: [UInt8], allowNulDelimited: Bool = true) {
        self.init(bytes, count: bytes.count, skippingBOM: true, allowNulDelimited: allowNulDelimited)
    }

    /// The records of `bytes[..<count]`; a byte order mark is skipped only when
    /// `skippingBOM` (the bytes start the file).
    init(_ bytes: [UInt8], count: Int, skippingBOM: Bool, allowNulDelimited: Bool) {
        self.bytes = bytes
        self.end = count
        self.start = skippingBOM && bytes[..<count].starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        self.isNulDelimited = allowNulDelimited && bytes.withUnsafeBytes { Self.find(0, in: UnsafeRawBufferPointer(rebasing: $0[..<count]), from: 0) != nil }
    }

    /// `memchr` from `from`: delimiters are found at memory speed, not a byte at a time.
    @inline(__always)
    static func find(_ byte: UInt8, in raw: UnsafeRawBufferPointer, from: Int) -> Int? {
        guard from < raw.count, let base = raw.baseAddress, let hit = exhibit_memchr(base + from, Int32(byte), raw.count - from) else { return nil }
        return UnsafeRawPointer(hit) - base
    }

    /// Calls `body(content, number)` for every record, empty ones included; `number`
    /// is 1-based. `content` excludes the delimiter (and a CR before a newline).
    /// Returning false stops the walk.
    func forEach(_ body: (Range<Int>, Int) -> Bool) {
        let delimiter: UInt8 = isNulDelimited ? 0 : 0x0A
        var lineStart = start
        var number = 1
        let n = end
        let nul = isNulDelimited
        // `bytes` is a let: its storage outlives the walk, so the delimiters are found
        // through one pointer while `body` reads the array as it likes.
        let ends: (Int) -> Int? = { from in bytes.withUnsafeBytes { Self.find(delimiter, in: UnsafeRawBufferPointer(rebasing: $0[..<n]), from: from) } }
        while let i = ends(lineStart) {
            var end = i
            if !nul, end > lineStart, bytes[end - 1] == 0x0D { end -= 1 }
            if !body(lineStart..<end, number) { return }
            number += 1
            lineStart = i + 1
        }
        if lineStart < n {
            var end = n
            if !nul, bytes[end - 1] == 0x0D { end -= 1 }
            _ = body(lineStart..<end, number)
        }
    }

    /// The last record, when no delimiter ends it (`find` and `find -print0` end every
    /// record with one, so the file may have been cut there): its number and offset.
    /// Counts the records only then.
    var unterminatedLastRecord: (number: Int, offset: Int)? {
        let delimiter: UInt8 = isNulDelimited ? 0 : 0x0A
        guard end > start, bytes[end - 1] != delimiter else { return nil }
        var delimiters = 0
        var lastStart = start
        for i in start..<end where bytes[i] == delimiter {
            delimiters += 1
            lastStart = i + 1
        }
        return (delimiters + 1, lastStart)
    }

    /// The number of records (for reserving capacity).
    var estimatedCount: Int {
        if !isNulDelimited { return 1 + bytes.withUnsafeBytes { countNewlines(UnsafeRawBufferPointer(rebasing: $0[..<end])) } }
        var c = 1
        for b in bytes[..<end] where b == 0 { c += 1 }
        return c
    }

    /// True when `range` is valid UTF-8.
    func isValidUTF8(_ range: Range<Int>) -> Bool {
        UTF8Validation.isValid(bytes[range])
    }
}
