/// Reads `container/times.txt`, the list forms' record of when each item was born and
/// last modified:
///
///     birth<TAB>modification<TAB>relative path
///
/// with times as decimal seconds since 1970 and any fraction, as these print them:
///
///     find . -mindepth 1 -printf '%B@\t%T@\t%P\n'                     # GNU find
///     find . -mindepth 1 -exec stat -c '%.9W%t%.9Y%t%n' {} +           # GNU stat
///     find . -mindepth 1 -exec stat -f '%.9FB%t%.9Fm%t%N' {} +         # macOS stat
///
/// NUL-terminated records (`\0` instead of `\n`, for names with newlines) are read too.
/// A birth time the tool could not get is recorded as unknown, never as a time: GNU
/// find prints an empty field where the file system keeps none and `-1.-000000010`
/// where its statx call is unavailable (seen on Debian 12), GNU stat prints `0`, and
/// `-` or `?` are accepted. Paths take `./` and `//` as `steps.tsv` does (`ContainerPath`).
/// Warnings (line skipped): fewer than two TABs, a path that is absolute or leaves the
/// container, a modification time that is not a number. Thrown: a non-empty file in
/// which no line is a usable record.
public enum TimesReader: EvidenceReader {
    public static func read(_ bytes: [UInt8], file: String, warnings: inout [Diagnostic]) throws(Diagnostic) -> [TimeRecord] {
        var collector = WarningCollector(file: file)
        defer { collector.finish(into: &warnings) }
        let records = TextRecords(bytes)
        var out: [TimeRecord] = []
        var firstBad: (line: Int, column: Int, offset: Int, message: String)?
        func bad(_ message: String, _ line: Int, _ column: Int, _ offset: Int) {
            if firstBad == nil { firstBad = (line, column, offset, message) }
            collector.add(message + "; line skipped", line: line, column: column, offset: offset)
        }
        records.forEach { range, line in
            let text = bytes[range]
            if text.isEmpty || text.first == UInt8(ascii: "#") { return true }
            let fields = StepsReader.tabFields(text)
            guard fields.count == 3 else {
                bad("expected 'birth<TAB>modification<TAB>path', found \(fields.count - 1) TAB(s)", line, text.count + 1, range.upperBound)
                return true
            }
            let birthField = fields[0]
            let modificationField = fields[1]
            let pathField = fields[2]
            guard let path = ContainerPath.normalizedBytes(pathField) else {
                bad(
                    "expected a container-relative path, found \"\(TerminalText.escape(bytes: pathField.prefix(120)))\" (absolute, empty or with '..')",
                    line, pathField.startIndex - range.lowerBound + 1, pathField.startIndex)
                return true
            }
            guard let modification = seconds(modificationField) ?? (isUnknown(modificationField) ? Double.nan : nil) else {
                bad(
                    "expected a modification time in seconds since 1970, found \"\(TerminalText.escape(bytes: modificationField.prefix(40)))\"",
                    line, modificationField.startIndex - range.lowerBound + 1, modificationField.startIndex)
                return true
            }
            var birth = seconds(birthField)
            if birth == nil, !isUnknown(birthField) {
                collector.add(
                    "birth time \"\(TerminalText.escape(bytes: birthField.prefix(40)))\" is not a number of seconds; taken as not recorded",
                    line: line, column: 1, offset: birthField.startIndex)
            }
            // Zero and negative births are the tools' "unknown", not 1970.
            if let b = birth, b <= 0 { birth = nil }
            if !records.isValidUTF8(pathField.startIndex..<pathField.endIndex) {
                collector.add("not valid UTF-8; decoded with replacement characters", line: line, column: 1, offset: range.lowerBound)
            }
            out.append(
                TimeRecord(
                    path: String(decoding: path, as: UTF8.self), birth: birth, modification: modification.isNaN ? nil : modification, line: line))
            return true
        }
        if out.isEmpty, let first = firstBad {
            throw Diagnostic.error(
                file, at: SourcePosition(line: first.line, column: first.column, byteOffset: first.offset),
                "no usable 'birth<TAB>modification<TAB>path' record: " + first.message)
        }
        return out
    }

    /// `1796140205`, `1796140205.2600014500`, `1796140205,26` (a comma-decimal locale's
    /// printf); not `-1.-000000010`, whose fraction is itself negative.
    static func seconds(_ field: ArraySlice<UInt8>) -> Double? {
        var text: [UInt8] = []
        text.reserveCapacity(field.count)
        var digits = 0
        var sawPoint = false
        for (k, b) in field.enumerated() {
            switch b {
            case 0x30...0x39:
                digits += 1
                text.append(b)
            case UInt8(ascii: "-") where k == 0:
                text.append(b)
            case UInt8(ascii: "."), UInt8(ascii: ","):
                guard !sawPoint, digits > 0 else { return nil }
                sawPoint = true
                text.append(UInt8(ascii: "."))
            default:
                return nil
            }
        }
        // Parsed by the standard library so the value is the correctly rounded one.
        guard digits > 0, digits <= 40, let value = Double(String(decoding: text, as: UTF8.self)), value.magnitude < 1e12 else { return nil }
        return value
    }

    /// How the tools spell "no time": empty, `-`, `?`, or find's `-1.-000000010`.
    static func isUnknown(_ field: ArraySlice<UInt8>) -> Bool {
        if field.isEmpty || field.elementsEqual("-".utf8) || field.elementsEqual("?".utf8) { return true }
        return field.first == UInt8(ascii: "-") && field.contains(UInt8(ascii: ".")) && field.dropFirst().contains(UInt8(ascii: "-"))
    }
}
