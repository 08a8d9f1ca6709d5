/// Byte comparisons for hot paths. The generic `elementsEqual` and
/// `lexicographicallyPrecedes` walk `String.UTF8View` an index at a time (about 40
/// instructions a byte in callgrind); these compare contiguous storage directly.
enum ByteCompare {
    /// `bytes` equals the UTF-8 of `literal` (a key such as `"asize"`), with no String made.
    @inline(__always)
    static func equal(_ bytes: ArraySlice<UInt8>, _ literal: StaticString) -> Bool {
        let n = literal.utf8CodeUnitCount
        guard bytes.count == n else { return false }
        let start = literal.utf8Start
        return bytes.withUnsafeBufferPointer { b in
            for i in 0..<n where b[i] != start[i] { return false }
            return true
        }
    }

    @inline(__always)
    static func equal(_ a: ArraySlice<UInt8>, _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBufferPointer { x in
            b.withUnsafeBufferPointer { y in
                for i in 0..<x.count where x[i] != y[i] { return false }
                return true
            }
        }
    }

    /// Orders two strings by their UTF-8 bytes (what `a.utf8.lexicographicallyPrecedes(b.utf8)`
    /// returns), comparing contiguous storage when both have it.
    static func precedes(_ a: String, _ b: String) -> Bool {
        compare(a, b) < 0
    }

    /// Three-way comparison of the UTF-8 bytes: negative, 0 or positive. Unlike `==` on
    /// String, canonically equivalent but differently encoded strings are not equal.
    static func compare(_ a: String, _ b: String) -> Int {
        let fast = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in
                let n = min(x.count, y.count)
                for i in 0..<n where x[i] != y[i] { return x[i] < y[i] ? -1 : 1 }
                return x.count - y.count
            }
        }
        if let result = fast ?? nil { return result }
        if a.utf8.elementsEqual(b.utf8) { return 0 }
        return a.utf8.lexicographicallyPrecedes(b.utf8) ? -1 : 1
    }
}
