/// Prints a `CheckReport` the way `exhibit check` shows it: text for people (every
/// untrusted string escaped for the terminal) or JSON for scripts (fixed key order,
/// two-space indentation, absent values as `null` so every key is always there).
public enum CheckReportFormatter {
    // MARK: - Text

    public static func text(_ report: CheckReport, runID: String) -> String {
        // Violation lines dominate; about 200 bytes each.
        let out = ReportText(capacity: 4096 + report.violations.count * 200)
        func line(_ s: String) {
            out.appendText(s)
            out.newline()
        }
        line("exhibit check: run \(esc(runID))")
        line("rules: \(esc(report.rulesSource))")
        for d in report.rulesDiagnostics { line("  \(esc(d.description))") }
        let budgeted = report.budgets.filter { $0.budget != nil }
        if !budgeted.isEmpty {
            line("budgets:")
            for b in budgeted {
                var text = "  \(esc(b.directory)): \(ByteSize.format(b.bytes)) of \(ByteSize.format(b.budget ?? 0)) (\(b.measuredBy))"
                if b.allowedBytes > 0 { text += ", \(ByteSize.format(b.allowedBytes)) of allowed test resources not counted" }
                if b.isOver { text += " — over" }
                line(text)
            }
        }
        var counts = [Int](repeating: 0, count: ViolationKind.allCases.count)
        for i in report.violations.indices { counts[kindIndex(report.violations[i].kind)] += 1 }
        for kind in ViolationKind.allCases {
            let count = counts[kindIndex(kind)]
            guard count > 0 else { continue }
            line("")
            let noun = kind.isBlocking ? "violation" : "warning"
            line("\(kind.title): \(count) \(noun)\(count == 1 ? "" : "s")\(kind.isBlocking ? " (blocking)" : "")")
            for i in report.violations.indices where report.violations[i].kind == kind {
                out.append("  [")
                out.appendDecimal(i + 1)
                out.append("] ")
                appendMessage(report.violations[i], to: out)
                out.newline()
            }
        }
        if report.violations.isEmpty {
            line("")
            line("no violations")
        }
        for l in appEvidenceLines(report) { line(l) }
        line("")
        for l in proposalLines(report.proposal) { line(l) }
        line("")
        let blocking = counts.indices.reduce(0) { $0 + (ViolationKind.allCases[$1].isBlocking ? counts[$1] : 0) }
        let warnings = report.violations.count - blocking
        let total = "\(blocking) blocking violation\(blocking == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
        line("result: \(total)" + (blocking > 0 ? " — blocking" : " — nothing blocks"))
        return out.string
    }

    private static func kindIndex(_ kind: ViolationKind) -> Int {
        ViolationKind.allCases.firstIndex(of: kind) ?? 0
    }

    /// One violation on one line:
    /// `Library/.../catalog.bundle (388.0 MiB) — rule offline-catalog (regenerable, owner @news-sync) — not excluded from backup — created by step "upgrade: migrate v3 to v4"`.
    public static func message(_ v: Violation) -> String {
        let out = ReportText()
        appendMessage(v, to: out)
        return out.string
    }

    /// `message(v)`, appended to a report's bytes.
    static func appendMessage(_ v: Violation, to out: ReportText) {
        let separator: StaticString = " — "
        out.appendEscaped(v.path)
        out.append(" (")
        out.appendByteSize(v.size)
        if v.fileCount > 1 {
            out.append(" in ")
            out.appendDecimal(v.fileCount)
            out.append(" files")
        }
        out.append(")")
        // A volume warning's reason already names its budget.
        if v.kind != .volume, let rule = v.ruleName {
            out.append(separator)
            // App evidence names its contract or task, not a backup rule or policy.
            let what: StaticString? = switch v.kind {
            case .preference: "preference contract"
            case .configuration: "background task"
            default: nil
            }
            if let what {
                out.append(what)
                out.append(" ")
                out.appendEscaped(rule)
                out.append(" (")
                appendOwner(v.ruleOwner, to: out)
                out.append(")")
            } else if let requirement = v.requirement {
                out.append("rule ")
                out.appendEscaped(rule)
                out.append(" (")
                out.appendText(requirement.rawValue)
                out.append(", ")
                appendOwner(v.ruleOwner, to: out)
                out.append(")")
            } else {
                out.append("policy ")
                out.appendEscaped(rule)
            }
        }
        out.append(separator)
        out.appendEscaped(v.reason)
        if let step = v.step {
            out.append(separator)
            out.append("created by step \"")
            out.appendEscaped(step)
            out.append("\"")
        }
        if !v.largestContributors.isEmpty {
            out.append(separator)
            out.append("largest: ")
            for (i, c) in v.largestContributors.enumerated() {
                if i > 0 { out.append(", ") }
                out.appendEscaped(c.path)
                out.append(" (")
                out.appendByteSize(c.size)
                out.append(")")
            }
        }
    }

    private static func appendOwner(_ owner: String?, to out: ReportText) {
        if let owner {
            out.append("owner ")
            out.appendEscaped(owner)
        } else {
            out.append("no owner")
        }
    }

    /// `[1], [2], [3]`, at most 20 of them: a run with 900,000 violations must not print
    /// them all on one line (the JSON form has every index).
    static func references(_ indices: [Int], limit: Int = 20) -> String {
        let shown = indices.prefix(limit).map { "[\($0 + 1)]" }.joined(separator: ", ")
        return indices.count > limit ? shown + " and \(indices.count - limit) more" : shown
    }

    static func proposalLines(_ p: ClassificationProposal) -> [String] {
        var lines = ["proposed classification: \(p.proposed.title) (confidence: \(p.confidence.rawValue))"]
        lines.append("  \(esc(p.rationale))")
        if !p.evidence.isEmpty { lines.append("  evidence: " + references(p.evidence)) }
        if !p.links.isEmpty {
            lines.append("  linked tests:")
            for link in p.links {
                let refs = references(link.violations)
                lines.append("    \(esc(link.test)) → \(refs) (\(basisText(link.basis)))")
            }
        }
        if !p.unexplainedTests.isEmpty {
            lines.append("  explained by no violation:")
            for t in p.unexplainedTests { lines.append("    \(esc(t))") }
        }
        return lines
    }

    static func basisText(_ basis: TestLinkBasis) -> String {
        switch basis {
        case .path: "failure names the path"
        case .directory: "failure names its directory"
        case .fileName: "failure names the file"
        case .ruleName: "failure names the rule"
        case .step: "same creating step"
        }
    }

    private static func esc(_ s: String) -> String { TerminalText.escape(s) }

    /// The background-task verdict and the preference contracts, when the rules have them.
    static func appEvidenceLines(_ report: CheckReport) -> [String] {
        var lines: [String] = []
        if let tasks = report.backgroundTasks {
            lines.append("")
            lines.append("background tasks: evidence points to \(tasks.cause?.title ?? "no background-task failure")")
            lines.append("  \(esc(tasks.rationale))")
            for t in tasks.tasks {
                let permitted = t.permitted.map { $0 ? "permitted" : "NOT permitted" } ?? "not checked"
                let mode = t.backgroundModePresent.map { $0 ? "present" : "MISSING" } ?? "not checked"
                lines.append("  \(esc(t.identifier)) (\(t.kind.rawValue)): \(permitted), background mode \(t.kind.backgroundMode) \(mode)")
            }
        }
        if !report.preferences.isEmpty {
            lines.append("")
            lines.append("preferences:")
            for p in report.preferences { lines.append("  \(esc(p.contract)): \(p.summary)") }
        }
        return lines
    }

    private static func appEvidenceJSON(_ report: CheckReport) -> [(String, JSONWriter.Value)] {
        var members: [(String, JSONWriter.Value)] = []
        if let tasks = report.backgroundTasks {
            members.append(("backgroundTasks", .object([
                ("cause", .optional(tasks.cause?.rawValue)),
                ("rationale", .string(tasks.rationale)),
                ("infoPlistChecked", .bool(tasks.infoPlistChecked)),
                ("relatedTests", .array(tasks.relatedTests.map { .string($0) })),
                ("tasks", .array(tasks.tasks.map { t in
                    .object([
                        ("identifier", .string(t.identifier)), ("kind", .string(t.kind.rawValue)),
                        ("permitted", t.permitted.map { .bool($0) } ?? .null),
                        ("backgroundMode", t.backgroundModePresent.map { .bool($0) } ?? .null),
                    ])
                })),
            ])))
        }
        if !report.preferences.isEmpty {
            members.append(("preferences", .array(report.preferences.map { p in
                .object([
                    ("contract", .string(p.contract)), ("file", .string(p.file)), ("present", .bool(p.foundType != nil)),
                    ("type", .optional(p.foundType?.rawValue)), ("valid", .bool(p.isValid)), ("state", .string(p.summary)),
                ])
            })))
        }
        return members
    }

    // MARK: - JSON

    public static func json(_ report: CheckReport, runID: String) -> String {
        var counts: [(String, JSONWriter.Value)] = []
        for kind in ViolationKind.allCases { counts.append((kind.rawValue, .int(report.count(of: kind)))) }
        let violations: [JSONWriter.Value] = report.violations.enumerated().map { i, v in
            .object([
                ("id", .int(i + 1)),
                ("kind", .string(v.kind.rawValue)),
                ("blocking", .bool(v.kind.isBlocking)),
                ("path", .string(v.path)),
                ("size", .uint(v.size)),
                ("files", .int(v.fileCount)),
                ("rule", .optional(v.ruleName)),
                ("owner", .optional(v.ruleOwner)),
                ("requirement", .optional(v.requirement?.rawValue)),
                ("step", .optional(v.step)),
                ("reason", .string(v.reason)),
                ("budget", v.budget.map { .uint($0) } ?? .null),
                ("largestContributors", .array(v.largestContributors.map { c in
                    .object([("path", .string(c.path)), ("size", .uint(c.size)), ("files", .int(c.fileCount))])
                })),
            ])
        }
        let budgets: [JSONWriter.Value] = report.budgets.map { b in
            .object([
                ("directory", .string(b.directory)), ("bytes", .uint(b.bytes)), ("budget", b.budget.map { .uint($0) } ?? .null),
                ("allowedBytes", .uint(b.allowedBytes)), ("measuredBy", .string(b.measuredBy)), ("over", .bool(b.isOver)),
            ])
        }
        let p = report.proposal
        let proposal: JSONWriter.Value = .object([
            ("proposed", .string(p.proposed.rawValue)),
            ("confidence", .string(p.confidence.rawValue)),
            ("rationale", .string(p.rationale)),
            ("evidence", .array(p.evidence.map { .int($0 + 1) })),
            ("links", .array(p.links.map { l in
                .object([("test", .string(l.test)), ("basis", .string(l.basis.rawValue)), ("violations", .array(l.violations.map { .int($0 + 1) }))])
            })),
            ("unexplainedTests", .array(p.unexplainedTests.map { .string($0) })),
        ])
        let diagnostics: [JSONWriter.Value] = report.rulesDiagnostics.map { d in
            .object([
                ("severity", .string(d.severity.rawValue)), ("file", .string(d.file)),
                ("line", d.position.map { .int($0.line) } ?? .null), ("column", d.position.map { .int($0.column) } ?? .null),
                ("message", .string(d.message)),
            ])
        }
        let root: JSONWriter.Value = .object([
            ("run", .string(runID)),
            ("rulesSource", .string(report.rulesSource)),
            ("blocking", .bool(report.hasBlocking)),
            ("counts", .object(counts)),
            ("violations", .array(violations)),
            ("budgets", .array(budgets)),
            ("classification", proposal),
            ("rulesDiagnostics", .array(diagnostics)),
        ] + appEvidenceJSON(report))
        return JSONWriter.render(root)
    }
}
