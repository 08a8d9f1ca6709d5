import ExhibitCore

/// The text form of `exhibit check`: one line per violation, grouped by kind, then the
/// app evidence, the proposal and the result line.
///
/// Built as bytes (`ReportText`), not as interpolated `String`s joined at the end: at
/// 900,000 violations the `String` assembly cost more than finding them. The bytes are
/// the same (`CheckReportFormatterTests`, and the outputs compared before and after in
/// Tests/bench/RESULTS.md).
extension CheckReportFormatter {
    /// `steps`: the run's inferred creation steps, shown beside (never instead of) the
    /// recorded ones; nil prints the report as before the inference existed.
    public static func text(_ report: CheckReport, runID: String, steps: CreationSteps? = nil) -> String {
        // Violation lines dominate; about 200 bytes each.
        ReportText.collect(capacity: 4096 + report.violations.count * 200) { writeText(report, runID: runID, steps: steps, into: $0) }
    }

    /// The same text as `text(_:runID:)`, handed to `write` in pieces of up to about
    /// 64 KiB or a core's chunk of lines, each ending with a whole line, instead of as
    /// one `String`: with a million violations the text is 200 MB, and a caller that
    /// writes it out needs neither that buffer nor a `String` of it.
    public static func writeText(
        _ report: CheckReport, runID: String, steps: CreationSteps? = nil, to write: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        ReportText.stream(to: write) { writeText(report, runID: runID, steps: steps, into: $0) }
    }

    private static func writeText(_ report: CheckReport, runID: String, steps: CreationSteps?, into out: ReportText) {
        func line(_ s: String) {
            out.appendText(s)
            out.endLine()
        }
        line("exhibit check: run \(esc(runID))")
        line("rules: \(esc(report.rulesSource))")
        for d in report.rulesDiagnostics { line("  \(TerminalText.sanitized(d.description))") }
        let budgeted = report.budgets.filter { $0.budget != nil }
        if !budgeted.isEmpty {
            line("budgets:")
            for b in budgeted {
                var text = "  \(esc(b.directory)): \(b.bytesText) of \(ByteSize.format(b.budget ?? 0)) (\(b.measuredBy))"
                if b.allowedBytes > 0 { text += ", \(ByteSize.format(b.allowedBytes)) of allowed test resources not counted" }
                if b.allowedUnrecordedSizes > 0 {
                    let n = b.allowedUnrecordedSizes
                    text += ", \(n) allowed test resource\(n == 1 ? "" : "s") of no recorded size not subtracted"
                }
                if b.isOverKnown == false { text += " — not known" } else if b.isOver { text += " — over" }
                line(text)
            }
        }
        // Without file times or a timeline nothing is inferred (`phrases` is empty for
        // every violation): decided once, not per line.
        let inferring = steps.flatMap { $0.isAvailable ? $0 : nil }
        var counts = [Int](repeating: 0, count: ViolationKind.allCases.count)
        for i in report.violations.indices { counts[kindIndex(report.violations.kind(at: i))] += 1 }
        for kind in ViolationKind.allCases {
            let count = counts[kindIndex(kind)]
            guard count > 0 else { continue }
            line("")
            let noun = kind.isBlocking ? "violation" : "warning"
            line("\(kind.title): \(count) \(noun)\(count == 1 ? "" : "s")\(kind.isBlocking ? " (blocking)" : "")")
            appendViolationLines(of: kind, count: count, in: report.violations, inferring: inferring, to: out)
        }
        if !report.containerChecked {
            line("")
            line((report.violations.isEmpty ? "violations: unknown: " : "container: ") + containerNotChecked)
        } else if report.violations.isEmpty {
            line("")
            line("no violations")
        }
        for l in undecidedLines(report) { line(l) }
        for l in appEvidenceLines(report) { line(l) }
        for l in evidenceLines(report) { line(l) }
        if let agreement = steps?.agreement() {
            line("")
            line("creation steps: \(agreement.sentence)")
        }
        line("")
        for l in proposalLines(report.proposal) { line(l) }
        line("")
        let blocking = counts.indices.reduce(0) { $0 + (ViolationKind.allCases[$1].isBlocking ? counts[$1] : 0) }
        let warnings = report.violations.count - blocking
        let total = "\(blocking) blocking violation\(blocking == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
        let undecided = report.undecidedRules.count
        var open: [String] = []
        if undecided > 0 {
            open.append("\(undecided) rule\(undecided == 1 ? "" : "s") undecided (exclusion flags \(report.undecidedCauses().words))")
        }
        if !report.unchecked.isEmpty { open.append(RulesEngine.listed(report.whatWasNotChecked) + " not checked (see evidence)") }
        if !report.containerChecked {
            line(
                "result: "
                    + (blocking > 0
                        ? "\(total) — blocking; the container was not checked"
                        : "container not checked, its violations unknown; "
                            + (report.unchecked.isEmpty
                                ? "nothing else blocks (\(total) found elsewhere)"
                                : "nothing else known blocks (\(total) found elsewhere), but " + open.joined(separator: "; ")))
            )
        } else if open.isEmpty {
            line("result: \(total)" + (blocking > 0 ? " — blocking" : " — nothing blocks"))
        } else if report.findingsVoided {
            line("result: \(total) — not decided: " + open.joined(separator: "; ") + ", and the findings may be wrong")
        } else {
            line("result: \(total)" + (blocking > 0 ? " — blocking; " : " — nothing known blocks, but ") + open.joined(separator: "; "))
        }
    }

    /// Violations from which one kind's lines are formatted on two cores
    /// (`appendViolationLines`; tests pass lower bounds, and smaller chunks).
    static let linesTwoCoresFrom = 20_000
    /// Lines a core formats into a buffer of its own before the two are written in order:
    /// about 440 KB each (8,192 lines took 7 MB more at the peak of a check of 922,000
    /// violations, 2,048 lines no time more).
    static let linesPerChunk = 2_048

    /// The lines of the `count` violations of `kind`, in index order. A kind's violations
    /// are one run of indices in report order; a long run is formatted two chunks at a time,
    /// one per core, each into a buffer of its own, and the buffers written one after the
    /// other: the bytes are the one-core text's (the tails each chunk keeps are a cache,
    /// not state), and the chunks in flight bound the memory.
    static func appendViolationLines(
        of kind: ViolationKind, count: Int, in violations: ViolationList, inferring: CreationSteps?, to out: ReportText,
        twoCoresFrom: Int = linesTwoCoresFrom, linesPerChunk: Int = linesPerChunk
    ) {
        guard let first = violations.indices.first(where: { violations.kind(at: $0) == kind }) else { return }
        var end = first
        while end < violations.count, violations.kind(at: end) == kind { end += 1 }
        // The run holds them all, or the kind comes back later (not in report order).
        guard end - first == count, count >= twoCoresFrom else {
            return appendViolationLines(first..<violations.count, of: kind, in: violations, inferring: inferring, to: out)
        }
        let a = ReportText(capacity: linesPerChunk * 256)
        let b = ReportText(capacity: linesPerChunk * 256)
        var start = first
        while start < end {
            let one = start..<min(start + linesPerChunk, end)
            let two = one.upperBound..<min(one.upperBound + linesPerChunk, end)
            a.removeAll()
            b.removeAll()
            _ = TwoCores.run(
                { appendViolationLines(one, of: kind, in: violations, inferring: inferring, to: a) },
                { appendViolationLines(two, of: kind, in: violations, inferring: inferring, to: b) })
            out.appendLines(of: a)
            out.appendLines(of: b)
            start = two.upperBound
        }
    }

    /// The lines of the violations of `kind` among `range`, each numbered by its index.
    private static func appendViolationLines(
        _ range: Range<Int>, of kind: ViolationKind, in violations: ViolationList, inferring: CreationSteps?, to out: ReportText
    ) {
        if inferring == nil, let source = violations.source {
            appendViolationLines(range, of: kind, in: violations, grouping: source, to: out)
            return
        }
        var tails = MessageTails()
        for i in range where violations.kind(at: i) == kind {
            appendNumber(i, to: out)
            let v = violations[i]
            appendMessage(v, to: out, tails: &tails)
            if let inferring { for phrase in inferring.phrases(for: v) { appendInferred(phrase, to: out) } }
            out.endLine()
        }
    }

    /// The same without inferred steps, for a list with grouped violations: each is
    /// written from its node (`appendGroupedMessage`); any other is made at a time (its
    /// path with it), written and dropped. `source` is the list's, taken once here and
    /// lent to every line (bound per line, it was copied per line).
    private static func appendViolationLines(
        _ range: Range<Int>, of kind: ViolationKind, in violations: ViolationList, grouping source: ViolationList.Source, to out: ReportText
    ) {
        var tails = MessageTails()
        var groupedTails = GroupedTails()
        for i in range where violations.kind(at: i) == kind {
            appendNumber(i, to: out)
            if let g = violations.grouped(at: i), appendGroupedMessage(g, from: source, to: out, tails: &groupedTails) {
                out.endLine()
                continue
            }
            appendMessage(violations[i], to: out, tails: &tails)
            out.endLine()
        }
    }

    /// "  [n] ", the violation's number (its index plus one).
    @inline(__always)
    private static func appendNumber(_ i: Int, to out: ReportText) {
        out.append("  [")
        out.appendDecimal(i + 1)
        out.append("] ")
    }

    /// The rules that cannot be decided because the flags of the files they cover are
    /// unknown, each with those files (`CheckReport.undecided`). The heading says why
    /// (`UnknownFlagCauses`: not recorded, recorded as unreadable by the collector, ...);
    /// with more than one cause among them, each entry says its own.
    static func undecidedLines(_ report: CheckReport) -> [String] {
        let rules = report.undecidedRules
        guard !rules.isEmpty else { return [] }
        let blocking = rules.contains { $0.kind.isBlocking }
        let causes = report.undecidedCauses()
        var lines = ["", "undecided: \(rules.count) rule\(rules.count == 1 ? "" : "s") (exclusion flags \(causes.words)\(blocking ? "; blocking" : ""))"]
        for r in rules {
            var head = "  rule \(esc(r.rule))"
            var facts: [String] = []
            if let req = r.requirement { facts.append(req.rawValue) }
            if let owner = r.owner { facts.append("owner \(esc(owner))") }
            if !facts.isEmpty { head += " (\(facts.joined(separator: ", ")))" }
            let files = r.fileCount
            head += ": \(files) file\(files == 1 ? "" : "s") whose flag is unknown"
            lines.append(head)
            for e in r.entries {
                var text = "    \(e.escapedPath) (" + e.sizeText(files: { ", \($0) files" }) + ")"
                if causes.isMixed { text += (e.fileCount > 1 ? " — flags " : " — flag ") + report.flagCauses(of: e).words }
                lines.append(text)
            }
        }
        return lines
    }

    private static func kindIndex(_ kind: ViolationKind) -> Int {
        ViolationKind.allCases.firstIndex(of: kind) ?? 0
    }

    /// One violation on one line:
    /// `Library/.../catalog.bundle (388.0 MiB) — rule offline-catalog (regenerable, owner @news-sync) — not excluded from backup — created by step "upgrade: migrate v3 to v4"`.
    public static func message(_ v: Violation) -> String {
        let out = ReportText()
        var tails = MessageTails()
        appendMessage(v, to: out, tails: &tails)
        return out.string
    }

    /// The part of a message after the path and size depends on the rule, owner,
    /// reason and step only, which violations of a few rules share line after line:
    /// the last few tails are kept as bytes and repeated instead of escaped again.
    struct MessageTails {
        /// A class: compared in place, where a struct of six strings was copied per look.
        final class Tail {
            let kind: ViolationKind
            let ruleName: String?
            let ruleOwner: String?
            let requirement: RestoreRequirement?
            let reason: String
            let step: String?
            let bytes: [UInt8]

            init(
                kind: ViolationKind, ruleName: String?, ruleOwner: String?, requirement: RestoreRequirement?, reason: String,
                step: String?, bytes: [UInt8]
            ) {
                self.kind = kind
                self.ruleName = ruleName
                self.ruleOwner = ruleOwner
                self.requirement = requirement
                self.reason = reason
                self.step = step
                self.bytes = bytes
            }

            /// Strings shared between violations compare in constant time.
            func isTail(of v: Violation) -> Bool {
                // The rule name (a small string, compared as two words) tells most apart.
                v.ruleName == ruleName && v.kind == kind && v.reason == reason && v.step == step && v.ruleOwner == ruleOwner
                    && v.requirement == requirement
            }
        }

        private var recent: [Tail] = []
        private var next = 0

        func tail(of v: Violation) -> [UInt8]? {
            guard v.largestContributors.isEmpty else { return nil }
            for t in recent where t.isTail(of: v) { return t.bytes }
            return nil
        }

        mutating func remember(_ v: Violation, bytes: [UInt8]) {
            guard v.largestContributors.isEmpty else { return }
            let t = Tail(
                kind: v.kind, ruleName: v.ruleName, ruleOwner: v.ruleOwner, requirement: v.requirement, reason: v.reason,
                step: v.step, bytes: bytes)
            if recent.count < 8 {
                recent.append(t)
            } else {
                recent[next] = t
                next = (next + 1) % recent.count
            }
        }
    }

    /// `message(v)`, appended to a report's bytes.
    static func appendMessage(_ v: Violation, to out: ReportText, tails: inout MessageTails) {
        out.appendEscapedPath(v.path, isEscaped: v.pathIsEscaped)
        out.append(" (")
        if v.unrecordedSizes > 0 {
            // `size not recorded`, `at least 4 KiB; 1 size not recorded`: never 0 B for a size never measured.
            out.appendText(v.sizeText())
        } else {
            out.appendByteSize(v.size)
            if v.fileCount > 1 {
                out.append(" in ")
                out.appendDecimal(v.fileCount)
                out.append(" files")
            }
        }
        out.append(")")
        if let known = tails.tail(of: v) {
            known.withUnsafeBufferPointer { out.append($0) }
            return
        }
        let start = out.count
        appendTail(v, to: out)
        tails.remember(v, bytes: Array(out.bytes[start...]))
    }

    static func appendTail(_ v: Violation, to out: ReportText) {
        let separator: StaticString = " — "
        // A volume warning's reason already names its budget.
        if v.kind != .volume, let rule = v.ruleName {
            out.append(separator)
            // App evidence names its contract or task, not a backup rule or policy.
            let what: StaticString? =
                switch v.kind {
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
                out.appendEscapedPath(c.path, isEscaped: c.pathIsEscaped)
                out.append(" (")
                out.appendByteSize(c.size)
                out.append(")")
            }
        }
    }

    /// ` — inferred step "VaultTests/testExport" (likely)` (`CreationSteps.phrases`):
    /// after the cached tail, since it is the file's own, not the rule's.
    static func appendInferred(_ phrase: String, to out: ReportText) {
        out.append(" — ")
        out.appendEscaped(phrase)
    }

    private static func appendOwner(_ owner: String?, to out: ReportText) {
        if let owner {
            out.append("owner ")
            out.appendEscaped(owner)
        } else {
            out.append("no owner")
        }
    }
}
