import Testing

@testable import ExhibitCore
@testable import ExhibitRules
@testable import ExhibitTriageUI

/// The UI fails closed as `check` does: a truncated inventory, or one without flags,
/// says so in the header and in the evidence pane (`v`); no class is proposed without
/// an inventory, and `c` asks before recording a class the evidence cannot support.
@Suite struct EvidenceGoldenTests {
    static let rules = RulesInventory(rules: [
        BackupRule(name: "offline-packs", pattern: "Library/Application Support/Downloads/**", requirement: .regenerable),
        BackupRule(name: "vault-db", pattern: "Documents/Vault.sqlite", requirement: .mustRestore),
    ])

    /// A real `ncdu -o` export of a small container: no flag recorded.
    static let ncduExport = """
        [1,2,{"progname":"ncdu","progver":"1.18","timestamp":1767225700},
        [{"name":"/home/ci/app-data"},
        [{"name":"Documents"},{"name":"Vault.sqlite","asize":81920}],
        [{"name":"Library"},
        [{"name":"Application Support"},
        [{"name":"Downloads"},{"name":"pack.bin","asize":5242880}]],
        [{"name":"Caches"},{"name":"a.jpg","asize":1024}]],
        [{"name":"tmp"}]]]

        """

    static func state(_ files: [String: String], rows: Int = 24, cols: Int = 80) -> TriageState {
        var withRun = files
        withRun[EvidenceLayout.runMetadata] = #"{"commit":"9f2c4e1a7b3d","scheme":"Vault"}"#
        let bundle = BundleLoader.load(runID: "run-0150", from: MemoryEvidenceSource(text: withRun))
        let compiled = RulesEngine.compile(rules)
        let report = RulesEngine.check(bundle: bundle, compiled: compiled, rulesSource: "rules.json", rulesDiagnostics: [])
        return TriageState(data: TriageData(bundle: bundle, report: report, rules: compiled), rows: rows, cols: cols)
    }

    /// inventory.json cut in the middle, as a CI upload that ran out of space leaves it.
    static var truncated: TriageState {
        state([EvidenceLayout.inventoryJSON: String(ncduExport.prefix(150))])
    }

    @Test func aTruncatedInventorySaysSoAndProposesNothing() throws {
        for (rows, cols) in ScreenGoldenTests.sizes {
            let s = Self.state([EvidenceLayout.inventoryJSON: String(Self.ncduExport.prefix(150))], rows: rows, cols: cols)
            let text = TriageRenderer.render(s).text
            #expect(text.contains("evidence: inventory malformed"))
            #expect(!text.contains("not a boundary failure"))
            try assertGolden(text, "evidence-truncated-\(cols)x\(rows)")
        }
    }

    @Test func theEvidencePaneListsEachFileWithItsPosition() throws {
        for (rows, cols) in ScreenGoldenTests.sizes {
            var s = Self.state([EvidenceLayout.inventoryJSON: String(Self.ncduExport.prefix(150))], rows: rows, cols: cols)
            s.press(.char("v"))
            let text = TriageRenderer.render(s).text
            #expect(text.contains("malformed  container/inventory.json: 3:"))
            try assertGolden(text, "evidence-pane-\(cols)x\(rows)")
            s.press(.char("v"))
            #expect(s.overlays.isEmpty, "v closes the pane again")
        }
    }

    @Test func classifyingWithoutAnInventoryAsksFirst() throws {
        var s = Self.truncated
        s.press(.char("c"))
        guard case .chooser(let chooser)? = s.overlays.last else {
            Issue.record("no class chooser")
            return
        }
        #expect(
            chooser.selected?.value != FailureClass.notBoundaryFailure.rawValue || chooser.cursor.index == 0,
            "nothing is preselected as proposed")
        s.press(.char("G"), .enter)  // "not a boundary failure", the last class
        guard case .unsupportedClass(let cls, let reason)? = s.overlays.last else {
            Issue.record("recorded without asking: \(s.overlays)")
            return
        }
        #expect(cls == .notBoundaryFailure)
        #expect(reason == "the container was not checked: inventory malformed")
        try assertGolden(TriageRenderer.render(s).text, "evidence-unsupported-class-80x24")
        s.press(.escape)
        guard case .chooser? = s.overlays.last else {
            Issue.record("Esc does not go back to the classes")
            return
        }
        s.press(.enter, .char("y"))
        guard case .comment(let chosen, _)? = s.overlays.last else {
            Issue.record("y does not go on to the comment")
            return
        }
        #expect(chosen == .notBoundaryFailure)
        let effects = s.press(.enter, .enter)  // the comment, then the (empty) issue link
        #expect(effects == [.confirmClassification(TriageDecision(failureClass: .notBoundaryFailure, comment: ""), s.data)])
    }

    @Test func unknownFlagsShowTheirOwnMarkAndBlockNothing() throws {
        for (rows, cols) in ScreenGoldenTests.sizes {
            var s = Self.state([EvidenceLayout.inventoryJSON: Self.ncduExport], rows: rows, cols: cols)
            #expect(s.data.report.count(of: .unsetAttribute) == 0)
            #expect(s.data.evidence.headline == "flags not recorded")
            s.press(.enter)  // Library (sorted by size: Library, Documents, tmp)
            let text = TriageRenderer.render(s).text
            #expect(text.contains("evidence: flags not recorded"))
            #expect(text.contains("U ?"), "the unset-attribute count is not known")
            #expect(!text.contains("not a boundary failure"))
            try assertGolden(text, "tree-flags-unknown-\(cols)x\(rows)")
            try assertGolden(TriageRenderer.render(s, glyphs: .ascii).text, "tree-flags-unknown-ascii-\(cols)x\(rows)")
            s.press(.char("v"))
            let pane = TriageRenderer.render(s).text
            #expect(pane.contains("offline-packs (regenerable): 1 file undecided"))
            try assertGolden(pane, "evidence-flags-unknown-\(cols)x\(rows)")
        }
    }

    @Test func aFilesListStandingInForABrokenInventoryProposesNothing() {
        let s = Self.state([
            EvidenceLayout.inventoryJSON: String(Self.ncduExport.prefix(150)), EvidenceLayout.excludedList: "",
            EvidenceLayout.filesList: "./Documents/Vault.sqlite\n./tmp/left.txt\n",
        ])
        #expect(s.data.inventory != nil)
        #expect(s.data.evidence.headline == "inventory malformed")
        #expect(s.data.proposedClass == nil)
        #expect(
            s.data.evidence.unsupportedReason(for: .skippedCleanup, report: s.data.report)
                == "container/inventory.json could not be used; the findings are from container/files.txt")
        let text = TriageRenderer.render(s).text
        #expect(text.contains("evidence: inventory malformed") && !text.contains("Proposed skipped cleanup"))
    }

    @Test func classesTheUnknownFlagsCannotSupportAreAskedFor() {
        let s = Self.state([EvidenceLayout.inventoryJSON: Self.ncduExport])
        let evidence = s.data.evidence
        #expect(
            evidence.unsupportedReason(for: .notBoundaryFailure, report: s.data.report)
                == "2 blocking rules are undecided: the exclusion flags are not recorded")
        #expect(
            evidence.unsupportedReason(for: .unsetAttribute, report: s.data.report)
                == "no unset attribute is known: the exclusion flags are not recorded")
        #expect(evidence.unsupportedReason(for: .misplacedFile, report: s.data.report) == nil)
        let recorded = Self.state([EvidenceLayout.inventoryJSON: Self.ncduExport, EvidenceLayout.excludedList: ""])
        #expect(recorded.data.evidence.headline == nil)
        #expect(recorded.data.evidence.unsupportedReason(for: .notBoundaryFailure, report: recorded.data.report) == nil)
        let details = DetailsRenderer.lines(
            .node(s.data.inventory!.lookup("Library/Application Support/Downloads/pack.bin")!),
            data: s.data, glyphs: .unicode)
        #expect(details.contains { $0.map(\.text).joined().contains("unknown: exclusion flag not recorded") })
    }
}
