import ExhibitCore

/// Damaged copies of one evidence file: the input classes CI machines actually
/// produce (a copy cut short, a wrong encoding, a Windows checkout) plus hostile ones
/// (huge lines, deep nesting, impossible numbers). Each variant says whether every
/// reader must reject it, so the corpus test can insist on a diagnostic there.
struct MalformedVariant: Sendable, CustomStringConvertible {
    enum Kind: String, Sendable {
        case truncated, empty, invalidUTF8, nulBytes, hugeLine, deepNesting, duplicatePaths
        case negativeNumbers, overflowingNumbers, byteOrderMark, crlf
    }

    let kind: Kind
    let label: String
    let bytes: [UInt8]

    var description: String { label }

    /// Size of the single-line variant: 10 MB, as the issue asks.
    static let hugeLineLength = 10 * 1024 * 1024
    static let nestingDepth = 10_000

    /// Every variant of `original`, shaped by the file's syntax (`format`).
    static func all(of original: [UInt8], format: EvidenceFormat, includeHugeLine: Bool) -> [MalformedVariant] {
        var out: [MalformedVariant] = []
        for eighth in 1...7 {
            let cut = original.count * eighth / 8
            out.append(.init(kind: .truncated, label: "truncated at \(eighth)/8 (\(cut) bytes)", bytes: Array(original.prefix(cut))))
        }
        out.append(.init(kind: .empty, label: "empty file", bytes: []))
        out.append(
            .init(
                kind: .invalidUTF8, label: "invalid UTF-8 in the middle",
                bytes: inserting([0xFF, 0xFE, 0xC3, 0x28, 0xED, 0xA0, 0x80], into: original)))
        out.append(.init(kind: .nulBytes, label: "NUL bytes in the middle", bytes: inserting([0, 0, 0], into: original)))
        if includeHugeLine {
            out.append(
                .init(
                    kind: .hugeLine, label: "10 MB single line in the middle",
                    bytes: inserting([UInt8](repeating: UInt8(ascii: "x"), count: hugeLineLength), into: original)))
        }
        out.append(.init(kind: .deepNesting, label: "\(nestingDepth)-deep nesting", bytes: deeplyNested(format)))
        if let wrapped = nestedValueInside(original, format: format) {
            out.append(.init(kind: .deepNesting, label: "\(nestingDepth)-deep value inside the document", bytes: wrapped))
        }
        out.append(.init(kind: .duplicatePaths, label: "every record twice", bytes: duplicated(original, format: format)))
        out.append(
            .init(
                kind: .negativeNumbers, label: "negative numbers",
                bytes: replacingNumbers(in: original, format: format, with: Array("-4096".utf8))))
        out.append(
            .init(
                kind: .overflowingNumbers, label: "numbers beyond 64 bits",
                bytes: replacingNumbers(in: original, format: format, with: Array("184467440737095516160".utf8))))
        out.append(.init(kind: .byteOrderMark, label: "UTF-8 byte order mark", bytes: [0xEF, 0xBB, 0xBF] + original))
        out.append(.init(kind: .crlf, label: "CRLF line ends", bytes: crlf(original)))
        return out
    }

    /// Inserts `junk` at the middle line break (or the middle byte of a one-line file),
    /// so the damage lands inside the data rather than after it.
    static func inserting(_ junk: [UInt8], into bytes: [UInt8]) -> [UInt8] {
        let middle = bytes.count / 2
        let at = bytes[middle...].firstIndex(of: 0x0A) ?? middle
        return Array(bytes[..<at]) + junk + Array(bytes[at...])
    }

    static func deeplyNested(_ format: EvidenceFormat) -> [UInt8] {
        let n = nestingDepth
        switch format {
        case .json:
            return Array(String(repeating: "{\"a\":[", count: n / 2).utf8) + Array("1".utf8)
                + Array(String(repeating: "]}", count: n / 2).utf8)
        case .xml:
            return Array("<?xml version=\"1.0\"?>\n".utf8) + Array(String(repeating: "<a>", count: n).utf8)
                + Array(String(repeating: "</a>", count: n).utf8)
        case .text:
            return Array(String(repeating: "Documents/", count: n).utf8) + [0x0A]
        }
    }

    /// The real document with a 10,000-deep array placed where its first value starts:
    /// readers that skip unknown values must bound that too.
    static func nestedValueInside(_ bytes: [UInt8], format: EvidenceFormat) -> [UInt8]? {
        guard format == .json, let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let open = [UInt8](repeating: UInt8(ascii: "["), count: nestingDepth)
        let close = [UInt8](repeating: UInt8(ascii: "]"), count: nestingDepth)
        return Array(bytes[...colon]) + open + close + Array(",\"_x\":".utf8) + Array(bytes[(colon + 1)...])
    }

    /// Text: every line twice. JSON: the first array element repeated (ncdu's
    /// directory arrays hold the entries). XML: the root's content twice.
    static func duplicated(_ bytes: [UInt8], format: EvidenceFormat) -> [UInt8] {
        switch format {
        case .text:
            var out: [UInt8] = []
            for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
                out += line + [0x0A] + line + [0x0A]
            }
            return out
        case .json, .xml:
            let body = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
            guard body.count > 2 else { return bytes + bytes }
            var out: [UInt8] = []
            for (i, line) in body.enumerated() {
                out += line + [0x0A]
                if i > 0 && i < body.count - 2 { out += line + [0x0A] }
            }
            return out
        }
    }

    /// Replaces numbers: JSON number tokens outside strings; XML attribute values
    /// made only of digits; in text, a run of digits that starts a line.
    static func replacingNumbers(in bytes: [UInt8], format: EvidenceFormat, with replacement: [UInt8]) -> [UInt8] {
        func isDigit(_ b: UInt8) -> Bool { (0x30...0x39).contains(b) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        var inString = false
        while i < bytes.count {
            let b = bytes[i]
            switch format {
            case .json:
                if inString {
                    if b == UInt8(ascii: "\\") && i + 1 < bytes.count {
                        out += [b, bytes[i + 1]]
                        i += 2
                        continue
                    }
                    if b == UInt8(ascii: "\"") { inString = false }
                } else if b == UInt8(ascii: "\"") {
                    inString = true
                } else if isDigit(b) || b == UInt8(ascii: "-") {
                    var j = i + 1
                    while j < bytes.count,
                        isDigit(bytes[j]) || bytes[j] == UInt8(ascii: ".") || bytes[j] == UInt8(ascii: "e")
                            || bytes[j] == UInt8(ascii: "E") || bytes[j] == UInt8(ascii: "+") || bytes[j] == UInt8(ascii: "-")
                    { j += 1 }
                    out += replacement
                    i = j
                    continue
                }
            case .xml:
                if b == UInt8(ascii: "\""), i + 1 < bytes.count, isDigit(bytes[i + 1]) {
                    var j = i + 1
                    while j < bytes.count, isDigit(bytes[j]) || bytes[j] == UInt8(ascii: ".") { j += 1 }
                    if j < bytes.count, bytes[j] == UInt8(ascii: "\"") {
                        out += [b] + replacement
                        i = j
                        continue
                    }
                }
            case .text:
                if isDigit(b), i == 0 || bytes[i - 1] == 0x0A {
                    var j = i
                    while j < bytes.count, isDigit(bytes[j]) { j += 1 }
                    out += replacement
                    i = j
                    continue
                }
            }
            out.append(b)
            i += 1
        }
        return out
    }

    static func crlf(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 16)
        for b in bytes {
            if b == 0x0A { out.append(0x0D) }
            out.append(b)
        }
        return out
    }
}

/// The syntax family of an evidence file, which decides how it is damaged.
enum EvidenceFormat: Sendable {
    case json, xml, text

    /// The syntax of the file's `EvidenceArtifact` row; by its name when it has none.
    init(file: String) {
        switch EvidenceArtifact.row(for: file)?.syntax {
        case .json?: self = .json
        case .xml?, .propertyList?: self = .xml
        case .text?: self = .text
        case .resultBundle?, nil: self.init(name: file)
        }
    }

    init(name file: String) {
        if file.hasSuffix(".json") {
            self = .json
        } else if file.hasSuffix(".xml") || file.hasSuffix(".plist") {
            self = .xml
        } else {
            self = .text
        }
    }
}
