import CBytes

/// Paths inside the app data container as the capture tools print them, turned into
/// the one spelling the inventory uses: relative, `/`-separated, no `.` or empty
/// components. `find .` prints `./Documents/a`, GNU `find -printf '%P'` prints
/// `Documents/a`, macOS `find dir/` before Libc-1698.100.8 printed `dir//a`, and
/// `find "$C"` or `stat` on absolute operands print the whole container path.
public enum ContainerPath {
    private static let slash = UInt8(ascii: "/")
    private static let dot = UInt8(ascii: ".")

    /// The relative path with `./` and `.` components dropped, `//` collapsed and `..`
    /// resolved against the components before it (`./tmp/../tmp/a.tmp` is `tmp/a.tmp`);
    /// a trailing `/` is dropped too. nil for a path that is absolute (strip the
    /// container prefix first, see `splitAbsolute`), climbs above the container with
    /// `..`, or names the container itself (`.`, `./`, empty, `a/..`).
    public static func normalizedBytes(_ raw: ArraySlice<UInt8>) -> [UInt8]? {
        normalized(raw).map { Array($0) }
    }

    /// `normalizedBytes`, as a slice of `raw` when only `./` prefixes had to go (the
    /// common case: no copy per line of a million-line list).
    static func normalized(_ raw: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        guard raw.first != slash else { return nil }
        // Fast path: `./` prefixes (as `find .` prints them) dropped, the rest already normal.
        var rest = raw
        while rest.count >= 2 && rest[rest.startIndex] == dot && rest[rest.startIndex + 1] == slash { rest = rest.dropFirst(2) }
        if isNormalized(rest) { return rest }
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var i = raw.startIndex
        while i < raw.endIndex {
            var j = i
            while j < raw.endIndex && raw[j] != slash { j += 1 }
            let length = j - i
            if length == 0 || (length == 1 && raw[i] == dot) {
                // empty (from `//` or a trailing `/`) or `.`: nothing to add
            } else if length == 2 && raw[i] == dot && raw[i + 1] == dot {
                // `..` takes back the last component; above the container there is nothing.
                guard !out.isEmpty else { return nil }
                out.removeSubrange((out.lastIndex(of: slash) ?? out.startIndex)...)
            } else {
                if !out.isEmpty { out.append(slash) }
                out.append(contentsOf: raw[i..<j])
            }
            i = j + 1
        }
        return out.isEmpty ? nil : out[...]
    }

    /// Where the last component of `path` starts (0 when it has no `/`): its name, after
    /// its directory and the `/` before it.
    ///
    /// Eight bytes at a time from the end: each list reader asks it of every line, and a
    /// byte at a time it was a seventh of a `find` list's load. `ByteWord`'s marks are
    /// exact, so the highest one is the last slash.
    static func nameStart(_ path: UnsafeBufferPointer<UInt8>) -> Int {
        var end = path.count
        if let base = path.baseAddress {
            let raw = UnsafeRawPointer(base)
            while end >= 8 {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: end - 8, as: UInt64.self))
                let marks = ByteWord.bytes(word, equalTo: slash)
                // The highest mark is bit 7 of byte k, k = (56 - leading zeros) / 8.
                if marks != 0 { return end - 8 + (56 - marks.leadingZeroBitCount) >> 3 + 1 }
                end -= 8
            }
        }
        while end > 0 && path[end - 1] != slash { end -= 1 }
        return end
    }

    /// True when `raw` climbs above the container (`../x`, `a/../../x`): the only
    /// relative path `normalizedBytes` refuses for its `..`.
    public static func climbsOut(_ raw: ArraySlice<UInt8>) -> Bool {
        guard raw.first != slash else { return false }
        var depth = 0
        var i = raw.startIndex
        while i < raw.endIndex {
            var j = i
            while j < raw.endIndex && raw[j] != slash { j += 1 }
            let length = j - i
            if length == 2 && raw[i] == dot && raw[i + 1] == dot {
                depth -= 1
                if depth < 0 { return true }
            } else if length > 0 && !(length == 1 && raw[i] == dot) {
                depth += 1
            }
            i = j + 1
        }
        return false
    }

    /// True when `raw` is already in normal form: not empty, no empty, `.` or `..`
    /// component. The common case; one scan, then a single copy.
    private static func isNormalized(_ raw: ArraySlice<UInt8>) -> Bool {
        raw.withUnsafeBufferPointer { isNormalized($0) }
    }

    static func isNormalized(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = b.baseAddress, !b.isEmpty else { return false }
        // Component by component, the slashes found by `memchr`: only a component's
        // length and first two bytes decide.
        var componentStart = 0
        while true {
            let end: Int
            if let hit = exhibit_memchr(base + componentStart, Int32(slash), b.count - componentStart) {
                end = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
            } else {
                end = b.count
            }
            let length = end - componentStart
            if length == 0 { return false }
            if b[componentStart] == dot && (length == 1 || (length == 2 && b[componentStart + 1] == dot)) { return false }
            if end == b.count { return true }
            componentStart = end + 1
            if componentStart == b.count { return false }  // a trailing `/`
        }
    }

    /// Names that sit directly in an app data container (section 6.1 of the evidence
    /// formats reference); an absolute path is cut before the first of them when it
    /// does not show the CoreSimulator layout.
    static let topLevelNames: [[UInt8]] = [
        "Documents", "Library", "tmp", "SystemData", "StoreKit",
        ".com.apple.mobile_container_manager.metadata.plist",
    ].map { Array($0.utf8) }

    /// Where CoreSimulator keeps containers; the component after it is the container UUID.
    static let containerParents: [[UInt8]] = [
        "/Containers/Data/Application/", "/Containers/Shared/AppGroup/", "/Containers/Data/PluginKitPlugin/",
    ].map { Array($0.utf8) }

    /// Splits an absolute path into the container prefix (without its final `/`) and
    /// the rest, or returns nil when the path is not absolute or the prefix cannot be
    /// recognised: either `…/Containers/Data/Application/<UUID>` (also
    /// `…/Shared/AppGroup/<UUID>`, `…/Data/PluginKitPlugin/<UUID>`, under
    /// `~/Library/Developer/CoreSimulator/Devices/<UDID>/data` or a device's
    /// `/private/var/mobile`) or everything before the first well-known top-level name
    /// (`Documents`, `Library`, `tmp`, …). A path written with an unexpanded `~/` counts
    /// as absolute. The rest has no leading `/`: `find "$C/"` prints `$C//Documents/a`
    /// (the doubled separator sits right after the container).
    /// `deepest`: cut before the last such name instead (files.txt's first guess, which
    /// `SharedContainerPrefix` settles: a CI home's `Library` comes before the container's).
    public static func splitAbsolute(_ raw: ArraySlice<UInt8>, deepest: Bool = false) -> (prefix: ArraySlice<UInt8>, rest: ArraySlice<UInt8>)? {
        guard isAbsolute(raw) else { return nil }
        for marker in containerParents {
            if let m = firstRange(of: marker, in: raw) {
                var end = m.upperBound
                while end < raw.endIndex && raw[end] != slash { end += 1 }
                guard end > m.upperBound else { continue }
                return (raw[raw.startIndex..<end], droppingLeadingSlashes(raw[end...]))
            }
        }
        // A container is never the file system's root: `/tmp/sim/Documents/a` is cut
        // before `Documents`, not before `tmp`. The root is taken only when no later name
        // fits (a container copied to `/` itself).
        var atRoot: (prefix: ArraySlice<UInt8>, rest: ArraySlice<UInt8>)?
        var last: (prefix: ArraySlice<UInt8>, rest: ArraySlice<UInt8>)?
        var i = raw.firstIndex(of: slash) ?? raw.endIndex
        while i < raw.endIndex {
            // i is at a '/'; the component runs to the next one.
            var j = i + 1
            while j < raw.endIndex && raw[j] != slash { j += 1 }
            let component = raw[(i + 1)..<j]
            if topLevelNames.contains(where: { $0.elementsEqual(component) }) {
                var prefixEnd = i
                while prefixEnd > raw.startIndex + 1 && raw[prefixEnd - 1] == slash { prefixEnd -= 1 }
                let split = (raw[raw.startIndex..<prefixEnd], raw[(i + 1)...])
                if raw[raw.startIndex..<prefixEnd].allSatisfy({ $0 == slash }) {
                    if atRoot == nil { atRoot = split }
                } else {
                    if !deepest { return split }
                    last = split
                }
            }
            i = j
        }
        return last ?? atRoot
    }

    /// Whether `prefix` shows the CoreSimulator (or device) layout, `…/Containers/Data/Application/<UUID>`:
    /// then the container is known from the path alone, whatever else the list holds.
    static func showsContainerLayout(_ prefix: ArraySlice<UInt8>) -> Bool {
        containerParents.contains { firstRange(of: $0, in: prefix) != nil }
    }

    /// The index in `topLevelNames` of `component`, if it is one of them.
    static func topLevelIndex(_ component: ArraySlice<UInt8>) -> Int? {
        // Compared by length first: every path component of a million-line list may come here.
        topLevelNames.firstIndex { $0.count == component.count && $0.elementsEqual(component) }
    }

    /// `/…`, or `~/…` as a script prints an unexpanded home directory.
    public static func isAbsolute(_ raw: ArraySlice<UInt8>) -> Bool {
        raw.first == slash || (raw.count >= 2 && raw[raw.startIndex] == UInt8(ascii: "~") && raw[raw.startIndex + 1] == slash)
    }

    /// True when two container prefixes name the same directory: equal bytes, or equal
    /// once macOS's `/private` in front of `/var` and `/tmp` is dropped (`$TMPDIR`
    /// resolves to `/private/var/folders/…`, while `find "$TMPDIR…"` prints `/var/…`).
    static func samePrefix(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Bool {
        withoutPrivate(a).elementsEqual(withoutPrivate(b))
    }

    private static let privatePrefixes: [[UInt8]] = ["/private/var/", "/private/tmp/"].map { Array($0.utf8) }

    static func withoutPrivate(_ p: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        for marker in privatePrefixes where p.starts(with: marker) { return p.dropFirst(8) }
        return p
    }

    private static func droppingLeadingSlashes(_ rest: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var rest = rest
        while rest.first == slash { rest = rest.dropFirst() }
        return rest
    }

    /// If `raw` starts with `prefix` followed by `/` (or equals it), the rest, without
    /// leading `/`s. `/private/var/…` and `/var/…` count as the same prefix.
    static func strip(prefix: ArraySlice<UInt8>, from raw: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        var prefix = prefix
        var raw = raw
        if !raw.starts(with: prefix) {
            prefix = withoutPrivate(prefix)
            raw = withoutPrivate(raw)
        }
        guard raw.count >= prefix.count, raw.prefix(prefix.count).elementsEqual(prefix) else { return nil }
        let after = raw.startIndex + prefix.count
        if after == raw.endIndex { return raw[after...] }
        return raw[after] == slash ? droppingLeadingSlashes(raw[after...]) : nil
    }
}

/// Where the container starts in a list of absolute paths, decided from all of them
/// (`ContainerPath.splitAbsolute` sees one path): a CI Mac's `find "$C"` prints
/// `/Users/ci/Library/Caches/job-1/container/Documents/…`, and cutting before the first
/// top-level name (`Library`) put the whole container in `Library/Caches`; a copy under
/// `/private/tmp` put it in `tmp`. The container is a directory every path runs through,
/// so it is the longest directory prefix the paths share (`common`) or a directory above
/// it, and one after which a top-level name of a container follows. Kept per path: the
/// shared prefix (compared with `memcmp`), and which top-level names follow it.
struct SharedContainerPrefix {
    private static let slash = UInt8(ascii: "/")
    /// The longest directory prefix of every path added (`/private` dropped before `/var`
    /// and `/tmp`; no trailing `/` but the root's), nil before the first; empty when the
    /// paths share none (`~/…` beside `/…`).
    private(set) var common: [UInt8]?
    /// The top-level names (bits of `ContainerPath.topLevelNames`) seen right after `common`.
    private var namesAfterCommon: UInt32 = 0
    /// A path added started with `/private/var/` or `/private/tmp/` (said as printed).
    private var sawPrivate = false

    /// One more absolute path, as printed.
    mutating func add(_ raw: ArraySlice<UInt8>) {
        let path = ContainerPath.withoutPrivate(raw)
        if path.count != raw.count { sawPrivate = true }
        guard let shared = common else {
            var end = path.endIndex
            while end > path.startIndex + 1 && path[end - 1] == Self.slash { end -= 1 }
            common = Array(path[path.startIndex..<end])
            return
        }
        if shared.isEmpty { return }
        let n = shared.count
        let s = path.startIndex
        let isPrefix =
            path.count >= n
            && path.withUnsafeBufferPointer { p in shared.withUnsafeBufferPointer { c in ByteCompare.compare(UnsafeBufferPointer(rebasing: p[0..<n]), c) == 0 }
            }
        if isPrefix && (path.count == n || path[s + n] == Self.slash || shared[n - 1] == Self.slash) {
            // The common case: this path runs through `common`; only the name after it is new.
            if namesAfterCommon.nonzeroBitCount < 2, let bit = Self.topLevelBit(after: s + n, in: path) { namesAfterCommon |= bit }
            return
        }
        // The paths part within `common`: it becomes the directory both run through.
        var k = 0
        let limit = min(n, path.count)
        while k < limit && shared[k] == path[s + k] { k += 1 }
        let boundary = (k == n || shared[k] == Self.slash) && (k == path.count || path[s + k] == Self.slash)
        if !boundary {
            while k > 0 && shared[k - 1] != Self.slash { k -= 1 }
        }
        while k > 1 && shared[k - 1] == Self.slash { k -= 1 }
        var names: UInt32 = 0
        if k > 0 {
            names |= Self.topLevelBit(after: k, in: shared[...]) ?? 0
            names |= Self.topLevelBit(after: s + k, in: path) ?? 0
        }
        namesAfterCommon = names
        common = Array(shared[0..<k])
    }

    /// The bit of the top-level name that follows index `at` of `path` (after any `/`s).
    private static func topLevelBit(after at: Int, in path: ArraySlice<UInt8>) -> UInt32? {
        var i = at
        while i < path.endIndex && path[i] == slash { i += 1 }
        var j = i
        while j < path.endIndex && path[j] != slash { j += 1 }
        guard j > i, let index = ContainerPath.topLevelIndex(path[i..<j]) else { return nil }
        return 1 << UInt32(index)
    }

    /// The container the paths show: the deepest directory of `common` after which a
    /// top-level name follows, not the file system's root while another fits. `among`
    /// lists every such directory when the choice was not clear (several, and none but
    /// `common` itself followed by two names or more): the caller says so. nil when the
    /// paths share no directory or none fits.
    func decision() -> (prefix: [UInt8], among: [[UInt8]])? {
        guard let shared = common, !shared.isEmpty else { return nil }
        var candidates: [(end: Int, names: Int)] = []
        // Each component of `common` that is a top-level name: the directory before it.
        var i = 0
        while i < shared.count {
            while i < shared.count && shared[i] == Self.slash { i += 1 }
            var j = i
            while j < shared.count && shared[j] != Self.slash { j += 1 }
            if j > i, i > 0, ContainerPath.topLevelIndex(shared[i..<j]) != nil {
                var end = i
                while end > 1 && shared[end - 1] == Self.slash { end -= 1 }
                candidates.append((end, 1))
            }
            i = j
        }
        if namesAfterCommon != 0 { candidates.append((shared.count, namesAfterCommon.nonzeroBitCount)) }
        let notRoot = candidates.filter { !shared[0..<$0.end].allSatisfy { $0 == Self.slash } }
        let pool = notRoot.isEmpty ? candidates : notRoot
        guard let deepest = pool.last else { return nil }
        let clear = pool.count == 1 || (deepest.end == shared.count && deepest.names >= 2)
        return (shown(shared[0..<deepest.end]), clear ? [] : pool.map { shown(shared[0..<$0.end]) })
    }

    /// A prefix as the list printed it: `/private` put back where the paths had it; the
    /// file system's root empty, as `ContainerPath.splitAbsolute` gives it.
    private func shown(_ prefix: ArraySlice<UInt8>) -> [UInt8] {
        if prefix.allSatisfy({ $0 == Self.slash }) { return [] }
        let p = Array(prefix)
        guard sawPrivate, p.starts(with: Array("/var/".utf8)) || p.starts(with: Array("/tmp/".utf8)) || p == Array("/var".utf8) || p == Array("/tmp".utf8)
        else { return p }
        return Array("/private".utf8) + p
    }
}
