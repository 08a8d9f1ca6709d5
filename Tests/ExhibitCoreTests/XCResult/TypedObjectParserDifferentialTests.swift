import Testing

@testable import ExhibitCore

/// `TypedObjectParser` reads a wrapped scalar (`[S6:StringK2:_vV4:true]`) on a fast path
/// that skips the one-field object the general path builds and folds back. Checked
/// against the parser as it was before that path (`Reference`, below): the same value,
/// or the same failure (offset and message), for real shapes, writer output, every
/// truncation, near misses of the scalar form, nesting at the depth limit, and random
/// corruptions of each.
@Suite struct TypedObjectParserDifferentialTests {
    /// The general path alone: every object's fields read, a lone `_v` folded into a scalar.
    struct Reference {
        let bytes: [UInt8]
        var position = 0

        static func parse(_ bytes: [UInt8]) throws(TypedObjectParser.Failure) -> XCResultValue {
            var parser = Reference(bytes: bytes)
            let value = try parser.value(depth: 0)
            guard parser.position == bytes.count else {
                throw parser.failure(parser.position, "expected the end of the object, found \(parser.describe(parser.position))")
            }
            return value
        }

        func failure(_ offset: Int, _ message: String) -> TypedObjectParser.Failure {
            TypedObjectParser.Failure(offset: offset, message: message)
        }

        func describe(_ at: Int) -> String {
            guard at < bytes.count else { return "the end of the data" }
            let b = bytes[at]
            return (0x21...0x7E).contains(b) ? "'\(Character(Unicode.Scalar(b)))'" : "byte 0x\(hexByte(b))"
        }

        func fail(_ expected: String) -> TypedObjectParser.Failure {
            failure(position, "expected \(expected), found \(describe(position))")
        }

        mutating func expect(_ marker: UInt8, _ what: String) throws(TypedObjectParser.Failure) {
            guard position < bytes.count, bytes[position] == marker else { throw fail(what) }
            position += 1
        }

        func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }

        mutating func text() throws(TypedObjectParser.Failure) -> String {
            let start = position
            var n = 0
            while let b = peek(), (0x30...0x39).contains(b) {
                guard position - start < 10 else { throw failure(start, "expected a length of at most 10 digits") }
                n = n * 10 + Int(b - 0x30)
                position += 1
            }
            guard position > start else { throw fail("a decimal length") }
            try expect(UInt8(ascii: ":"), "':' after the length \(n)")
            guard n <= bytes.count - position else {
                throw failure(start, "expected \(n) bytes after the length, found \(bytes.count - position) before the end of the data")
            }
            defer { position += n }
            return String(decoding: bytes[position..<(position + n)], as: UTF8.self)
        }

        mutating func value(depth: Int) throws(TypedObjectParser.Failure) -> XCResultValue {
            let maximumDepth = TypedObjectParser.maximumDepth
            guard depth < maximumDepth else { throw failure(position, "nesting deeper than \(maximumDepth) levels") }
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

        mutating func type(depth: Int) throws(TypedObjectParser.Failure) -> (String, [String]) {
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

        mutating func typeDefinition(into chain: inout [String], depth: Int) throws(TypedObjectParser.Failure) {
            let maximumDepth = TypedObjectParser.maximumDepth
            guard depth < maximumDepth else { throw failure(position, "type definitions nested deeper than \(maximumDepth) levels") }
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
            guard let name else { throw failure(start, "expected a type name (key _n) in the type definition") }
            chain.append(name)
            chain += supertypes
        }
    }

    enum Outcome: Equatable {
        case value(XCResultValue)
        case failure(offset: Int, message: String)

        init(_ parse: () throws(TypedObjectParser.Failure) -> XCResultValue) {
            do {
                self = .value(try parse())
            } catch {
                self = .failure(offset: error.offset, message: error.message)
            }
        }
    }

    func agree(_ bytes: [UInt8], _ label: String) {
        let fast = Outcome { () throws(TypedObjectParser.Failure) in try TypedObjectParser.parse(bytes) }
        let reference = Outcome { () throws(TypedObjectParser.Failure) in try Reference.parse(bytes) }
        if fast != reference {
            Issue.record("\(label): \(String(decoding: bytes.prefix(200), as: UTF8.self)): \(fast) where the reference gives \(reference)")
        }
    }

    /// Scalars wrapped in every way the grammar allows, and the forms next to them that
    /// are not one (a second field, a wrapped value under `_v`, another key, no `]`).
    static let nearMisses: [String] = [
        "[S6:StringK2:_vV4:true]", "[T[K2:_nV6:String]K2:_vV0:]", "[T[K2:_nV3:IntK2:_s[K2:_nV6:Number]]K2:_vV2:41]",
        "[S6:StringK2:_vV4:trueK1:xV1:y]", "[S6:StringK2:_vV4:true", "[S6:StringK2:_vV4:tru", "[S6:StringK2:_vV]",
        "[S6:StringK2:_v[S3:IntK2:_vV1:5]]", "[S6:StringK2:_wV4:true]", "[S6:StringK3:_vvV4:true]", "[S6:StringK2:_vX4:true]",
        "[S6:StringK2:_vV4:true]]", "[S6:StringK2:_vV99999999999:x]", "[S6:StringK2:_vV4:trueV1:x]", "[S6:StringK2:_v",
        "[S6:StringK2:_vV", "[S5:ArrayK2:_vV1:x]", "[S5:Array[S6:StringK2:_vV1:a][S6:StringK2:_vV1:b]]",
        "[S6:StringK2:_vV1:xK2:_vV1:y]", "[S4:NoteK2:_vV1:x]",
    ]

    @Test func nearMissesOfTheScalarFormAgree() {
        for text in Self.nearMisses { agree(Array(text.utf8), "near miss") }
    }

    /// A scalar wrapped at each depth around the limit: the fast path must not read one
    /// level deeper than the general path would.
    @Test func scalarsAtTheDepthLimitAgree() {
        for depth in (TypedObjectParser.maximumDepth - 3)...(TypedObjectParser.maximumDepth + 1) {
            let text = String(repeating: "[S1:AK1:k", count: depth) + "[S6:StringK2:_vV1:x]" + String(repeating: "]", count: depth)
            agree(Array(text.utf8), "depth \(depth)")
        }
    }

    @Test func writerOutputTruncationsAndCorruptionsAgree() {
        let summary = TokenWriter.encode(
            .object(
                "ActionTestSummary", supertypes: ["ActionTestSummaryIdentifiableObject", "ActionAbstractTestSummary"],
                [
                    ("identifier", .string("VaultTests/testCache()")), ("duration", .double(0.25)),
                    (
                        "activitySummaries",
                        .array([
                            .object(
                                "ActionTestActivitySummary",
                                [
                                    ("title", .string("Step ]K2:_vV")), ("start", .date("2026-11-03T10:00:00.000+0200")),
                                    ("attachments", .array([.object("ActionTestAttachment", [("payloadSize", .int(42))])])),
                                ])
                        ])
                    ),
                    ("failureSummaries", .array([.object("ActionTestFailureSummary", [("lineNumber", .int(41)), ("message", .string(""))])])),
                ]))
        var inputs = [summary] + Self.nearMisses.map { Array($0.utf8) }
        for cut in 0..<summary.count { inputs.append(Array(summary.prefix(cut))) }
        var generator = SplitMix64(seed: 17)
        let replacements = Array("[]KVST_v:0123456789".utf8) + [0x00, 0xFF]
        for _ in 0..<4_000 {
            var bytes = inputs[Int(generator.next() % UInt64(inputs.count))]
            guard !bytes.isEmpty else { continue }
            for _ in 0...(generator.next() % 3) {
                bytes[Int(generator.next() % UInt64(bytes.count))] = replacements[Int(generator.next() % UInt64(replacements.count))]
            }
            inputs.append(bytes)
        }
        for (index, bytes) in inputs.enumerated() { agree(bytes, "input \(index)") }
    }
}
