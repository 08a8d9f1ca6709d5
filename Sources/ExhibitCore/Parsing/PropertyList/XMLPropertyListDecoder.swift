import Foundation

/// Decodes an XML property list (Apple's `PropertyList-1.0.dtd`) into a
/// `PropertyListValue`, on the package's own `XMLScanner`: its depth bound keeps a
/// 10,000-deep document away from any recursion, its errors carry line:column, and
/// the same `PropertyListLimits` apply as to binary plists. Foundation is used only
/// to decode base64.
struct XMLPropertyListDecoder {
    private let bytes: [UInt8]
    private let file: String
    private var budget: PropertyListBudget

    /// Keys a `<dict>` holds twice are warned into `warnings` (`PropertyListDuplicateKeys`).
    static func decode(
        _ bytes: [UInt8], file: String, limits: PropertyListLimits, warnings: inout [Diagnostic]
    ) throws(Diagnostic) -> PropertyListValue {
        try decode(bytes, file: file, limits: limits, topMustBe: nil, warnings: &warnings)
    }

    /// With `topMustBe`, a document whose top value is of another type is refused at
    /// that value's element, before anything inside it is decoded.
    static func decode(
        _ bytes: [UInt8], file: String, limits: PropertyListLimits, topMustBe expected: PropertyListType?,
        warnings: inout [Diagnostic]
    ) throws(Diagnostic) -> PropertyListValue {
        // `<plist>` plus one level per container, and the scalar element inside the deepest.
        let root = try XMLScanner.parse(bytes, file: file, depthLimit: limits.maximumDepth + 2)
        var decoder = XMLPropertyListDecoder(bytes: bytes, file: file, budget: PropertyListBudget(limits))
        defer { warnings += decoder.duplicates.warnings }
        var top = root
        if root.name == "plist" {
            try decoder.expectNoText(in: root)
            guard root.children.count == 1 else {
                throw decoder.failure(
                    "expected exactly one value inside <plist>, found \(root.children.count)",
                    at: root.children.count > 1 ? root.children[1].offset : root.endOffset)
            }
            top = root.children[0]
        }
        if let expected, let found = Self.type(ofElement: top.name), found != expected {
            throw decoder.failure(PropertyListReader.topObjectMessage(expected: expected, found: found), at: top.offset)
        }
        return try decoder.value(top, depth: 0)
    }

    /// The type an element stands for; nil for names the decoder refuses anyway (it says
    /// why when it reaches the element).
    private static func type(ofElement name: String) -> PropertyListType? {
        switch name {
        case "dict": .dictionary
        case "array": .array
        case "string": .string
        case "integer": .integer
        case "real": .real
        case "date": .date
        case "data": .data
        case "true", "false": .boolean
        default: nil
        }
    }

    private var duplicates = PropertyListDuplicateKeys()

    private init(bytes: [UInt8], file: String, budget: PropertyListBudget) {
        self.bytes = bytes
        self.file = file
        self.budget = budget
    }

    private func failure(_ message: String, at offset: Int) -> Diagnostic {
        .error(file, at: SourcePosition(offset: offset, in: bytes), message)
    }

    /// The element's text without the XML white space around it.
    private func trimmed(_ e: ScannedXMLElement) -> String {
        let u = Array(e.text.utf8)
        var start = 0
        var end = u.count
        while start < end, XMLCursor.isWhitespace(u[start]) { start += 1 }
        while end > start, XMLCursor.isWhitespace(u[end - 1]) { end -= 1 }
        return String(decoding: u[start..<end], as: UTF8.self)
    }

    /// Containers hold elements only; white space between them is layout.
    private func expectNoText(in e: ScannedXMLElement) throws(Diagnostic) {
        guard trimmed(e).isEmpty else {
            throw failure(
                "expected only elements inside <\(e.name)>, found text \"\(TerminalText.escape(String(trimmed(e).prefix(40))))\"",
                at: e.offset)
        }
    }

    private func expectNoChildren(in e: ScannedXMLElement) throws(Diagnostic) {
        if let child = e.children.first {
            throw failure("expected text only inside <\(e.name)>, found <\(child.name)>", at: child.offset)
        }
    }

    private mutating func spend(byteCount: Int = 0, at offset: Int) throws(Diagnostic) {
        if let refused = budget.spend(byteCount: byteCount) { throw failure(refused, at: offset) }
    }

    private mutating func value(_ e: ScannedXMLElement, depth: Int) throws(Diagnostic) -> PropertyListValue {
        guard depth <= budget.limits.maximumDepth else {
            throw failure("expected nesting no deeper than \(budget.limits.maximumDepth) levels", at: e.offset)
        }
        switch e.name {
        case "true", "false":
            try expectNoChildren(in: e)
            try spend(at: e.offset)
            return .boolean(e.name == "true")
        case "string":
            try expectNoChildren(in: e)
            try spend(byteCount: e.text.utf8.count, at: e.offset)
            return .string(e.text)
        case "integer":
            try expectNoChildren(in: e)
            try spend(at: e.offset)
            return try integer(trimmed(e), at: e.offset)
        case "real":
            try expectNoChildren(in: e)
            try spend(at: e.offset)
            let text = trimmed(e)
            guard let d = Double(text) else {
                throw failure("expected a number inside <real>, found \"\(TerminalText.escape(String(text.prefix(40))))\"", at: e.offset)
            }
            return .real(d)
        case "date":
            try expectNoChildren(in: e)
            try spend(at: e.offset)
            let text = trimmed(e)
            guard let t = ISO8601Timestamp.secondsSince1970(text) else {
                throw failure(
                    "expected an ISO 8601 date (2026-11-07T09:12:05Z) inside <date>, found \"\(TerminalText.escape(String(text.prefix(40))))\"",
                    at: e.offset)
            }
            return .date(t)
        case "data":
            try expectNoChildren(in: e)
            var base64 = e.text.filter { !$0.isWhitespace }
            if base64.utf8.count % 4 != 0 { base64 += String(repeating: "=", count: 4 - base64.utf8.count % 4) }
            guard let data = Data(base64Encoded: base64) else { throw failure("expected base64 inside <data>", at: e.offset) }
            try spend(byteCount: data.count, at: e.offset)
            return .data([UInt8](data))
        case "array":
            try expectNoText(in: e)
            try spend(at: e.offset)
            var out: [PropertyListValue] = []
            out.reserveCapacity(e.children.count)
            for child in e.children { out.append(try value(child, depth: depth + 1)) }
            return .array(out)
        case "dict":
            try expectNoText(in: e)
            try spend(at: e.offset)
            var members: [String: PropertyListValue] = [:]
            var keyOffsets: [String: Int] = [:]
            var k = 0
            while k < e.children.count {
                let key = e.children[k]
                guard key.name == "key" else { throw failure("expected <key> inside <dict>, found <\(key.name)>", at: key.offset) }
                try expectNoChildren(in: key)
                guard k + 1 < e.children.count else {
                    throw failure(
                        "expected a value after <key>\(TerminalText.escape(String(key.text.prefix(40))))</key>, found </dict>",
                        at: e.endOffset)
                }
                let member = e.children[k + 1]
                guard member.name != "key" else {
                    throw failure(
                        "expected a value after <key>\(TerminalText.escape(String(key.text.prefix(40))))</key>, found <key>",
                        at: member.offset)
                }
                if members.updateValue(try value(member, depth: depth + 1), forKey: key.text) != nil {
                    duplicates.note(
                        key.text, in: file, at: SourcePosition(offset: key.offset, in: bytes),
                        firstAt: keyOffsets[key.text].map { SourcePosition(offset: $0, in: bytes) })
                }
                keyOffsets[key.text] = keyOffsets[key.text] ?? key.offset
                k += 2
            }
            return .dictionary(members.map { (key: $0.key, value: $0.value) }.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) })
        default:
            throw failure(
                "expected a property list value (<dict>, <array>, <string>, <integer>, <real>, <date>, <data>, <true/>,"
                    + " <false/>), found <\(e.name)>", at: e.offset)
        }
    }

    /// Decimal with an optional sign, or `0x` hex, as CoreFoundation writes and reads
    /// them; beyond Int64 an unsigned value up to UInt64.max.
    private func integer(_ text: String, at offset: Int) throws(Diagnostic) -> PropertyListValue {
        var digits = Substring(text)
        let negative = digits.first == "-"
        if negative || digits.first == "+" { digits = digits.dropFirst() }
        var radix = 10
        if digits.hasPrefix("0x") || digits.hasPrefix("0X") {
            digits = digits.dropFirst(2)
            radix = 16
        }
        if !digits.isEmpty, digits.allSatisfy({ $0.isHexDigit }), let magnitude = UInt64(digits, radix: radix) {
            if !negative { return magnitude <= UInt64(Int64.max) ? .integer(Int64(magnitude)) : .unsignedInteger(magnitude) }
            if magnitude <= UInt64(Int64.max) { return .integer(-Int64(magnitude)) }
            if magnitude == UInt64(Int64.max) + 1 { return .integer(.min) }
        }
        throw failure(
            "expected a whole number within 64 bits inside <integer>, found \"\(TerminalText.escape(String(text.prefix(40))))\"",
            at: offset)
    }
}
