/// Prints a `CheckReport` the way `exhibit check` shows it: text for people (every
/// untrusted string escaped for the terminal) or JSON for scripts (fixed key order,
/// two-space indentation, absent values as `null` so every key is always there).
public enum CheckReportFormatter {
    // MARK: - Text

    public static func text(_ report: CheckReport, runID: String) -> String {
        var lines: [String] = []
        lines.append("exhibit check: run \(esc(runID))")
        lines.append("rules: \(esc(report.rulesSource))")
        for d in report.rulesDiagnostics { lines.append("  \(esc(d.description))") }
        let budgeted = report.budgets.filter { $0.budget != nil }
        if !budgeted.isEmpty {
            lines.append("budgets:")
            for b in budgeted {
                var line = "  \(esc(b.directory)): \(ByteSize.format(b.bytes)) of \(ByteSize.format(b.budget ?? 0)) (\(b.measuredBy))"
                if b.allowedBytes > 0 { line += ", \(ByteSize.format(b.allowedBytes)) of allowed test resources not counted" }
                if b.isOver { line += " — over" }
                lines.append(line)
            }
        }
        for kind in ViolationKind.allCases {
            let indices = report.violations.indices.filter { report.violations[$0].kind == kind }
            guard !indices.isEmpty else { continue }
            lines.append("")
            let noun = kind.isBlocking ? "violation" : "warning"
            lines.append("\(kind.title): \(indices.count) \(noun)\(indices.count == 1 ? "" : "s")\(kind.isBlocking ? " (blocking)" : "")")
            for i in indices { lines.append("  [\(i + 1)] " + message(report.violations[i])) }
        }
        if report.violations.isEmpty {
            lines.append("")
            lines.append("no violations")
        }
        lines.append(contentsOf: appEvidenceLines(report))
        lines.append("")
        lines.append(contentsOf: proposalLines(report.proposal))
        lines.append("")
        let blocking = report.violations.filter { $0.kind.isBlocking }.count
        let warnings = report.violations.count - blocking
        let counts = "\(blocking) blocking violation\(blocking == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
        lines.append("result: \(counts)" + (blocking > 0 ? " — blocking" : " — nothing blocks"))
        return lines.joined(separator: "\n") + "\n"
    }

    /// One violation on one line:
    /// `Library/.../catalog.bundle (388.0 MiB) — rule offline-catalog (regenerable, owner @news-sync) — not excluded from backup — created by step "upgrade: migrate v3 to v4"`.
    public static func message(_ v: Violation) -> String {
        var size = ByteSize.format(v.size)
        if v.fileCount > 1 { size += " in \(v.fileCount) files" }
        var parts = ["\(esc(v.path)) (\(size))"]
        // A volume warning's reason already names its budget.
        if v.kind != .volume, let rule = v.ruleName {
            // App evidence names its contract or task, not a backup rule or policy.
            let what: String? = switch v.kind {
            case .preference: "preference contract"
            case .configuration: "background task"
            default: nil
            }
            if let what {
                parts.append("\(what) \(esc(rule)) (\(v.ruleOwner.map { "owner \(esc($0))" } ?? "no owner"))")
            } else if let requirement = v.requirement {
                let owner = v.ruleOwner.map { "owner \(esc($0))" } ?? "no owner"
                parts.append("rule \(esc(rule)) (\(requirement.rawValue), \(owner))")
            } else {
                parts.append("policy \(esc(rule))")
            }
        }
        parts.append(esc(v.reason))
        if let step = v.step { parts.append("created by step \"\(esc(step))\"") }
        if !v.largestContributors.isEmpty {
            let list = v.largestContributors.map { "\(esc($0.path)) (\(ByteSize.format($0.size)))" }.joined(separator: ", ")
            parts.append("largest: \(list)")
        }
        return parts.joined(separator: " — ")
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
