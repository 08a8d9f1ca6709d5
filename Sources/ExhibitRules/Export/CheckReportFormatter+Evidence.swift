import ExhibitCore

/// The part of `exhibit check` that says what of the run was read (issue 15 §2): the
/// inventory used and why, every artifact that was there but unusable, and the
/// bundle's diagnostics. In text a section before the proposal and the result; in
/// JSON `inventory`, `evidence` (each artifact's state) and `diagnostics`.
extension CheckReportFormatter {
    /// The text section; escaped, since file names and messages come from the evidence.
    static func evidenceLines(_ report: CheckReport) -> [String] {
        guard let e = report.evidence else { return [] }
        var lines = ["", "evidence:", "  inventory: " + esc(e.inventoryReason)]
        for u in report.unchecked { lines.append("  not checked: " + TerminalText.sanitized(u.reason)) }
        for f in e.files {
            switch f.state {
            case .malformed, .unreadable:
                lines.append("  \(f.state.word) \(esc(f.file))" + (f.state.detail.map { ": " + esc($0) } ?? ""))
            case .loaded, .missing, .superseded:
                continue
            }
        }
        // Repeats of one kind in one file as one line (`DiagnosticFolding`, as `summary`);
        // the JSON form keeps each. Sanitized, not escaped: quoted bytes are escaped already.
        for d in DiagnosticFolding.fold(e.diagnostics) { lines.append("  " + TerminalText.sanitized(d.description)) }
        return lines
    }

    /// `inventory`, `evidence` and `diagnostics` members for the JSON report.
    static func evidenceJSON(_ report: CheckReport) -> [(String, JSONWriter.Value)] {
        guard let e = report.evidence else { return [] }
        let inventory: JSONWriter.Value = .object([
            ("used", .optional(e.inventorySource)), ("reason", .string(e.inventoryReason)),
            ("authoritativeProblem", .optional(e.authoritativeInventoryProblem)),
        ])
        let files: [JSONWriter.Value] = e.files.map { f in
            var o: [(String, JSONWriter.Value)] = [("file", .string(f.file)), ("state", .string(f.state.word))]
            if let detail = f.state.detail { o.append(("detail", .string(detail))) }
            return .object(o)
        }
        let diagnostics: [JSONWriter.Value] = e.diagnostics.map { d in
            .object([
                ("severity", .string(d.severity.rawValue)), ("file", .string(d.file)),
                ("line", .optional(d.position?.line)), ("column", .optional(d.position?.column)),
                ("message", .string(d.message)),
            ])
        }
        let unchecked: [JSONWriter.Value] = report.unchecked.map { u in
            .object([("kind", .string(u.kind.rawValue)), ("reason", .string(u.reason)), ("voidsFindings", .bool(u.voidsFindings))])
        }
        return [
            ("inventory", inventory), ("evidence", .array(files)), ("unchecked", .array(unchecked)),
            ("diagnostics", .array(diagnostics)),
        ]
    }
}
