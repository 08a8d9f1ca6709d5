import FoundationEssentials
import Testing

@testable import ExhibitCore
@testable import ExhibitRules
@testable import ExhibitTestSupport
@testable import ExhibitTriageUI

@Suite struct DiagnosticFoldingTests {
    private func at(_ line: Int, column: Int = 1) -> SourcePosition { SourcePosition(line: line, column: column, byteOffset: 0) }

    @Test func repeatsOfOneKindInOneFileBecomeOneLine() {
        var diagnostics: [Diagnostic] = (1...31).map {
            .warning("container/files.txt", at: at($0), "path \"./a\($0)/../../x\" leaves the container ('..'); line skipped")
        }
        diagnostics.insert(.warning("container/sizes.txt", at: at(2), "path \"./q/../../x\" leaves the container ('..'); line skipped"), at: 5)
        diagnostics.append(.warning("container/files.txt", at: at(40), "\"a\" is listed again (first on line 3); one entry kept, marked duplicate"))
        diagnostics.append(.warning("container/files.txt", at: at(41), "\"b\" is listed again (first on line 9); one entry kept, marked duplicate"))
        diagnostics.append(.error("container/files.txt", at: at(50), "path \"./z/../../x\" leaves the container ('..'); line skipped"))
        let folded = DiagnosticFolding.fold(diagnostics)
        #expect(folded.map(\.count) == [31, 1, 2, 1])
        #expect(
            folded[0].description
                == "container/files.txt: warning: 31 lines: path \"…\" leaves the container ('..'); line skipped; first at container/files.txt:1, :2, :3")
        #expect(folded[1].description == diagnostics[5].description)
        #expect(
            folded[2].description
                == "container/files.txt: warning: 2 lines: \"…\" is listed again (first on line 3); one entry kept, marked duplicate; first at container/files.txt:40, :41"
        )
        #expect(folded[3].first.severity == .error)
        #expect(folded.reduce(0) { $0 + $1.count } == diagnostics.count)
    }

    @Test func oneLineFilesShowColumnsAndUnpositionedRepeatsCountTimes() {
        let json = [at(1, column: 10), at(1, column: 90)].map { Diagnostic.warning("results/summary.json", at: $0, "ignored \"x\": expected a string") }
        #expect(
            DiagnosticFolding.fold(json).first?.description
                == "results/summary.json: warning: 2 times: ignored \"…\": expected a string; first at results/summary.json:1:10, :1:90")
        let bare = [Diagnostic.note("run.json", "unknown key"), .note("run.json", "unknown key")]
        #expect(DiagnosticFolding.fold(bare).first?.description == "run.json: note: 2 times: unknown key")
        #expect(DiagnosticFolding.template(#"name "a\"b" and "c""#) == #"name "…" and "…""#)
    }

    /// `summary` folds what a `find "$C"` list with a million bad lines warns about.
    @Test func summaryListsFoldedDiagnostics() {
        let lines = (1...40).map { "../outside\($0)" }.joined(separator: "\n") + "\n./Documents/a\n"
        let bundle = BundleLoader.load(runID: "r", from: MemoryEvidenceSource(text: ["container/files.txt": lines]))
        let text = SummaryReport.text(bundle)
        #expect(
            text.contains(
                "  container/files.txt: warning: 40 lines: path \"…\" leaves the container ('..'); line skipped; first at container/files.txt:1, :2, :3\n"))
        #expect(!text.contains("files.txt:4:1"))
        // The JSON form keeps every diagnostic.
        #expect(SummaryReport.json(bundle).components(separatedBy: "leaves the container").count == 41)
    }
}

/// `check` and the UI's evidence pane fold as `summary` does (issue 14 §2).
@Suite struct FoldedDiagnosticsInCheckAndUITests {
    /// A `find "$C"` list run from outside the container: 40 lines climb out of it.
    static let files = [EvidenceLayout.filesList: (1...40).map { "../outside\($0)" }.joined(separator: "\n") + "\n./Documents/a\n./tmp/left.tmp\n"]
    static let folded = "container/files.txt: warning: 40 lines: path \"…\" leaves the container ('..'); line skipped; first at container/files.txt:1, :2, :3"

    @Test func checkTextFoldsAndItsJSONKeepsEachDiagnostic() {
        let bundle = BundleLoader.load(runID: "r", from: MemoryEvidenceSource(text: Self.files))
        var report = RulesEngine.check(bundle: bundle, compiled: RulesEngine.compile(.builtInDefaults), rulesSource: "built-in defaults", rulesDiagnostics: [])
        report.evidence = EvidenceAccount(bundle, rulesShownApart: false)
        let text = CheckReportFormatter.text(report, runID: "r")
        #expect(text.contains("  " + Self.folded + "\n"))
        #expect(!text.contains("files.txt:4:1"))
        let json = CheckReportFormatter.json(report, runID: "r")
        #expect(json.components(separatedBy: "leaves the container").count == 41)
    }

    @Test func theEvidencePaneFolds() {
        var state = EvidenceFixture.state(Self.files, rows: 40, cols: 200)
        state.press(.char("v"))
        let text = TriageRenderer.render(state).text
        #expect(text.contains(Self.folded))
        #expect(!text.contains("files.txt:4:1"))
    }
}
