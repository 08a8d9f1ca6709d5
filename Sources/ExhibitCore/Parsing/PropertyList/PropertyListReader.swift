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
        try decode(bytes, file: file).value
    }

    /// The value and the format it was stored in.
    public static func decode(
        _ bytes: [UInt8], file: String,
        limits: PropertyListLimits = .standard
    ) throws(Diagnostic) -> (value: PropertyListValue, format: Format) {
        switch format(of: bytes) {
        case .binary: return (try BinaryPropertyListDecoder.decode(bytes, file: file, limits: limits), .binary)
        case .xml: return (try XMLPropertyListDecoder.decode(bytes, file: file, limits: limits), .xml)
        case nil:
            let found = bytes.isEmpty ? "an empty file" : "\(bytes.count) bytes starting " + bytes.prefix(8).map(hexByte).joined(separator: " ")
            throw Diagnostic.error(
                file, at: SourcePosition(line: 1, column: 1, byteOffset: 0),
                "expected a binary (bplist00) or XML property list, found \(found)")
        }
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
