import ExhibitCore

/// `exhibit runs`: the run list as an aligned text table or as JSON, newest first.
/// Text escapes every string from the evidence, so a hostile run id or commit cannot
/// reach the terminal raw; JSON carries the strings as they are (JSON-escaped).
public enum RunListFormatter {
    public enum Format: String, Sendable, CaseIterable {
        case text, json
    }

    public static let columns = ["DATE", "RUN", "COMMIT", "SCHEME", "IOS", "FAILED", "U", "M", "C", "TRIAGE"]

    /// Cells of one run's row, escaped for a terminal.
    public static func cells(_ s: RunSummary) -> [String] {
        // `?`: not known (a blocking rule undecided), never 0; `-`: no check at all.
        let counts = s.blocking.map { b in b.byKind.map { $0.count.map(String.init) ?? "?" } } ?? ["-", "-", "-"]
        return [
            s.dateText,
            TerminalText.escape(s.runID),
            s.commit.map { TerminalText.escape(String($0.prefix(8))) } ?? "-",
            s.scheme.map(TerminalText.escape) ?? "-",
            s.runtime.map(TerminalText.escape) ?? "-",
            s.failedTests.map(String.init) ?? "-",
        ] + counts + [s.triage.label + (s.blocking?.findingsSuffix ?? "")]
    }

    /// Columns right-aligned in the text table (the numbers).
    static let rightAligned: Set<Int> = [5, 6, 7, 8]

    public static func text(_ runs: [RunSummary]) -> String {
        let rows = [columns] + runs.sorted(by: RunSummary.newestFirst).map(cells)
        var widths = [Int](repeating: 0, count: columns.count)
        for row in rows {
            for (i, cell) in row.enumerated() { widths[i] = max(widths[i], DisplayWidth.of(cell)) }
        }
        var out = ""
        for row in rows {
            var line = ""
            for (i, cell) in row.enumerated() {
                if i > 0 { line += "  " }
                let last = i == row.count - 1
                if rightAligned.contains(i) {
                    line += TextFit.padLeft(cell, to: widths[i])
                } else {
                    line += last ? cell : TextFit.padRight(cell, to: widths[i])
                }
            }
            out += line + "\n"
        }
        let problems = runs.sorted(by: RunSummary.newestFirst).filter { !$0.problems.isEmpty }
        if !problems.isEmpty {
            out += "\n"
            for s in problems {
                out += TerminalText.escape(s.runID) + ": " + s.problems.map(TerminalText.escape).joined(separator: "; ") + "\n"
            }
        }
        return out
    }

    public static func json(_ runs: [RunSummary]) -> String {
        JSONWriter.render(.array(runs.sorted(by: RunSummary.newestFirst).map(value)))
    }

    static func value(_ s: RunSummary) -> JSONWriter.Value {
        let blocking: JSONWriter.Value =
            s.blocking.map { b in
                .object(b.allKinds.map { ($0.kind.rawValue, .optional($0.count)) })
            } ?? .null
        return .object([
            ("run", .string(s.runID)),
            ("date", s.date.map { .string(Timestamp.iso8601($0)) } ?? .null),
            ("dateSource", .optional(s.dateSource?.rawValue)),
            ("commit", .optional(s.commit)),
            ("branch", .optional(s.branch)),
            ("scheme", .optional(s.scheme)),
            ("runtime", .optional(s.runtime)),
            ("device", .optional(s.device)),
            ("outcome", .optional(s.outcome.map { "\($0)" })),
            ("failedTests", .optional(s.failedTests)),
            ("totalTests", .optional(s.totalTests)),
            ("blocking", blocking),
            ("proposed", .optional(s.proposal?.rawValue)),
            (
                "triage",
                .object([
                    ("state", .string(s.triage.stateName)),
                    ("class", .optional(s.triage.failureClass?.rawValue)),
                    ("draft", .bool(s.triage.hasDraft)),
                    ("issue", .optional(s.triage.issue)),
                ])
            ),
            ("problems", .array(s.problems.map { .string($0) })),
        ])
    }
}
