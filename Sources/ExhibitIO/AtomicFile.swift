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
    /// - Parameter durable: false only for generated benchmark fixtures (`generate
    ///   --no-sync`): still temporary-then-rename, but no `fsync` and no sweep of stale
    ///   temporaries, which reads the whole directory per write and so is quadratic over a
    ///   result bundle's tens of thousands of `Data/` files. Never for evidence or notes.
    public static func write(
        _ bytes: [UInt8], to path: String, overwrite: Bool = true, mode: mode_t = 0o644, durable: Bool = true
    ) throws(Failure) {
        if !overwrite && access(path, F_OK) == 0 {
            throw Failure(description: "\(path): exists (use --force to replace it)")
        }
        let directory = parentDirectory(of: path)
        if durable { removeStaleTemporaries(in: directory) }
        // `mkstemp` creates it 0600: until the rename, a copy left by a killed writer is
        // readable by its owner only. The pid in the name tells the next writer it is stale.
        var template = Array("\(directory)/\(temporaryPrefix)\(getpid())-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw Failure(description: "\(directory): cannot create a temporary file: \(errnoText())") }
        fchmod(fd, 0o600)
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
        guard !durable || fsync(fd) == 0 else {
            let why = errnoText()
            close(fd)
            throw Failure(description: "\(path): fsync failed: \(why)")
        }
        guard rename(tempPath, path) == 0 else {
            let why = errnoText()
            close(fd)
            throw Failure(description: "\(path): rename failed: \(why)")
        }
        ok = true
        // The final mode once it has its name (a kill just before leaves it 0600, never a
        // readable temporary); through the descriptor, so a link swapped in is not chmodded.
        fchmod(fd, mode)
        close(fd)
        let dfd = durable ? open(directory, O_RDONLY) : -1
        if dfd >= 0 {
            fsync(dfd)
            close(dfd)
        }
    }

    static let temporaryPrefix = ".exhibit-tmp-"
    /// A temporary this old is stale whoever made it (a write takes milliseconds).
    static let staleAge: time_t = 3600

    /// Removes the temporaries killed writers left in `directory`: those whose writer
    /// (the pid in the name) is gone from this host, and any older than `staleAge`
    /// (names without a pid, from before, or a pid reused since). A live writer's
    /// temporary is left alone, so concurrent writers never break each other's rename.
    static func removeStaleTemporaries(in directory: String) {
        guard let dir = opendir(directory) else { return }
        defer { closedir(dir) }
        let now = time(nil)
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            guard name.hasPrefix(temporaryPrefix) else { continue }
            let path = directory + "/" + name
            var st = stat()
            guard lstat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { continue }
            let fields = name.dropFirst(temporaryPrefix.count).split(separator: "-")
            let writer = fields.count == 2 ? pid_t(fields[0]) : nil
            let writerGone = writer.map { $0 != getpid() && kill($0, 0) != 0 && errno == ESRCH } ?? false
            if writerGone || now - st.modificationSeconds > staleAge { unlink(path) }
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

extension stat {
    /// Modification time in seconds (`st_mtim` on Linux, `st_mtimespec` on Darwin).
    var modificationSeconds: time_t {
        #if canImport(Darwin)
            st_mtimespec.tv_sec
        #else
            st_mtim.tv_sec
        #endif
    }
}
