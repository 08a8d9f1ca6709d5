import ExhibitCore

/// The triage note pasted into an issue tracker: what failed, what the person (or the
/// classifier) concluded, and the evidence behind it. Every quoted string passes the
/// `Redactor` (no absolute paths, user names or credentials leave the build host) and
/// the note says what was redacted.
public struct TriageNote {
    public enum Format: String, Sendable, CaseIterable {
        case markdown
        case json
    }

    public var bundle: EvidenceBundle
    public var report: CheckReport
    /// The confirmed classification; nil means the note carries the proposal.
    public var record: TriageRecord?
    /// Violations listed in the table; the rest are counted. Keeps a note pasteable.
    public var tableLimit = 50
    /// The creation steps the run's timeline shows, beside the recorded ones.
    public var steps: CreationSteps

    public init(bundle: EvidenceBundle, report: CheckReport, record: TriageRecord?) {
        self.bundle = bundle
        self.report = report
        self.record = record
        self.steps = CreationSteps(bundle: bundle)
    }

    /// The Step cell: the recorded step; where it disagrees with the inference, both;
    /// without one, the inferred step and its confidence.
    func stepCell(_ v: Violation, _ clean: (String) -> String) -> String {
        let inferred = steps.phrases(for: v).map(clean).joined(separator: "; ")
        guard let recorded = v.step else { return inferred.isEmpty ? "unknown step" : inferred }
        return clean(recorded) + (inferred.isEmpty ? "" : " — " + inferred)
    }

    // MARK: - Markdown

    public func markdown() -> String {
        var redactor = Redactor()
        var out = ""
        let m = bundle.metadata
        func clean(_ s: String) -> String { redactor.redact(TerminalText.escape(s)) }

        out += "## Backup-boundary failure: \(MarkdownText.inline(clean(bundle.runID)))\n\n"
        var facts: [(String, String)] = []
        if let c = m.commit { facts.append(("Commit", MarkdownText.code(clean(c)) + (m.branch.map { " (" + MarkdownText.code(clean($0)) + ")" } ?? ""))) }
        if let s = m.scheme { facts.append(("Scheme", MarkdownText.inline(clean(s)))) }
        if let d = SummaryReport.deviceLine(m) { facts.append(("Device", MarkdownText.inline(clean(d)))) }
        if let r = m.runtimeIdentifier { facts.append(("Runtime", MarkdownText.code(clean(r)))) }
        if let x = m.xcodeVersion { facts.append(("Xcode", MarkdownText.inline(clean(x)))) }
        if let t = m.startTime { facts.append(("Started", Timestamp.utcIfUsable(t) ?? "unusable start time (\(t))")) }
        if let url = m.ciJobURL ?? m.ciJobID { facts.append(("CI job", MarkdownText.inline(clean(url)))) }
        if let r = bundle.primaryResults {
            // Which file the counts are from, and every file whose own counts differ.
            let others = SummaryReport.countDisagreements(bundle).map { "; " + $0 }.joined()
            facts.append(("Tests", MarkdownText.inline(SummaryReport.countsLine(r) + " (from \(r.source.rawValue)\(others))")))
        }
        for (label, value) in facts { out += "- **\(label):** \(value)\n" }

        out += "\n### Classification\n\n"
        if let record {
            out +=
                "**\(record.failureClass.title)**, confirmed by \(MarkdownText.inline(clean(record.author)))"
                + Self.when(record.time) + "; \(record.decision).\n"
            if !record.comment.isEmpty { out += "\n> " + MarkdownText.inline(clean(record.comment)) + "\n" }
            if let issue = record.issue { out += "\nIssue: " + MarkdownText.inline(clean(issue)) + "\n" }
            if record.history.count > 1 {
                // Every classification the run had, newest first: the record keeps them all.
                out += "\nEarlier classifications:\n\n"
                for entry in record.history.dropLast().reversed() {
                    let date = Timestamp.utcIfUsable(entry.time) ?? "date unusable (epoch \(entry.time))"
                    out += "- \(date): **\(entry.failureClass.title)** by \(MarkdownText.inline(clean(entry.author)))"
                    if !entry.comment.isEmpty { out += " — " + MarkdownText.inline(clean(entry.comment)) }
                    if let issue = entry.issue { out += " (issue " + MarkdownText.inline(clean(issue)) + ")" }
                    out += "\n"
                }
            }
        } else {
            let p = report.proposal
            if p.proposesClass {
                let finding = p.finding.map { _ in " (\(p.proposed.title))" } ?? ""
                out += "**\(p.headline)**\(finding), proposed by exhibit (\(p.confidence.text)), not yet confirmed.\n"
            } else {
                // Without the container no class is proposed: "not a boundary failure"
                // would claim a container nobody saw.
                let lead = p.finding.map { "**\($0.title)**; no class" } ?? "No class"
                out += "\(lead) proposed by exhibit (\(p.confidence.text)), not yet confirmed.\n"
            }
        }
        out += "\n" + MarkdownText.inline(clean(report.proposal.rationale)) + "\n"

        let results = bundle.primaryResults
        let failures = results?.failures ?? []
        out += "\n### Failing tests (\(results.map(SummaryReport.failingCount) ?? "0"))\n"
        for f in failures {
            out += "\n- " + MarkdownText.code(clean(f.identifier ?? f.testName))
            if let t = f.targetName { out += " in " + MarkdownText.code(clean(t)) }
            if let file = f.sourceFile { out += " at " + MarkdownText.code(clean(file) + (f.line.map { ":\($0)" } ?? "")) }
            if let only = f.onlyIn { out += " (only in " + MarkdownText.code(only.rawValue) + ")" }
            if let arguments = f.failingArguments {
                out += ", " + SummaryReport.argumentsLine(arguments, escape: { MarkdownText.code(clean($0)) })
            }
            out += "\n\n" + MarkdownText.fenced(clean(f.failureText), indent: "  ")
        }
        if failures.isEmpty { out += bundle.results.isEmpty ? "\nNo test results in the bundle.\n" : "\nNone.\n" }

        let violations = report.violations
        if report.containerChecked {
            // What the check could not see makes the count a lower bound, said before it.
            out += "\n### Violations (\(violations.count)\(report.unchecked.isEmpty ? "" : " known"))\n\n"
            for u in report.unchecked {
                out += "- Not checked: " + MarkdownText.inline(redactor.redact(TerminalText.sanitized(u.reason))) + "\n"
            }
            if !report.unchecked.isEmpty { out += "\n" }
        } else {
            // Unknown, not 0: only what was checked without the container is listed.
            out += "\n### Violations (unknown: container not checked)\n\n"
            out += "No container inventory was read, so the container's violations are unknown.\n"
            if !violations.isEmpty { out += "\nFound without it:\n\n" }
        }
        if violations.isEmpty {
            if report.containerChecked { out += report.unchecked.isEmpty ? "None.\n" : "None known.\n" }
        } else {
            out += "| Kind | Path | Size | Rule (owner) | Step |\n|---|---|---:|---|---|\n"
            for v in violations.prefix(tableLimit) {
                let rule = v.ruleName.map { clean($0) + (v.ruleOwner.map { " (\(clean($0)))" } ?? "") } ?? "—"
                out +=
                    "| \(v.kind.title) | \(MarkdownText.codeCell(redactor.redact(v.escapedPath))) | \(v.unrecordedSizes > 0 ? v.sizeText(files: { _ in "" }) : ByteSize.format(v.size))"
                    + " | \(MarkdownText.cell(rule)) | \(MarkdownText.cell(stepCell(v, clean))) |\n"
            }
            if violations.count > tableLimit {
                out += "\n…and \(violations.count - tableLimit) more; run `exhibit check` on the run for all of them.\n"
            }
        }

        out += appEvidenceMarkdown(clean)

        if !report.budgets.isEmpty {
            // "Counted", as check's budgets line: allowed test resources are left out, so
            // the figure can be below the tree's total; the last column says by how much.
            out += "\n### Top-level directories\n\n| Directory | Counted | Budget | |\n|---|---:|---:|---|\n"
            for b in report.budgets {
                var state = b.isOverKnown == false ? "not known" : b.isOver ? "**over budget**" : (b.budget == nil ? "" : "ok")
                var notes = ["by \(b.measuredBy)"]
                if b.allowedBytes > 0 { notes.append("\(ByteSize.format(b.allowedBytes)) of allowed test resources not counted") }
                state += (state.isEmpty ? "" : " ") + "(" + notes.joined(separator: "; ") + ")"
                out +=
                    "| \(MarkdownText.codeCell(clean(b.directory))) | \(b.bytesText)"
                    + " | \(b.budget.map { ByteSize.format($0) } ?? "—") | \(state) |\n"
            }
        }

        out += "\n### Evidence\n\n"
        let had = bundle.files.filter { $0.wasLoaded }.map { clean($0.file) }
        let lacked = bundle.files.filter { $0.state == .missing }.map { clean($0.file) }
        let broken = bundle.files.filter { if case .malformed = $0.state { true } else { false } }.map { clean($0.file) }
        out += "- Had: " + (had.isEmpty ? "nothing" : had.map { MarkdownText.code($0) }.joined(separator: ", ")) + "\n"
        if !lacked.isEmpty { out += "- Lacked: " + lacked.map { MarkdownText.code($0) }.joined(separator: ", ") + "\n" }
        if !broken.isEmpty { out += "- Malformed: " + broken.map { MarkdownText.code($0) }.joined(separator: ", ") + "\n" }
        out += "- Rules: " + MarkdownText.inline(clean(report.rulesSource)) + "\n"
        if let agreement = steps.agreement() { out += "- Creation steps: " + agreement.sentence + "\n" }

        if redactor.total > 0 {
            out += "\n_Redacted before export: \(redactor.summary)._\n"
        }
        return out
    }

    /// " on 2026-11-04 10:02:11 UTC", or that the record's date is unusable: a
    /// hand-edited record (epoch 1e300) is quoted, never dated `????-??-??`.
    static func when(_ epoch: Double) -> String {
        Timestamp.utcIfUsable(epoch).map { " on " + $0 } ?? " (the record's date is unusable: epoch \(epoch))"
    }

    // MARK: - JSON

    public func json() -> String {
        var redactor = Redactor()
        func clean(_ s: String) -> String { redactor.redact(s) }
        func cleanOpt(_ s: String?) -> JSONWriter.Value { s.map { .string(clean($0)) } ?? .null }
        let m = bundle.metadata
        let r = bundle.primaryResults
        let classification: JSONWriter.Value
        if let record {
            classification = .object([
                ("class", .string(record.failureClass.rawValue)), ("status", .string("confirmed")),
                ("proposed", .optional(record.proposed?.rawValue)),
                ("accepted", record.proposed.map { .bool($0 == record.failureClass) } ?? .null),
                ("comment", .string(clean(record.comment))), ("issue", cleanOpt(record.issue)),
                ("author", .string(clean(record.author))), ("time", .optional(Timestamp.iso8601IfUsable(record.time))),
                ("rationale", .string(clean(report.proposal.rationale))),
                (
                    "history",
                    .array(
                        record.history.map { e in
                            .object([
                                ("class", .string(e.failureClass.rawValue)), ("comment", .string(clean(e.comment))), ("issue", cleanOpt(e.issue)),
                                ("author", .string(clean(e.author))), ("time", .optional(Timestamp.iso8601IfUsable(e.time))),
                            ])
                        })
                ),
            ])
        } else {
            let p = report.proposal
            classification = .object([
                ("class", p.proposesClass ? .string(p.proposed.rawValue) : .null), ("status", .string("proposed")),
                ("finding", .optional(report.proposal.finding?.rawValue)), ("headline", .string(report.proposal.headline)),
                ("confidence", .string(report.proposal.confidence.rawValue)),
                ("rationale", .string(clean(report.proposal.rationale))),
            ])
        }
        var members: [(String, JSONWriter.Value)] = [
            ("run", .string(clean(bundle.runID))),
            ("commit", cleanOpt(m.commit)), ("branch", cleanOpt(m.branch)), ("scheme", cleanOpt(m.scheme)),
            ("device", cleanOpt(m.deviceName)), ("runtime", cleanOpt(m.runtimeIdentifier)),
            ("runtimeVersion", cleanOpt(m.runtimeVersion)), ("ciJob", cleanOpt(m.ciJobURL ?? m.ciJobID)),
            (
                "tests",
                r.map { r in
                    // The same counts as `summary`'s JSON, nulls where the file recorded none.
                    .object(SummaryReport.countsJSON(r) + [("disagreements", SummaryReport.disagreementsJSON(bundle, clean: clean))])
                } ?? .null
            ),
            (
                "failures",
                .array(
                    (r?.failures ?? []).map { f in
                        .object([
                            ("test", .string(clean(f.identifier ?? f.testName))), ("target", cleanOpt(f.targetName)),
                            ("failureText", .string(clean(f.failureText))), ("onlyIn", .optional(f.onlyIn?.rawValue)),
                            ("failingArguments", f.failingArguments.map { .array($0.map { .string(clean($0)) }) } ?? .null),
                        ])
                    })
            ),
            ("classification", classification),
            ("containerChecked", .bool(report.containerChecked)),
            (
                "unchecked",
                .array(report.unchecked.map { u in .object([("kind", .string(u.kind.rawValue)), ("reason", .string(redactor.redact(u.reason)))]) })
            ),
            (
                "violations",
                .array(
                    report.violations.map { v in
                        .object(
                            [("kind", .string(v.kind.rawValue))] + CheckReportFormatter.pathMembers(clean(v.path), isEscaped: v.pathIsEscaped) + [
                                ("size", v.unrecordedSizes > 0 ? .null : .uint(v.size)),
                                ("rule", cleanOpt(v.ruleName)), ("owner", cleanOpt(v.ruleOwner)), ("step", cleanOpt(v.step)),
                                (
                                    "inferredStep",
                                    v.node.flatMap { steps.step(for: $0) }.map { step in
                                        func cleaned(_ step: InferredStep) -> InferredStep {
                                            var step = step
                                            step.label = clean(step.label)
                                            step.rule = clean(step.rule)
                                            return step
                                        }
                                        return CheckReportFormatter.inferredStepJSON(
                                            cleaned(step), filledBy: v.node.map { steps.filling($0).map(cleaned) } ?? [])
                                    } ?? .null
                                ),
                                ("reason", .string(clean(v.reason))),
                            ])
                    })
            ),
            (
                "budgets",
                .array(
                    report.budgets.map { b in
                        .object([
                            ("directory", .string(clean(b.directory))), ("bytes", .uint(b.bytes)),
                            ("budget", b.budget.map { .uint($0) } ?? .null), ("over", .bool(b.isOver)),
                        ])
                    })
            ),
            (
                "evidence",
                .object([
                    ("had", .array(bundle.files.filter { $0.wasLoaded }.map { .string($0.file) })),
                    ("lacked", .array(bundle.files.filter { $0.state == .missing }.map { .string($0.file) })),
                    ("rules", .string(clean(report.rulesSource))),
                ])
            ),
        ]
        members += appEvidenceJSON(clean)
        // The disagreements quote paths and step names: redacted as every other string.
        let agreement = steps.agreement().map { a -> JSONWriter.Value in
            .object([
                ("agreeing", .int(a.agreeing)), ("compared", .int(a.compared)), ("disagreeing", .int(a.disagreeing)),
                ("notComparable", .int(a.notComparable)),
                (
                    "disagreements",
                    .array(
                        a.examples.map { d in
                            .object([("path", .string(clean(d.path))), ("recorded", .string(clean(d.recorded))), ("inferred", .string(clean(d.inferred)))])
                        })
                ),
            ])
        }
        members.append(("stepAgreement", agreement ?? .null))
        members.append(("redacted", .string(redactor.summary)))
        return JSONWriter.render(.object(members))
    }
}

/// Markdown that pastes cleanly into GitHub and GitLab issues: no raw HTML, no table
/// breaking pipes or newlines, code spans that survive backticks in the text, and no
/// mention or reference the evidence put there.
enum MarkdownText {
    /// Plain text in running prose: markup characters and `<` are escaped so text like
    /// `<redacted>` is not swallowed as an HTML tag. A word that GitHub or GitLab would
    /// turn into a mention or a reference (`@acme/security-team`, `#12`, `!34`:
    /// `mayReference`) is written as a code span instead, where neither looks for them:
    /// the same visible text, in code type, and no one notified. (A backslash does not
    /// stop a mention; an invisible character between `@` and the name would, but then
    /// two texts would look alike.)
    static func inline(_ s: String) -> String { inline(s, inTable: false) }

    /// `inline` for a table cell: pipes escaped in code spans too.
    static func cell(_ s: String) -> String { inline(s, inTable: true) }

    private static func inline(_ s: String, inTable: Bool) -> String {
        var out = ""
        for (i, word) in s.replacingNewlines().split(separator: " ", omittingEmptySubsequences: false).enumerated() {
            if i > 0 { out += " " }
            if mayReference(word) {
                out += inTable ? codeCell(String(word)) : code(String(word))
                continue
            }
            for ch in word {
                switch ch {
                case "\\", "`", "*", "_", "[", "]", "<", ">", "|", "#", "~": out += "\\" + String(ch)
                default: out.append(ch)
                }
            }
        }
        return out
    }

    /// Whether GitHub or GitLab could link or notify from `word` in prose: an `@`
    /// anywhere (`@user`, `@org/team`, `group/project@ref`), a sigil before a digit:
    /// `#12` (issues, both), `!12` (merge requests), `$12` (snippets), `&12` (epics), or
    /// one before a letter, digit or quote: `%v1` and `%"v 1"` (milestones), `~bug` and
    /// `~"needs review"` (labels).
    static func mayReference(_ word: Substring) -> Bool {
        var previous: Character?
        for ch in word {
            if ch == "@" { return true }
            if let sigil = previous, ch.isASCII {
                if "#!$&".contains(sigil), ch.isNumber { return true }
                if "%~".contains(sigil), ch.isLetter || ch.isNumber || ch == "\"" { return true }
            }
            previous = ch
        }
        return false
    }

    /// A code span whose fence is longer than any backtick run inside.
    static func code(_ s: String) -> String {
        let flat = s.replacingNewlines()
        let fence = String(repeating: "`", count: longestBacktickRun(flat) + 1)
        let pad = flat.hasPrefix("`") || flat.hasSuffix("`") ? " " : ""
        return fence + pad + flat + pad + fence
    }

    /// Table cells: pipes escaped even inside code spans (GitHub splits on them first).
    static func codeCell(_ s: String) -> String { code(s).replacingOccurrencesOfPipe() }

    static func fenced(_ s: String, indent: String) -> String {
        let fence = String(repeating: "`", count: max(3, longestBacktickRun(s) + 1))
        let body = s.split(separator: "\n", omittingEmptySubsequences: false).map { indent + $0 }.joined(separator: "\n")
        return indent + fence + "\n" + body + "\n" + indent + fence + "\n"
    }

    static func longestBacktickRun(_ s: String) -> Int {
        var longest = 0
        var run = 0
        for ch in s {
            run = ch == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }
}

extension String {
    fileprivate func replacingNewlines() -> String {
        String(map { $0 == "\n" || $0 == "\r" ? " " : $0 })
    }

    fileprivate func replacingOccurrencesOfPipe() -> String {
        var out = ""
        for ch in self { out += ch == "|" ? "\\|" : String(ch) }
        return out
    }
}
