import Testing

@testable import ExhibitCore
@testable import ExhibitRules
@testable import ExhibitSynthetic

/// `check`'s text is built as bytes (`ReportText`); these compare it with the `String`
/// code it replaced: the escape verdict for every relevant scalar, sizes and numbers,
/// whole messages for random violations, and the streamed form against `text`.
@Suite struct ReportTextTests {
    /// `CheckReportFormatter.message` as it was written with `String`s.
    /// `inventory`: the path is escaped from the node's bytes there, as
    /// `TerminalText.escape(bytes:)` shows them (`\xNN` for a byte that is not UTF-8).
    static func referenceMessage(_ v: Violation, in inventory: Inventory? = nil) -> String {
        func esc(_ s: String) -> String { TerminalText.escape(s) }
        var size = ByteSize.format(v.size)
        if v.fileCount > 1 { size += " in \(v.fileCount) files" }
        let path = inventory.flatMap { inv in v.node.map { TerminalText.escape(bytes: inv.pathBytes($0)) } } ?? esc(v.path)
        var parts = ["\(path) (\(size))"]
        if v.kind != .volume, let rule = v.ruleName {
            let what: String? =
                switch v.kind {
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

    /// Scalars around every byte pattern the escape check looks at (C1 controls behind
    /// C2, U+061C behind D8, the U+20xx marks behind E2, U+FEFF behind EF), all of the
    /// BMP's first 0x3000 and its last 0x1000, and a sample of the rest.
    static var scalarsToCheck: [Unicode.Scalar] {
        var values = Array(0..<0x3000) + Array(0xF000...0x10FFF)
        values += stride(from: 0x3000, to: 0x110000, by: 97)
        return values.compactMap { Unicode.Scalar(UInt32($0)) }
    }

    @Test func theEscapeCheckAgreesWithTerminalTextForEveryScalar() {
        for (i, scalar) in Self.scalarsToCheck.enumerated() {
            // At every offset within an 8-byte word, and with ASCII words before and after.
            let text = String(repeating: "a", count: i % 11) + String(Character(scalar)) + String(repeating: "b", count: i % 9)
            var copy = text
            let clean = copy.withUTF8 { ReportText.needsNoEscape($0) }
            let expected = TerminalText.escape(text) == text
            if clean != expected { Issue.record("U+\(String(scalar.value, radix: 16)): \(clean) != \(expected)") }
        }
    }

    @Test func sizesAndNumbersAreWrittenAsFormatWritesThem() {
        var values: [UInt64] = [0, 1, 1023, 1024, 1025, UInt64.max, UInt64.max - 1, 1 << 63]
        for k in 1...6 {
            let unit = UInt64(1) << UInt64(10 * k)
            for delta in [-2, -1, 0, 1, 2] as [Int64] { values.append(UInt64(Int64(bitPattern: unit) &+ delta)) }
            // Just below the point where a value rounds up to the next unit.
            // (Wrapping for the largest unit: any value is a fair input.)
            values.append(unit &* 1023 &+ unit / 2)
            values.append(unit &* 1023 &+ unit / 100 &* 95)
        }
        var rng = SplitMix64(seed: 5)
        for _ in 0..<20_000 { values.append(rng.next() >> (rng.next() % 64)) }
        for v in values {
            let out = ReportText()
            out.appendByteSize(v)
            if out.string != ByteSize.format(v) { Issue.record("\(v): \(out.string) != \(ByteSize.format(v))") }
        }
        for n in [0, 1, 9, 10, 99, 100, 12_345, Int.max, -1, Int.min] + (0..<2_000).map({ _ in Int(truncatingIfNeeded: rng.next() >> (rng.next() % 64)) }) {
            let out = ReportText()
            out.appendDecimal(n)
            if out.string != String(n) { Issue.record("\(n): \(out.string)") }
        }
    }

    static func randomViolation(_ rng: inout SplitMix64) -> Violation {
        func pick<T>(_ list: [T]) -> T { list[Int(rng.next() % UInt64(list.count))] }
        let texts = [
            "Documents/a.txt", "tmp/Exports/日本語ガイド 1.heic", "Library/Caches/x\u{1b}[31m.db", "back\\slash", "bidi\u{202E}txt",
            "café", "a\u{85}b", "plain", "", "zero\u{200B}width", "bom\u{FEFF}",
        ]
        var v = Violation(
            kind: pick(ViolationKind.allCases), path: pick(texts), size: rng.next() >> (rng.next() % 64),
            ruleName: pick([nil, "rule-1", "bad\u{7}rule", "preferences:key"]),
            ruleOwner: pick([nil, "@team", "@t\u{9B}eam"]), requirement: pick([nil] + RestoreRequirement.allCases.map { $0 }),
            step: pick([nil, "first install", "step \"quoted\"", "tab\there"]), reason: pick(texts), fileCount: pick([1, 2, 40_000]))
        if rng.next() % 5 == 0 {
            v.largestContributors = (0..<Int(rng.next() % 3)).map { _ in
                VolumeContributor(node: nil, path: pick(texts), size: rng.next() % 1_000_000, fileCount: 1)
            }
        }
        return v
    }

    @Test func messagesAreByteForByteTheStringVersion() {
        var rng = SplitMix64(seed: 21)
        for _ in 0..<5_000 {
            let v = Self.randomViolation(&rng)
            let got = CheckReportFormatter.message(v)
            let expected = Self.referenceMessage(v)
            if got != expected || !got.utf8.elementsEqual(expected.utf8) { Issue.record("\(got)\n!=\n\(expected)") }
        }
    }

    @Test func aReportLinesUpWithTheReferenceMessagesAndStreamsTheSameBytes() {
        var rng = SplitMix64(seed: 8)
        let violations = (0..<3_000).map { _ in Self.randomViolation(&rng) }
        let proposal = Classifier.classify(violations: violations, failures: [])
        let report = CheckReport(violations: violations, proposal: proposal, budgets: [], rulesSource: "rules.json", rulesDiagnostics: [])
        let text = CheckReportFormatter.text(report, runID: "run")
        // Every violation line is the reference message, in the order of its kind.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var expectedLines: [String] = []
        for kind in ViolationKind.allCases {
            for (i, v) in violations.enumerated() where v.kind == kind { expectedLines.append("  [\(i + 1)] " + Self.referenceMessage(v)) }
        }
        let violationLines = lines.filter { $0.hasPrefix("  [") && !$0.contains(" → ") }
        #expect(violationLines == expectedLines)

        var streamed: [UInt8] = []
        var pieces = 0
        CheckReportFormatter.writeText(report, runID: "run") { piece in
            pieces += 1
            #expect(piece.last == 0x0A, "a piece ends with a whole line")
            streamed += piece
        }
        #expect(pieces > 1)
        #expect(streamed == Array(text.utf8))
    }

    // MARK: - JSON

    static func randomValue(_ rng: inout SplitMix64, depth: Int = 0) -> JSONWriter.Value {
        func pick<T>(_ list: [T]) -> T { list[Int(rng.next() % UInt64(list.count))] }
        let strings = [
            "", "plain", "quote \" inside", "back\\slash", "new\nline\ttab\r", "\u{1b}[31m", "bidi\u{202E}", "c1\u{85}", "日本語", "\u{7f}", "\u{FEFF}",
        ]
        switch rng.next() % (depth < 3 ? 9 : 6) {
        case 0: return .string(pick(strings))
        case 1: return .int(Int(truncatingIfNeeded: rng.next()) >> (rng.next() % 64))
        case 2: return .uint(rng.next() >> (rng.next() % 64))
        case 3: return .double(pick([0, -0.0, 1.5, 1e15, 1e15 - 1, -3, .infinity, .nan, 123_456.789, Double(rng.next() % 1000)]))
        case 4: return .bool(rng.next() % 2 == 0)
        case 5: return .null
        case 6: return .array((0..<Int(rng.next() % 4)).map { _ in randomValue(&rng, depth: depth + 1) })
        default: return .object((0..<Int(rng.next() % 4)).map { _ in (pick(strings), randomValue(&rng, depth: depth + 1)) })
        }
    }

    @Test func jsonValuesAreWrittenAsJSONWriterRendersThem() {
        var rng = SplitMix64(seed: 31)
        for _ in 0..<3_000 {
            let value = Self.randomValue(&rng)
            let out = ReportText()
            JSONText(out: out).value(value, indent: 0)
            out.endLine()
            let expected = JSONWriter.render(value)
            if out.string != expected { Issue.record("\(out.string)\n!=\n\(expected)") }
        }
    }

    /// `CheckReportFormatter.json` as it was: the whole tree, rendered by `JSONWriter`.
    static func referenceJSON(_ report: CheckReport, runID: String) -> String {
        var counts: [(String, JSONWriter.Value)] = []
        for kind in ViolationKind.allCases {
            let known = report.containerChecked || !(kind.isBoundaryFailure || kind == .unruled)
            counts.append((kind.rawValue, known ? .int(report.count(of: kind)) : .null))
        }
        let violations: [JSONWriter.Value] = report.violations.enumerated().map { i, v in
            .object([
                ("id", .int(i + 1)), ("kind", .string(v.kind.rawValue)), ("blocking", .bool(v.kind.isBlocking)), ("path", .string(v.path)),
                ("size", .uint(v.size)), ("files", .int(v.fileCount)), ("rule", .optional(v.ruleName)), ("owner", .optional(v.ruleOwner)),
                ("requirement", .optional(v.requirement?.rawValue)), ("step", .optional(v.step)), ("inferredStep", .null), ("reason", .string(v.reason)),
                ("budget", v.budget.map { .uint($0) } ?? .null),
                (
                    "largestContributors",
                    .array(
                        v.largestContributors.map { c in
                            .object([("path", .string(c.path)), ("size", .uint(c.size)), ("files", .int(c.fileCount))])
                        })
                ),
            ])
        }
        let budgets: [JSONWriter.Value] = report.budgets.map { b in
            .object([
                ("directory", .string(b.directory)), ("bytes", .uint(b.bytes)), ("budget", b.budget.map { .uint($0) } ?? .null),
                ("allowedBytes", .uint(b.allowedBytes)), ("measuredBy", .string(b.measuredBy)),
                ("over", b.isOverKnown == false ? .null : .bool(b.isOver)), ("unrecordedSizes", .int(b.unrecordedSizes)),
                ("allowedUnrecordedSizes", .int(b.allowedUnrecordedSizes)),
            ])
        }
        let p = report.proposal
        let proposal: JSONWriter.Value = .object([
            ("proposed", p.proposesClass ? .string(p.proposed.rawValue) : .null), ("finding", .optional(p.finding?.rawValue)),
            ("headline", .string(p.headline)),
            ("confidence", .string(p.confidence.rawValue)), ("rationale", .string(p.rationale)),
            ("evidence", .array(p.evidence.map { .int($0 + 1) })),
            (
                "links",
                .array(
                    p.links.map { l in
                        .object([
                            ("test", .string(l.test)), ("basis", .string(l.basis.rawValue)), ("violations", .array(l.violations.map { .int($0 + 1) })),
                            ("failingArguments", l.failingArguments.map { .array($0.map { .string($0) }) } ?? .null),
                        ])
                    })
            ),
            ("unexplainedTests", .array(p.unexplainedTests.map { .string($0) })),
        ])
        let diagnostics: [JSONWriter.Value] = report.rulesDiagnostics.map { d in
            .object([
                ("severity", .string(d.severity.rawValue)), ("file", .string(d.file)),
                ("line", d.position.map { .int($0.line) } ?? .null), ("column", d.position.map { .int($0.column) } ?? .null),
                ("message", .string(d.message)),
            ])
        }
        return JSONWriter.render(
            .object(
                [
                    ("run", .string(runID)), ("rulesSource", .string(report.rulesSource)),
                    ("blocking", report.hasBlocking || report.containerChecked ? .bool(report.hasBlocking) : .null),
                    ("containerChecked", .bool(report.containerChecked)),
                    ("counts", .object(counts)), ("violations", .array(violations)), ("undecided", CheckReportFormatter.undecidedJSON(report)),
                    ("budgets", .array(budgets)),
                    ("classification", proposal), ("rulesDiagnostics", .array(diagnostics)),
                ] + CheckReportFormatter.appEvidenceJSON(report) + [("stepAgreement", .null)]))
    }

    @Test func checkJSONIsTheTreeJSONWriterRenders() {
        var rng = SplitMix64(seed: 13)
        for round in 0..<40 {
            var violations = (0..<Int(rng.next() % 400)).map { _ in Self.randomViolation(&rng) }
            for i in violations.indices where rng.next() % 7 == 0 { violations[i].budget = rng.next() }
            let failures = [
                TestFailure(testName: "testTmp()", identifier: nil, failureText: "tmp/Exports/日本語ガイド 1.heic is left"),
                TestFailure(testName: "testRule()", identifier: "T/testRule()", failureText: "rule-1 broke"),
            ]
            var report = CheckReport(
                violations: violations, proposal: Classifier.classify(violations: violations, failures: failures),
                budgets: [DirectoryBudget(directory: "Docu\"ments", bytes: rng.next(), budget: round % 2 == 0 ? nil : 1_024)],
                rulesSource: "rules\u{1b}.json",
                rulesDiagnostics: [Diagnostic(.warning, file: "rules.json", at: SourcePosition(line: 3, column: 4, byteOffset: 20), "odd \"key\"")])
            if round % 3 == 0 { report.rulesDiagnostics = [] }
            if round % 5 == 0 { report.containerChecked = false }
            if round % 4 == 1 { report.budgets[0].unrecordedSizes = Int(rng.next() % 3) }
            if round % 4 == 2 { report.budgets[0].allowedUnrecordedSizes = Int(rng.next() % 2) }
            let json = CheckReportFormatter.json(report, runID: "run-\(round)")
            #expect(json == Self.referenceJSON(report, runID: "run-\(round)"), "round \(round)")
            var streamed: [UInt8] = []
            CheckReportFormatter.writeJSON(report, runID: "run-\(round)") { streamed += $0 }
            #expect(streamed == Array(json.utf8), "round \(round)")
        }
    }
}
