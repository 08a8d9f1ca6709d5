#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole-file reads through plain POSIX calls: one `open(O_RDONLY)`, `fstat` for the
/// size, and `read` into a preallocated array. Foundation's `Data(contentsOf:)` would
/// do, but this keeps large inventories to a single copy and gives errno text.
public enum ReadOnlyFile {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public static func readAll(path: String) throws(Failure) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Failure(description: String(cString: strerror(errno))) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw Failure(description: String(cString: strerror(errno))) }
        var capacity = max(Int(st.st_size), 0)
        var out = [UInt8](repeating: 0, count: capacity)
        var filled = 0
        while true {
            if filled == capacity {
                // The file grew or st_size was 0 (a pipe, /proc): keep reading.
                capacity = max(capacity * 2, 65536)
                out.append(contentsOf: repeatElement(0, count: capacity - out.count))
            }
            let n = out.withUnsafeMutableBytes { buf in
                Glibc_or_Darwin_read(fd, buf.baseAddress! + filled, capacity - filled)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure(description: String(cString: strerror(errno)))
            }
            if n == 0 { break }
            filled += n
        }
        out.removeSubrange(filled...)
        return out
    }
}

@inline(__always)
private func Glibc_or_Darwin_read(_ fd: Int32, _ buf: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(fd, buf, count)
}
