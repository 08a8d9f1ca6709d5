import CBytes

/// Finding a byte string inside a larger one (a marker in a multi-megabyte log): memchr
/// to the needle's first byte, then memcmp, so the scan runs at the C library's speed.
package enum ByteSearch {
    package static func firstIndex(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, start >= 0, haystack.count - start >= needle.count else { return nil }
        return haystack.withUnsafeBufferPointer { hay -> Int? in
            needle.withUnsafeBufferPointer { pin -> Int? in
                guard let base = hay.baseAddress, let pinBase = pin.baseAddress else { return nil }
                var at = start
                let last = hay.count - pin.count
                while at <= last {
                    guard let found = exhibit_memchr(base + at, Int32(first), last - at + 1) else { return nil }
                    let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    if exhibit_memcmp(base + index, pinBase, pin.count) == 0 { return index }
                    at = index + 1
                }
                return nil
            }
        }
    }
}
