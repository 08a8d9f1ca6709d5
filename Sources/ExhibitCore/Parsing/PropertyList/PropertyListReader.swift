import Foundation

/// Decodes a binary (`bplist00`) or XML property list into a `PropertyListValue`.
///
/// Foundation's `PropertyListSerialization` does the parsing (a pure function on
/// bytes); this wrapper only accepts the two formats CI copies (it refuses OpenStep
/// text, which would read almost any garbage as a string), maps bridged Foundation
/// values to `PropertyListValue` identically on Darwin and Linux, bounds nesting, and
/// turns every failure into a `Diagnostic` naming the file.
public enum PropertyListReader: EvidenceReader {
    /// Deeper nesting is refused: a preferences file or Info.plist is a few levels deep,
    /// and conversion must not recurse without bound on hostile input.
    public static let maximumDepth = 64

    public enum Format: String, Sendable { case binary, xml }

    public static func read(_ bytes: [UInt8], file: String, warnings: inout [Diagnostic]) throws(Diagnostic) -> PropertyListValue {
        try decode(bytes, file: file).value
    }

    /// The value and the format it was stored in.
    public static func decode(_ bytes: [UInt8], file: String) throws(Diagnostic) -> (value: PropertyListValue, format: Format) {
        guard let format = format(of: bytes) else {
            let found = bytes.isEmpty ? "an empty file" : "\(bytes.count) bytes starting " + bytes.prefix(8).map(hexByte).joined(separator: " ")
            throw Diagnostic.error(file, at: SourcePosition(line: 1, column: 1, byteOffset: 0),
                                   "expected a binary (bplist00) or XML property list, found \(found)")
        }
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        } catch {
            throw Diagnostic.error(file, "malformed \(format == .binary ? "binary" : "XML") property list: \(describe(error))")
        }
        guard let value = convert(plist, depth: 0) else {
            throw Diagnostic.error(file, "property list nested deeper than \(maximumDepth) levels or holding an unknown value type")
        }
        return (value, format)
    }

    /// `bplist00` for binary; `<?xml`, `<!DOCTYPE` or `<plist` (after an optional BOM and
    /// whitespace) for XML.
    static func format(of bytes: [UInt8]) -> Format? {
        if bytes.starts(with: Array("bplist00".utf8)) { return .binary }
        var rest = bytes[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        rest = rest.drop(while: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D })
        for opener in ["<?xml", "<!DOCTYPE", "<plist"] where rest.starts(with: Array(opener.utf8)) { return .xml }
        return nil
    }

    private static func convert(_ value: Any, depth: Int) -> PropertyListValue? {
        guard depth <= maximumDepth else { return nil }
        // Booleans first: on Linux `<true/>` bridges to Swift.Bool; on Darwin to a CFBoolean
        // NSNumber, which `as? Int` would also accept.
        if type(of: value) == Bool.self, let b = value as? Bool { return .boolean(b) }
        #if canImport(Darwin)
            if let n = value as? NSNumber, CFGetTypeID(n) == CFBooleanGetTypeID() { return .boolean(n.boolValue) }
        #endif
        switch value {
        case let s as String: return .string(s)
        case let d as Date: return .date(d.timeIntervalSince1970)
        case let d as Data: return .data([UInt8](d))
        case let n as NSNumber: return number(n)
        case let a as [Any]:
            var out: [PropertyListValue] = []
            out.reserveCapacity(a.count)
            for element in a {
                guard let v = convert(element, depth: depth + 1) else { return nil }
                out.append(v)
            }
            return .array(out)
        case let d as [String: Any]:
            var out: [(key: String, value: PropertyListValue)] = []
            out.reserveCapacity(d.count)
            for (k, element) in d {
                guard let v = convert(element, depth: depth + 1) else { return nil }
                out.append((k, v))
            }
            out.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            return .dictionary(out)
        default:
            return nil
        }
    }

    private static func number(_ n: NSNumber) -> PropertyListValue {
        switch String(cString: n.objCType) {
        case "d", "f": return .real(n.doubleValue)
        case "Q", "L", "I", "S", "C":
            let u = n.uint64Value
            return u <= UInt64(Int64.max) ? .integer(Int64(u)) : .unsignedInteger(u)
        default: return .integer(n.int64Value)
        }
    }

    private static func describe(_ error: any Error) -> String {
        let ns = error as NSError
        if let detail = ns.userInfo[NSDebugDescriptionErrorKey] as? String { return detail }
        return ns.localizedDescription
    }
}
