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
        /// The file's size, when it was refused for being over the limit.
        public var tooLarge: Int?

        public init(description: String, tooLarge: Int? = nil) {
            self.description = description
            self.tooLarge = tooLarge
        }
    }

    /// Size of the read that checks for end of file after `st_size` bytes.
    static let probeSize = 4096
    /// No evidence artifact is this large; a bigger file (or a device posing as one) is
    /// refused rather than read until memory runs out.
    public static let maximumSize = 8 << 30

    /// Reads exactly `st_size` bytes into one buffer of that size, then makes one small
    /// probe read: only a file that grew since `fstat` (or a pipe, or a /proc file that
    /// reports size 0) pays for growing the buffer. Growing on the first full buffer
    /// instead would hold the old buffer and one of twice the size at once: three times
    /// the file at the peak, 300 MB for a 100 MB inventory.json. With `regularFilesOnly`
    /// (evidence) there is no probe: the read stops at the size the file had when opened.
    /// `maximumSize`: the cap for this file (a pipe's contents included); the 8 GiB
    /// default when not given.
    public static func readAll(path: String, regularFilesOnly: Bool = false, maximumSize limit: Int = maximumSize) throws(Failure) -> [UInt8] {
        let (fd, expected) = try openChecked(path: path, regularFilesOnly: regularFilesOnly, maximumSize: limit)
        defer { close(fd) }
        return try readAll(fd, expected: expected, stopAtSize: regularFilesOnly, limit: limit)
    }

    /// Reads an open descriptor (which it then owns and closes) as `readAll(path:)`
    /// with `regularFilesOnly`: a regular file is read to the size it had when opened
    /// and no further, so a file still growing (a log, a hostile writer) costs its size
    /// at the open, not memory until it runs out. `maximumSize` overrides the 8 GiB cap.
    public static func readAll(descriptor fd: Int32, maximumSize limit: Int = maximumSize) throws(Failure) -> [UInt8] {
        defer { close(fd) }
        let expected = try checked(fd, regularFilesOnly: true, maximumSize: limit)
        return try readAll(fd, expected: expected, stopAtSize: true, limit: limit)
    }

    private static func readAll(_ fd: Int32, expected: Int, stopAtSize: Bool, limit: Int) throws(Failure) -> [UInt8] {
        var failure: Failure?
        var out = [UInt8](unsafeUninitializedCapacity: expected) { buffer, initialized in
            do throws(Failure) {
                initialized = try readFully(fd, into: UnsafeMutableRawBufferPointer(buffer))
            } catch {
                failure = error
                initialized = 0
            }
        }
        if let failure { throw failure }
        guard out.count == expected, !stopAtSize else { return out }  // shrank since fstat: what was there
        var probe = [UInt8](repeating: 0, count: probeSize)
        while true {
            let n = try readFully(fd, into: &probe)
            if n == 0 { break }
            // Grew since fstat, or has no size (a pipe, /proc): append what comes, in
            // chunks that double with the data read so far.
            out.append(contentsOf: probe[0..<n])
            guard out.count <= limit else {
                throw Failure(
                    description: limit == maximumSize
                        ? "grew past \(maximumSize >> 30) GiB while being read"
                        : "more than \(limit) bytes; refusing to read further", tooLarge: out.count)
            }
            if n < probe.count { break }
            if probe.count < out.count / 2 { probe = [UInt8](repeating: 0, count: min(out.count / 2, 1 << 24)) }
        }
        return out
    }

    /// Opens a file for reading with the checks `readAll` makes: `O_RDONLY`, never a
    /// wait on a FIFO, optionally regular files only, at most `maximumSize` bytes.
    /// Returns the descriptor (blocking again) and the size `fstat` reported.
    static func openChecked(path: String, regularFilesOnly: Bool, maximumSize limit: Int = maximumSize) throws(Failure) -> (fd: Int32, size: Int) {
        // O_NONBLOCK: opening a FIFO planted in a bundle must not wait for a writer.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw Failure(description: errnoText()) }
        do {
            return (fd, try checked(fd, regularFilesOnly: regularFilesOnly, maximumSize: limit))
        } catch {
            close(fd)
            throw error
        }
    }

    /// The checks on an open descriptor: its kind, its size; then blocking again.
    /// Returns the size `fstat` reported. Leaves closing to the caller.
    static func checked(_ fd: Int32, regularFilesOnly: Bool, maximumSize limit: Int) throws(Failure) -> Int {
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw Failure(description: errnoText()) }
        if regularFilesOnly && (st.st_mode & S_IFMT) != S_IFREG {
            throw Failure(description: "not a regular file (\(kindName(st.st_mode))); refusing to read it")
        }
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        let size = max(Int(st.st_size), 0)
        guard size <= limit else {
            throw Failure(
                description: limit == maximumSize
                    ? "larger than \(maximumSize >> 30) GiB; refusing to read it"
                    : "larger than \(limit) bytes; refusing to read it", tooLarge: size)
        }
        return size
    }

    /// A file read front to back in caller-sized pieces, for parsers that stream a large
    /// artifact instead of holding it whole. Opened as `readAll` opens (read-only, the
    /// same checks); the descriptor closes when the reader goes away.
    public final class Reader {
        private let fd: Int32
        /// What `fstat` reported when the file was opened.
        public let size: Int
        private var total = 0

        /// Regular files are read to `size` and no further (see `readAll(descriptor:)`).
        private let stopsAtSize: Bool

        public init(path: String, regularFilesOnly: Bool = false) throws(Failure) {
            (fd, size) = try ReadOnlyFile.openChecked(path: path, regularFilesOnly: regularFilesOnly)
            stopsAtSize = regularFilesOnly
        }

        /// Takes an open descriptor (closed when the reader goes away), regular files only.
        public init(descriptor: Int32, maximumSize limit: Int = ReadOnlyFile.maximumSize) throws(Failure) {
            do {
                size = try ReadOnlyFile.checked(descriptor, regularFilesOnly: true, maximumSize: limit)
            } catch {
                close(descriptor)
                throw error
            }
            fd = descriptor
            stopsAtSize = true
        }

        deinit { close(fd) }

        /// Reads up to `buffer.count` bytes; 0 only at the end of the file. Retries on EINTR.
        public func read(into buffer: UnsafeMutableRawBufferPointer) throws(Failure) -> Int {
            guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
            let wanted = stopsAtSize ? min(buffer.count, size - total) : buffer.count
            guard wanted > 0 else { return 0 }
            while true {
                let n = systemRead(fd, base, wanted)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw Failure(description: ReadOnlyFile.errnoText())
                }
                total += n
                guard total <= ReadOnlyFile.maximumSize else {
                    throw Failure(description: "grew past \(ReadOnlyFile.maximumSize >> 30) GiB while being read")
                }
                return n
            }
        }
    }

    private static func readFully(_ fd: Int32, into array: inout [UInt8]) throws(Failure) -> Int {
        var result: Result<Int, Failure> = .success(0)
        array.withUnsafeMutableBytes { buffer in
            do throws(Failure) {
                result = .success(try readFully(fd, into: buffer))
            } catch {
                result = .failure(error)
            }
        }
        return try result.get()
    }

    /// Reads until `buffer` is full or the file ends; returns the bytes read. Retries on EINTR.
    private static func readFully(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(Failure) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var filled = 0
        while filled < buffer.count {
            let n = read(fd, base + filled, buffer.count - filled)
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure(description: errnoText())
            }
            if n == 0 { break }
            filled += n
        }
        return filled
    }

    fileprivate static func errnoText() -> String { String(cString: strerror(errno)) }

    static func kindName(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFREG: "a regular file"
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFDIR: "a directory"
        default: "not a plain file"
        }
    }
}

/// `read(2)`, named apart from `ReadOnlyFile.Reader.read(into:)`, which shadows it there.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(fd, buffer, count)
}
