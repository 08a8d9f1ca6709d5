/// The token grammar of a result bundle's typed objects (the legacy
/// `ActionsInvocationRecord` graph). ASCII markers with decimal byte lengths, so any
/// byte may appear inside a value:
///
///     value    = "[" type fields "]" | "V" n ":" bytes
///     type     = "T" typedef | "S" n ":" name          first use / later use of a type
///     typedef  = "[" "K2:_n" "V" n ":" name [ "K2:_s" typedef ] "]"
///     fields   = { "K" n ":" key value }              an object
///              | { value }                            when the type is Array
///
/// A scalar field is an object whose only field is `_v` (`[S6:StringK2:_vV4:true]`).
/// Unknown type names and keys are kept as they are; nesting is bounded, so a crafted
/// object is rejected with a byte offset instead of exhausting the stack.
public enum TypedObjectParser {
    public static let maximumDepth = 256

    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var offset: Int
        public var message: String
        public var description: String { "byte \(offset): \(message)" }
    }

    public static func parse(_ bytes: [UInt8]) throws(Failure) -> XCResultValue {
        var parser = Parser(bytes: bytes)
        let value = try parser.value(depth: 0)
        guard parser.position == bytes.count else {
            throw Failure(offset: parser.position, message: "expected the end of the object, found \(parser.describe(parser.position))")
        }
        return value
    }

    private struct Parser {
        let bytes: [UInt8]
        var position = 0

        func describe(_ at: Int) -> String {
            guard at < bytes.count else { return "the end of the data" }
            let b = bytes[at]
            return (0x21...0x7E).contains(b) ? "'\(Character(Unicode.Scalar(b)))'" : "byte 0x\(hexByte(b))"
        }

        func fail(_ expected: String) -> Failure {
            Failure(offset: position, message: "expected \(expected), found \(describe(position))")
        }

        /// `what` is built only on failure: interpolated eagerly, it cost a string per
        /// key and per length of every object.
        mutating func expect(_ marker: UInt8, _ what: @autoclosure () -> String) throws(Failure) {
            guard position < bytes.count, bytes[position] == marker else { throw fail(what()) }
            position += 1
        }

        func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }

        /// `<decimal>:` then that many bytes.
        mutating func counted() throws(Failure) -> ArraySlice<UInt8> {
            let start = position
            var n = 0
            while let b = peek(), (0x30...0x39).contains(b) {
                guard position - start < 10 else { throw Failure(offset: start, message: "expected a length of at most 10 digits") }
                n = n * 10 + Int(b - 0x30)
                position += 1
            }
            guard position > start else { throw fail("a decimal length") }
            try expect(UInt8(ascii: ":"), "':' after the length \(n)")
            guard n <= bytes.count - position else {
                throw Failure(offset: start, message: "expected \(n) bytes after the length, found \(bytes.count - position) before the end of the data")
            }
            defer { position += n }
            return bytes[position..<(position + n)]
        }

        mutating func text() throws(Failure) -> String {
            String(decoding: try counted(), as: UTF8.self)
        }

        mutating func value(depth: Int) throws(Failure) -> XCResultValue {
            guard depth < maximumDepth else {
                throw Failure(offset: position, message: "nesting deeper than \(maximumDepth) levels")
            }
            switch peek() {
            case UInt8(ascii: "V"):
                position += 1
                return .scalar(type: nil, text: try text())
            case UInt8(ascii: "["):
                position += 1
            default:
                throw fail("'[' (an object) or 'V' (a scalar)")
            }
            let (typeName, supertypes) = try type(depth: depth)
            if typeName == "Array" {
                var items: [XCResultValue] = []
                while peek() != UInt8(ascii: "]") {
                    guard peek() != nil else { throw fail("an element or ']' closing the Array") }
                    items.append(try value(depth: depth + 1))
                }
                position += 1
                return .array(items)
            }
            if let scalar = try wrappedScalar(depth: depth) { return .scalar(type: typeName, text: scalar) }
            var fields: [(key: String, value: XCResultValue)] = []
            while peek() != UInt8(ascii: "]") {
                try expect(UInt8(ascii: "K"), "'K' (a key) or ']' closing the \(typeName)")
                let key = try text()
                fields.append((key, try value(depth: depth + 1)))
            }
            position += 1
            if fields.count == 1, fields[0].key == "_v", case .scalar(nil, let t) = fields[0].value {
                return .scalar(type: typeName, text: t)
            }
            return .object(XCResultObject(typeName: typeName, supertypes: supertypes, fields: fields))
        }

        static let scalarField = Array("K2:_vV".utf8)

        /// The text of a wrapped scalar (`K2:_vV4:true]` after its type), the commonest
        /// value, read without building the one-field object the general path folds
        /// back into a scalar; nil, and nothing consumed, when the bytes are anything
        /// else (the general path then reads them, and reports what is wrong).
        mutating func wrappedScalar(depth: Int) throws(Failure) -> String? {
            let start = position
            guard depth + 1 < maximumDepth, bytes.count - position > Self.scalarField.count,
                bytes[position..<(position + Self.scalarField.count)].elementsEqual(Self.scalarField)
            else { return nil }
            position += Self.scalarField.count
            let text = try text()
            guard peek() == UInt8(ascii: "]") else {
                position = start
                return nil
            }
            position += 1
            return text
        }

        /// `T[…]` or `S<n>:<name>` after an opening bracket.
        mutating func type(depth: Int) throws(Failure) -> (String, [String]) {
            switch peek() {
            case UInt8(ascii: "S"):
                position += 1
                return (try text(), [])
            case UInt8(ascii: "T"):
                position += 1
                var chain: [String] = []
                try typeDefinition(into: &chain, depth: depth + 1)
                return (chain[0], Array(chain.dropFirst()))
            default:
                throw fail("'T' (a type definition) or 'S' (a type name) after '['")
            }
        }

        /// `[K2:_nV<n>:<name> (K2:_s[…])]`, appending the name and its supertypes.
        /// Keys other than `_n` and `_s` are skipped.
        mutating func typeDefinition(into chain: inout [String], depth: Int) throws(Failure) {
            guard depth < maximumDepth else {
                throw Failure(offset: position, message: "type definitions nested deeper than \(maximumDepth) levels")
            }
            let start = position
            try expect(UInt8(ascii: "["), "'[' opening a type definition")
            var name: String?
            var supertypes: [String] = []
            while peek() != UInt8(ascii: "]") {
                try expect(UInt8(ascii: "K"), "'K' (a key) or ']' closing the type definition")
                let key = try text()
                if key == "_s", peek() == UInt8(ascii: "[") {
                    try typeDefinition(into: &supertypes, depth: depth + 1)
                } else if key == "_n", peek() == UInt8(ascii: "V") {
                    position += 1
                    name = try text()
                } else {
                    _ = try value(depth: depth + 1)
                }
            }
            position += 1
            guard let name else { throw Failure(offset: start, message: "expected a type name (key _n) in the type definition") }
            chain.append(name)
            chain += supertypes
        }
    }
}
