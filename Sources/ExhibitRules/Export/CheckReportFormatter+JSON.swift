import ExhibitCore

/// The JSON form of `exhibit check`: the text `JSONWriter.render` makes of the report's
/// tree, written as bytes (`ReportText`) without building the tree for the violations
/// and the proposal's index lists, which at 900,000 violations took a `JSONWriter.Value`
/// object per violation (about 1 KB each) and most of the time.
extension CheckReportFormatter {
    /// A path's JSON members: `"path"`, and `"pathEscaped": true` where the path is the
    /// escaped form of bytes that are not UTF-8 (`Violation.pathIsEscaped`), which JSON
    /// cannot hold (written only then, so every other object is as it was).
    static func pathMembers(_ path: String, isEscaped: Bool, key: String = "path") -> [(String, JSONWriter.Value)] {
        isEscaped ? [(key, .string(path)), (key + "Escaped", .bool(true))] : [(key, .string(path))]
    }

    /// `steps`: the run's inferred creation steps (each violation's `inferredStep`, the
    /// top-level `stepAgreement`); nil writes both as `null`.
    public static func json(_ report: CheckReport, runID: String, steps: CreationSteps? = nil) -> String {
        // Violation objects dominate; about 420 bytes each.
        ReportText.collect(capacity: 4096 + report.violations.count * 420) { writeJSON(report, runID: runID, steps: steps, into: $0) }
    }

    /// The same text as `json(_:runID:)`, handed to `write` in pieces of about 64 KiB
    /// (each ends between two array items) instead of as one `String`.
    public static func writeJSON(
        _ report: CheckReport, runID: String, steps: CreationSteps? = nil, to write: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        ReportText.stream(to: write) { writeJSON(report, runID: runID, steps: steps, into: $0) }
    }

    private static func writeJSON(_ report: CheckReport, runID: String, steps: CreationSteps?, into out: ReportText) {
        let j = JSONText(out: out)
        var counts: [(String, JSONWriter.Value)] = []
        for kind in ViolationKind.allCases {
            // Unknown, not 0, where the container was not checked.
            let known = report.containerChecked || !needsInventory(kind)
            counts.append((kind.rawValue, known ? .int(report.count(of: kind)) : .null))
        }
        // Nothing known blocks, but the container was not checked: not "false".
        let blocking: JSONWriter.Value = report.hasBlocking || report.containerChecked ? .bool(report.hasBlocking) : .null
        let budgets: [JSONWriter.Value] = report.budgets.map { b in
            .object([
                ("directory", .string(b.directory)), ("bytes", .uint(b.bytes)), ("budget", b.budget.map { .uint($0) } ?? .null),
                ("allowedBytes", .uint(b.allowedBytes)), ("measuredBy", .string(b.measuredBy)),
                // Within the budget by sizes that are partly unrecorded: not known.
                ("over", b.isOverKnown == false ? .null : .bool(b.isOver)), ("unrecordedSizes", .int(b.unrecordedSizes)),
                ("allowedUnrecordedSizes", .int(b.allowedUnrecordedSizes)),
            ])
        }
        let diagnostics: [JSONWriter.Value] = report.rulesDiagnostics.map { d in
            .object([
                ("severity", .string(d.severity.rawValue)), ("file", .string(d.file)),
                ("line", d.position.map { .int($0.line) } ?? .null), ("column", d.position.map { .int($0.column) } ?? .null),
                ("message", .string(d.message)),
            ])
        }
        let p = report.proposal
        var members: [(String, (Int) -> Void)] = [
            ("run", { j.value(.string(runID), indent: $0) }),
            ("rulesSource", { j.value(.string(report.rulesSource), indent: $0) }),
            ("blocking", { j.value(blocking, indent: $0) }),
            ("containerChecked", { j.value(.bool(report.containerChecked), indent: $0) }),
            ("counts", { j.value(.object(counts), indent: $0) }),
            (
                "violations",
                { indent in
                    // One violation made at a time (its path with it), written and dropped.
                    let violations = report.violations
                    j.array(count: violations.count, indent: indent) { i, inner in
                        let v = violations[i]
                        let node = v.node
                        j.violation(
                            v, id: i + 1, inferred: node.flatMap { steps?.step(for: $0) },
                            filledBy: node.map { steps?.filling($0) ?? [] } ?? [], indent: inner)
                    }
                }
            ),
            ("undecided", { j.value(undecidedJSON(report), indent: $0) }),
            ("budgets", { j.value(.array(budgets), indent: $0) }),
            (
                "classification",
                { indent in
                    j.object(
                        indent: indent,
                        [
                            ("proposed", { j.value(p.proposesClass ? .string(p.proposed.rawValue) : .null, indent: $0) }),
                            ("finding", { j.value(.optional(p.finding?.rawValue), indent: $0) }),
                            ("headline", { j.value(.string(p.headline), indent: $0) }),
                            ("confidence", { j.value(.string(p.confidence.rawValue), indent: $0) }),
                            ("rationale", { j.value(.string(p.rationale), indent: $0) }),
                            ("evidence", { j.references(p.evidence, indent: $0) }),
                            (
                                "links",
                                { indent in
                                    j.array(count: p.links.count, indent: indent) { i, inner in
                                        let l = p.links[i]
                                        j.object(
                                            indent: inner,
                                            [
                                                ("test", { j.value(.string(l.test), indent: $0) }),
                                                ("basis", { j.value(.string(l.basis.rawValue), indent: $0) }),
                                                ("violations", { j.references(l.violations, indent: $0) }),
                                                (
                                                    "failingArguments",
                                                    { j.value(l.failingArguments.map { .array($0.map { .string($0) }) } ?? .null, indent: $0) }
                                                ),
                                            ])
                                    }
                                }
                            ),
                            ("unexplainedTests", { j.value(.array(p.unexplainedTests.map { .string($0) }), indent: $0) }),
                        ])
                }
            ),
            ("rulesDiagnostics", { j.value(.array(diagnostics), indent: $0) }),
        ]
        for (key, value) in appEvidenceJSON(report) { members.append((key, { j.value(value, indent: $0) })) }
        for (key, value) in evidenceJSON(report) { members.append((key, { j.value(value, indent: $0) })) }
        let agreement = steps?.agreement()
        members.append(("stepAgreement", { j.value(agreement.map(stepAgreementJSON) ?? .null, indent: $0) }))
        j.object(indent: 0, members)
        out.endLine()
    }
}

extension CheckReportFormatter {
    /// `{"name", "confidence", "rule", "time"}`: the inferred step of one violation's
    /// item, `time` saying which of its times placed it (`birth`, `mtime`, or null).
    /// `filledBy`: for a directory, the steps inferred for the items below it (name and
    /// confidence), other than its own; empty for a file.
    static func inferredStepJSON(_ step: InferredStep, filledBy: [InferredStep] = []) -> JSONWriter.Value {
        .object([
            ("name", .string(step.label)), ("confidence", .string(step.confidence.rawValue)), ("rule", .string(step.rule)),
            ("time", step.timeSource.map { .string($0 == .birth ? "birth" : "mtime") } ?? .null),
            (
                "filledBy",
                .array(filledBy.map { .object([("name", .string($0.label)), ("confidence", .string($0.confidence.rawValue))]) })
            ),
        ])
    }

    static func stepAgreementJSON(_ agreement: StepAgreement) -> JSONWriter.Value {
        .object([
            ("agreeing", .int(agreement.agreeing)), ("compared", .int(agreement.compared)),
            ("disagreeing", .int(agreement.disagreeing)), ("notComparable", .int(agreement.notComparable)),
            (
                "disagreements",
                .array(
                    agreement.examples.map { d in
                        .object([("path", .string(d.path)), ("recorded", .string(d.recorded)), ("inferred", .string(d.inferred))])
                    })
            ),
        ])
    }

    /// Rules left undecided by unknown exclusion flags, with the entries they cover.
    static func undecidedJSON(_ report: CheckReport) -> JSONWriter.Value {
        let rules: [JSONWriter.Value] = report.undecidedRules.map { r in
            .object([
                ("rule", .string(r.rule)), ("kind", .string(r.kind.rawValue)),
                ("requirement", r.requirement.map { .string($0.rawValue) } ?? .null), ("owner", r.owner.map { .string($0) } ?? .null),
                ("fileCount", .int(r.fileCount)),
                (
                    "entries",
                    .array(
                        r.entries.map { e in
                            .object(
                                CheckReportFormatter.pathMembers(e.path, isEscaped: e.pathIsEscaped) + [
                                    ("bytes", e.unrecordedSizes > 0 ? .null : .uint(e.size)),
                                    ("fileCount", .int(e.fileCount)),
                                    ("flagUnknown", .array(report.flagCauses(of: e).names.map { .string($0) })),
                                ])
                        })
                ),
            ])
        }
        let reason = report.undecided.isEmpty ? "" : "exclusion flags " + report.undecidedCauses().words
        return .object([
            ("blocking", .bool(report.hasUndecidedBlocking)), ("reason", .string(reason)),
            ("rules", .array(rules)),
        ])
    }
}

/// `JSONWriter`'s layout (two-space indent, `"key": value`, `[]` and `{}` when empty)
/// and escaping, written into a `ReportText` (`ReportTextTests` compares it with
/// `JSONWriter.render`).
struct JSONText {
    let out: ReportText

    func spaces(_ n: Int) {
        for _ in 0..<n { out.append(byte: 0x20) }
    }

    /// `JSONWriter.appendQuoted`: a string with nothing to escape is copied as it is.
    func quoted(_ s: String) {
        let copied = s.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
            guard ReportText.needsNoJSONEscape(utf8) else { return false }
            out.append(byte: 0x22)
            out.append(utf8)
            out.append(byte: 0x22)
            return true
        }
        if copied != true {
            var text = ""
            JSONWriter.appendQuoted(s, to: &text)
            out.appendText(text)
        }
    }

    /// Any `JSONWriter.Value`, as `JSONWriter.write` renders it at `indent`.
    func value(_ v: JSONWriter.Value, indent: Int) {
        switch v {
        case .string(let s): quoted(s)
        case .int(let i): out.appendDecimal(i)
        case .uint(let u): out.appendDecimal(u)
        case .double(let d):
            if d.isFinite {
                out.appendText(d.rounded() == d && d.magnitude < 1e15 ? String(Int64(d)) : String(d))
            } else {
                out.append("null")
            }
        case .bool(let b): out.append(b ? "true" : "false")
        case .null: out.append("null")
        case .array(let items):
            array(count: items.count, indent: indent) { i, inner in value(items[i], indent: inner) }
        case .object(let members):
            object(indent: indent, members.map { member in (member.0, { value(member.1, indent: $0) }) })
        }
    }

    /// An array of `count` items; `item(i, indent)` writes item `i`.
    func array(count: Int, indent: Int, _ item: (Int, Int) -> Void) {
        guard count > 0 else {
            out.append("[]")
            return
        }
        out.append("[\n")
        for i in 0..<count {
            spaces(indent + 2)
            item(i, indent + 2)
            out.append(i < count - 1 ? ",\n" : "\n")
            out.flushIfFull()
        }
        spaces(indent)
        out.append("]")
    }

    /// An object whose member values are written by closures (given their indent).
    func object(indent: Int, _ members: [(String, (Int) -> Void)]) {
        guard !members.isEmpty else {
            out.append("{}")
            return
        }
        out.append("{\n")
        for (i, (key, write)) in members.enumerated() {
            spaces(indent + 2)
            quoted(key)
            out.append(": ")
            write(indent + 2)
            out.append(i < members.count - 1 ? ",\n" : "\n")
        }
        spaces(indent)
        out.append("}")
    }

    /// Violation indices as the 1-based ids the report prints.
    func references(_ indices: [Int], indent: Int) {
        array(count: indices.count, indent: indent) { i, _ in out.appendDecimal(indices[i] + 1) }
    }

    private func key(_ name: StaticString, indent: Int, first: Bool = false) {
        if !first { out.append(",\n") }
        spaces(indent)
        out.append("\"")
        out.append(name)
        out.append("\": ")
    }

    private func optional(_ s: String?) {
        if let s { quoted(s) } else { out.append("null") }
    }

    /// One violation object, members in the order the report has always had.
    func violation(_ v: Violation, id: Int, inferred: InferredStep? = nil, filledBy: [InferredStep] = [], indent: Int) {
        let inner = indent + 2
        out.append("{\n")
        key("id", indent: inner, first: true)
        out.appendDecimal(id)
        key("kind", indent: inner)
        quoted(v.kind.rawValue)
        key("blocking", indent: inner)
        out.append(v.kind.isBlocking ? "true" : "false")
        key("path", indent: inner)
        quoted(v.path)
        if v.pathIsEscaped {
            key("pathEscaped", indent: inner)
            out.append("true")
        }
        key("size", indent: inner)
        // null where the inventory did not record the size of the entry or of one below it.
        if v.unrecordedSizes > 0 { out.append("null") } else { out.appendDecimal(v.size) }
        key("files", indent: inner)
        out.appendDecimal(v.fileCount)
        key("rule", indent: inner)
        optional(v.ruleName)
        key("owner", indent: inner)
        optional(v.ruleOwner)
        key("requirement", indent: inner)
        optional(v.requirement?.rawValue)
        key("step", indent: inner)
        optional(v.step)
        key("inferredStep", indent: inner)
        value(inferred.map { CheckReportFormatter.inferredStepJSON($0, filledBy: filledBy) } ?? .null, indent: inner)
        key("reason", indent: inner)
        quoted(v.reason)
        key("budget", indent: inner)
        if let budget = v.budget { out.appendDecimal(budget) } else { out.append("null") }
        key("largestContributors", indent: inner)
        value(
            .array(
                v.largestContributors.map { c in
                    .object(
                        CheckReportFormatter.pathMembers(c.path, isEscaped: c.pathIsEscaped) + [("size", .uint(c.size)), ("files", .int(c.fileCount))])
                }), indent: inner)
        out.append("\n")
        spaces(indent)
        out.append("}")
    }
}
