import ExhibitCore

/// The diagnostic text files `exhibit collect` writes next to `inventory.json`, in
/// the shapes the macOS tools print (so `XattrDumpReader` and `DuReader` read them
/// like archives captured by hand).
public enum ContainerListings {
    /// `xattr -rl` over the container's items, as the C `xattr` of file_cmds prints it
    /// for relative operands: `path: name: value`, the value cut at its first NUL
    /// (what `-l` shows), children before their directory. The container itself is
    /// not listed. `attributes` maps node ids to (name, value) pairs, already in the
    /// names macOS uses.
    public static func xattrListing(_ inventory: Inventory, attributes: [Inventory.NodeID: [(name: [UInt8], value: [UInt8])]]) -> [UInt8] {
        var out: [UInt8] = []
        guard !attributes.isEmpty else { return out }
        // Post-order with an explicit stack: a directory is printed after its children.
        var stack: [(node: Inventory.NodeID, expanded: Bool)] = [(Inventory.root, false)]
        while let top = stack.popLast() {
            if top.expanded || !inventory.isDirectory(top.node) {
                guard top.node != Inventory.root, let pairs = attributes[top.node] else { continue }
                let path = inventory.pathBytes(top.node)
                for (name, value) in pairs {
                    out += path
                    out += Array(": ".utf8)
                    out += name
                    out += Array(": ".utf8)
                    out += value.prefix(while: { $0 != 0 })
                    out.append(0x0A)
                }
                continue
            }
            stack.append((top.node, true))
            for child in inventory.children(top.node).reversed() { stack.append((child, false)) }
        }
        return out
    }

    /// `du -sk NAME…` run inside the container: `KiB<TAB>name` per top-level
    /// directory, KiB rounded up from allocated bytes. A name holding a newline or a
    /// tab cannot be a line of this file and is left out.
    /// `container/times.txt` as `TimesReader` reads it: `birth<TAB>modification<TAB>path`
    /// per item, seconds since 1970 with nine fraction digits, `-` for a time not kept
    /// (a birth time an old kernel or the file system does not give). Records end with NUL when a name holds a newline, as
    /// `find -printf '…\0'` would write them.
    public static func timesListing(_ inventory: Inventory, times: FileTimes) -> [UInt8] {
        var paths: [(Int, [UInt8])] = []
        var hasNewline = false
        for node in 1..<max(1, inventory.count) {
            let path = inventory.pathBytes(node)
            if path.contains(0x0A) { hasNewline = true }
            paths.append((node, path))
        }
        let end: UInt8 = hasNewline ? 0 : 0x0A
        var out: [UInt8] = []
        for (node, path) in paths {
            guard times.birth(node) != nil || times.modification(node) != nil else { continue }
            out += Array(secondsText(times.birth(node)).utf8) + [0x09] + Array(secondsText(times.modification(node)).utf8) + [0x09]
            out += path
            out.append(end)
        }
        return out
    }

    /// `1796140205.260001450`: whole seconds, then nanoseconds.
    static func secondsText(_ value: Double?) -> String {
        guard let value, value > 0 else { return "-" }
        let whole = value.rounded(.down)
        let nanos = min(999_999_999, Int(((value - whole) * 1e9).rounded()))
        let digits = String(nanos)
        return String(Int64(whole)) + "." + String(repeating: "0", count: 9 - digits.count) + digits
    }

    public static func duListing(_ totals: [(name: [UInt8], bytes: UInt64)]) -> [UInt8] {
        var out: [UInt8] = []
        for (name, bytes) in totals where !name.contains(0x0A) && !name.contains(0x09) {
            let kib = bytes / 1024 + (bytes % 1024 == 0 ? 0 : 1)
            out += Array(String(kib).utf8)
            out.append(0x09)
            out += name
            out.append(0x0A)
        }
        return out
    }

    /// Output of a macOS tool run on absolute operands inside `root`, made relative:
    /// every occurrence of `root/` is removed, so neither the home directory nor the
    /// CoreSimulator layout reaches the bundle. Lines about `root` itself are dropped.
    public static func relativize(_ output: [UInt8], root: String) -> [UInt8] {
        let prefix = Array((root.hasSuffix("/") ? String(root.dropLast()) : root).utf8)
        guard !prefix.isEmpty else { return output }
        var out: [UInt8] = []
        out.reserveCapacity(output.count)
        for line in output.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast(output.last == 0x0A ? 1 : 0) {
            if line.starts(with: prefix + Array(": ".utf8)) { continue }
            out += replacing(prefix + [UInt8(ascii: "/")], in: line)
            out.append(0x0A)
        }
        return out
    }

    private static func replacing(_ needle: [UInt8], in line: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        var i = line.startIndex
        while i < line.endIndex {
            if line[i] == needle[0], line.endIndex - i >= needle.count, line[i..<(i + needle.count)].elementsEqual(needle) {
                i += needle.count
            } else {
                out.append(line[i])
                i += 1
            }
        }
        return out
    }
}
