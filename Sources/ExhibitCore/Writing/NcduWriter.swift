/// Writes an `Inventory` as an ncdu JSON export in the shape ncdu 1.18 writes it:
/// a header line `[1,2,{"progname":…,"progver":…,"timestamp":…},`, then one item per
/// line, directories as `[{info},child,…]`, keys in ncdu's order, zero sizes omitted.
/// `ncdu -f FILE` opens the result; the extension keys `x_backup_excluded` (written
/// only when true, `null` where the flag could not be read or its record was unusable,
/// or `false` where a flag is recorded in an inventory that does not record every item's
/// own flag), `x_step`, `x_btime` (the birth time) and, in the metadata,
/// `x_backup_flags` ride along and ncdu ignores them; with `times`, ncdu's own `mtime`
/// (whole seconds, as `ncdu -e` writes it) too.
///
/// Names are escaped as ncdu 1.x escapes them: `"` `\` and `\b \f \n \r \t` with a
/// backslash, other bytes below 0x20 and 0x7F as `\u00xx`, everything else raw. Bytes
/// that are not valid UTF-8 are therefore written as they are, exactly as ncdu 1.x
/// does for such file names (strictly that is not JSON, but ncdu and this reader both
/// read it back byte for byte, which is what a file name needs).
public enum NcduWriter {
    /// - Parameters:
    ///   - rootName: the root item's name; ncdu shows it as the scanned path.
    ///   - progname: written as `progname` (e.g. `exhibit`).
    ///   - version: written as `progver`.
    ///   - timestamp: seconds since 1970, written as `timestamp` (the caller's clock: this is pure).
    ///   - times: each item's modification and birth time, written as `mtime` and `x_btime`.
    public static func write(
        _ inventory: Inventory, rootName: String, progname: String, version: String,
        timestamp: Int, times: FileTimes? = nil
    ) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(inventory.count &* 64 + 256)
        out.append(contentsOf: "[\(NcduFormat.majorVersion),\(NcduFormat.minorVersion),{\"progname\":".utf8)
        appendString(progname.utf8, to: &out)
        out.append(contentsOf: ",\"progver\":".utf8)
        appendString(version.utf8, to: &out)
        out.append(contentsOf: ",\"timestamp\":".utf8)
        if timestamp < 0 { out.append(UInt8(ascii: "-")) }
        appendDecimal(UInt64(timestamp.magnitude), to: &out)
        // Says that an item without `x_backup_excluded` is known not to be excluded;
        // without it, items whose flag was recorded carry the key with `false`. An item
        // whose flag could not be read carries `null` either way (unknown, not excluded).
        let complete = inventory.recordsEveryOwnFlag
        if complete { out.append(contentsOf: ",\"\(NcduFormat.backupFlagsKey)\":\"\(NcduFormat.backupFlagsComplete)\"".utf8) }
        out.append(contentsOf: "},\n[".utf8)
        appendInfo(inventory, Inventory.root, name: Array(rootName.utf8)[...], allFlags: complete, times: times, to: &out)

        // Explicit stack of (directory, next child position): no recursion, so depth is free.
        var stack: [(node: Inventory.NodeID, next: Int)] = [(Inventory.root, 0)]
        while let top = stack.last {
            let children = inventory.children(top.node)
            if top.next == children.count {
                out.append(UInt8(ascii: "]"))
                stack.removeLast()
                continue
            }
            let child = children[children.startIndex + top.next]
            stack[stack.count - 1].next += 1
            out.append(contentsOf: [UInt8(ascii: ","), 0x0A])
            if inventory.isDirectory(child) {
                out.append(UInt8(ascii: "["))
                appendInfo(inventory, child, name: inventory.nameBytes(child), allFlags: complete, times: times, to: &out)
                stack.append((child, 0))
            } else {
                appendInfo(inventory, child, name: inventory.nameBytes(child), allFlags: complete, times: times, to: &out)
            }
        }
        out.append(contentsOf: [UInt8(ascii: "]"), 0x0A])
        return out
    }

    private static func appendInfo(
        _ inv: Inventory, _ id: Inventory.NodeID, name: ArraySlice<UInt8>, allFlags: Bool, times: FileTimes?,
        to out: inout [UInt8]
    ) {
        out.append(contentsOf: "{\"name\":".utf8)
        appendString(name, to: &out)
        let size = inv.size(id)
        if size > 0 {
            out.append(contentsOf: ",\"asize\":".utf8)
            appendDecimal(size, to: &out)
        }
        let disk = inv.diskSize(id)
        if disk > 0 {
            out.append(contentsOf: ",\"dsize\":".utf8)
            appendDecimal(disk, to: &out)
        }
        if inv.hasReadError(id) { out.append(contentsOf: ",\"read_error\":true".utf8) }
        if let excluded = NcduFormat.excludedValue(inv.scanExclusion(id)) {
            out.append(contentsOf: ",\"excluded\":".utf8)
            appendString(excluded.utf8, to: &out)
        }
        if inv.isNotRegular(id) { out.append(contentsOf: ",\"notreg\":true".utf8) }
        if inv.isExcludedOwn(id) {
            out.append(contentsOf: ",\"\(NcduFormat.backupExcludedKey)\":true".utf8)
        } else if inv.isFlagRecordUnusable(id), !inv.isFlagRecorded(id) {
            out.append(contentsOf: ",\"\(NcduFormat.backupExcludedKey)\":null".utf8)
        } else if !allFlags, inv.isFlagRecorded(id) {
            out.append(contentsOf: ",\"\(NcduFormat.backupExcludedKey)\":false".utf8)
        }
        if let step = inv.step(id) {
            out.append(contentsOf: ",\"\(NcduFormat.stepKey)\":".utf8)
            appendString(step.utf8, to: &out)
        }
        if let modified = times?.modification(id), modified >= 1, modified < 1e12 {
            out.append(contentsOf: ",\"mtime\":".utf8)
            appendDecimal(UInt64(modified.rounded(.down)), to: &out)
        }
        if let birth = times?.birth(id), birth >= 1, birth < 1e12 {
            out.append(contentsOf: ",\"\(NcduFormat.birthTimeKey)\":".utf8)
            out.append(contentsOf: "\(birth)".utf8)
        }
        out.append(UInt8(ascii: "}"))
    }

    /// A JSON string the way ncdu 1.x `output_string` writes it.
    static func appendString(_ bytes: some Sequence<UInt8>, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for b in bytes {
            switch b {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), b])
            case 0x08: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x09: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x0A: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0C: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0x0D: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x00..<0x20, 0x7F:
                out.append(contentsOf: "\\u00".utf8)
                out.append(hexDigits[Int(b >> 4)])
                out.append(hexDigits[Int(b & 0x0F)])
            default: out.append(b)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    static func appendDecimal(_ value: UInt64, to out: inout [UInt8]) {
        let digits = DecimalDigits.count(value)
        out.append(contentsOf: repeatElement(0, count: digits))
        out.withUnsafeMutableBufferPointer { DecimalDigits.write(value, endingBefore: $0.baseAddress! + $0.count) }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
