import ExhibitCore

/// Prints a `CheckReport` the way `exhibit check` shows it: text for people (every
/// untrusted string escaped for the terminal) or JSON for scripts (fixed key order,
/// two-space indentation, absent values as `null` so every key is always there).
public enum CheckReportFormatter {
    // MARK: - Shared by text and JSON

    /// `[1], [2], [3]`, at most 20 of them: a run with 900,000 violations must not print
    /// them all on one line (the JSON form has every index).
    static func references(_ indices: [Int], limit: Int = 20) -> String {
        let shown = indices.prefix(limit).map { "[\($0 + 1)]" }.joined(separator: ", ")
        return indices.count > limit ? shown + " and \(indices.count - limit) more" : shown
    }

    static func proposalLines(_ p: ClassificationProposal) -> [String] {
        let confidence = p.confidence.isWorded ? p.confidence.text : "confidence: " + p.confidence.rawValue
        var lines = ["proposed classification: \(p.headlineWithClass) (\(confidence))"]
        lines.append("  \(esc(p.rationale))")
        if !p.evidence.isEmpty { lines.append("  evidence: " + references(p.evidence)) }
        if !p.links.isEmpty {
            lines.append("  linked tests:")
            for link in p.links {
                let refs = references(link.violations)
                lines.append("    \(esc(link.test)) → \(refs) (\(basisText(link.basis)))")
                if let arguments = link.failingArguments { lines.append("      " + SummaryReport.argumentsLine(arguments, escape: esc)) }
            }
        }
        if !p.unexplainedTests.isEmpty {
            // Without the container nothing was there to explain them: not "no violation".
            lines.append(p.proposesClass ? "  explained by no violation:" : "  explained by nothing checked:")
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

    static func esc(_ s: String) -> String { TerminalText.escape(s) }

    /// Kinds only the container inventory can show: without it their counts are unknown.
    static func needsInventory(_ kind: ViolationKind) -> Bool { kind.isBoundaryFailure || kind == .unruled }

    /// What a report without a container says where its violations would be.
    static let containerNotChecked = "the container was not checked (no container inventory was read), so its violations are unknown"

    /// The background-task verdict and the preference contracts, when the rules have them.
    static func appEvidenceLines(_ report: CheckReport) -> [String] {
        var lines: [String] = []
        if let tasks = report.backgroundTasks {
            lines.append("")
            lines.append("background tasks: " + (tasks.isDecided ? "evidence points to " : "") + tasks.verdict)
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

    static func appEvidenceJSON(_ report: CheckReport) -> [(String, JSONWriter.Value)] {
        var members: [(String, JSONWriter.Value)] = []
        if let tasks = report.backgroundTasks {
            members.append(
                (
                    "backgroundTasks",
                    .object([
                        ("cause", .optional(tasks.cause?.rawValue)),
                        ("rationale", .string(tasks.rationale)),
                        ("infoPlistChecked", .bool(tasks.infoPlistChecked)),
                        ("relatedTests", .array(tasks.relatedTests.map { .string($0) })),
                        (
                            "tasks",
                            .array(
                                tasks.tasks.map { t in
                                    .object([
                                        ("identifier", .string(t.identifier)), ("kind", .string(t.kind.rawValue)),
                                        ("permitted", t.permitted.map { .bool($0) } ?? .null),
                                        ("backgroundMode", t.backgroundModePresent.map { .bool($0) } ?? .null),
                                    ])
                                })
                        ),
                    ])
                ))
        }
        if !report.preferences.isEmpty {
            members.append(
                (
                    "preferences",
                    .array(
                        report.preferences.map { p in
                            .object([
                                // Unknown (null), never false or true, where the copy could not be read.
                                ("contract", .string(p.contract)), ("file", .string(p.file)),
                                ("present", p.isPresent.map { .bool($0) } ?? .null),
                                ("type", .optional(p.foundType?.rawValue)), ("valid", p.isValid.map { .bool($0) } ?? .null),
                                ("state", .string(p.summary)),
                            ])
                        })
                ))
        }
        return members
    }
}
