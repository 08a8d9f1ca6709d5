import CBytes

/// Byte comparisons for hot paths. The generic `elementsEqual` and
/// `lexicographicallyPrecedes` walk `String.UTF8View` an index at a time (about 40
/// instructions a byte in callgrind); these compare contiguous storage directly.
package enum ByteCompare {
    /// `bytes` equals the UTF-8 of `literal` (a key such as `"asize"`), with no String made.
    @inline(__always)
    static func equal(_ bytes: ArraySlice<UInt8>, _ literal: StaticString) -> Bool {
        bytes.withUnsafeBufferPointer { equal($0, literal) }
    }

    /// Equal lengths and bytes (`memcmp`): the readers' check of a line's directory
    /// against the one before.
    @inline(__always)
    static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: [UInt8]) -> Bool {
        a.count == b.count && b.withUnsafeBufferPointer { compare($0, a) == 0 }
    }

    @inline(__always)
    static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        let n = literal.utf8CodeUnitCount
        guard bytes.count == n else { return false }
        let start = literal.utf8Start
        for i in 0..<n where bytes[i] != start[i] { return false }
        return true
    }

    @inline(__always)
    package static func equal(_ a: ArraySlice<UInt8>, _ b: [UInt8]) -> Bool {
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

    /// Three-way comparison of two byte ranges of one buffer (memcmp, then length).
    @inline(__always)
    package static func compare(_ buffer: UnsafeBufferPointer<UInt8>, _ a: Range<Int>, _ b: Range<Int>) -> Int {
        compare(UnsafeBufferPointer(rebasing: buffer[a]), UnsafeBufferPointer(rebasing: buffer[b]))
    }

    @inline(__always)
    package static func compare(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Int {
        let n = min(x.count, y.count)
        if n > 0, let px = x.baseAddress, let py = y.baseAddress {
            let c = exhibit_memcmp(px, py, n)
            if c != 0 { return Int(c) }
        }
        return x.count - y.count
    }

    /// Three-way comparison of the UTF-8 bytes: negative, 0 or positive. Unlike `==` on
    /// String, canonically equivalent but differently encoded strings are not equal.
    static func compare(_ a: String, _ b: String) -> Int {
        let fast = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in compare(x, y) }
        }
        if let result = fast ?? nil { return result }
        if a.utf8.elementsEqual(b.utf8) { return 0 }
        return a.utf8.lexicographicallyPrecedes(b.utf8) ? -1 : 1
    }
}

/// Bytes as a dictionary key, hashed as one block: `[UInt8]`'s own `Hashable` feeds the
/// hasher a byte at a time (about 16% of loading a files.txt bundle in callgrind).
package struct ByteKey: Hashable {
    let bytes: [UInt8]

    package init(_ bytes: [UInt8]) { self.bytes = bytes }

    package func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    package static func == (a: ByteKey, b: ByteKey) -> Bool { a.bytes == b.bytes }
}

/// UTF-8 validity of a slice (`UTF8Validity.isWellFormed`, the one validator).
enum UTF8Validation {
    static func isValid(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.withUnsafeBufferPointer(UTF8Validity.isWellFormed)
    }
}
