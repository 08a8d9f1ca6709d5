/// A position inside an evidence file: 1-based line and column (in bytes), plus the
/// 0-based byte offset, so both line-oriented and compact one-line JSON files point
/// somewhere useful.
public struct SourcePosition: Sendable, Equatable, Hashable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var byteOffset: Int

    public init(line: Int, column: Int, byteOffset: Int) {
        self.line = line
        self.column = column
        self.byteOffset = byteOffset
    }

    /// Computes line and column for `offset` by counting newlines. Only called on the
    /// error path, so the scan costs nothing while parsing succeeds.
    public init(offset: Int, in bytes: [UInt8]) {
        let end = min(max(offset, 0), bytes.count)
        var line = 1
        var lineStart = 0
        for i in 0..<end where bytes[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        self.init(line: line, column: end - lineStart + 1, byteOffset: end)
    }

    public var description: String { "\(line):\(column)" }
}

/// One finding about the evidence itself (not about the app): a malformed file, a
/// missing companion, a leaked absolute path. Printed once, by whoever presents them.
public struct Diagnostic: Error, Sendable, Equatable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Codable, Comparable {
        case error, warning, note
        private var rank: Int {
            switch self {
            case .error: 0
            case .warning: 1
            case .note: 2
            }
        }
        public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
    }

    public var severity: Severity
    /// Bundle-relative file name, e.g. `results/summary.json`.
    public var file: String
    public var position: SourcePosition?
    public var message: String

    public init(_ severity: Severity, file: String, at position: SourcePosition? = nil, _ message: String) {
        self.severity = severity
        self.file = file
        self.position = position
        self.message = message
    }

    public static func note(_ file: String, at position: SourcePosition? = nil, _ message: String) -> Diagnostic {
        Diagnostic(.note, file: file, at: position, message)
    }

    public static func error(_ file: String, at position: SourcePosition? = nil, _ message: String) -> Diagnostic {
        Diagnostic(.error, file: file, at: position, message)
    }

    public static func warning(_ file: String, at position: SourcePosition? = nil, _ message: String) -> Diagnostic {
        Diagnostic(.warning, file: file, at: position, message)
    }

    /// `file:line:column: severity: message`, the shape compilers print, so editors and
    /// CI log viewers can link it. Byte offset is added for one-line files.
    public var description: String {
        var s = file
        if let p = position {
            s += ":\(p.line):\(p.column)"
            if p.line == 1 && p.byteOffset > 0 { s += " (byte \(p.byteOffset))" }
        }
        return s + ": \(severity.rawValue): \(message)"
    }
}

extension Diagnostic {
    /// `14:3: expected …` without the file name (for lines that already name the file).
    public var positionAndMessage: String {
        (position.map { "\($0.line):\($0.column): " } ?? "") + message
    }
}
