import Testing

@testable import ExhibitCore
@testable import ExhibitRules
@testable import ExhibitTestSupport
@testable import ExhibitTriageUI

/// The UI fails closed as `check` does: a truncated inventory, or one without flags,
/// says so in the header and in the evidence pane (`v`); no class is proposed without
/// an inventory, and `c` asks before recording a class the evidence cannot support.
@Suite struct EvidenceGoldenTests {
    @Test func aTruncatedInventorySaysSoAndProposesNothing() throws {
        for (rows, cols) in ScreenGoldenTests.sizes {
            let s = EvidenceFixture.state([EvidenceLayout.inventoryJSON: String(EvidenceFixture.ncduExport.prefix(150))], rows: rows, cols: cols)
            let text = TriageRenderer.render(s).text
            #expect(text.contains("evidence: inventory malformed"))
            #expect(!text.contains("not a boundary failure"))
            try assertGolden(text, "evidence-truncated-\(cols)x\(rows)")
        }
    }

    @Test func theEvidencePaneListsEachFileWithItsPosition() throws {
        for (rows, cols) in ScreenGoldenTests.sizes {
            var s = EvidenceFixture.state([EvidenceLayout.inventoryJSON: String(EvidenceFixture.ncduExport.prefix(150))], rows: rows, cols: cols)
            s.press(.char("v"))
            let text = TriageRenderer.render(s).text
            #expect(text.contains("malformed  container/inventory.json: 3:"))
            try assertGolden(text, "evidence-pane-\(cols)x\(rows)")
            s.press(.char("v"))
            #expect(s.overlays.isEmpty, "v closes the pane again")
        }
    }

    @Test func classifyingWithoutAnInventoryAsksFirst() throws {
        var s = EvidenceFixture.truncated
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
            var s = EvidenceFixture.state([EvidenceLayout.inventoryJSON: EvidenceFixture.ncduExport], rows: rows, cols: cols)
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
        let s = EvidenceFixture.state([
            EvidenceLayout.inventoryJSON: String(EvidenceFixture.ncduExport.prefix(150)), EvidenceLayout.excludedList: "",
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

    /// A scan that left tmp out: nothing known blocks, but "not a boundary failure" is
    /// not proposed and, chosen, is asked for; a class with a known violation is not.
    @Test func aContainerNotAllScannedProposesNothing() throws {
        let partial = EvidenceFixture.ncduExport.split(separator: "\n").map {
            $0 == #"[{"name":"tmp"}]]]"# ? #"{"name":"tmp","excluded":"pattern"}]]"# : String($0)
        }.joined(separator: "\n")
        let s = EvidenceFixture.state(
            [EvidenceLayout.inventoryJSON: partial, EvidenceLayout.excludedList: "Library/Caches\nLibrary/Application Support/Downloads\n"],
            rows: 40, cols: 120)
        #expect(!s.data.report.hasBlocking)
        #expect(s.data.report.unchecked.map(\.kind) == [.notScanned])
        #expect(s.data.proposedClass == nil)
        #expect(
            s.data.evidence.unsupportedReason(for: .notBoundaryFailure, report: s.data.report)?.hasPrefix(
                "part of the container was not checked: 1 entry was not scanned: tmp (excluded by a pattern)") == true)
        var withPane = s
        let text = TriageRenderer.render(s, glyphs: .ascii).text
        #expect(text.contains("Proposed none (not all checked)"), "\(text)")
        withPane.press(.char("v"))
        let pane = TriageRenderer.render(withPane, glyphs: .ascii).text
        #expect(pane.contains(" Not checked\n   1 entry was not scanned: tmp (excluded by a pattern)"), "\(pane)")
    }

    @Test func classesTheUnknownFlagsCannotSupportAreAskedFor() {
        let s = EvidenceFixture.state([EvidenceLayout.inventoryJSON: EvidenceFixture.ncduExport])
        let evidence = s.data.evidence
        #expect(
            evidence.unsupportedReason(for: .notBoundaryFailure, report: s.data.report)
                == "2 blocking rules are undecided: the exclusion flags are not recorded")
        #expect(
            evidence.unsupportedReason(for: .unsetAttribute, report: s.data.report)
                == "no unset attribute is known: the exclusion flags are not recorded")
        #expect(evidence.unsupportedReason(for: .misplacedFile, report: s.data.report) == nil)
        let recorded = EvidenceFixture.state([EvidenceLayout.inventoryJSON: EvidenceFixture.ncduExport, EvidenceLayout.excludedList: ""])
        #expect(recorded.data.evidence.headline == nil)
        #expect(recorded.data.evidence.unsupportedReason(for: .notBoundaryFailure, report: recorded.data.report) == nil)
        let details = DetailsView.lines(
            .node(s.data.inventory!.lookup("Library/Application Support/Downloads/pack.bin")!),
            data: s.data, glyphs: .unicode)
        #expect(details.contains { $0.map(\.text).joined().contains("unknown: exclusion flag not recorded") })
    }

    /// The collector's `"x_backup_excluded":null` is said as such, not as "not recorded";
    /// with both causes in the run, each undecided rule says its own.
    @Test func aFlagTheCollectorCouldNotReadIsSaidSo() {
        let collected = EvidenceFixture.ncduExport
            .replacing(#""timestamp":1767225700"#, with: #""timestamp":1767225700,"x_backup_flags":"complete""#)
            .replacing(#""asize":81920"#, with: #""asize":81920,"x_backup_excluded":null"#)
            .replacing(#""asize":5242880"#, with: #""asize":5242880,"x_backup_excluded":null"#)
        let s = EvidenceFixture.state([EvidenceLayout.inventoryJSON: collected], rows: 40, cols: 120)
        #expect(
            s.data.evidence.unsupportedReason(for: .notBoundaryFailure, report: s.data.report)
                == "2 blocking rules are undecided: the exclusion flags are recorded as unreadable by the collector")
        var pane = s
        pane.press(.char("v"))
        let text = TriageRenderer.render(pane, glyphs: .ascii).text
        #expect(text.contains(" Undecided rules (the files' exclusion flags are recorded as unreadable by the collector)\n"), "\(text)")

        let mixed = EvidenceFixture.state(
            [EvidenceLayout.inventoryJSON: EvidenceFixture.ncduExport.replacing(#""asize":81920"#, with: #""asize":81920,"x_backup_excluded":null"#)],
            rows: 40, cols: 120)
        var mixedPane = mixed
        mixedPane.press(.char("v"))
        let mixedText = TriageRenderer.render(mixedPane, glyphs: .ascii).text
        #expect(
            mixedText.contains(" Undecided rules (the files' exclusion flags are not recorded, or recorded as unreadable by the collector)\n"),
            "\(mixedText)")
        #expect(mixedText.contains("   offline-packs (regenerable): 1 file undecided; flags not recorded\n"), "\(mixedText)")
        #expect(
            mixedText.contains("   vault-db (must-restore): 1 file undecided; flags not recorded, or recorded as unreadable by the collector\n"),
            "\(mixedText)")
    }
}

extension EvidenceGoldenTests {
    /// A path list that may be cut (its last line has no line end) leaves every boundary
    /// count unknown in the header, as in the run list: `M ?`, `C ?`, never a known 0.
    @Test func aListInDoubtLeavesEveryBoundaryCountUnknownInTheHeader() {
        let s = EvidenceFixture.state(
            [EvidenceLayout.filesList: "./Documents/Vault.sqlite\n./tmp/export-1.zip\n./Library/Caches/c.d", EvidenceLayout.excludedList: ""],
            rows: 24, cols: 120)
        #expect(s.data.report.unchecked.map(\.kind) == [.listInDoubt], "\(s.data.report.unchecked)")
        let text = TriageRenderer.render(s).text
        let header = text.split(separator: "\n").dropFirst().first ?? ""
        #expect(header.contains("Blocking U ? files M ? C 1+?"), "\(header)")
    }
}
