import Foundation

/// What `xcrun xcresulttool version` printed, as archived next to the results.
public struct XcresulttoolVersion: Sendable, Equatable {
    /// The tool's build, e.g. `23024` (Xcode 16) or `24051.1` (Xcode 26).
    public var build: String
    /// `format version 3.53` (Xcode 16 and older).
    public var formatVersion: String?
    /// `schema version: 0.1.0` (Xcode 26).
    public var schemaVersion: String?
    /// `legacy commands format version: 3.53` (Xcode 26).
    public var legacyFormatVersion: String?

    public init(
        build: String, formatVersion: String? = nil, schemaVersion: String? = nil,
        legacyFormatVersion: String? = nil
    ) {
        self.build = build
        self.formatVersion = formatVersion
        self.schemaVersion = schemaVersion
        self.legacyFormatVersion = legacyFormatVersion
    }
}

/// Parses the one line `xcresulttool version` prints:
/// - `xcresulttool version 23024, format version 3.53 (current)`
/// - `xcresulttool version 24051.1, schema version: 0.1.0 (legacy commands format version: 3.53)`
/// The build is read as `version ([0-9]+(\.[0-9]+)?)`: integer-only parsers broke
/// when Xcode 26 added the `.1`.
public enum XcresulttoolVersionReader: EvidenceReader {
    public static func read(_ bytes: [UInt8], file: String, warnings: inout [Diagnostic]) throws(Diagnostic) -> XcresulttoolVersion {
        let text = String(decoding: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes, as: UTF8.self)
        let marker = "xcresulttool version "
        guard let lineRange = text.range(of: marker) else {
            throw Diagnostic.error(
                file, at: SourcePosition(line: 1, column: 1, byteOffset: 0),
                "expected \"xcresulttool version <build>\", found \(text.isEmpty ? "an empty file" : "\"\(firstLine(text))\"")")
        }
        let after = text[lineRange.upperBound...]
        guard let build = versionNumber(after, maxDots: 1) else {
            let offset = text.utf8.distance(from: text.startIndex, to: lineRange.upperBound)
            throw Diagnostic.error(
                file, at: SourcePosition(offset: offset, in: Array(text.utf8)),
                "expected a build number after \"xcresulttool version\", found \"\(firstLine(String(after)))\"")
        }
        var version = XcresulttoolVersion(build: build)
        let line = firstLine(String(after))
        version.legacyFormatVersion = number(after: "legacy commands format version: ", in: line)
        version.schemaVersion = number(after: "schema version: ", in: line)
        // "format version" also occurs inside "legacy commands format version".
        if let range = line.range(of: ", format version ") {
            version.formatVersion = versionNumber(line[range.upperBound...], maxDots: 3)
        }
        return version
    }

    private static func number(after marker: String, in line: String) -> String? {
        guard let range = line.range(of: marker) else { return nil }
        return versionNumber(line[range.upperBound...], maxDots: 3)
    }

    /// Leading digits with up to `maxDots` `.digits` groups; nil when no digit leads.
    private static func versionNumber(_ text: Substring, maxDots: Int) -> String? {
        var out = ""
        var dots = 0
        var index = text.startIndex
        while index < text.endIndex {
            let c = text[index]
            if c.isASCII && c.isNumber {
                out.append(c)
            } else if c == ".", dots < maxDots, !out.isEmpty, out.last != ".",
                let next = text.index(index, offsetBy: 1, limitedBy: text.endIndex), next < text.endIndex,
                text[next].isASCII && text[next].isNumber
            {
                out.append(c)
                dots += 1
            } else {
                break
            }
            index = text.index(after: index)
        }
        return out.isEmpty ? nil : out
    }

    private static func firstLine(_ text: String) -> String {
        String(text.prefix(while: { $0 != "\n" && $0 != "\r\n" && $0 != "\r" }).prefix(120))
    }
}
