/// Decodes a binary (`bplist00`) or XML property list into a `PropertyListValue`: the one
/// plist reader for every plist in a bundle (app Info.plist, preference copies, the
/// result bundle's Info.plist).
///
/// Both decoders are the package's own (`BinaryPropertyListDecoder`,
/// `XMLPropertyListDecoder`), not Foundation's `PropertyListSerialization`: Foundation
/// recurses without bound on deep XML, expands a binary plist's shared objects into a
/// tree before anything can count it (142 bytes cost 810 MB), and names no offset when
/// it fails. Both count what they produce against `PropertyListLimits`. OpenStep text
/// is refused (it would read almost any garbage as a string). Every failure is a
/// `Diagnostic` naming the file, the position and what was expected.
public enum PropertyListReader: EvidenceReader {
    /// Deeper nesting is refused: a preferences file or Info.plist is a few levels deep.
    public static let maximumDepth = PropertyListLimits.standard.maximumDepth

    public enum Format: String, Sendable { case binary, xml }

    public static func read(_ bytes: [UInt8], file: String, warnings: inout [Diagnostic]) throws(Diagnostic) -> PropertyListValue {
        try decode(bytes, file: file, warnings: &warnings).value
    }

    /// The value and the format it was stored in; what is warned (a key a dictionary
    /// holds twice) is dropped.
    public static func decode(
        _ bytes: [UInt8], file: String,
        limits: PropertyListLimits = .standard
    ) throws(Diagnostic) -> (value: PropertyListValue, format: Format) {
        var ignored: [Diagnostic] = []
        return try decode(bytes, file: file, limits: limits, warnings: &ignored)
    }

    /// The value and the format it was stored in, warnings into `warnings`.
    public static func decode(
        _ bytes: [UInt8], file: String, limits: PropertyListLimits = .standard, warnings: inout [Diagnostic]
    ) throws(Diagnostic) -> (value: PropertyListValue, format: Format) {
        switch format(of: bytes) {
        case .binary: return (try BinaryPropertyListDecoder.decode(bytes, file: file, limits: limits, warnings: &warnings), .binary)
        case .xml: return (try XMLPropertyListDecoder.decode(bytes, file: file, limits: limits, warnings: &warnings), .xml)
        case nil:
            let found = bytes.isEmpty ? "an empty file" : "\(bytes.count) bytes starting " + bytes.prefix(8).map(hexByte).joined(separator: " ")
            throw Diagnostic.error(
                file, at: SourcePosition(line: 1, column: 1, byteOffset: 0),
                "expected a binary (bplist00) or XML property list, found \(found)")
        }
    }

    /// The value of a file whose top object must be a dictionary, as an Info.plist's
    /// and a preferences file's is, and the format it was stored in. Anything else at
    /// the top is refused at that object (the binary marker byte, the XML element),
    /// saying what was expected and found: an array there is no Info.plist whose keys
    /// are all missing.
    public static func decodeDictionary(
        _ bytes: [UInt8], file: String, limits: PropertyListLimits = .standard, warnings: inout [Diagnostic]
    ) throws(Diagnostic) -> (value: PropertyListValue, format: Format) {
        switch format(of: bytes) {
        case .binary:
            let value = try BinaryPropertyListDecoder.decode(bytes, file: file, limits: limits, topMustBe: .dictionary, warnings: &warnings)
            return (value, .binary)
        case .xml:
            let value = try XMLPropertyListDecoder.decode(bytes, file: file, limits: limits, topMustBe: .dictionary, warnings: &warnings)
            return (value, .xml)
        case nil:
            return try decode(bytes, file: file, limits: limits, warnings: &warnings)
        }
    }

    /// What a file whose top object is of the wrong type is told.
    static func topObjectMessage(expected: PropertyListType, found: PropertyListType) -> String {
        func named(_ t: PropertyListType) -> String { ("aeiou".contains(t.rawValue.first ?? "x") ? "an " : "a ") + t.rawValue }
        return "expected \(named(expected)) at the top of the property list, found \(named(found))"
    }

    /// `bplist00` for binary; `<?xml`, `<!DOCTYPE` or `<plist` (after an optional BOM and
    /// whitespace) for XML.
    static func format(of bytes: [UInt8]) -> Format? {
        if bytes.starts(with: BinaryPropertyListDecoder.header) { return .binary }
        var rest = bytes[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        rest = rest.drop(while: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D })
        for opener in ["<?xml", "<!DOCTYPE", "<plist"] where rest.starts(with: Array(opener.utf8)) { return .xml }
        return nil
    }
}

/// Keys a property list's dictionary holds twice: each warned with where it was given
/// before, at most `limit` (then one count). The later value is the one read, as
/// Apple's parser, which sets each key as it comes, keeps it; the warning says so,
/// since a verdict may rest on the key (`BGTaskSchedulerPermittedIdentifiers`).
struct PropertyListDuplicateKeys {
    private var listed: [Diagnostic] = []
    private var unlisted = 0
    private var file = ""
    static let limit = 20

    var warnings: [Diagnostic] {
        listed + (unlisted > 0 ? [.warning(file, "\(unlisted) more keys given twice, not listed")] : [])
    }

    mutating func note(_ key: String, in file: String, at position: SourcePosition, firstAt: SourcePosition?) {
        self.file = file
        guard listed.count < Self.limit else {
            unlisted += 1
            return
        }
        let earlier = firstAt.map { " (first at \($0.line):\($0.column))" } ?? ""
        listed.append(
            .warning(
                file, at: position,
                "key \"\(TerminalText.escape(key))\" given twice in one dictionary\(earlier); the later value is read, as Apple's parser reads it"))
    }
}
