import Foundation
import Testing

@testable import ExhibitCore
@testable import ExhibitRules
@testable import ExhibitTestSupport
@testable import ExhibitTriageUI

/// Times and sizes come from evidence, so any value a JSON number can spell reaches the
/// arithmetic: `Int(someDouble)` traps beyond ±2^63, on infinity and on NaN. These are
/// the boundary values (also in the fuzz dictionaries under Tests/fuzz/dict/).
@Suite struct EvidenceArithmeticTests {
    static let boundaryTimes = [
        "1e19", "1e300", "1e400", "-1e19", "9223372036854775808", "18446744073709551616",
        "9223372036854775807", "1.7976931348623157e308",
    ]

    /// `run.json` with `finishTime` replaced by `value` (text, so 1e400 stays 1e400).
    static func runJSON(finish value: String) -> [UInt8] {
        Array(#"{"scheme":"Vault","startTime":1793697125.0,"finishTime":\#(value)}"#.utf8)
    }

    static func summaryJSON(finish value: String) -> [UInt8] {
        let sample = String(decoding: SampleRun("run-2026-11-03-unset-attribute").files[EvidenceLayout.summaryJSON]!, as: UTF8.self)
        // Whatever finish the sample renders (make-samples.py), replaced by the value.
        let finish = try! Regex(#""finishTime":[0-9.]+"#)
        #expect(sample.contains(finish), "the sample's summary.json has a finishTime")
        return Array(sample.replacing(finish, with: #""finishTime":\#(value)"#).utf8)
    }

    /// Every presentation of the run's times: summary text and JSON, the note.
    static func present(_ bundle: EvidenceBundle) -> [String] {
        let report = RulesEngine.check(
            bundle: bundle, compiled: RulesEngine.compile(RulesInventory.builtInDefaults), rulesSource: "built-in",
            rulesDiagnostics: [])
        let note = TriageNote(bundle: bundle, report: report, record: nil)
        return [SummaryReport.text(bundle), SummaryReport.json(bundle), note.markdown(), note.json()]
    }

    @Test(arguments: boundaryTimes)
    func aRunLastingBeyondInt64InRunJSONIsShownNotTrapped(value: String) throws {
        let sample = SampleRun("run-2026-11-03-unset-attribute")
        let bundle = sample.load(replacing: EvidenceLayout.runMetadata, with: Self.runJSON(finish: value))
        let outputs = Self.present(bundle)
        let text = outputs[0]
        #expect(text.contains("Started"))
        #expect(!text.contains("ran 0.0 s"))
        let finish = try #require(bundle.metadata.finishTime)
        #expect(finish.isFinite)
        if finish > 1e12 {
            #expect(text.contains("implausible"), "\(value): \(text)")
        } else if Double(value)?.isFinite == false {
            // 1e400: refused in run.json with its position; summary.json's time fills the gap.
            #expect(bundle.diagnostics.contains { $0.file == EvidenceLayout.runMetadata && $0.message.contains("finishTime") && $0.position != nil })
        } else {
            #expect(!text.contains(" · ran "), "\(value): a finish before the start has no duration")
        }
        for output in [outputs[1], outputs[3]] {
            // The key naming the inferred step is not a number.
            let json = output.replacingOccurrences(of: "\"inferredStep\"", with: "")
            #expect(!json.contains("inf") && !json.contains("nan"), "\(value): JSON holds a non-finite number")
        }
    }

    @Test(arguments: boundaryTimes)
    func aRunLastingBeyondInt64InSummaryJSONIsShownNotTrapped(value: String) {
        let sample = SampleRun("run-2026-11-03-unset-attribute")
        // Without its result bundle, whose action times would be shown instead.
        var files = sample.files.filter { !$0.key.contains(".xcresult/") }
        files[EvidenceLayout.runMetadata] = Array(#"{"scheme":"Vault"}"#.utf8)
        files[EvidenceLayout.summaryJSON] = Self.summaryJSON(finish: value)
        let bundle = BundleLoader.load(runID: sample.name, from: MemoryEvidenceSource(files))
        let text = Self.present(bundle)[0]
        if let finish = bundle.metadata.finishTime, finish > 1e12 {
            #expect(text.contains("implausible"), "\(value): \(text)")
        } else {
            #expect(!text.contains(" · ran "), "\(value): no duration from a finish that is unreadable or before the start")
        }
    }

    @Test func durationsAtTheBoundaryAreWordedNotClamped() {
        #expect(SummaryReport.formatDuration(61.6) == "1 min 2 s")
        #expect(SummaryReport.formatDuration(9.87) == "9.9 s")
        for seconds in [1e12, 1e19, 1e300, Double.infinity] {
            #expect(SummaryReport.formatDuration(seconds).contains("implausible"), "\(seconds)")
        }
    }

    @Test func saturatingConversionCoversTheWholeDoubleRange() {
        #expect(Int(saturating: 1e19) == .max)
        #expect(Int(saturating: 9_223_372_036_854_775_808.0) == .max)
        #expect(Int(saturating: -9_223_372_036_854_775_808.0) == .min)
        #expect(Int(saturating: -1e19) == .min)
        #expect(Int(saturating: .infinity) == .max)
        #expect(Int(saturating: -.infinity) == .min)
        #expect(Int(saturating: .nan) == 0)
        #expect(Int(saturating: 9_223_372_036_854_774_784.0) == 9_223_372_036_854_774_784)
        #expect(Int(saturating: -2.9) == -2)
    }

    @Test(arguments: [(UInt64(1_000_000_000_000_000_000), UInt64(1)), (UInt64.max, UInt64(1)), (UInt64.max, UInt64(0))])
    func theBudgetsPaneShowsAnyRatio(bytes: UInt64, budget: UInt64) {
        var bundle = EvidenceBundle(runID: "r")
        var b = InventoryBuilder()
        let docs = b.addDirectory(name: Array("Documents".utf8), parent: 0)
        b.addFile(name: Array("huge".utf8), parent: docs, size: bytes)
        bundle.inventory = b.build()
        let report = CheckReport(
            violations: [],
            proposal: ClassificationProposal(
                proposed: .unsetAttribute, confidence: .mixed, evidence: [], links: [],
                unexplainedTests: [], rationale: ""),
            budgets: [DirectoryBudget(directory: "Documents", bytes: bytes, budget: budget)],
            rulesSource: "rules.json", rulesDiagnostics: [])
        var state = TriageState(data: TriageData(bundle: bundle, report: report), rows: 24, cols: 80)
        while state.focus != .budgets { state.press(.tab) }
        let screen = TriageRenderer.render(state).text
        #expect(screen.contains("over"), "\(screen)")
    }

    @Test func sizeSumsFromEvidenceSaturate() {
        #expect(DirectoryTotal(name: "Documents", kibibytes: UInt64.max / 2, line: 1).bytes == .max)
        #expect(DirectoryTotal(name: "Documents", kibibytes: 2, line: 1).bytes == 2048)
    }
}
