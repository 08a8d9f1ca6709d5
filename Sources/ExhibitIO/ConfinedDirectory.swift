#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A run directory whose files are reached without ever leaving it. Each component of
/// a bundle-relative path is opened with `openat(…, O_NOFOLLOW)` below the one before;
/// a symbolic link is followed only when its target, spliced into the path, stays below
/// the root (`results/latest -> Run-2.xcresult`), and a link to an absolute path or one
/// that climbs out (`../../etc`) is refused and reported as a link. A planted
/// `steps.tsv -> /proc/kmsg` or `container/preferences -> ~/Library/Preferences` is then
/// never opened, and its target's contents never reach a diagnostic.
struct ConfinedDirectory: Sendable {
    let root: String

    struct Refusal: Error {
        var reason: String
    }

    /// The last component of a path, found: the directory that holds it (open), its
    /// name there and what `fstatat` says of it (never a link).
    struct Found {
        let parent: Int32
        let name: String
        let status: stat
        /// `rules.json -> shared/rules.json`, when a link inside the run led here.
        let viaLink: String?

        func close() { _ = systemClose(parent) }
    }

    static let maximumLinks = 16

    /// Finds `relativePath`: nil when it (or a directory on the way) does not exist;
    /// throws when the way is refused (a link out, a component that is not a directory,
    /// a directory that cannot be searched).
    func find(_ relativePath: String) throws(Refusal) -> Found? {
        let rootFD = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard rootFD >= 0 else { throw Refusal(reason: "\(root): \(Self.errnoText())") }
        var directories: [Int32] = [rootFD]
        var walked: [String] = []
        func closeAll(keeping kept: Int32? = nil) {
            for fd in directories where fd != kept { _ = systemClose(fd) }
        }
        // Split on the byte `/`, as the kernel does: splitting the String by Characters
        // was a fifth of a result bundle's load (grapheme breaking over each 95-byte object
        // name), and would keep a `/` followed by a combining mark inside one component,
        // which `fstatat` would then walk through unchecked.
        var pending = Array(relativePath.utf8.split(separator: UInt8(ascii: "/")).map { String(Substring($0)) }.reversed())
        var links = 0
        var viaLink: String?
        while let component = pending.popLast() {
            if component.isEmpty || component == "." { continue }
            // Spelled only for a message or a link: built eagerly, it cost a join per
            // component of each of a result bundle's thousands of object reads.
            func here() -> String { walked.isEmpty ? component : walked.joined(separator: "/") + "/" + component }
            if component == ".." {
                guard directories.count > 1 else {
                    closeAll()
                    throw Refusal(reason: "\(viaLink ?? here()): leads out of the run directory; not followed")
                }
                _ = systemClose(directories.removeLast())
                walked.removeLast()
                continue
            }
            let parent = directories[directories.count - 1]
            var st = stat()
            guard fstatat(parent, component, &st, AT_SYMLINK_NOFOLLOW) == 0 else {
                let code = errno
                closeAll()
                if code == ENOENT || code == ENOTDIR {
                    if let viaLink { throw Refusal(reason: "is a symbolic link (\(viaLink)) to nothing in the run directory") }
                    return nil
                }
                throw Refusal(reason: "\(here()): \(Self.errnoText(code))")
            }
            if (st.st_mode & S_IFMT) == S_IFLNK {
                let target = Self.readLink(parent, component) ?? ""
                let link = "\(here()) -> \(target)"
                links += 1
                guard links <= Self.maximumLinks else {
                    closeAll()
                    throw Refusal(reason: "\(link): more than \(Self.maximumLinks) symbolic links on the way; not followed")
                }
                guard !target.isEmpty, !target.hasPrefix("/") else {
                    closeAll()
                    throw Refusal(reason: "is a symbolic link (\(link)) outside the run directory; links are not followed out of a run")
                }
                if viaLink == nil { viaLink = link }
                pending += target.utf8.split(separator: UInt8(ascii: "/")).map { String(Substring($0)) }.reversed()
                continue
            }
            if pending.isEmpty {
                closeAll(keeping: parent)
                return Found(parent: parent, name: component, status: st, viaLink: viaLink)
            }
            guard (st.st_mode & S_IFMT) == S_IFDIR else {
                closeAll()
                throw Refusal(reason: "\(here()): is not a directory")
            }
            let fd = openat(parent, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard fd >= 0 else {
                let why = Self.errnoText()
                closeAll()
                throw Refusal(reason: "\(here())/: \(why)")
            }
            directories.append(fd)
            walked.append(component)
        }
        // The root itself ("" or "."): the directory, found in itself.
        let st = Self.status(of: directories[directories.count - 1])
        let kept = directories[directories.count - 1]
        closeAll(keeping: kept)
        return Found(parent: kept, name: ".", status: st, viaLink: viaLink)
    }

    /// Opens what `find` found, non-blocking (a FIFO must not wait for a writer), never
    /// through a link (one swapped in since `fstatat` makes the open fail, not escape).
    func descriptor(for found: Found, directory: Bool = false) throws(Refusal) -> Int32 {
        let flags = O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK | (directory ? O_DIRECTORY : 0)
        let fd = openat(found.parent, found.name, flags)
        guard fd >= 0 else { throw Refusal(reason: Self.errnoText()) }
        return fd
    }

    /// The names in a directory below the root (unsorted), without `.` and `..`; nil
    /// when nothing is there. Something else there (a FIFO, a file) is refused: a
    /// directory of copies that is not one is not an empty directory.
    func list(_ relativeDirectory: String) throws(Refusal) -> [String]? {
        guard let found = try find(relativeDirectory) else { return nil }
        defer { found.close() }
        guard (found.status.st_mode & S_IFMT) == S_IFDIR else {
            throw Refusal(reason: "not a directory (\(ReadOnlyFile.kindName(found.status.st_mode)))")
        }
        let fd = try descriptor(for: found, directory: true)
        guard let dir = fdopendir(fd) else {
            let why = Self.errnoText()
            _ = systemClose(fd)
            throw Refusal(reason: why)
        }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    static func status(of fd: Int32) -> stat {
        var st = stat()
        _ = fstat(fd, &st)
        return st
    }

    static func readLink(_ directory: Int32, _ name: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlinkat(directory, name, &buffer, buffer.count - 1)
        guard n >= 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func errnoText(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }
}

/// `close(2)`, named apart from `Found.close()`, which shadows it there.
@inline(__always)
func systemClose(_ fd: Int32) -> Int32 { close(fd) }
