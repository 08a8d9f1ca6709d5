/// Diagnostics of one kind from one file, folded into one line: a `find "$C/"` list
/// with a leaked prefix, or a hostile file, warns on every line, and thirty-one copies
/// of one warning hide the one that matters. `summary`, `check` and the UI all show
/// `DiagnosticFolding.fold(_:)`; the JSON output keeps every diagnostic (scripts want
/// each position; readers already stop listing after 100 per file).
public struct FoldedDiagnostic: Sendable, Equatable {
    /// The first diagnostic of the group, as it was reported.
    public var first: Diagnostic
    /// How many diagnostics the group holds (1: nothing was folded).
    public var count: Int
    /// The positions of the first `DiagnosticFolding.shownPositions` that have one.
    public var positions: [SourcePosition]

    /// One diagnostic as it is (`file:line:column: severity: message`), or a group as
    /// `files.txt: warning: 31 lines: path "…" leaves the container; first at
    /// files.txt:1, :2, :3`. Quoted parts, which differ from line to line, show as `"…"`.
    public var description: String {
        guard count > 1 else { return first.description }
        let distinctLines = Set(positions.map(\.line)).count == positions.count && !positions.isEmpty
        let unit = distinctLines && positions.count == min(count, DiagnosticFolding.shownPositions) ? "lines" : "times"
        var s = "\(first.file): \(first.severity.rawValue): \(count) \(unit): \(DiagnosticFolding.template(first.message))"
        if !positions.isEmpty {
            let shown = positions.enumerated().map { i, p in
                (i == 0 ? first.file + ":" : ":") + (distinctLines ? "\(p.line)" : "\(p.line):\(p.column)")
            }
            s += "; first at " + shown.joined(separator: ", ")
        }
        return s
    }
}

public enum DiagnosticFolding {
    public static let shownPositions = 3

    /// Groups by file, severity and kind (the message with its quoted parts and numbers
    /// masked), keeping the order in which each group first appears. Pure and linear.
    public static func fold(_ diagnostics: [Diagnostic]) -> [FoldedDiagnostic] {
        struct Key: Hashable {
            var file: String
            var severity: Diagnostic.Severity
            var kind: String
        }
        var index: [Key: Int] = [:]
        var out: [FoldedDiagnostic] = []
        for d in diagnostics {
            let key = Key(file: d.file, severity: d.severity, kind: kind(d.message))
            if let i = index[key] {
                out[i].count += 1
                if let p = d.position, out[i].positions.count < shownPositions { out[i].positions.append(p) }
            } else {
                index[key] = out.count
                out.append(FoldedDiagnostic(first: d, count: 1, positions: d.position.map { [$0] } ?? []))
            }
        }
        return out
    }

    /// The message with every `"…"` quoted part replaced by `"…"` (an escaped `\"`
    /// inside stays inside).
    static func template(_ message: String) -> String {
        mask(message, digits: false)
    }

    /// `template` with digit runs masked too: "listed again (first on line 3)" and
    /// "(first on line 9)" are one kind.
    static func kind(_ message: String) -> String {
        mask(message, digits: true)
    }

    private static func mask(_ message: String, digits: Bool) -> String {
        var out = ""
        out.reserveCapacity(message.utf8.count)
        var inQuote = false
        var escaped = false
        var inDigits = false
        for c in message {
            if inQuote {
                if escaped {
                    escaped = false
                } else if c == "\\" {
                    escaped = true
                } else if c == "\"" {
                    inQuote = false
                    out += "…\""
                }
                continue
            }
            if c == "\"" {
                inQuote = true
                inDigits = false
                out.append(c)
                continue
            }
            if digits && c.isASCII && c.isNumber {
                if !inDigits { out.append("#") }
                inDigits = true
                continue
            }
            inDigits = false
            out.append(c)
        }
        if inQuote { out += "…" }
        return out
    }
}
