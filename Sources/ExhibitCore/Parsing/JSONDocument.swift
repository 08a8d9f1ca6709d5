/// A parsed JSON value that remembers where it stood in the file, so a reader can say
/// "results/summary.json:1:233: expected a number for failedTests" about a value that
/// parsed fine as JSON but has the wrong shape. For small files only (summaries,
/// test trees, run.json, rules); million-entry inventories use `JSONScanner` directly.
public struct JSONValue: Sendable {
    public indirect enum Kind: Sendable {
        case object([(key: String, value: JSONValue)])
        case array([JSONValue])
        case string(String)
        case number(Double, text: String)
        case bool(Bool)
        case null
    }

    public var kind: Kind
    /// Byte offset of the first byte of the value.
    public var offset: Int

    public init(_ kind: Kind, offset: Int) {
        self.kind = kind
        self.offset = offset
    }

    /// The member `key` of an object (the last one when a key repeats, as
    /// JSONSerialization does); nil for a missing key or a non-object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = kind else { return nil }
        return members.last(where: { $0.key == key })?.value
    }

    public var string: String? {
        if case .string(let s) = kind { return s }
        return nil
    }

    public var double: Double? {
        if case .number(let d, _) = kind { return d }
        return nil
    }

    /// An integer value; nil for fractions, or values beyond Int.
    public var int: Int? {
        guard case .number(let d, let text) = kind else { return nil }
        if let i = Int(text) { return i }
        if d.rounded() == d, d.magnitude < 9.0e15 { return Int(d) }
        return nil
    }

    public var bool: Bool? {
        if case .bool(let b) = kind { return b }
        return nil
    }

    public var isNull: Bool {
        if case .null = kind { return true }
        return false
    }

    public var array: [JSONValue]? {
        if case .array(let a) = kind { return a }
        return nil
    }

    public var members: [(key: String, value: JSONValue)]? {
        if case .object(let m) = kind { return m }
        return nil
    }

    /// What this value is, in the words a diagnostic uses ("an object", "a string").
    public var typeDescription: String {
        switch kind {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}

/// Parses a whole JSON document into `JSONValue`s with positions.
public enum JSONDocument {
    /// Default nesting limit: deep enough for any real xcresulttool output (legacy
    /// documents nest about 30 levels), shallow enough that a hostile 10,000-deep
    /// file is refused with a message instead of exhausting the stack.
    public static let defaultDepthLimit = 256

    public static func parse(_ bytes: [UInt8], file: String, depthLimit: Int = defaultDepthLimit) throws(Diagnostic) -> JSONValue {
        var scanner = JSONScanner(bytes, file: file)
        guard scanner.peek() != nil else {
            throw Diagnostic.error(file, at: SourcePosition(line: 1, column: 1, byteOffset: 0), "expected a JSON document, found an empty file")
        }
        let value = try parseValue(&scanner, depth: 0, limit: depthLimit)
        if scanner.peek() != nil { throw scanner.failure("end of file after the JSON document") }
        return value
    }

    private static func parseValue(_ s: inout JSONScanner, depth: Int, limit: Int) throws(Diagnostic) -> JSONValue {
        guard depth < limit else { throw s.failure("nesting no deeper than \(limit) levels") }
        guard let next = s.peek() else { throw s.failure("a value") }
        let start = s.index
        switch next {
        case UInt8(ascii: "{"):
            s.index += 1
            var members: [(key: String, value: JSONValue)] = []
            if s.consume(UInt8(ascii: "}")) { return JSONValue(.object(members), offset: start) }
            repeat {
                guard s.peek() == UInt8(ascii: "\"") else { throw s.failure("a string key in the object") }
                let key = try s.readString()
                try s.expect(UInt8(ascii: ":"), "':' after the key \"\(key)\"")
                members.append((key, try parseValue(&s, depth: depth + 1, limit: limit)))
            } while s.consume(UInt8(ascii: ","))
            try s.expect(UInt8(ascii: "}"), "',' or '}' after an object member")
            return JSONValue(.object(members), offset: start)
        case UInt8(ascii: "["):
            s.index += 1
            var items: [JSONValue] = []
            if s.consume(UInt8(ascii: "]")) { return JSONValue(.array(items), offset: start) }
            repeat {
                items.append(try parseValue(&s, depth: depth + 1, limit: limit))
            } while s.consume(UInt8(ascii: ","))
            try s.expect(UInt8(ascii: "]"), "',' or ']' after an array element")
            return JSONValue(.array(items), offset: start)
        case UInt8(ascii: "\""):
            return JSONValue(.string(try s.readString()), offset: start)
        case UInt8(ascii: "t"):
            try s.expectLiteral("true")
            return JSONValue(.bool(true), offset: start)
        case UInt8(ascii: "f"):
            try s.expectLiteral("false")
            return JSONValue(.bool(false), offset: start)
        case UInt8(ascii: "n"):
            try s.expectLiteral("null")
            return JSONValue(.null, offset: start)
        case UInt8(ascii: "-"), 0x30...0x39:
            let range = try s.readNumberRange()
            let text = String(decoding: s.bytes[range], as: UTF8.self)
            return JSONValue(.number(Double(text) ?? .nan, text: text), offset: start)
        default:
            throw s.failure("a value (object, array, string, number, true, false or null)")
        }
    }
}

/// Helpers that turn a shape mismatch into a positioned diagnostic.
public struct JSONShapeReader {
    public let bytes: [UInt8]
    public let file: String
    private let lines = SourceLineTable()

    public init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    public func position(of value: JSONValue) -> SourcePosition {
        lines.position(of: value.offset, in: bytes)
    }

    public func mismatch(_ value: JSONValue, expected: String) -> Diagnostic {
        .error(file, at: position(of: value), "expected \(expected), found \(value.typeDescription)")
    }

    public func warning(_ value: JSONValue, _ message: String) -> Diagnostic {
        .warning(file, at: position(of: value), message)
    }
}
