/// One element of a scanned XML document: enough for JUnit reports, which use only
/// elements, attributes and text. Named apart from Foundation's `XMLElement`.
public struct ScannedXMLElement: Sendable {
    public var name: String
    public var attributes: [(name: String, value: String)]
    public var children: [ScannedXMLElement]
    /// The character data directly inside this element (text and CDATA, entities
    /// resolved, CRLF normalised to LF), without the text of child elements.
    public var text: String
    /// Byte offset of the element's `<`.
    public var offset: Int
    /// Byte offset of the `<` of its end tag, or of the `/>` of an empty-element tag:
    /// where a reader points when something is missing inside the element.
    public var endOffset: Int = 0

    public init(
        name: String, attributes: [(name: String, value: String)] = [], children: [ScannedXMLElement] = [],
        text: String = "", offset: Int = 0
    ) {
        self.name = name
        self.attributes = attributes
        self.children = children
        self.text = text
        self.offset = offset
    }

    public subscript(attribute name: String) -> String? {
        attributes.first(where: { $0.name == name })?.value
    }

    public func children(named name: String) -> [ScannedXMLElement] {
        children.filter { $0.name == name }
    }
}

/// A small, strict, pure-Swift XML reader (FoundationXML is not available everywhere
/// and pulls in libxml2). It handles the XML declaration, processing instructions,
/// comments, a DOCTYPE (skipped), CDATA, attributes in either quote, the five
/// predefined entities and numeric character references, and self-closing tags.
/// Mismatched or unclosed tags and bad entities are reported with line:column.
/// Nesting is bounded by `depthLimit` and parsing is iterative, so a hostile file
/// cannot exhaust the stack. Invalid UTF-8 in text becomes U+FFFD.
public enum XMLScanner {
    public static let defaultDepthLimit = 256

    public static func parse(
        _ bytes: [UInt8], file: String,
        depthLimit: Int = defaultDepthLimit
    ) throws(Diagnostic) -> ScannedXMLElement {
        var cursor = XMLCursor(bytes: bytes, file: file)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { cursor.index = 3 }
        guard try cursor.skipMisc() else {
            if cursor.isAtEnd {
                throw cursor.failure(bytes.isEmpty ? "an XML document, found an empty file" : "a root element, found end of file", found: false)
            }
            throw cursor.failure("'<' starting the root element")
        }
        var stack: [(element: ScannedXMLElement, text: [UInt8])] = []
        var root: ScannedXMLElement?
        repeat {
            if cursor.isAtEnd {
                guard let open = stack.last?.element else { break }
                throw cursor.failure(
                    "</\(open.name)> to close <\(open.name)> opened at \(cursor.position(open.offset)), found end of file",
                    found: false)
            }
            if cursor.byte != UInt8(ascii: "<") {
                try cursor.readCharacterData(into: &stack[stack.count - 1].text)
                continue
            }
            if cursor.starts(with: "</") {
                let closeAt = cursor.index
                cursor.index += 2
                let name = try cursor.readName("an element name after '</'")
                cursor.skipWhitespace()
                try cursor.expect(">", "'>' to end </\(name)")
                guard let open = stack.popLast() else { throw cursor.failure("no end tag here", at: closeAt) }
                guard open.element.name == name else {
                    throw Diagnostic.error(
                        file, at: cursor.position(closeAt),
                        "expected </\(open.element.name)> to close <\(open.element.name)> opened at \(cursor.position(open.element.offset)), found </\(name)>")
                }
                var element = open.element
                element.text = String(decoding: open.text, as: UTF8.self)
                element.endOffset = closeAt
                if stack.isEmpty { root = element } else { stack[stack.count - 1].element.children.append(element) }
            } else if try cursor.skipCommentOrInstruction() {
                continue
            } else if cursor.starts(with: "<![CDATA[") {
                cursor.index += 9
                try cursor.readCDATA(into: &stack[stack.count - 1].text)
            } else {
                guard stack.count < depthLimit else {
                    throw cursor.failure("nesting no deeper than \(depthLimit) elements")
                }
                let (element, selfClosing) = try cursor.readStartTag()
                if selfClosing {
                    if stack.isEmpty { root = element } else { stack[stack.count - 1].element.children.append(element) }
                } else {
                    stack.append((element, []))
                }
            }
        } while !stack.isEmpty
        guard let root else { throw cursor.failure("a root element") }
        if try cursor.skipMisc() || !cursor.isAtEnd {
            throw cursor.failure("end of file after the root element </\(root.name)>")
        }
        return root
    }
}

/// The byte cursor behind `XMLScanner`.
struct XMLCursor {
    let bytes: [UInt8]
    let file: String
    var index = 0

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    var isAtEnd: Bool { index >= bytes.count }
    var byte: UInt8 { bytes[index] }

    func position(_ offset: Int) -> SourcePosition { SourcePosition(offset: offset, in: bytes) }

    func failure(_ expected: String, at offset: Int? = nil, found: Bool = true) -> Diagnostic {
        let at = offset ?? index
        guard found else { return .error(file, at: position(at), "expected \(expected)") }
        let what: String
        if at >= bytes.count {
            what = "end of file"
        } else {
            let b = bytes[at]
            what = (0x21...0x7E).contains(b) ? "'\(Character(UnicodeScalar(b)))'" : "byte 0x" + hexByte(b)
        }
        return .error(file, at: position(at), "expected \(expected), found \(what)")
    }

    func starts(with text: String) -> Bool {
        bytes[index...].starts(with: text.utf8)
    }

    mutating func expect(_ text: String, _ what: String) throws(Diagnostic) {
        guard starts(with: text) else { throw failure(what) }
        index += text.utf8.count
    }

    static func isWhitespace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    mutating func skipWhitespace() {
        while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
    }

    /// Skips whitespace, comments, processing instructions and a DOCTYPE outside the
    /// root element. True when an element start follows.
    mutating func skipMisc() throws(Diagnostic) -> Bool {
        while true {
            skipWhitespace()
            if isAtEnd { return false }
            if try skipCommentOrInstruction() { continue }
            if starts(with: "<!DOCTYPE") {
                try skipDoctype()
                continue
            }
            return byte == UInt8(ascii: "<") && !starts(with: "</") && !starts(with: "<!")
        }
    }

    /// `<!-- … -->` or `<? … ?>` (the XML declaration included); true when one was skipped.
    mutating func skipCommentOrInstruction() throws(Diagnostic) -> Bool {
        if starts(with: "<!--") {
            try skip(past: "-->", from: index, what: "comment")
            return true
        }
        if starts(with: "<?") {
            try skip(past: "?>", from: index, what: "processing instruction")
            return true
        }
        return false
    }

    private mutating func skip(past terminator: String, from start: Int, what: String) throws(Diagnostic) {
        let end = Array(terminator.utf8)
        var i = start + 2
        while i + end.count <= bytes.count {
            if bytes[i..<(i + end.count)].elementsEqual(end) {
                index = i + end.count
                return
            }
            i += 1
        }
        index = bytes.count
        throw failure("'\(terminator)' to end the \(what) opened at \(position(start)), found end of file", found: false)
    }

    /// A DOCTYPE, including an internal subset in brackets; its declarations are not used.
    private mutating func skipDoctype() throws(Diagnostic) {
        let start = index
        var brackets = 0
        var quote: UInt8?
        while index < bytes.count {
            let b = bytes[index]
            index += 1
            if let q = quote {
                if b == q { quote = nil }
            } else if b == 0x22 || b == 0x27 {
                quote = b
            } else if b == UInt8(ascii: "[") {
                brackets += 1
            } else if b == UInt8(ascii: "]") {
                brackets -= 1
            } else if b == UInt8(ascii: ">") && brackets <= 0 {
                return
            }
        }
        throw failure("'>' to end the DOCTYPE opened at \(position(start)), found end of file", found: false)
    }

    mutating func readName(_ what: String) throws(Diagnostic) -> String {
        let start = index
        while index < bytes.count {
            let b = bytes[index]
            if Self.isWhitespace(b) || "/>=<'\"!?&".utf8.contains(b) { break }
            index += 1
        }
        guard index > start else { throw failure(what) }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// `<name attr="v" …>` or `<name … />`, cursor on the `<`.
    mutating func readStartTag() throws(Diagnostic) -> (ScannedXMLElement, selfClosing: Bool) {
        let start = index
        index += 1
        var element = ScannedXMLElement(name: try readName("an element name after '<'"), offset: start)
        // Repeats are found by a scan while a tag is small (JUnit's have a handful of
        // attributes) and by a set beyond: 80k attributes in one tag took 13.5 s.
        var seen: Set<String>?
        while true {
            let hadSpace = index < bytes.count && Self.isWhitespace(bytes[index])
            skipWhitespace()
            if starts(with: "/>") {
                element.endOffset = index
                index += 2
                return (element, true)
            }
            if starts(with: ">") {
                index += 1
                return (element, false)
            }
            guard !isAtEnd else { throw failure("'>' to end the start tag <\(element.name)> opened at \(position(start))") }
            guard hadSpace else { throw failure("whitespace, '>' or '/>' in the start tag <\(element.name)>") }
            let nameAt = index
            let name = try readName("an attribute name, '>' or '/>' in <\(element.name)>")
            skipWhitespace()
            try expect("=", "'=' after the attribute \(name)")
            skipWhitespace()
            let value = try readAttributeValue(name)
            let repeated: Bool
            if let names = seen {
                repeated = names.contains(name)
            } else {
                repeated = element[attribute: name] != nil
                if element.attributes.count >= 16 { seen = Set(element.attributes.map(\.name)) }
            }
            guard !repeated else {
                throw Diagnostic.error(file, at: position(nameAt), "attribute \(name) repeated in <\(element.name)>")
            }
            element.attributes.append((name, value))
            seen?.insert(name)
        }
    }

    private mutating func readAttributeValue(_ name: String) throws(Diagnostic) -> String {
        guard index < bytes.count, bytes[index] == 0x22 || bytes[index] == 0x27 else {
            throw failure("a quoted value for the attribute \(name)")
        }
        let quote = bytes[index]
        let open = index
        index += 1
        var out: [UInt8] = []
        while true {
            guard index < bytes.count else {
                throw failure("the closing quote of the attribute \(name) opened at \(position(open)), found end of file", found: false)
            }
            let b = bytes[index]
            switch b {
            case quote:
                index += 1
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "<"):
                throw failure("no '<' inside the attribute \(name) (escape it as &lt;)")
            case UInt8(ascii: "&"):
                try readReference(into: &out)
            case 0x0D:
                // Attribute-value normalisation: CRLF, CR, LF and TAB each become one space.
                index += index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
                out.append(0x20)
            case 0x0A, 0x09:
                index += 1
                out.append(0x20)
            default:
                out.append(b)
                index += 1
            }
        }
    }

    /// Text up to the next `<`, with references resolved and CRLF turned into LF.
    mutating func readCharacterData(into out: inout [UInt8]) throws(Diagnostic) {
        while index < bytes.count {
            let b = bytes[index]
            switch b {
            case UInt8(ascii: "<"): return
            case UInt8(ascii: "&"): try readReference(into: &out)
            case 0x0D:
                index += index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
                out.append(0x0A)
            default:
                out.append(b)
                index += 1
            }
        }
    }

    /// The body of `<![CDATA[ … ]]>`, cursor just past `<![CDATA[`; kept verbatim.
    mutating func readCDATA(into out: inout [UInt8]) throws(Diagnostic) {
        let start = index - 9
        while index + 3 <= bytes.count {
            if bytes[index] == UInt8(ascii: "]"), bytes[index + 1] == UInt8(ascii: "]"), bytes[index + 2] == UInt8(ascii: ">") {
                index += 3
                return
            }
            if bytes[index] == 0x0D {
                out.append(0x0A)
                index += index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
                continue
            }
            out.append(bytes[index])
            index += 1
        }
        index = bytes.count
        throw failure("']]>' to end the CDATA section opened at \(position(start)), found end of file", found: false)
    }

    /// `&lt;` `&gt;` `&amp;` `&apos;` `&quot;` `&#NN;` `&#xNN;`, cursor on the `&`.
    private mutating func readReference(into out: inout [UInt8]) throws(Diagnostic) {
        let start = index
        var end = index + 1
        while end < bytes.count, end - start <= 12, bytes[end] != UInt8(ascii: ";") { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else {
            throw failure("an entity such as &amp; or &#38; (a bare '&' must be written &amp;)", at: start, found: false)
        }
        let body = String(decoding: bytes[(start + 1)..<end], as: UTF8.self)
        let scalar: Unicode.Scalar?
        switch body {
        case "lt": scalar = "<"
        case "gt": scalar = ">"
        case "amp": scalar = "&"
        case "apos": scalar = "'"
        case "quot": scalar = "\""
        default:
            var code: UInt32?
            if body.hasPrefix("#x") || body.hasPrefix("#X") {
                code = UInt32(body.dropFirst(2), radix: 16)
            } else if body.hasPrefix("#") {
                code = UInt32(body.dropFirst(), radix: 10)
            }
            scalar = code.flatMap { $0 == 0 ? nil : Unicode.Scalar($0) }
        }
        guard let scalar else {
            throw Diagnostic.error(
                file, at: position(start),
                "expected an entity (&lt; &gt; &amp; &apos; &quot; &#N; &#xN;), found &\(body);")
        }
        out.append(contentsOf: Array(String(Character(scalar)).utf8))
        index = end + 1
    }
}
