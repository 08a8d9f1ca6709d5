extension RulesReader {
    /// The error for bytes that are not UTF-8: where they are (line, column, byte offset
    /// and the value or key that holds them, `rules[0].path`), what was expected and
    /// what was found: `rules.json:7:38: error: rules[0].path: expected valid UTF-8,
    /// found byte 0xC3 at byte offset 112`.
    static func illFormedUTF8(_ bad: (offset: Int, bytes: ArraySlice<UInt8>), in doc: JSONValue, bytes: [UInt8], file: String) -> Diagnostic {
        let found = bad.bytes.map { "0x" + hexByte($0) }.joined(separator: " ")
        let noun = bad.bytes.count == 1 ? "byte" : "bytes"
        let at = SourcePosition(offset: bad.offset, in: bytes)
        let place = JSONLocation(bytes: bytes).entry(holding: bad.offset, in: doc, path: "")
        return .error(file, at: at, "\(place): expected valid UTF-8, found \(noun) \(found) at byte offset \(bad.offset)")
    }
}

/// Which value of a parsed document holds a byte offset, named as a path from the top
/// (`rules[0].path`, `budgets.tmp`), or the key it is in.
struct JSONLocation {
    let bytes: [UInt8]

    func entry(holding offset: Int, in value: JSONValue, path: String) -> String {
        let here = path.isEmpty ? "the top-level object" : path
        switch value.kind {
        case .object(let members):
            for (key, child) in members where child.offset <= offset && offset < end(of: child) {
                return entry(holding: offset, in: child, path: path.isEmpty ? key : path + "." + key)
            }
            return "a key of " + here
        case .array(let items):
            for (i, child) in items.enumerated() where child.offset <= offset && offset < end(of: child) {
                return entry(holding: offset, in: child, path: path + "[\(i)]")
            }
            return here
        default:
            return here
        }
    }

    /// The offset just past the value.
    func end(of value: JSONValue) -> Int {
        switch value.kind {
        case .string:
            var i = value.offset + 1
            while i < bytes.count {
                if bytes[i] == UInt8(ascii: "\\") {
                    i += 2
                } else if bytes[i] == UInt8(ascii: "\"") {
                    return i + 1
                } else {
                    i += 1
                }
            }
            return bytes.count
        case .number(_, let text): return value.offset + text.utf8.count
        case .bool(let b): return value.offset + (b ? 4 : 5)
        case .null: return value.offset + 4
        case .object(let members): return closing(after: members.last.map { end(of: $0.value) } ?? value.offset + 1)
        case .array(let items): return closing(after: items.last.map { end(of: $0) } ?? value.offset + 1)
        }
    }

    /// Past the `}` or `]` that follows `i`, whitespace between.
    private func closing(after i: Int) -> Int {
        var i = i
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
        return min(i + 1, bytes.count)
    }
}
