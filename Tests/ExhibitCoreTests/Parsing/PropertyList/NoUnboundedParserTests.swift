import ExhibitCore
import Foundation
import Testing

/// No source file reaches Foundation's recursive parsers: every property list goes
/// through `PropertyListReader` (bounded depth, values and expanded bytes), JSON and
/// XML through the package's own scanners. Comments may name them (to say why not).
@Suite struct NoUnboundedParserTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

    static let forbidden = [
        "PropertyListSerialization", "PropertyListDecoder", "JSONSerialization", "JSONDecoder",
        "XMLParser", "XMLDocument",
    ]

    /// `name` as a whole identifier (so `BinaryPropertyListDecoder` is not `PropertyListDecoder`).
    static func names(_ name: String, in code: Substring) -> Bool {
        var rest = code[...]
        while let r = rest.range(of: name) {
            let before = r.lowerBound == code.startIndex ? nil : code[code.index(before: r.lowerBound)]
            let after = r.upperBound == code.endIndex ? nil : code[r.upperBound]
            if !(before.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false)
                && !(after.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false)
            {
                return true
            }
            rest = code[r.upperBound...]
        }
        return false
    }

    @Test func theScanFindsWholeNamesOnly() {
        #expect(Self.names("PropertyListDecoder", in: "let d = PropertyListDecoder()"))
        #expect(!Self.names("PropertyListDecoder", in: "BinaryPropertyListDecoder.decode(b)"))
        #expect(!Self.names("XMLParser", in: "XMLParserLike"))
    }

    @Test func noSourceCallsAFoundationParser() throws {
        let files = (FileManager.default.enumerator(atPath: Self.sources.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".swift") }
        #expect(files.count > 50, "Sources not found at \(Self.sources.path)")
        for file in files {
            let text = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...]
                for name in Self.forbidden where Self.names(name, in: code) {
                    Issue.record("Sources/\(file):\(n + 1) calls \(name): use PropertyListReader or the package's JSON/XML scanners")
                }
            }
        }
    }
}
