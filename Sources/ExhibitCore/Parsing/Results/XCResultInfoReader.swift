import Foundation

/// Reads `results/<name>.xcresult/Info.plist` (an XML property list; binary is accepted
/// too): `version.major`/`minor`, `dateCreated` and `storage.backend`/`compression`.
/// Only bundles with `fileBacked2` storage, `standard` compression and format major 3
/// are known; anything else is recorded with a warning, since tools that read the
/// bundle's database or data files (expo's parser among them) refuse other layouts.
public enum XCResultInfoReader: EvidenceReader {
    public static let knownBackend = "fileBacked2"
    public static let knownCompression = "standard"
    public static let knownMajorVersion = 3

    public static func read(_ bytes: [UInt8], file: String, warnings: inout [Diagnostic]) throws(Diagnostic) -> XCResultInfo {
        guard !bytes.isEmpty else {
            throw Diagnostic.error(file, at: SourcePosition(line: 1, column: 1, byteOffset: 0),
                                   "expected a property list, found an empty file")
        }
        // An XML plist is checked by the package's own scanner first: its errors carry
        // line:column, and its depth bound keeps a 10,000-deep document away from
        // Foundation's recursive parser.
        if looksLikeXML(bytes) {
            do {
                _ = try XMLScanner.parse(bytes, file: file)
            } catch {
                throw Diagnostic.error(file, at: error.position, "expected a property list (XML or binary): \(error.message)")
            }
        }
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        } catch {
            let detail = describe(error)
            throw Diagnostic.error(file, at: position(mentionedIn: detail, bytes),
                                   "expected a property list (XML or binary): \(detail)")
        }
        guard let root = plist as? [String: Any] else {
            throw Diagnostic.error(file, at: SourcePosition(line: 1, column: 1, byteOffset: 0),
                                   "expected a dictionary at the root of the property list, found \(kind(of: plist))")
        }
        var info = XCResultInfo(file: file)
        if let version = root["version"] as? [String: Any] {
            info.formatMajor = integer(version["major"])
            info.formatMinor = integer(version["minor"])
            if info.formatMajor == nil { warnings.append(.warning(file, "version.major is missing or not an integer")) }
        } else {
            warnings.append(.warning(file, "no version dictionary: the xcresult format is unknown"))
        }
        if let date = root["dateCreated"] as? Date {
            info.dateCreated = date.timeIntervalSince1970
        } else if root["dateCreated"] != nil {
            warnings.append(.warning(file, "ignored dateCreated: expected a date, found \(kind(of: root["dateCreated"] as Any))"))
        }
        if let rootId = root["rootId"] as? [String: Any] { info.rootID = rootId["hash"] as? String }
        if let storage = root["storage"] as? [String: Any] {
            info.storageBackend = storage["backend"] as? String
            info.storageCompression = storage["compression"] as? String
        }

        var unknown: [String] = []
        if info.storageBackend != knownBackend { unknown.append("storage backend \(info.storageBackend.map { "\"\($0)\"" } ?? "missing") (expected \(knownBackend))") }
        if info.storageCompression != knownCompression { unknown.append("compression \(info.storageCompression.map { "\"\($0)\"" } ?? "missing") (expected \(knownCompression))") }
        if let major = info.formatMajor, major != knownMajorVersion { unknown.append("format version \(info.formatVersion ?? "\(major)") (expected \(knownMajorVersion).x)") }
        if !unknown.isEmpty {
            warnings.append(.warning(file, "unfamiliar xcresult bundle: \(unknown.joined(separator: ", ")); its data files and database may not read as documented"))
        }
        return info
    }

    /// After an optional BOM and white space, a `<`: an XML property list.
    private static func looksLikeXML(_ bytes: [UInt8]) -> Bool {
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        return i < bytes.count && bytes[i] == UInt8(ascii: "<")
    }

    /// Foundation's messages name a line ("… at line 8", "… on line 12"); the start
    /// of that line, or of the file when none is named (binary plists).
    private static func position(mentionedIn message: String, _ bytes: [UInt8]) -> SourcePosition {
        guard let range = message.range(of: "line "),
            let line = Int(message[range.upperBound...].prefix(while: { $0.isASCII && $0.isNumber })), line > 1
        else { return SourcePosition(line: 1, column: 1, byteOffset: 0) }
        var seen = 1
        for (offset, byte) in bytes.enumerated() where byte == 0x0A {
            seen += 1
            if seen == line { return SourcePosition(line: line, column: 1, byteOffset: offset + 1) }
        }
        return SourcePosition(offset: bytes.count, in: bytes)
    }

    /// A plist `<integer>`; bridging makes it an Int on Darwin and Linux alike.
    private static func integer(_ value: Any?) -> Int? {
        value as? Int
    }

    private static func kind(of value: Any) -> String {
        switch value {
        case is [String: Any]: "a dictionary"
        case is [Any]: "an array"
        case is String: "a string"
        case is Date: "a date"
        case is Data: "data"
        case is Bool: "a boolean"
        case is NSNumber: "a number"
        default: "\(type(of: value))"
        }
    }

    private static func describe(_ error: any Error) -> String {
        let ns = error as NSError
        if let detail = ns.userInfo[NSDebugDescriptionErrorKey] as? String { return detail }
        return ns.localizedDescription
    }
}
