#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a path's extended attributes without following a symlink at the end of
/// the path. Names and values are raw bytes.
public enum ExtendedAttributes {
    /// Every attribute of `path` (a NUL-terminated byte path), in the order the file
    /// system lists them; empty when the file system has none or refuses.
    public static func list(_ path: [CChar]) -> [(name: [UInt8], value: [UInt8])] {
        let size = listNames(path, nil, 0)
        guard size > 0 else { return [] }
        var names = [CChar](repeating: 0, count: size)
        let got = names.withUnsafeMutableBufferPointer { listNames(path, $0.baseAddress, size) }
        guard got > 0 else { return [] }
        var out: [(name: [UInt8], value: [UInt8])] = []
        for raw in names[0..<min(got, size)].split(separator: 0) {
            let name = Array(raw) + [0]
            out.append((raw.map { UInt8(bitPattern: $0) }, value(path, name) ?? []))
        }
        return out
    }

    /// The value of attribute `name` (NUL-terminated) on `path`, nil when absent.
    public static func value(_ path: [CChar], _ name: [CChar]) -> [UInt8]? {
        let size = getValue(path, name, nil, 0)
        guard size >= 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: max(size, 1))
        let got = buffer.withUnsafeMutableBytes { getValue(path, name, $0.baseAddress, size) }
        guard got >= 0 else { return nil }
        return Array(buffer[0..<min(got, size)])
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
