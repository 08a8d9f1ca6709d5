/// Reads `container/xattr.txt`, the output of `xattr -rl` (or `-vl`, `-rlx`, `-vlx`)
/// over the container, as file_cmds' C `xattr` prints it:
///
///     path: name: value          (-l: value as a C string, cut at the first NUL)
///     path: name:                (-lx: the value follows as hexdump lines)
///     00000000  63 6F 6D …  |com.apple.Mobile|
///     00000016                   (total length, 8 hex digits)
///
/// or the output of Linux `getfattr -d` / `getfattr -R -d -m - DIR` (told apart by a
/// first line `# file: `; `GetfattrDumpReader`):
///
///     # file: Documents/a                 (octal escapes: `\012`, `\134`)
///     user.com.apple.metadata:com_apple_backup_excludeItem="com.apple.MobileBackup"
///     user.other=0sAP8Q                   (`0s` base64, `0x` hex: binary values)
///                                         (a blank line ends the block)
///
/// Paths are kept as printed (`./Documents/x`, absolute, relative to the operand, or
/// absolute without its leading `/` as getfattr prints it); the caller normalises them.
/// Attribute names are accepted as each platform prints them: macOS
/// `com.apple.metadata:com_apple_backup_excludeItem`, Linux (where the `user.`
/// namespace is mandatory) `user.com.apple.metadata:com_apple_backup_excludeItem`.
/// A path may itself contain `": "`, so the backup-exclusion attribute names are
/// searched for first; other lines split at the first `": "`.
public enum XattrDumpReader: EvidenceReader {
    /// `NSURLIsExcludedFromBackupKey` on the Simulator and on macOS.
    public static let excludeItemAttribute = "com.apple.metadata:com_apple_backup_excludeItem"
    /// iOS 5.0.1 (QA1719): the attribute itself marks the item.
    public static let legacyAttribute = "com.apple.MobileBackup"
    /// Linux keeps such attributes in the `user.` namespace (`xattr -l`, `getfattr`,
    /// `exhibit collect --container` see them with this prefix).
    public static let linuxNamespace = "user."

    /// The attribute name without the Linux `user.` prefix, when the rest is one of
    /// the two backup-exclusion names; other names unchanged.
    public static func platformNeutralName(_ attribute: String) -> String {
        guard attribute.hasPrefix(linuxNamespace) else { return attribute }
        let rest = String(attribute.dropFirst(linuxNamespace.count))
        return rest == excludeItemAttribute || rest == legacyAttribute ? rest : attribute
    }

    public struct Entry: Sendable, Equatable {
        /// The path as printed.
        public var path: [UInt8]
        public var attribute: String
        /// The value bytes: the C-string text after `name: ` (-l), or the bytes decoded
        /// from the hexdump (-lx).
        public var value: [UInt8]
        public var line: Int

        /// Rule from the reference (section 7.1): the exclude-item attribute whose value
        /// holds `com.apple.MobileBackup` (Simulator) or `com.apple.backupd` (macOS
        /// bplist), or the legacy attribute with any value.
        public var marksBackupExclusion: Bool {
            let name = XattrDumpReader.platformNeutralName(attribute)
            if name == XattrDumpReader.legacyAttribute { return true }
            guard name == XattrDumpReader.excludeItemAttribute else { return false }
            return contains(value, "com.apple.MobileBackup") || contains(value, "com.apple.backupd")
        }
    }

    public static func read(_ bytes: [UInt8], file: String, warnings: inout [Diagnostic]) throws(Diagnostic) -> [Entry] {
        var skipped: [Int] = []
        return try read(bytes, file: file, warnings: &warnings, skippedLines: &skipped)
    }

    /// The same, with the lines it skipped (warned) in `skippedLines`: a line it cannot
    /// read may be half of a name holding a line break, whose other half reads as a
    /// line of its own (`BackupFlagMerge.linesInDoubt`).
    public static func read(
        _ bytes: [UInt8], file: String, warnings: inout [Diagnostic], skippedLines: inout [Int]
    ) throws(Diagnostic) -> [Entry] {
        if GetfattrDumpReader.looksLikeGetfattr(bytes) {
            return try GetfattrDumpReader.read(bytes, file: file, warnings: &warnings, skippedLines: &skippedLines)
        }
        var collector = WarningCollector(file: file)
        defer { collector.finish(into: &warnings) }
        let records = TextRecords(bytes, allowNulDelimited: false)
        var entries: [Entry] = []
        var hexOpen = false  // the last entry is a -lx name line still taking hexdump lines
        var unparsed: (line: Int, range: Range<Int>)?
        records.forEach { range, line in
            let text = bytes[range]
            if text.isEmpty { return true }
            if hexOpen, let chunk = hexdumpBytes(text) {
                entries[entries.count - 1].value += chunk
                return true
            }
            if hexOpen, isLengthLine(text) {
                hexOpen = false
                return true
            }
            hexOpen = false
            if knownNames.contains(where: { text.starts(with: $0 + [UInt8(ascii: ":")]) }) {
                collector.add(
                    "no path before the attribute name (run xattr with -r or -v so every line names its file); line skipped",
                    line: line, offset: range.lowerBound)
                skippedLines.append(line)
                return true
            }
            guard let entry = splitLine(text, line: line) else {
                if unparsed == nil { unparsed = (line, range) }
                collector.add(
                    "expected 'path: attribute: value' (xattr -rl), found \"\(TerminalText.escape(bytes: text.prefix(80)))\"; line skipped",
                    line: line, offset: range.lowerBound)
                skippedLines.append(line)
                return true
            }
            if entry.path.isEmpty || isKnownAttribute(entry.path) {
                collector.add(
                    "no path before the attribute name (run xattr with -r or -v so every line names its file); line skipped",
                    line: line, offset: range.lowerBound)
                skippedLines.append(line)
                return true
            }
            if platformNeutralName(entry.attribute) == excludeItemAttribute && !entry.marksBackupExclusion && !entry.value.isEmpty {
                collector.add(
                    "\(entry.attribute) has an unrecognised value \"\(TerminalText.escape(bytes: entry.value.prefix(40)))\"; not counted as excluded",
                    line: line, offset: range.lowerBound)
            }
            hexOpen = entry.value.isEmpty && text.last == UInt8(ascii: ":")
            entries.append(entry)
            return true
        }
        if entries.isEmpty, let first = unparsed {
            throw Diagnostic.error(
                file, at: SourcePosition(line: first.line, column: 1, byteOffset: first.range.lowerBound),
                "expected xattr -rl output ('path: attribute: value' lines); no line has that shape")
        }
        return entries
    }

    /// The exclude-item attribute is searched for first because its name holds a ':'.
    private static let knownNames: [[UInt8]] = [
        excludeItemAttribute, legacyAttribute, linuxNamespace + excludeItemAttribute,
        linuxNamespace + legacyAttribute,
    ].map { Array($0.utf8) }

    private static func isKnownAttribute(_ path: [UInt8]) -> Bool {
        knownNames.contains(where: { $0 == path })
    }

    static func splitLine(_ text: ArraySlice<UInt8>, line: Int) -> Entry? {
        for name in knownNames {
            var needle: [UInt8] = [UInt8(ascii: ":"), UInt8(ascii: " ")]
            needle += name
            needle.append(UInt8(ascii: ":"))
            if let r = lastRange(of: needle, in: text) {
                var valueStart = r.upperBound
                if valueStart < text.endIndex && text[valueStart] == UInt8(ascii: " ") { valueStart += 1 }
                return Entry(
                    path: Array(text[text.startIndex..<r.lowerBound]), attribute: String(decoding: name, as: UTF8.self),
                    value: Array(text[valueStart...]), line: line)
            }
        }
        guard let sep = firstRange(of: [UInt8(ascii: ":"), UInt8(ascii: " ")], in: text) else { return nil }
        let afterPath = text[sep.upperBound...]
        let nameEnd: Int
        let valueStart: Int
        if let second = firstRange(of: [UInt8(ascii: ":"), UInt8(ascii: " ")], in: afterPath) {
            nameEnd = second.lowerBound
            valueStart = second.upperBound
        } else if afterPath.last == UInt8(ascii: ":") {
            nameEnd = afterPath.endIndex - 1
            valueStart = afterPath.endIndex
        } else {
            return nil
        }
        guard nameEnd > afterPath.startIndex else { return nil }
        return Entry(
            path: Array(text[text.startIndex..<sep.lowerBound]),
            attribute: String(decoding: text[afterPath.startIndex..<nameEnd], as: UTF8.self),
            value: Array(text[valueStart...]), line: line)
    }

    /// `00000010  42 61 63 6B 75 70   |Backup|` → the bytes; nil for any other line.
    static func hexdumpBytes(_ text: ArraySlice<UInt8>) -> [UInt8]? {
        guard text.count > 10, text.prefix(8).allSatisfy(isHexDigit),
            text[text.startIndex + 8] == 0x20, text[text.startIndex + 9] == 0x20
        else { return nil }
        var out: [UInt8] = []
        var i = text.startIndex + 10
        while i + 1 < text.endIndex, isHexDigit(text[i]), isHexDigit(text[i + 1]) {
            out.append(hexValue(text[i]) << 4 | hexValue(text[i + 1]))
            i += 2
            guard i < text.endIndex, text[i] == 0x20 else { break }
            i += 1
        }
        return out
    }

    static func isLengthLine(_ text: ArraySlice<UInt8>) -> Bool { text.count == 8 && text.allSatisfy(isHexDigit) }

    private static func isHexDigit(_ b: UInt8) -> Bool {
        (0x30...0x39).contains(b) || (0x41...0x46).contains(b) || (0x61...0x66).contains(b)
    }

    private static func hexValue(_ b: UInt8) -> UInt8 {
        switch b {
        case 0x30...0x39: b - 0x30
        case 0x41...0x46: b - 0x41 + 10
        default: b &- 0x61 &+ 10
        }
    }
}

func firstRange(of needle: [UInt8], in hay: ArraySlice<UInt8>) -> Range<Int>? {
    guard let first = needle.first, hay.count >= needle.count else { return nil }
    var i = hay.startIndex
    let last = hay.endIndex - needle.count
    while i <= last {
        if hay[i] == first && hay[i..<(i + needle.count)].elementsEqual(needle) { return i..<(i + needle.count) }
        i += 1
    }
    return nil
}

/// The last occurrence: a value never holds an attribute name followed by ':', but a
/// directory name might, so the rightmost match is the real separator.
func lastRange(of needle: [UInt8], in hay: ArraySlice<UInt8>) -> Range<Int>? {
    guard let first = needle.first, hay.count >= needle.count else { return nil }
    var i = hay.endIndex - needle.count
    while i >= hay.startIndex {
        if hay[i] == first && hay[i..<(i + needle.count)].elementsEqual(needle) { return i..<(i + needle.count) }
        i -= 1
    }
    return nil
}

private func contains(_ hay: [UInt8], _ needle: String) -> Bool {
    firstRange(of: Array(needle.utf8), in: hay[...]) != nil
}
