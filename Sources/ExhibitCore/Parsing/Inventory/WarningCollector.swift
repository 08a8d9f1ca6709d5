/// Collects one reader's warnings: the first `limit` in full, then only a count, so
/// a hostile file with a million bad lines costs a million increments, not a million
/// diagnostics. `finish` appends the kept ones plus one summary line.
struct WarningCollector {
    let file: String
    let limit: Int
    private(set) var kept: [Diagnostic] = []
    private(set) var suppressed = 0

    init(file: String, limit: Int = 100) {
        self.file = file
        self.limit = limit
    }

    /// A collector in a given state (`WarningOrder.merged` joins two halves of one read).
    init(file: String, limit: Int, kept: [Diagnostic], suppressed: Int) {
        self.file = file
        self.limit = limit
        self.kept = kept
        self.suppressed = suppressed
    }

    /// True when further warnings are only counted; callers skip computing positions.
    var isFull: Bool { kept.count >= limit }

    mutating func add(_ message: String, at position: SourcePosition?, severity: Diagnostic.Severity = .warning) {
        if isFull {
            suppressed += 1
        } else {
            kept.append(Diagnostic(severity, file: file, at: position, message))
        }
    }

    /// A warning on line `line` (1-based) at byte `column` (1-based) of a line-oriented file.
    mutating func add(_ message: String, line: Int, column: Int = 1, offset: Int, severity: Diagnostic.Severity = .warning) {
        add(message, at: SourcePosition(line: line, column: column, byteOffset: offset), severity: severity)
    }

    func finish(into warnings: inout [Diagnostic]) {
        warnings += kept
        if suppressed > 0 {
            warnings.append(.warning(file, "\(suppressed) more warning(s) like the above were not listed"))
        }
    }
}
