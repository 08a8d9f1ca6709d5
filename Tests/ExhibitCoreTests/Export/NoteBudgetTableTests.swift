import Testing

@testable import ExhibitCore
@testable import ExhibitRules

/// The note's top-level table says what check's budgets line says: the counted size,
/// where it was measured, and the allowed test resources left out, so a figure below
/// the tree's total is explained in the note itself.
@Suite struct NoteBudgetTableTests {
    @Test func theUnsetAttributeSampleSaysWhatWasLeftOut() throws {
        let bundle = SampleRun("run-2026-11-03-unset-attribute").load()
        let rules = try #require(bundle.rulesReading).result.get()
        let report = RulesEngine.check(
            bundle: bundle, compiled: RulesEngine.compile(rules), rulesSource: "rules.json", rulesDiagnostics: [])
        let library = try #require(report.budgets.first { $0.directory == "Library" })
        #expect(library.allowedBytes > 0, "the sample keeps an allowed large resource in Library")
        let markdown = TriageNote(bundle: bundle, report: report, record: nil).markdown()
        #expect(markdown.contains("| Directory | Counted | Budget | |"))
        let row =
            "| `Library` | \(ByteSize.format(library.bytes)) | \(ByteSize.format(library.budget!)) | ok (by du; "
            + "\(ByteSize.format(library.allowedBytes)) of allowed test resources not counted) |"
        #expect(markdown.contains(row), "\(markdown)")
        #expect(markdown.contains("| `tmp` | 0 B | 1.0 MiB | ok (by du) |"))
    }

    @Test func overBudgetAndNoBudgetRowsSayHowTheyWereMeasured() throws {
        let bundle = SampleRun("run-2026-11-03-unset-attribute").load()
        var report = RulesEngine.check(
            bundle: bundle, compiled: RulesEngine.compile(try #require(bundle.rulesReading).result.get()), rulesSource: "rules.json",
            rulesDiagnostics: [])
        report.budgets = [
            DirectoryBudget(directory: "Documents", bytes: 30 << 20, budget: 20 << 20, measuredBy: "inventory"),
            DirectoryBudget(directory: "SystemData", bytes: 512, budget: nil, measuredBy: "du"),
        ]
        let markdown = TriageNote(bundle: bundle, report: report, record: nil).markdown()
        #expect(markdown.contains("| `Documents` | 30.0 MiB | 20.0 MiB | **over budget** (by inventory) |"))
        #expect(markdown.contains("| `SystemData` | 512 B | — | (by du) |"))
    }
}
