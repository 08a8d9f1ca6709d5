import Testing

@testable import ExhibitCore
@testable import ExhibitTestSupport
@testable import ExhibitTriageUI

/// Golden screens of every pane at 80x24 and 120x40 (`UPDATE_GOLDEN=1` re-records).
@Suite struct ScreenGoldenTests {
    static let sizes = [(24, 80), (40, 120)]

    private func check(_ name: String, _ setup: (inout TriageState) -> Void) throws {
        for (rows, cols) in Self.sizes {
            var state = TriageFixture.state(rows: rows, cols: cols)
            setup(&state)
            let grid = TriageRenderer.render(state)
            try assertGolden(grid.text, "\(name)-\(cols)x\(rows)")
        }
    }

    @Test func treeAtRoot() throws { try check("tree-root") { _ in } }

    /// A deferred check still running: the tree, "Checking the rules…" in the header
    /// and the violations pane.
    @Test func treeWhileTheRulesAreChecked() throws {
        for (rows, cols) in Self.sizes {
            let inv = TriageFixture.inventory()
            let session = TriageSession(
                bundle: TriageFixture.bundle(inv), report: .awaitingCheck(rulesSource: "rules.json", rulesDiagnostics: []),
                rules: TriageFixture.rules(), needsCheck: true)
            let state = TriageState(session: session, rows: rows, cols: cols)
            try assertGolden(TriageRenderer.render(state).text, "tree-checking-\(cols)x\(rows)")
        }
    }

    @Test func treeInsideDocuments() throws {
        try check("tree-documents") { s in
            s.press(.char("j"), .enter)  // Documents is second by size, after Library
        }
    }

    @Test func treeFilteredByName() throws {
        try check("tree-filter") { s in
            s.press(.char("l"))
            s.press(.char("&"))
            s.type("Support")
        }
    }

    @Test func violations() throws { try check("violations") { s in s.press(.tab) } }

    @Test func violationsFilteredToMisplaced() throws {
        try check("violations-misplaced") { s in
            s.press(.tab, .char("f"), .char("j"), .char("j"), .enter)
        }
    }

    @Test func ruleChooser() throws { try check("rule-chooser") { s in s.press(.tab, .char("r")) } }

    @Test func failures() throws { try check("failures") { s in s.press(.tab, .tab, .char("j"), .char("j")) } }

    @Test func budgets() throws { try check("budgets") { s in s.press(.backTab) } }

    @Test func detailsOfAViolation() throws {
        // The catalog: second in the tree's order, after the Library budget warning.
        try check("details-violation") { s in s.press(.tab, .char("j"), .char("i")) }
    }

    @Test func detailsOfAnExcludedDirectory() throws {
        try check("details-excluded") { s in
            s.press(.enter, .enter, .char("G"), .char("i"))  // Library / Application Support / thumbnails
        }
    }

    @Test func helpForTheTree() throws { try check("help-tree") { s in s.press(.char("?")) } }

    @Test func classifyChooser() throws { try check("classify") { s in s.press(.char("c")) } }

    @Test func classifyComment() throws {
        try check("classify-comment") { s in
            s.press(.char("c"), .enter)
            s.type("cache.db written by LoginService")
        }
    }

    @Test func confirmedClassificationAndMessage() throws {
        try check("confirmed") { s in
            s.press(.char("c"), .enter)
            s.type("moved")
            let effects = s.press(.enter, .enter)  // the comment, then no issue link
            #expect(effects.count == 1)
            _ = s.receive(.recordSaved(.info("classification saved to triage/run-0142.json"), runID: s.data.bundle.runID))
        }
    }

    @Test func tooSmall() throws {
        var state = TriageFixture.state(rows: 12, cols: 50)
        _ = state.handle(.resize(rows: 4, cols: 25))
        try assertGolden(TriageRenderer.render(state).text, "too-small-25x4")
    }

    @Test func minimumSizeStillLaysOut() throws {
        var state = TriageFixture.state(rows: 17, cols: 60)
        state.press(.char("j"), .enter)
        try assertGolden(TriageRenderer.render(state).text, "tree-documents-60x17")
    }

    @Test func asciiGlyphsUnderANonUTF8Locale() throws {
        var state = TriageFixture.state()
        state.press(.char("j"), .enter, .char("j"), .enter)
        try assertGolden(TriageRenderer.render(state, glyphs: .ascii).text, "tree-exports-ascii-80x24")
    }

    @Test func styleMaskOfTheTree() throws {
        let state = TriageFixture.state()
        try assertGolden(TriageRenderer.render(state).styleMask, "tree-root-80x24.style")
    }
}
