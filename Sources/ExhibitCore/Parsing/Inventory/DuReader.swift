/// Reads `container/du.txt`: `du -sk` over the container's top-level directories,
/// one `KiB<TAB>path` line each (file_cmds `du.c` prints `%jd\t%s`; GNU `du -sk` has
/// the same shape). Accepted path spellings: `Documents`, `Documents/` (`du -sk */`),
/// `./Documents`, and absolute container paths (the container prefix is cut and a
/// warning says an absolute path leaked into the artifact). Deeper paths
/// (`Library/Caches`, from `du -k -d 2`) are kept with their relative path as name.
///
/// Skipped with a warning: `-h` style sizes (`1.5M`, not exact), negative or
/// overflowing numbers, lines without a TAB, the container itself (`.`), paths that
/// leave the container. A final `N<TAB>total` line (`du -c`) is skipped silently.
/// Thrown: a non-empty file in which no line has the `KiB<TAB>path` shape.
public enum DuReader: EvidenceReader {
    public static func read(_ bytes: [UInt8], file: String, warnings: inout [Diagnostic]) throws(Diagnostic) -> [DirectoryTotal] {
        var collector = WarningCollector(file: file)
        defer { collector.finish(into: &warnings) }
        let records = TextRecords(bytes, allowNulDelimited: false)
        var totals: [DirectoryTotal] = []
        var firstBad: (line: Int, offset: Int, message: String)?
        var leakedPrefix = false
        var seen: [String: Int] = [:]
        func bad(_ message: String, _ line: Int, _ column: Int, _ offset: Int) {
            if firstBad == nil { firstBad = (line, offset, message) }
            collector.add(message + "; line skipped", line: line, column: column, offset: offset)
        }
        records.forEach { range, line in
            let text = bytes[range]
            if text.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return true }
            guard let field = SizeField.parse(text) else {
                bad("expected 'KiB<TAB>path' (du -sk), found \"\(TerminalText.escape(bytes: text.prefix(60)))\"", line, 1, range.lowerBound)
                return true
            }
            let column = field.pathStart - range.lowerBound + 1
            let kib: UInt64
            switch field.value {
            case .value(let v): kib = v
            case .negative:
                bad("negative size", line, 1, range.lowerBound)
                return true
            case .overflow:
                bad("size does not fit in 64 bits", line, 1, range.lowerBound)
                return true
            case .notInteger:
                bad(
                    "size \"\(TerminalText.escape(bytes: text[field.valueText].prefix(40)))\" is not a whole number of KiB (was du run with -h?)", line, 1,
                    range.lowerBound)
                return true
            }
            var path = bytes[field.pathStart..<range.upperBound]
            if path.elementsEqual("total".utf8) && line == lastNonEmptyLine(records) { return true }
            if path.first == UInt8(ascii: "/") {
                guard let split = ContainerPath.splitAbsolute(path) else {
                    bad("absolute path outside a recognisable app container", line, column, field.pathStart)
                    return true
                }
                if !leakedPrefix {
                    leakedPrefix = true
                    collector.add(
                        "absolute path leaked into the artifact; container prefix \"\(TerminalText.escape(bytes: split.prefix))\" removed",
                        line: line, column: column, offset: field.pathStart)
                }
                path = split.rest
            }
            guard let normalized = ContainerPath.normalizedBytes(path) else {
                if path.allSatisfy({ $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "/") }) {
                    collector.add(
                        "total of the container itself, not of a top-level directory; line skipped",
                        line: line, column: column, offset: field.pathStart, severity: .note)
                } else {
                    bad("path \"\(TerminalText.escape(bytes: path.prefix(120)))\" leaves the container or is empty", line, column, field.pathStart)
                }
                return true
            }
            if !records.isValidUTF8(field.pathStart..<range.upperBound) {
                collector.add("path is not valid UTF-8; shown with replacement characters", line: line, column: column, offset: field.pathStart)
            }
            let name = String(decoding: normalized, as: UTF8.self)
            if let earlier = seen[name] {
                collector.add(
                    "\"\(TerminalText.escape(bytes: name.utf8.prefix(120)))\" is listed again (first on line \(earlier)); both kept",
                    line: line, column: column, offset: field.pathStart)
            } else {
                seen[name] = line
            }
            totals.append(DirectoryTotal(name: name, kibibytes: kib, line: line))
            return true
        }
        if totals.isEmpty, let first = firstBad {
            throw Diagnostic.error(
                file, at: SourcePosition(line: first.line, column: 1, byteOffset: first.offset),
                "no line has the du -sk shape 'KiB<TAB>path': " + first.message)
        }
        return totals
    }

    private static func lastNonEmptyLine(_ records: TextRecords) -> Int {
        var last = 0
        records.forEach { range, line in
            if !range.isEmpty { last = line }
            return true
        }
        return last
    }
}

/// A leading unsigned number followed by one TAB or space, the shape of `du -k`,
/// `find -printf '%s\t%P'` and `stat -f '%z %N'` lines.
struct SizeField {
    enum Value: Equatable {
        case value(UInt64)
        case negative
        case overflow
        case notInteger
    }

    var value: Value
    /// Where the size's text is in the line (indices of the slice parsed): a range, not a
    /// slice of it, as sizes.txt parses a million lines and needs the text only to warn.
    var valueText: Range<Int>
    /// Index of the first byte after the separator.
    var pathStart: Int

    /// nil when the line does not start with a number-like token and a separator.
    static func parse(_ text: ArraySlice<UInt8>) -> SizeField? {
        var i = text.startIndex
        while i < text.endIndex && text[i] == 0x20 { i += 1 }  // du -h pads to 4 columns
        let start = i
        while i < text.endIndex && text[i] != 0x09 && text[i] != 0x20 { i += 1 }
        guard i > start, i < text.endIndex else { return nil }
        let token = text[start..<i]
        guard let first = token.first, first == UInt8(ascii: "-") || (0x30...0x39).contains(first) else { return nil }
        var value: Value
        if first == UInt8(ascii: "-") {
            value = token.dropFirst().allSatisfy({ (0x30...0x39).contains($0) }) && token.count > 1 ? .negative : .notInteger
            if value == .negative && token.dropFirst().allSatisfy({ $0 == 0x30 }) { value = .value(0) }
        } else {
            var v: UInt64 = 0
            value = .value(0)
            for b in token {
                guard (0x30...0x39).contains(b) else {
                    value = .notInteger
                    break
                }
                let (m, o1) = v.multipliedReportingOverflow(by: 10)
                let (a, o2) = m.addingReportingOverflow(UInt64(b - 0x30))
                if o1 || o2 {
                    value = .overflow
                    break
                }
                v = a
                value = .value(v)
            }
        }
        return SizeField(value: value, valueText: start..<i, pathStart: i + 1)
    }
}
