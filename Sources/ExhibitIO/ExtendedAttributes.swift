#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a path's extended attributes without following a symlink at the end of
/// the path. Names and values are raw bytes.
public enum ExtendedAttributes {
    /// What `read` found: the attributes it could read, and what it could not.
    public struct Listing: Sendable {
        public var pairs: [(name: [UInt8], value: [UInt8])] = []
        /// A value that could not be read (the attribute's name), or the list of names
        /// itself (nil), with the error number.
        public var failures: [(name: [UInt8]?, error: Int32)] = []

        public init(pairs: [(name: [UInt8], value: [UInt8])] = [], failures: [(name: [UInt8]?, error: Int32)] = []) {
            self.pairs = pairs
            self.failures = failures
        }
    }

    /// Every attribute of `path` (a NUL-terminated byte path), in the order the file
    /// system lists them. A file system without attributes (`ENOTSUP`) has none, and an
    /// attribute removed meanwhile is left out; any other refusal (`EACCES` on a file
    /// whose mode denies reading, `EIO`) is a failure, never an attribute that is not there.
    public static func read(_ path: [CChar]) -> Listing {
        var listing = Listing()
        var names: [CChar] = []
        var got = -1
        // The list may grow between asking for its size and reading it (ERANGE): ask again.
        for _ in 0..<4 {
            let size = listNames(path, nil, 0)
            if size <= 0 {
                got = size
                break
            }
            names = [CChar](repeating: 0, count: size)
            got = names.withUnsafeMutableBufferPointer { listNames(path, $0.baseAddress, size) }
            if got >= 0 || errno != ERANGE { break }
        }
        if got < 0 {
            let error = errno
            if !isUnsupported(error) { listing.failures.append((nil, error)) }
            return listing
        }
        for raw in names[0..<min(got, names.count)].split(separator: 0) {
            let name = raw.map { UInt8(bitPattern: $0) }
            switch value(path, Array(raw) + [0]) {
            case .success(let v?): listing.pairs.append((name, v))
            case .success(nil): continue
            case .failure(let error): listing.failures.append((name, error.number))
            }
        }
        return listing
    }

    /// An error number, as a `Result` failure.
    public struct Errno: Error, Sendable {
        public var number: Int32
    }

    /// The value of attribute `name` (NUL-terminated) on `path`; nil when it is not there.
    public static func value(_ path: [CChar], _ name: [CChar]) -> Result<[UInt8]?, Errno> {
        for _ in 0..<4 {
            let size = getValue(path, name, nil, 0)
            if size < 0 { return isAbsent(errno) ? .success(nil) : .failure(Errno(number: errno)) }
            var buffer = [UInt8](repeating: 0, count: max(size, 1))
            let got = buffer.withUnsafeMutableBytes { getValue(path, name, $0.baseAddress, size) }
            if got >= 0 { return .success(Array(buffer[0..<min(got, size)])) }
            if errno != ERANGE { return isAbsent(errno) ? .success(nil) : .failure(Errno(number: errno)) }
        }
        return .failure(Errno(number: ERANGE))
    }

    /// The attribute is not there (removed between listing and reading it).
    private static func isAbsent(_ error: Int32) -> Bool {
        #if canImport(Darwin)
            return error == ENOATTR
        #else
            return error == ENODATA
        #endif
    }

    /// The file system keeps no attributes: nothing can be set, so nothing is missing.
    private static func isUnsupported(_ error: Int32) -> Bool {
        error == ENOTSUP || error == EOPNOTSUPP
    }

    private static func listNames(_ path: [CChar], _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int) -> Int {
        #if canImport(Darwin)
            return listxattr(path, buffer, size, XATTR_NOFOLLOW)
        #else
            guard let f = LinuxXattr.list else { return -1 }
            return f(path, buffer, size)
        #endif
    }

    private static func getValue(_ path: [CChar], _ name: [CChar], _ buffer: UnsafeMutableRawPointer?, _ size: Int) -> Int {
        #if canImport(Darwin)
            return getxattr(path, name, buffer, size, 0, XATTR_NOFOLLOW)
        #else
            guard let f = LinuxXattr.get else { return -1 }
            return f(path, name, buffer, size)
        #endif
    }
}

#if !canImport(Darwin)
    /// Glibc's module map leaves out `<sys/xattr.h>`, and a C shim would need a new
    /// package target; the two calls are looked up in libc at run time instead.
    private enum LinuxXattr {
        typealias ListFunction = @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<CChar>?, Int) -> Int
        typealias GetFunction = @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafeMutableRawPointer?, Int) -> Int

        static let list: ListFunction? = symbol("llistxattr")
        static let get: GetFunction? = symbol("lgetxattr")

        private static func symbol<F>(_ name: String) -> F? {
            guard let handle = dlopen(nil, RTLD_NOW), let address = dlsym(handle, name) else { return nil }
            return unsafeBitCast(address, to: F.self)
        }
    }
#endif
