import ExhibitCore

/// The diagnostic text files `exhibit collect` writes next to `inventory.json`, in
/// the shapes the macOS tools print (so `XattrDumpReader` and `DuReader` read them
/// like archives captured by hand).
public enum ContainerListings {
    /// The container's attributes as Linux `getfattr -R -d .` prints them when run inside
    /// the container (attr 2.5, in the C locale), so `GetfattrDumpReader` reads them back:
    /// a block per item with attributes, `# file: PATH`, one `name=value` line per
    /// attribute in byte order of the names, then a blank line; a directory before its
    /// children. The container itself comes first, as `.`, when it has attributes
    /// (`getfattr -R -d .` prints it so). getfattr's quoting keeps every
    /// record on one line: in paths `\`, LF and CR become three octal digits (`\012`),
    /// in names `=` too; values are `"text"` (`\000`, `\012`, `\015` octal, `\"` and
    /// `\\` escaped, a trailing NUL dropped) when at most one byte in eight is not
    /// printable ASCII, else `0s` and base64. Other bytes are written as they are, as
    /// getfattr writes them. `attributes` maps node ids to (name, value) pairs, already
    /// filtered to what the dump shows (Linux: the `user.` namespace, getfattr's default).
    public static func getfattrDump(_ inventory: Inventory, attributes: [Inventory.NodeID: [(name: [UInt8], value: [UInt8])]]) -> [UInt8] {
        var out: [UInt8] = []
        guard !attributes.isEmpty else { return out }
        var stack: [Inventory.NodeID] = [Inventory.root]
        while let node = stack.popLast() {
            if let pairs = attributes[node], !pairs.isEmpty {
                out += Array("# file: ".utf8)
                appendQuoted(node == Inventory.root ? [UInt8(ascii: ".")] : inventory.pathBytes(node)[...], quoting: [0x0A, 0x0D], to: &out)
                out.append(0x0A)
                for (name, value) in pairs.sorted(by: { $0.name.lexicographicallyPrecedes($1.name) }) {
                    appendQuoted(name[...], quoting: [0x3D, 0x0A, 0x0D], to: &out)
                    out.append(UInt8(ascii: "="))
                    appendGetfattrValue(value, to: &out)
                    out.append(0x0A)
                }
                out.append(0x0A)
            }
            if inventory.isDirectory(node) { stack += inventory.children(node).reversed() }
        }
        return out
    }

    /// attr's `quote()`: `\` and each byte of `quoting` as a backslash and three octal digits.
    static func appendQuoted(_ bytes: ArraySlice<UInt8>, quoting: [UInt8], to out: inout [UInt8]) {
        for b in bytes {
            if b == UInt8(ascii: "\\") || quoting.contains(b) {
                appendOctal(b, to: &out)
            } else {
                out.append(b)
            }
        }
    }

    /// getfattr's automatic encoding: text when "well enough printable" (a trailing NUL
    /// not counted, at most one byte in eight outside `isprint` of the C locale), else base64.
    static func appendGetfattrValue(_ value: [UInt8], to out: inout [UInt8]) {
        let counted = value.last == 0 ? value.dropLast() : value[...]
        let unprintable = counted.reduce(0) { $0 + ((0x20...0x7E).contains($1) ? 0 : 1) }
        guard counted.count >= unprintable * 8 else {
            out += Array("0s".utf8)
            out += base64(value)
            return
        }
        out.append(UInt8(ascii: "\""))
        for (i, b) in value.enumerated() {
            if b == 0 && i == value.count - 1 { break }
            switch b {
            case 0, 0x0A, 0x0D: appendOctal(b, to: &out)
            case UInt8(ascii: "\\"), UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), b]
            default: out.append(b)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func appendOctal(_ b: UInt8, to out: inout [UInt8]) {
        out += [UInt8(ascii: "\\"), 0x30 + (b >> 6), 0x30 + (b >> 3 & 7), 0x30 + (b & 7)]
    }

    /// RFC 4648 base64 with `=` padding.
    static func base64(_ bytes: [UInt8]) -> [UInt8] {
        let digits = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i < bytes.count {
            let n = min(3, bytes.count - i)
            let chunk = UInt32(bytes[i]) << 16 | (n > 1 ? UInt32(bytes[i + 1]) << 8 : 0) | (n > 2 ? UInt32(bytes[i + 2]) : 0)
            for k in 0..<4 {
                out.append(k <= n ? digits[Int(chunk >> UInt32(18 - 6 * k) & 0x3F)] : UInt8(ascii: "="))
            }
            i += 3
        }
        return out
    }

    /// Whether any item's name holds a line break: a line-based listing that writes names
    /// as they are (`xattr -rl`) could not tell where such a record ends.
    public static func namesHoldLineBreaks(_ inventory: Inventory) -> Bool {
        for node in 1..<max(1, inventory.count) where inventory.nameBytes(node).contains(where: { $0 == 0x0A || $0 == 0x0D }) {
            return true
        }
        return false
    }

    /// `container/times.txt` as `TimesReader` reads it: `birth<TAB>modification<TAB>path`
    /// per item, seconds since 1970 with nine fraction digits, `-` for a time not kept
    /// (a birth time an old kernel or the file system does not give). Records end with
    /// NUL when a name holds a line break, as `find -printf '…\0'` would write them: a
    /// newline would end the record early, and a CR before a newline is read as a
    /// Windows line end and dropped.
    public static func timesListing(_ inventory: Inventory, times: FileTimes) -> [UInt8] {
        let end: UInt8 = namesHoldLineBreaks(inventory) ? 0 : 0x0A
        var out: [UInt8] = []
        for node in 1..<max(1, inventory.count) {
            guard times.birth(node) != nil || times.modification(node) != nil else { continue }
            out += Array(secondsText(times.birth(node)).utf8) + [0x09] + Array(secondsText(times.modification(node)).utf8) + [0x09]
            out += inventory.pathBytes(node)
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

    /// `du -sk NAME…` run inside the container: `KiB<TAB>name` per top-level
    /// directory, KiB rounded up from allocated bytes. A name that cannot be a line of
    /// this file (`duCannotList`) is left out.
    public static func duListing(_ totals: [(name: [UInt8], bytes: UInt64)]) -> [UInt8] {
        var out: [UInt8] = []
        for (name, bytes) in totals where !duCannotList(name) {
            let kib = bytes / 1024 + (bytes % 1024 == 0 ? 0 : 1)
            out += Array(String(kib).utf8)
            out.append(0x09)
            out += name
            out.append(0x0A)
        }
        return out
    }

    /// A name holding a newline or a tab (where du.txt's line and its two fields end), or
    /// a CR (dropped before a newline as a Windows line end): du.txt leaves it out.
    public static func duCannotList(_ name: [UInt8]) -> Bool {
        name.contains(where: { $0 == 0x0A || $0 == 0x09 || $0 == 0x0D })
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
