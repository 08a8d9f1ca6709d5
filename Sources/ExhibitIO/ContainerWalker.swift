import CBytes
import ExhibitCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a walk of an app data container found.
public struct ContainerScan {
    /// Every item under the root, by container-relative name; the root itself is node 0.
    public var inventory: Inventory
    /// Extended attributes per node id, only for nodes that have any.
    public var attributes: [Inventory.NodeID: [(name: [UInt8], value: [UInt8])]]
    /// `du -sk` over each top-level directory: the name and allocated bytes of the
    /// directory and everything in it (hard-linked files counted once, as du does).
    public var topLevelAllocated: [(name: [UInt8], bytes: UInt64)]
    /// Container-relative paths that could not be read (unreadable directory,
    /// vanished while walking), for a warning.
    public var unreadable: [String]
    /// Items whose backup-exclusion flag could not be read, with why: recorded as
    /// unknown (`"x_backup_excluded":null` in inventory.json), for a warning.
    public var unreadableFlags: [(path: String, why: String)] = []
    /// Each item's modification time, and its birth time where the platform gives one
    /// (macOS `st_birthtimespec`; Linux `statx` where the kernel and file system keep one).
    public var times = FileTimes(count: 0)
}

/// Walks a directory tree with `lstat`, never following a symlink, and records
/// every item by its relative name as raw bytes (newlines, escape characters and
/// invalid UTF-8 included), its apparent and allocated size, and whether the
/// backup-exclusion flag is set on it (`BackupExclusionProbe`). Each item's flag is
/// recorded one by one: a flag that could not be read (its attributes refused, or the
/// item itself vanished) stays unknown, never "not excluded".
///
/// Children are visited in byte order so two walks of one container give the same
/// inventory. Items on another file system are recorded but not entered, as ncdu
/// does (`excluded: "otherfs"`).
public enum ContainerWalker {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// - Parameter readAttributes: how an item's attributes are read (tests stand in a
    ///   refusal the test user's own permissions cannot cause).
    public static func walk(
        root: String, exclusion: BackupExclusionProbe,
        readAttributes: ([CChar]) -> ExtendedAttributes.Listing = ExtendedAttributes.read
    ) throws(Failure) -> ContainerScan {
        let rootBytes = Array(root.utf8)
        var rootInfo = stat()
        guard lstat(root, &rootInfo) == 0 else { throw Failure(description: "\(root): \(String(cString: strerror(errno)))") }
        guard (rootInfo.st_mode & S_IFMT) == S_IFDIR else { throw Failure(description: "\(root): not a directory") }

        var builder = InventoryBuilder()
        builder.flagRecording = .itemByItem
        var unreadableFlags: [(path: String, why: String)] = []
        var attributes: [Inventory.NodeID: [(name: [UInt8], value: [UInt8])]] = [:]
        var totals: [(name: [UInt8], bytes: UInt64)] = []
        var seenLinks = Set<HardLink>()
        var unreadable: [String] = []
        var timed: [(node: Int, birth: Double?, modified: Double?)] = []

        struct Pending {
            var node: Int
            var absolute: [UInt8]
            var relative: [UInt8]
            var attributes: InventoryBuilder.EntryAttributes
            var topLevel: Int?
        }
        // The container's own flag covers everything in it (an app can set it on its home
        // directory, and ncdu JSON's root carries it): probed as every item is.
        var rootAttributes = InventoryBuilder.EntryAttributes(
            size: UInt64(clamping: rootInfo.st_size), diskSize: UInt64(clamping: rootInfo.st_blocks) &* 512)
        let rootPath = rootBytes.map { CChar(bitPattern: $0) } + [0]
        let rootOwn = readAttributes(rootPath)
        if let why = rootAttributes.record(exclusion.flag(relative: [], path: rootPath, attributes: rootOwn, isDirectory: true)) {
            unreadableFlags.append((".", why))
        }
        if !rootOwn.pairs.isEmpty { attributes[Inventory.root] = rootOwn.pairs }
        builder.setAttributes(Inventory.root, rootAttributes)
        var stack = [Pending(node: Inventory.root, absolute: rootBytes, relative: [], attributes: rootAttributes, topLevel: nil)]
        while let directory = stack.popLast() {
            guard let names = listDirectory(directory.absolute) else {
                var a = directory.attributes
                a.readError = true
                builder.setAttributes(directory.node, a)
                unreadable.append(directory.relative.isEmpty ? "." : String(decoding: directory.relative, as: UTF8.self))
                continue
            }
            for name in names {
                let absolute = directory.absolute + [UInt8(ascii: "/")] + name
                let relative = directory.relative.isEmpty ? name : directory.relative + [UInt8(ascii: "/")] + name
                let cPath = absolute.map { CChar(bitPattern: $0) } + [0]
                var info = stat()
                guard lstat(cPath, &info) == 0 else {
                    var gone = InventoryBuilder.EntryAttributes(readError: true)
                    gone.markFlagRecordUnusable(collectorCouldNotRead: true)
                    _ = builder.addEntry(name: name, parent: directory.node, isDirectory: false, gone)
                    unreadable.append(String(decoding: relative, as: UTF8.self))
                    continue
                }
                let kind = info.st_mode & S_IFMT
                let own = readAttributes(cPath)
                var a = InventoryBuilder.EntryAttributes(
                    size: UInt64(clamping: info.st_size), diskSize: UInt64(clamping: info.st_blocks) &* 512,
                    notRegular: kind != S_IFREG && kind != S_IFDIR)
                if let why = a.record(exclusion.flag(relative: relative, path: cPath, attributes: own, isDirectory: kind == S_IFDIR)) {
                    unreadableFlags.append((String(decoding: relative, as: UTF8.self), why))
                }
                if kind == S_IFDIR && info.st_dev != rootInfo.st_dev { a.scanExclusion = .otherFilesystem }
                let id = builder.addEntry(name: name, parent: directory.node, isDirectory: kind == S_IFDIR, a)
                if !own.pairs.isEmpty { attributes[id] = own.pairs }
                timed.append((id, Self.birthTime(info, path: cPath), Self.modificationTime(info)))

                var topLevel = directory.topLevel
                if directory.node == Inventory.root && kind == S_IFDIR {
                    totals.append((name, 0))
                    topLevel = totals.count - 1
                }
                if let t = topLevel, kind == S_IFDIR || info.st_nlink <= 1 || seenLinks.insert(HardLink(info)).inserted {
                    totals[t].bytes &+= a.diskSize
                }
                if kind == S_IFDIR && a.scanExclusion == .none {
                    stack.append(Pending(node: id, absolute: absolute, relative: relative, attributes: a, topLevel: topLevel))
                }
            }
        }
        var scan = ContainerScan(
            inventory: builder.finish(), attributes: attributes, topLevelAllocated: totals,
            unreadable: unreadable)
        scan.unreadableFlags = unreadableFlags.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        scan.times = FileTimes(count: scan.inventory.count)
        for t in timed { scan.times.set(t.node, birth: t.birth, modification: t.modified) }
        return scan
    }

    static func modificationTime(_ info: stat) -> Double? {
        #if canImport(Darwin)
            let t = info.st_mtimespec
        #else
            let t = info.st_mtim
        #endif
        return seconds(Int64(t.tv_sec), Int64(t.tv_nsec))
    }

    /// macOS keeps it in `stat`; on Linux only `statx` asks for it (the C shim: Swift's
    /// Glibc module has no `statx`), and an old kernel or a file system without birth
    /// times gives none, never a made-up one.
    static func birthTime(_ info: stat, path: [CChar]) -> Double? {
        #if canImport(Darwin)
            let t = info.st_birthtimespec
            return seconds(Int64(t.tv_sec), Int64(t.tv_nsec))
        #else
            return linuxBirthTime(path)
        #endif
    }

    /// The birth time `statx` gives for `path` (the link itself), or nil.
    static func linuxBirthTime(_ path: [CChar]) -> Double? {
        var sec: Int64 = 0
        var nsec: Int32 = 0
        guard exhibit_birth_time(path, &sec, &nsec) == 1 else { return nil }
        return seconds(sec, Int64(nsec))
    }

    /// Zero and negative times are the file system's "not kept", not 1970.
    private static func seconds(_ sec: Int64, _ nsec: Int64) -> Double? {
        sec > 0 ? Double(sec) + Double(nsec) / 1e9 : nil
    }

    /// The names in a directory except `.` and `..`, in byte order; nil when it cannot be opened.
    private static func listDirectory(_ path: [UInt8]) -> [[UInt8]]? {
        let cPath = path.map { CChar(bitPattern: $0) } + [0]
        guard let dir = opendir(cPath) else { return nil }
        defer { closedir(dir) }
        var names: [[UInt8]] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                Array(raw.prefix(while: { $0 != 0 }))
            }
            if name == [0x2E] || name == [0x2E, 0x2E] { continue }
            names.append(name)
        }
        return names.sorted(by: { $0.lexicographicallyPrecedes($1) })
    }

    /// du counts a file with several links once per walk.
    private struct HardLink: Hashable {
        var device: UInt64
        var inode: UInt64
        init(_ info: stat) {
            device = UInt64(truncatingIfNeeded: info.st_dev)
            inode = UInt64(truncatingIfNeeded: info.st_ino)
        }
    }
}

extension InventoryBuilder.EntryAttributes {
    /// Records what the walk learned of the item's own flag; returns why, when it could
    /// not be read (unknown, never "not excluded").
    fileprivate mutating func record(_ flag: BackupExclusionProbe.Flag) -> String? {
        switch flag {
        case .excluded:
            excluded = true
            flagRecorded = true
        case .notExcluded:
            flagRecorded = true
        case .unreadable(let why):
            markFlagRecordUnusable(collectorCouldNotRead: true)
            return why
        }
        return nil
    }
}
