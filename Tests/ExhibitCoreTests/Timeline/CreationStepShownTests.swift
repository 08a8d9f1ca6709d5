import ExhibitCore
import ExhibitRules
import ExhibitTriageUI
import Testing

/// Where an inferred step shows besides `check`: the details pane, the triage note and
/// the diff between runs, on the generated run of `CreationStepBundleTests`.
@Suite struct CreationStepShownTests {
    static func report(_ bundle: EvidenceBundle) -> CheckReport {
        RulesEngine.check(
            bundle: bundle, compiled: RulesEngine.compile(RulesInventory.builtInDefaults), rulesSource: "built-in defaults", rulesDiagnostics: [])
    }

    static func details(_ path: String, in bundle: EvidenceBundle) throws -> [String] {
        let data = TriageData(bundle: bundle, report: report(bundle))
        let node = try #require(bundle.inventory?.lookup(path))
        return DetailsView.lines(.node(node), data: data, glyphs: .unicode).map { $0.map(\.text).joined() }
    }

    @Test func theDetailsPaneGivesTheRuleAndTheEvidence() throws {
        let bundle = CreationStepBundleTests.run()
        let edge = try Self.details("tmp/edge.tmp", in: bundle)
        #expect(edge.contains(" Inferred  BackupTests/testExport (likely)"))
        #expect(edge.contains { $0.contains("0.600 s after it ended (within the 1.000 s skew allowed)") })
        #expect(edge.contains(" Born      2026-11-03T08:00:30.600Z"))
        #expect(edge.contains(" Window    test BackupTests/testExport 2026-11-03T08:00:20.000Z to 2026-11-03T08:00:30.000Z (session log)"))

        let late = try Self.details("Library/Caches/late.bin", in: bundle)
        #expect(late.contains(" Inferred  BackupTests/testCleanup (likely) — differs from the recorded step"))
        #expect(late.contains(#" Event     failure "tmp is not empty" at 2026-11-03T08:00:45.000Z"#))

        // tmp has no time of its own; what its files were made by still shows.
        let tmp = try Self.details("tmp", in: bundle)
        #expect(tmp.contains(" Inferred  none"))
        #expect(tmp.contains(" Filled by BackupTests/testExport (likely)"))
    }

    @Test func theNoteNamesTheInferredStepAndTheAgreement() {
        let bundle = CreationStepBundleTests.run()
        let note = TriageNote(bundle: bundle, report: Self.report(bundle), record: nil)
        let markdown = note.markdown()
        let tmp = markdown.split(separator: "\n").first { $0.contains("| `tmp` |") }
        #expect(tmp?.hasSuffix(#"| filled by "BackupTests/testExport" (likely) |"#) == true, "\(markdown)")
        #expect(markdown.contains("- Creation steps: inferred steps agree with steps.tsv on 2 of 3 files"))
        let json = note.json()
        #expect(json.contains(#""stepAgreement""#))
        #expect(json.contains(#""filledBy""#))
        #expect(json.contains(#""name": "BackupTests/testExport""#), "\(json)")
    }

    @Test func theDiffListsFilesCreatedByANewStep() throws {
        let base = CreationStepBundleTests.run(id: "base", without: ["Documents/export.pdf", "tmp/edge.tmp"])
        let run = CreationStepBundleTests.run()
        let comparison = try #require(RunComparison(base: base, baseReport: Self.report(base), run: run, report: Self.report(run)))
        #expect(comparison.newSteps.map(\.step) == ["testExport", "BackupTests/testExport"])
        #expect(comparison.newSteps.map(\.basis) == ["recorded", "likely"])
        #expect(comparison.newSteps.map(\.example) == ["Documents/export.pdf", "tmp/edge.tmp"])
        #expect(comparison.text.contains("Created by a new step (2)\n  \"testExport\" (recorded)  1 added file, e.g. Documents/export.pdf\n"))
        #expect(comparison.json.contains(#""newSteps""#))
        // A step the base ran as well is not new.
        let same = try #require(RunComparison(base: run, baseReport: Self.report(run), run: run, report: Self.report(run)))
        #expect(same.newSteps.isEmpty)
    }
}
