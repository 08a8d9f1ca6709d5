/// A byte-level JSON lexer shared by the document parser (small files) and the
/// streaming ncdu reader (million-entry inventories). It never allocates for
/// structure, only for string contents, and reports failures as a `Diagnostic` with
/// the exact byte position.
///
/// It scans either a whole file (`init(_:file:)`) or a stream
/// (`init(stream:file:chunkSize:)`, JSONScanner+Stream.swift). Streaming, `bytes` is a
/// window onto the file that moves on when a read reaches its end: `index` and the
/// ranges returned are window indices, valid until the next read; `offset` is the
/// absolute position. A token that crosses the window's end is kept whole: the window
/// is compacted to the token's start and refilled, and the scan goes on.
public struct JSONScanner {
    /// The file (whole-file scanner) or the current window onto it (streaming).
    public internal(set) var bytes: [UInt8]
    public let file: String
    /// The next byte to read, as an index into `bytes`.
    public var index: Int
    /// Where `bytes[0]` sits in the file: 0 unless streaming.
    public internal(set) var windowStart = 0
    /// The stream a streaming scanner refills its window from; nil for a whole file.
    var input: JSONStreamInput?
    /// Newlines before `windowStart`, and the absolute offset at which the line
    /// holding `windowStart` begins: positions stay exact after the window moves on.
    var newlinesBeforeWindow = 0
    var lineStartBeforeWindow = 0
    /// An offset whose position is remembered if the window moves past it (see `keepPosition(of:)`).
    var pinnedOffset = -1
    var pinnedPosition: SourcePosition?
    /// Where `trackedPosition(of:)` last answered, so increasing requests cost one pass.
    var cursorIndex = 0
    var cursorLine = 1
    var cursorLineStart = 0

    public init(_ bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
        // A UTF-8 byte order mark is not JSON, but Windows tools write it; skip it.
        self.index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// True at the end of the input. Streaming, only once the stream has been read to
    /// its end: use `peek()`, which reads on.
    public var isAtEnd: Bool { index >= bytes.count && (input?.finished ?? true) }

    /// The absolute byte offset of `index` in the file.
    public var offset: Int { windowStart + index }

    public func failure(_ expected: String, at offset: Int? = nil) -> Diagnostic {
        let at = offset ?? index
        let found: String
        if at >= bytes.count {
            found = "end of file"
        } else {
            let b = bytes[at]
            found = (0x21...0x7E).contains(b) ? "'\(Character(UnicodeScalar(b)))'" : "byte 0x" + hexByte(b)
        }
        return .error(file, at: position(at: at), "expected \(expected), found \(found)")
    }

    @inline(__always)
    public mutating func skipWhitespace() {
        while true {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x0A, 0x0D, 0x09: index += 1
                default: return
                }
            }
            if refill(keeping: index) == nil { return }
        }
    }

    /// The next non-whitespace byte, without consuming it; nil at end of input.
    @inline(__always)
    public mutating func peek() -> UInt8? {
        // Most tokens follow the last without whitespace (ncdu writes none inside an item).
        if index < bytes.count {
            let b = bytes[index]
            if b > 0x20 { return b }
        }
        skipWhitespace()
        return index < bytes.count ? bytes[index] : nil
    }

    public mutating func expect(_ byte: UInt8, _ what: String) throws(Diagnostic) {
        guard peek() == byte else { throw failure(what) }
        index += 1
    }

    /// Consumes `byte` if it is next.
    public mutating func consume(_ byte: UInt8) -> Bool {
        if peek() == byte {
            index += 1
            return true
        }
        return false
    }

    public mutating func expectLiteral(_ word: String) throws(Diagnostic) {
        let w = Array(word.utf8)
        guard ensureAvailable(w.count), bytes[index..<(index + w.count)].elementsEqual(w) else {
            throw failure("'\(word)'", at: index)
        }
        index += w.count
    }

    /// Reads a JSON string and returns its decoded bytes (UTF-8; escapes resolved; a
    /// lone surrogate escape becomes U+FFFD). Raw bytes inside the quotes are kept as
    /// they are, even when they are not valid UTF-8: ncdu writes file names byte for byte.
    public mutating func readStringBytes() throws(Diagnostic) -> [UInt8] {
        guard peek() == UInt8(ascii: "\"") else { throw failure("a string") }
        let open = offset
        // The whole string, opening quote included, stays in the window while it is read.
        var quote = index
        index += 1
        // Fast path: no escapes.
        var i = index
        scan: while true {
            while i < bytes.count {
                let b = bytes[i]
                if b == UInt8(ascii: "\"") {
                    let out = Array(bytes[index..<i])
                    index = i + 1
                    return out
                }
                if b == UInt8(ascii: "\\") || b < 0x20 { break scan }
                i += 1
            }
            guard let shift = refill(keeping: quote) else { break }
            i -= shift
            quote -= shift
        }
        var out = Array(bytes[index..<i])
        index = i
        while true {
            guard ensureAvailable(1, keeping: &quote) else { throw failure("closing '\"' of the string opened at byte \(open)") }
            let b = bytes[index]
            switch b {
            case UInt8(ascii: "\""):
                index += 1
                return out
            case UInt8(ascii: "\\"):
                index += 1
                guard ensureAvailable(1, keeping: &quote) else { throw failure("an escape character") }
                let e = bytes[index]
                index += 1
                switch e {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try readHex4(keeping: &quote)
                    // Six bytes read ahead first, so `save` stays valid: readHex4 then never moves the window.
                    if (0xD800...0xDBFF).contains(scalar), ensureAvailable(6, keeping: &quote) || index + 1 < bytes.count,
                        bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                    {
                        let save = index
                        index += 2
                        let low = try readHex4(keeping: &quote)
                        if (0xDC00...0xDFFF).contains(low) {
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            index = save
                        }
                    }
                    let s = UnicodeScalar(scalar) ?? "\u{FFFD}"
                    out.append(contentsOf: Array(String(Character(s)).utf8))
                default:
                    throw failure("a valid escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)", at: index - 1)
                }
            default:
                if b < 0x20 { throw failure("no raw control character inside a string (escape it)") }
                out.append(b)
                index += 1
            }
        }
    }

    private mutating func readHex4(keeping start: inout Int) throws(Diagnostic) -> UInt32 {
        guard ensureAvailable(4, keeping: &start) else { throw failure("four hex digits after \\u") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[index]
            let d: UInt32
            switch b {
            case 0x30...0x39: d = UInt32(b - 0x30)
            case 0x41...0x46: d = UInt32(b - 0x41 + 10)
            case 0x61...0x66: d = UInt32(b - 0x61 + 10)
            default: throw failure("a hex digit in a \\u escape")
            }
            v = v << 4 | d
            index += 1
        }
        return v
    }

    public mutating func readString() throws(Diagnostic) -> String {
        String(decoding: try readStringBytes(), as: UTF8.self)
    }

    /// Reads a JSON number's text and returns the byte range; the caller converts it
    /// (integer, double) and can complain with the position of the literal.
    public mutating func readNumberRange() throws(Diagnostic) -> Range<Int> {
        skipWhitespace()
        var start = index
        if more(keeping: &start), bytes[index] == UInt8(ascii: "-") { index += 1 }
        let sign = index - start
        let digits = skipDigits(keeping: &start)
        guard digits > 0 else { throw failure("a number", at: start) }
        // RFC 8259: `0` or a digit 1-9 first; `01` is not JSON (parsers differ: an error,
        // octal, 1), so it is malformed here as in a strict parser.
        if digits > 1 && bytes[start + sign] == UInt8(ascii: "0") {
            throw failure("'.', 'e' or the end of the number after a leading 0 (JSON numbers have no leading zeros)", at: start + sign + 1)
        }
        if more(keeping: &start), bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard skipDigits(keeping: &start) > 0 else { throw failure("a digit after the decimal point") }
        }
        if more(keeping: &start), bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if more(keeping: &start), bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard skipDigits(keeping: &start) > 0 else { throw failure("a digit in the exponent") }
        }
        return start..<index
    }

    /// Consumes ASCII digits; returns how many.
    private mutating func skipDigits(keeping start: inout Int) -> Int {
        var n = 0
        while more(keeping: &start), (0x30...0x39).contains(bytes[index]) {
            index += 1
            n += 1
        }
        return n
    }

    /// Parses an unsigned integer literal; nil when it is negative, fractional or
    /// overflows UInt64 (the caller decides whether that is an error).
    public func unsignedValue(of range: Range<Int>) -> UInt64? {
        var v: UInt64 = 0
        for i in range {
            let b = bytes[i]
            guard (0x30...0x39).contains(b) else { return nil }
            let (m, o1) = v.multipliedReportingOverflow(by: 10)
            let (a, o2) = m.addingReportingOverflow(UInt64(b - 0x30))
            if o1 || o2 { return nil }
            v = a
        }
        return range.isEmpty ? nil : v
    }

    public func doubleValue(of range: Range<Int>) -> Double? {
        Double(String(decoding: bytes[range], as: UTF8.self))
    }

    // MARK: - Fast paths for streaming readers

    /// If the next value is a string without escapes, consumes it and returns the
    /// range of its content; otherwise (escapes, control bytes, not a string, or
    /// unterminated) consumes nothing and returns nil, so the caller can fall back to
    /// `readStringBytes()` for decoding or a positioned error.
    @inline(__always)
    public mutating func readUnescapedStringRange() -> Range<Int>? {
        guard peek() == UInt8(ascii: "\"") else { return nil }
        var i = index + 1
        while true {
            while i < bytes.count {
                let b = bytes[i]
                if b == UInt8(ascii: "\"") {
                    let r = (index + 1)..<i
                    index = i + 1
                    return r
                }
                if b == UInt8(ascii: "\\") || b < 0x20 { return nil }
                i += 1
            }
            guard let shift = refill(keeping: index) else { return nil }
            i -= shift
        }
    }

    /// Reads a string and appends its decoded bytes to `out` (no allocation when the
    /// string has no escapes).
    public mutating func appendStringBytes(to out: inout [UInt8]) throws(Diagnostic) {
        if let r = readUnescapedStringRange() {
            out.append(contentsOf: bytes[r])
        } else {
            out.append(contentsOf: try readStringBytes())
        }
    }

    /// What an integer-valued field held.
    public enum UnsignedLiteral: Equatable, Sendable {
        case value(UInt64)
        case negative
        /// A fraction or exponent (`1.5`, `1e3`).
        case fractional
        /// More than UInt64 can hold.
        case overflow
    }

    /// Reads a JSON number in one pass and classifies it as an unsigned integer.
    /// Throws only when the text is not a JSON number at all.
    @inline(__always)
    public mutating func readUnsignedLiteral() throws(Diagnostic) -> (literal: UnsignedLiteral, range: Range<Int>) {
        skipWhitespace()
        var start = index
        var v: UInt64 = 0
        var overflow = false
        var i = index
        while true {
            while i < bytes.count {
                let d = bytes[i] &- 0x30
                if d > 9 { break }
                let (m, o1) = v.multipliedReportingOverflow(by: 10)
                let (a, o2) = m.addingReportingOverflow(UInt64(d))
                overflow = overflow || o1 || o2
                v = a
                i += 1
            }
            if i < bytes.count { break }
            // The window ends inside the digits: keep them and read on (`index` is still `start`).
            guard let shift = refill(keeping: start) else { break }
            i -= shift
            start -= shift
        }
        // A leading zero before another digit is not JSON: `readNumberRange` says so.
        if i > start, i == start + 1 || bytes[start] != UInt8(ascii: "0") {
            if i < bytes.count {
                let b = bytes[i]
                if b != UInt8(ascii: ".") && b | 0x20 != UInt8(ascii: "e") {
                    index = i
                    return (overflow ? .overflow : .value(v), start..<i)
                }
            } else {
                index = i
                return (overflow ? .overflow : .value(v), start..<i)
            }
        }
        // Rare shapes: negative, fraction, exponent, leading zero, or not a number.
        index = start
        let range = try readNumberRange()
        if bytes[range.lowerBound] == UInt8(ascii: "-") {
            let isZero = bytes[range].allSatisfy { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "0") || $0 == UInt8(ascii: ".") }
            return (isZero ? .value(0) : .negative, range)
        }
        return (.fractional, range)
    }

    /// Skips one complete value of any type, with nesting bounded by `depthLimit`.
    public mutating func skipValue(depth: Int = 0, depthLimit: Int = 512) throws(Diagnostic) {
        guard depth < depthLimit else { throw failure("nesting no deeper than \(depthLimit) levels") }
        switch peek() {
        case UInt8(ascii: "{"):
            index += 1
            if consume(UInt8(ascii: "}")) { return }
            repeat {
                _ = try readStringBytes()
                try expect(UInt8(ascii: ":"), "':' after an object key")
                try skipValue(depth: depth + 1, depthLimit: depthLimit)
            } while consume(UInt8(ascii: ","))
            try expect(UInt8(ascii: "}"), "',' or '}' in an object")
        case UInt8(ascii: "["):
            index += 1
            if consume(UInt8(ascii: "]")) { return }
            repeat {
                try skipValue(depth: depth + 1, depthLimit: depthLimit)
            } while consume(UInt8(ascii: ","))
            try expect(UInt8(ascii: "]"), "',' or ']' in an array")
        case UInt8(ascii: "\""): _ = try readStringBytes()
        case UInt8(ascii: "t"): try expectLiteral("true")
        case UInt8(ascii: "f"): try expectLiteral("false")
        case UInt8(ascii: "n"): try expectLiteral("null")
        default: _ = try readNumberRange()
        }
    }
}
