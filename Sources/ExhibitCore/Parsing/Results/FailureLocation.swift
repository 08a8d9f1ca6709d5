import Foundation

/// Source locations as the results tools embed them in text: `File.swift:38: message`
/// (tests.json Failure Message), `/abs/File.swift:38 - reason` (xcbeautify JUnit),
/// `message (relpath:38)` (xcresultparser JUnit) and legacy document URLs. Only the
/// file's last path component is kept: absolute CI paths are noise in a triage view
/// and leak the build machine's layout.
public struct FailureLocation: Sendable, Equatable {
    public var file: String
    public var line: Int

    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    /// Splits a leading `<file>:<line>: ` or `<file>:<line> - ` off `text`. The file must
    /// end in an extension (`.swift`, `.m`), so "Error: 3: boom" is not taken for one.
    public static func splitLeading(_ text: String) -> (location: FailureLocation, rest: String)? {
        splitLeading(text, allowingSpace: false)
    }

    /// `splitLeading` on the first line of `text`, also accepting a single space after
    /// the line number (codemagic's JUnit: `/abs/banaanTests.swift:44 failed - …`) when
    /// the path has no space or is absolute. The rest keeps the later lines.
    public static func splitLeadingOnFirstLine(_ text: String) -> (location: FailureLocation, rest: String)? {
        let lineEnd = text.firstIndex(of: "\n") ?? text.endIndex
        guard let (location, rest) = splitLeading(String(text[..<lineEnd]), allowingSpace: true) else { return nil }
        var tail = text[lineEnd...]
        if rest.isEmpty, tail.first == "\n" { tail = tail.dropFirst() }
        return (location, rest + tail)
    }

    private static func splitLeading(_ text: String, allowingSpace: Bool) -> (location: FailureLocation, rest: String)? {
        let bytes = Array(text.utf8)
        var colon = 0
        while colon < bytes.count {
            defer { colon += 1 }
            guard bytes[colon] == UInt8(ascii: ":"), colon > 0 else { continue }
            var end = colon + 1
            while end < bytes.count, isDigit(bytes[end]) { end += 1 }
            guard end > colon + 1, end - colon <= 10 else { continue }
            let restStart: Int
            if end == bytes.count {
                restStart = end
            } else if bytes[end...].starts(with: Array(": ".utf8)) {
                restStart = end + 2
            } else if bytes[end...].starts(with: Array(" - ".utf8)) {
                restStart = end + 3
            } else if allowingSpace, bytes[end] == UInt8(ascii: " "),
                bytes.first == UInt8(ascii: "/") || !bytes[..<colon].contains(UInt8(ascii: " "))
            {
                restStart = end + 1
            } else {
                continue
            }
            let path = String(decoding: bytes[..<colon], as: UTF8.self)
            guard hasExtension(path), let line = Int(String(decoding: bytes[(colon + 1)..<end], as: UTF8.self)) else {
                continue
            }
            let rest = String(decoding: bytes[restStart...], as: UTF8.self)
            return (FailureLocation(file: lastPathComponent(path), line: line), rest)
        }
        return nil
    }

    /// A trailing ` (<path>:<line>)`, as xcresultparser appends to a failure's text.
    public static func trailingParenthesized(_ text: String) -> FailureLocation? {
        guard text.hasSuffix(")"), let open = text.range(of: " (", options: .backwards) else { return nil }
        let inner = text[open.upperBound..<text.index(before: text.endIndex)]
        guard let colon = inner.lastIndex(of: ":"), let line = Int(inner[inner.index(after: colon)...]), line >= 0
        else { return nil }
        let path = String(inner[..<colon])
        guard hasExtension(path) else { return nil }
        return FailureLocation(file: lastPathComponent(path), line: line)
    }

    /// A trailing ` (<path>:<line>)` or ` (file:///…#…StartingLineNumber=<line>)` (fastlane
    /// trainer's legacy path) and the text before it, trimmed.
    public static func splitTrailingParenthesized(_ text: String) -> (location: FailureLocation, rest: String)? {
        guard text.hasSuffix(")"), let open = text.range(of: " (", options: .backwards) else { return nil }
        let inner = String(text[open.upperBound..<text.index(before: text.endIndex)])
        let rest = String(text[..<open.lowerBound]).trimmingCharacters(in: .whitespaces)
        if inner.contains("#"), inner.contains("StartingLineNumber="), let location = fromDocumentURL(inner) {
            return (location, rest)
        }
        guard let location = trailingParenthesized(text) else { return nil }
        return (location, rest)
    }

    /// A legacy `documentLocationInCreatingWorkspace.url`:
    /// `file:///…/BackupBoundaryTests.swift#EndingLineNumber=41&StartingLineNumber=41`
    /// (the fragment's keys come in any order, sometimes `CharacterRangeLen=0&…` first).
    /// Its line numbers count from 0: the codemagic banaan project's legacy record says
    /// `StartingLineNumber=43` and `=49` where its tests.json and JUnit say
    /// `banaanTests.swift:44` and `:50`, and both real result bundles say 20 where
    /// xcresulttool says 21. The line returned is the 1-based one a person opens.
    public static func fromDocumentURL(_ url: String) -> FailureLocation? {
        let parts = url.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        guard let pathPart = parts.first else { return nil }
        let file = percentDecoded(lastPathComponent(String(pathPart)))
        guard !file.isEmpty else { return nil }
        var line: Int?
        if parts.count == 2 {
            for pair in parts[1].split(separator: "&") {
                let kv = pair.split(separator: "=", maxSplits: 1)
                if kv.count == 2, kv[0] == "StartingLineNumber" { line = Int(kv[1]) }
            }
        }
        guard let line, line < Int.max else { return nil }
        return FailureLocation(file: file, line: line + 1)
    }

    public static func lastPathComponent(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        if let slash = trimmed.lastIndex(of: "/") { return String(trimmed[trimmed.index(after: slash)...]) }
        return String(trimmed)
    }

    private static func hasExtension(_ path: String) -> Bool {
        let name = lastPathComponent(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        let ext = name[name.index(after: dot)...]
        return !ext.isEmpty && ext.count <= 10 && ext.allSatisfy { $0.isLetter || $0.isNumber || $0 == "+" }
    }

    private static func isDigit(_ b: UInt8) -> Bool { (0x30...0x39).contains(b) }

    /// `%20` and friends in a file URL's last component; invalid escapes stay as written.
    private static func percentDecoded(_ s: String) -> String {
        let bytes = Array(s.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.count, let hi = hexValue(bytes[i + 1]), let lo = hexValue(bytes[i + 2]) {
                out.append(hi << 4 | lo)
                i += 3
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: b - 0x30
        case 0x41...0x46: b - 0x41 + 10
        case 0x61...0x66: b - 0x61 + 10
        default: nil
        }
    }
}
