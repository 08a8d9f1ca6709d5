import ExhibitCore

/// `exhibit diff` output. The text keeps its first line and the file lines as they were
/// (scripts read them) and adds the counts, then one block per non-empty section in
/// `Section` order; every evidence string is escaped. The JSON keeps its keys and adds
/// the sections' (exhibit(1) documents the shape).
extension RunComparison {
    public var text: String {
        var s =
            "Base \(TerminalText.escape(baseRunID)), run \(TerminalText.escape(runID)): "
            + "\(files.count(.added)) added, \(files.count(.removed)) removed, \(files.count(.grown)) grown\n"
        let lost = files.flagChanges.reduce(0) { $0 + ($1.direction == .nowBackedUp && $1.areaBackedUp ? 1 : 0) }
        // Not decided, the count is only what is known: never "Regressions: 0 (".
        s += "Regressions: \(regressions)" + (isDecided ? "" : " known, not decided") + " ("
        s += Self.counted(violations.newBlocking, "new blocking violation") + ", "
        s += "\(lost) excluded -> backed up, " + Self.counted(tests.newFailing.count, "newly failing test") + ")\n"
        s += "Improvements: \(improvements) (" + Self.counted(violations.fixed.count, "fixed violation") + ", "
        s += "\(files.count(.nowExcluded)) backed up -> excluded, " + Self.counted(tests.fixed.count, "fixed test") + ")\n"
        s += "Also: \(files.moves.count) moved between areas, " + Self.counted(tests.flaky.count, "flaky test") + ", "
        s += Self.counted(violations.new.count - violations.newBlocking, "new warning") + "\n"
        s += "Both runs checked against " + TerminalText.escape(rulesSource) + "\n"
        if !isDecided {
            s += "Not decided: the comparison rests on evidence check would not decide on\n"
            for (side, reasons) in [("base", baseNotDecided), ("run", runNotDecided)] {
                for reason in reasons { s += "  \(side): " + TerminalText.sanitized(reason) + "\n" }
            }
        }
        if files.flagsNotRecordedInBase > 0 || files.flagsNotRecordedInRun > 0 {
            s += "Flags not compared: " + Self.counted(files.flagsNotRecordedInBase, "file") + " not recorded in base, "
            s += "\(files.flagsNotRecordedInRun) not recorded in this run\n"
        }
        if let why = tests.notCompared { s += "Tests not compared: \(why)\n" }
        for section in Section.allCases where count(section) > 0 {
            s += "\n\(section.title) (\(count(section)))\n"
            s += lines(section)
        }
        if !newSteps.isEmpty {
            s += "\nCreated by a new step (\(newSteps.count))\n"
            for n in newSteps {
                s += "  \"" + TerminalText.escape(n.step) + "\" (\(n.basis))  " + Self.counted(n.fileCount, "added file")
                s += ", e.g. " + TerminalText.escape(n.example) + "\n"
            }
        }
        return s
    }

    private func lines(_ section: Section) -> String {
        switch section {
        case .files: return files.fileLines()
        case .newViolations: return violations.new.map(Self.violationLine).joined()
        case .fixedViolations: return violations.fixed.map(Self.violationLine).joined()
        case .nowBackedUp, .nowExcluded:
            let direction: InventoryDiff.FlagDirection = section == .nowBackedUp ? .nowBackedUp : .nowExcluded
            return files.flagChanges.filter { $0.direction == direction }.map { f in
                var line =
                    "  " + TerminalText.escape(f.path) + "  " + Self.counted(f.fileCount, "file") + ", "
                    + InventoryDiff.totalText(f.bytes, fileCount: f.fileCount, unrecorded: f.unrecordedSizes)
                if !f.areaBackedUp { line += "  (area not backed up either way)" }
                return line + InventoryDiff.violationBadges(f.violations) + "\n"
            }.joined()
        case .moved:
            return files.moves.map { m in
                "  " + TerminalText.escape(m.path) + "  from " + TerminalText.escape(m.basePath) + "  "
                    + InventoryDiff.sizeText(m.size, notRecorded: m.sizeNotRecorded) + (m.step.map { "  step " + TerminalText.escape($0) } ?? "")
                    + InventoryDiff.violationBadges(m.violations) + "\n"
            }.joined()
        case .newFailingTests: return tests.newFailing.map(Self.testLine).joined()
        case .fixedTests: return tests.fixed.map(Self.testLine).joined()
        case .flakyTests: return tests.flaky.map(Self.testLine).joined()
        }
    }

    /// "1 file", "2 files".
    package static func counted(_ n: Int, _ noun: String) -> String { "\(n) " + noun + (n == 1 ? "" : "s") }

    static func violationLine(_ v: Violation) -> String {
        var line = "  \(v.kind.badge)  " + v.escapedPath
        line += "  " + TerminalText.escape(v.ruleName ?? v.kind.rawValue) + ": " + TerminalText.escape(v.reason)
        if v.fileCount > 1 { line += "  (" + counted(v.fileCount, "file") + ")" }
        return line + "\n"
    }

    static func testLine(_ t: TestOutcomeDiff.Change) -> String {
        var line = "  " + TerminalText.escape(t.test)
        if let d = t.destination { line += "  on " + TerminalText.escape(d) }
        if !t.attempts.isEmpty { line += "  attempts " + t.attempts.map { $0.description.lowercased() }.joined(separator: ", ") }
        return line + "  " + t.other + "\n"
    }

    public var json: String {
        var fields = files.jsonFields(base: baseRunID, run: runID)
        fields += [
            ("rules", .string(rulesSource)),
            ("decided", .bool(isDecided)),
            ("notDecided", .object([("base", .array(baseNotDecided.map { .string($0) })), ("run", .array(runNotDecided.map { .string($0) }))])),
            ("regressions", .int(regressions)),
            ("improvements", .int(improvements)),
            (
                "violations",
                .object([
                    ("newBlocking", .int(violations.newBlocking)),
                    ("new", .array(violations.new.map(Self.violationJSON))),
                    ("fixed", .array(violations.fixed.map(Self.violationJSON))),
                ])
            ),
            (
                "tests",
                .object([
                    ("compared", .bool(tests.notCompared == nil)),
                    ("notCompared", .optional(tests.notCompared)),
                    ("newFailing", .array(tests.newFailing.map(Self.testJSON))),
                    ("fixed", .array(tests.fixed.map(Self.testJSON))),
                    ("flaky", .array(tests.flaky.map(Self.testJSON))),
                ])
            ),
            (
                "newSteps",
                .array(
                    newSteps.map { n in
                        .object([("step", .string(n.step)), ("basis", .string(n.basis)), ("files", .int(n.fileCount)), ("example", .string(n.example))])
                    })
            ),
        ]
        return JSONWriter.render(.object(fields))
    }

    static func violationJSON(_ v: Violation) -> JSONWriter.Value {
        .object(
            [
                ("kind", .string(v.kind.rawValue)), ("rule", .optional(v.ruleName)),
            ] + CheckReportFormatter.pathMembers(v.path, isEscaped: v.pathIsEscaped) + [
                ("blocking", .bool(v.kind.isBlocking)), ("files", .int(v.fileCount)),
                ("size", v.unrecordedSizes > 0 ? .null : .uint(v.size)),
                ("reason", .string(v.reason)),
            ])
    }

    static func testJSON(_ t: TestOutcomeDiff.Change) -> JSONWriter.Value {
        .object([
            ("test", .string(t.test)), ("destination", .optional(t.destination)), ("other", .string(t.other)),
            ("attempts", .array(t.attempts.map { .string($0.description) })),
        ])
    }
}
