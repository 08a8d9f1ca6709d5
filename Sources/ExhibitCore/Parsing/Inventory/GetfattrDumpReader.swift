/// Reads `container/xattr.txt` written by Linux `getfattr -d` or `getfattr -R -d -m - DIR`
/// (the Debian `attr` package): blocks of
///
///     # file: Library/Application Support/VaultIndex
///     user.com.apple.metadata:com_apple_backup_excludeItem="com.apple.MobileBackup"
///     user.other=0sAP8Q
///
/// separated by a blank line. getfattr prints the path as given on its command line
/// (`./` is dropped, an absolute path loses its leading `/`, with a message on stderr
/// only), escaping bytes outside printable ASCII and `\` as three octal digits (`\012`,
/// `\134`). A value is `"text"` (with `-e text`: `\"`, `\\` and octal escapes),
/// `0s` + base64 or `0x` + hex (binary values, `-e base64` / `-e hex`); a name alone
/// (no `-d`) has no value. `XattrDumpReader.read` hands such files here.
enum GetfattrDumpReader {
    static let fileMarker: [UInt8] = Array("# file: ".utf8)

    /// The first line that is not blank starts with `# file: `.
    static func looksLikeGetfattr(_ bytes: [UInt8]) -> Bool {
        var i = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        // Blank lines only: getfattr never indents `# file:`, and a line the reader would
        // not take as a block must not make the file a getfattr dump (a fuzzer found one).
        while i < bytes.count, bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
        return bytes[i...].starts(with: fileMarker)
    }

    static func read(
        _ bytes: [UInt8], file: String, warnings: inout [Diagnostic], skippedLines: inout [Int]
    ) throws(Diagnostic) -> [XattrDumpReader.Entry] {
        var collector = WarningCollector(file: file)
        defer { collector.finish(into: &warnings) }
        var entries: [XattrDumpReader.Entry] = []
        var path: [UInt8]?
        var blocks = 0
        TextRecords(bytes, allowNulDelimited: false).forEach { range, line in
            let text = bytes[range]
            if text.isEmpty {
                path = nil
                return true
            }
            if text.starts(with: fileMarker) {
                path = unescape(text.dropFirst(fileMarker.count))
                blocks += 1
                return true
            }
            guard let current = path else {
                collector.add(
                    "expected '# file: PATH' before the attribute (getfattr -d output); line skipped",
                    line: line, offset: range.lowerBound)
                skippedLines.append(line)
                return true
            }
            let equals = text.firstIndex(of: UInt8(ascii: "="))
            let name = String(decoding: unescape(text[text.startIndex..<(equals ?? text.endIndex)]), as: UTF8.self)
            var value: [UInt8] = []
            if let equals {
                guard let decoded = decodeValue(text[(equals + 1)...]) else {
                    collector.add(
                        "value of \(TerminalText.escape(name)) is not \"text\", 0s<base64> or 0x<hex>; line skipped",
                        line: line, offset: range.lowerBound)
                    skippedLines.append(line)
                    return true
                }
                value = decoded
            }
            let entry = XattrDumpReader.Entry(path: current, attribute: name, value: value, line: line)
            if XattrDumpReader.platformNeutralName(name) == XattrDumpReader.excludeItemAttribute, !entry.marksBackupExclusion, !value.isEmpty {
                collector.add(
                    "\(TerminalText.escape(name)) has an unrecognised value \"\(TerminalText.escape(bytes: value.prefix(40)))\"; not counted as excluded",
                    line: line, offset: range.lowerBound)
            }
            entries.append(entry)
            return true
        }
        if blocks == 0 {
            throw Diagnostic.error(
                file, at: SourcePosition(line: 1, column: 1, byteOffset: 0),
                "expected getfattr -d output ('# file: PATH' blocks); none found")
        }
        return entries
    }

    /// getfattr's quoting of names and paths: `\` then three octal digits stands for
    /// one byte; `\\` and `\"` (text values) for the character. Anything else is kept.
    static func unescape(_ text: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        var i = text.startIndex
        while i < text.endIndex {
            let b = text[i]
            if b == UInt8(ascii: "\\"), i + 1 < text.endIndex {
                if i + 4 <= text.endIndex, let v = octal(text[(i + 1)..<(i + 4)]) {
                    out.append(v)
                    i += 4
                    continue
                }
                let next = text[i + 1]
                if next == UInt8(ascii: "\\") || next == UInt8(ascii: "\"") {
                    out.append(next)
                    i += 2
                    continue
                }
            }
            out.append(b)
            i += 1
        }
        return out
    }

    private static func octal(_ digits: ArraySlice<UInt8>) -> UInt8? {
        guard digits.count == 3, digits.allSatisfy({ (0x30...0x37).contains($0) }) else { return nil }
        let v = digits.reduce(0) { $0 * 8 + Int($1 - 0x30) }
        return v <= 255 ? UInt8(v) : nil
    }

    /// `"text"`, `0s<base64>` or `0x<hex>`; nil for anything else.
    static func decodeValue(_ raw: ArraySlice<UInt8>) -> [UInt8]? {
        if raw.count >= 2, raw.first == UInt8(ascii: "\""), raw.last == UInt8(ascii: "\"") {
            return unescape(raw.dropFirst().dropLast())
        }
        if raw.starts(with: Array("0s".utf8)) {
            return Base64.decode(raw.dropFirst(2))
        }
        if raw.starts(with: Array("0x".utf8)) || raw.starts(with: Array("0X".utf8)) {
            let hex = raw.dropFirst(2)
            guard hex.count % 2 == 0 else { return nil }
            var out: [UInt8] = []
            var i = hex.startIndex
            while i < hex.endIndex {
                guard let h = hexNibble(hex[i]), let l = hexNibble(hex[i + 1]) else { return nil }
                out.append(h << 4 | l)
                i += 2
            }
            return out
        }
        return nil
    }

    private static func hexNibble(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: b - 0x30
        case 0x41...0x46: b - 0x41 + 10
        case 0x61...0x66: b - 0x61 + 10
        default: nil
        }
    }
}

/// Standard base64 (RFC 4648, `=` padding), as getfattr's `0s` values are written.
enum Base64 {
    static func decode(_ text: ArraySlice<UInt8>) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(text.count / 4 * 3)
        var accumulator: UInt32 = 0
        var bits = 0
        var padding = 0
        for c in text {
            let v: UInt32
            switch c {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): v = UInt32(c - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): v = UInt32(c - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): v = UInt32(c - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "+"): v = 62
            case UInt8(ascii: "/"): v = 63
            case UInt8(ascii: "="):
                padding += 1
                continue
            default: return nil
            }
            guard padding == 0 else { return nil }
            accumulator = accumulator << 6 | v
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        guard text.count % 4 == 0 || padding == 0, padding <= 2 else { return nil }
        return out
    }
}
