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
            throw Diagnostic.error(
                file, at: SourcePosition(line: 1, column: 1, byteOffset: 0),
                "expected a property list, found an empty file")
        }
        // The one plist reader (bounded, positioned); its message is kept after the
        // kind of file this was meant to be.
        let root: PropertyListValue
        do {
            root = try PropertyListReader.decode(bytes, file: file).value
        } catch {
            throw Diagnostic.error(file, at: error.position, "expected a property list (XML or binary): \(error.message)")
        }
        guard root.members != nil else {
            throw Diagnostic.error(
                file, at: SourcePosition(line: 1, column: 1, byteOffset: 0),
                "expected a dictionary at the root of the property list, found \(kind(of: root))")
        }
        var info = XCResultInfo(file: file)
        if let version = root["version"], version.members != nil {
            info.formatMajor = integer(version["major"])
            info.formatMinor = integer(version["minor"])
            if info.formatMajor == nil { warnings.append(.warning(file, "version.major is missing or not an integer")) }
        } else {
            warnings.append(.warning(file, "no version dictionary: the xcresult format is unknown"))
        }
        if case .date(let t) = root["dateCreated"] {
            info.dateCreated = t
        } else if let other = root["dateCreated"] {
            warnings.append(.warning(file, "ignored dateCreated: expected a date, found \(kind(of: other))"))
        }
        if let hash = root["rootId"]?["hash"]?.string { info.rootID = hash }
        if let storage = root["storage"] {
            info.storageBackend = storage["backend"]?.string
            info.storageCompression = storage["compression"]?.string
        }

        var unknown: [String] = []
        if info.storageBackend != knownBackend {
            unknown.append("storage backend \(info.storageBackend.map { "\"\($0)\"" } ?? "missing") (expected \(knownBackend))")
        }
        if info.storageCompression != knownCompression {
            unknown.append("compression \(info.storageCompression.map { "\"\($0)\"" } ?? "missing") (expected \(knownCompression))")
        }
        if let major = info.formatMajor, major != knownMajorVersion {
            unknown.append("format version \(info.formatVersion ?? "\(major)") (expected \(knownMajorVersion).x)")
        }
        if !unknown.isEmpty {
            warnings.append(
                .warning(file, "unfamiliar xcresult bundle: \(unknown.joined(separator: ", ")); its data files and database may not read as documented"))
        }
        return info
    }

    /// A plist `<integer>` that fits an Int.
    private static func integer(_ value: PropertyListValue?) -> Int? {
        if case .integer(let i) = value { return Int(exactly: i) }
        return nil
    }

    private static func kind(of value: PropertyListValue) -> String {
        switch value.type {
        case .dictionary: "a dictionary"
        case .array: "an array"
        case .string: "a string"
        case .date: "a date"
        case .data: "data"
        case .boolean: "a boolean"
        case .integer, .real: "a number"
        }
    }
}
