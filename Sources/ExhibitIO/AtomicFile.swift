#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file so that readers see either the old contents or the new, never a
/// torn mix: a temporary file in the same directory, `fsync`, `rename` over the
/// target, then `fsync` of the directory so the rename survives a crash. A dropped
/// SSH session or a killed writer leaves the previous file intact.
public enum AtomicFile {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// - Parameter overwrite: when false, an existing target is refused (the check and
    ///   the rename are not one atomic step; good enough against mistakes, not races).
    public static func write(_ bytes: [UInt8], to path: String, overwrite: Bool = true, mode: mode_t = 0o644) throws(Failure) {
        if !overwrite && access(path, F_OK) == 0 {
            throw Failure(description: "\(path): exists (use --force to replace it)")
        }
        let directory = parentDirectory(of: path)
        var template = Array("\(directory)/.exhibit-tmp-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw Failure(description: "\(directory): cannot create a temporary file: \(errnoText())") }
        let tempPath = String(decoding: template.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var ok = false
        defer {
            if !ok { unlink(tempPath) }
        }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write_(fd, $0.baseAddress! + offset, bytes.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                let why = errnoText()
                close(fd)
                throw Failure(description: "\(path): write failed: \(why)")
            }
            offset += n
        }
        fchmod(fd, mode)
        guard fsync(fd) == 0 else {
            let why = errnoText()
            close(fd)
            throw Failure(description: "\(path): fsync failed: \(why)")
        }
        close(fd)
        guard rename(tempPath, path) == 0 else { throw Failure(description: "\(path): rename failed: \(errnoText())") }
        ok = true
        let dfd = open(directory, O_RDONLY)
        if dfd >= 0 {
            fsync(dfd)
            close(dfd)
        }
    }

    public static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func errnoText() -> String { String(cString: strerror(errno)) }
}

@inline(__always)
private func write_(_ fd: Int32, _ buf: UnsafeRawPointer, _ count: Int) -> Int { write(fd, buf, count) }
