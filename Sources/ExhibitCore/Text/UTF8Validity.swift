/// A check of UTF-8 on the bytes, with no `String` made: a violation's path is written
/// or compared as the inventory's bytes when they are valid, and only invalid ones take
/// their escaped form (`Inventory.pathText`: `\xNN` per byte), which is what the path's
/// text holds.
public enum UTF8Validity {
    /// Whether the bytes are well-formed UTF-8 (Unicode Table 3-7: no overlong forms, no
    /// surrogates, nothing above U+10FFFF, no truncated sequence): exactly the bytes
    /// `String(decoding:as:)` keeps unchanged (`UTF8ValidityTests` compares the two).
    public static func isWellFormed(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let n = b.count
        guard let start = b.baseAddress else { return true }
        let raw = UnsafeRawPointer(start)
        while i < n {
            // ASCII eight bytes at a time, and up to the first byte that is not: names are
            // short and mostly ASCII with a letter or two that is not (`Größe 2.json`),
            // and going on a byte at a time after each such letter was most of the check.
            // The last bytes are read as the word ending the buffer, the ones already
            // checked masked off.
            if i + 8 <= n {
                // Little-endian, so the lowest mark is the first byte in memory.
                let marks = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) & 0x8080_8080_8080_8080
                if marks == 0 {
                    i += 8
                    continue
                }
                i += marks.trailingZeroBitCount >> 3
            } else if n >= 8 {
                let checkedBits = UInt64(i - (n - 8)) << 3
                let marks = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)) & 0x8080_8080_8080_8080 & (~0 << checkedBits)
                if marks == 0 { return true }
                i = n - 8 + marks.trailingZeroBitCount >> 3
            } else if b[i] < 0x80 {
                i += 1
                continue
            }
            let c = b[i]
            @inline(__always) func continuation(_ k: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
                i + k < n && b[i + k] >= low && b[i + k] <= high
            }
            switch c {
            case 0xC2...0xDF:
                guard continuation(1) else { return false }
                i += 2
            case 0xE0:
                guard continuation(1, 0xA0), continuation(2) else { return false }
                i += 3
            case 0xE1...0xEC, 0xEE...0xEF:
                guard continuation(1), continuation(2) else { return false }
                i += 3
            case 0xED:
                guard continuation(1, 0x80, 0x9F), continuation(2) else { return false }
                i += 3
            case 0xF0:
                guard continuation(1, 0x90), continuation(2), continuation(3) else { return false }
                i += 4
            case 0xF1...0xF3:
                guard continuation(1), continuation(2), continuation(3) else { return false }
                i += 4
            case 0xF4:
                guard continuation(1, 0x80, 0x8F), continuation(2), continuation(3) else { return false }
                i += 4
            default:
                return false
            }
        }
        return true
    }
}

extension UTF8Validity {
    /// The first ill-formed sequence in `bytes`: its offset and its bytes (the maximal
    /// subpart that `String(decoding:)` turns into one U+FFFD, so 0xC3 alone in
    /// `C3 28`); nil when every byte is well-formed. For a reader that refuses a file
    /// holding one, and names where.
    public static func firstIllFormed(_ bytes: [UInt8]) -> (offset: Int, bytes: ArraySlice<UInt8>)? {
        guard !bytes.withUnsafeBufferPointer(isWellFormed) else { return nil }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .error(let length): return (offset, bytes[offset..<(offset + length)])
            case .emptyInput: return nil
            }
        }
    }
}
