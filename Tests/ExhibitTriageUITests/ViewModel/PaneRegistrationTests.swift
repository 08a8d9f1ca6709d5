import Testing

@testable import ExhibitCore
@testable import ExhibitRules
@testable import ExhibitTestSupport
@testable import ExhibitTriageUI

/// The panes and overlays as view operations (`TriagePane`, `TriageOverlay`): every one
/// registered is reached by its key and reads keys through its own table; an overlay
/// kept on the stack is the one its view describes; the scrolling overlays scroll within
/// the lines they hold, and those are the lines drawn.
@Suite struct PaneRegistrationTests {
    // MARK: - Panes

    @Test func tabReachesEveryPaneInOrderAndEachReadsItsOwnKeys() {
        var s = TriageFixture.state(rows: 24, cols: 120)
        #expect(Set(Pane.allCases.map { $0.view.context }).count == Pane.allCases.count, "two panes share a binding table")
        for pane in Pane.allCases {
            #expect(s.focus == pane)
            #expect(s.context == pane.view.context)
            let tabs = TriageRenderer.render(s).line(s.layout.tabRow)
            #expect(tabs.contains(" " + pane.view.title), "the tab row names \(pane)")
            s.press(.tab)
        }
        #expect(s.focus == .tree, "Tab comes back to the tree")
        s.press(.backTab)
        #expect(s.focus == Pane.allCases.last)
    }

    // MARK: - Overlays

    /// The case's name; exhaustive, so a new overlay needs a row in `reachable`.
    private static func name(_ overlay: Overlay) -> String {
        switch overlay {
        case .filterInput: "filterInput"
        case .searchInput: "searchInput"
        case .details: "details"
        case .help: "help"
        case .chooser: "chooser"
        case .comment: "comment"
        case .diff: "diff"
        case .evidence: "evidence"
        case .unsupportedClass: "unsupportedClass"
        case .replaceRecord: "replaceRecord"
        case .issue: "issue"
        }
    }

    private static let allNames: Set<String> = [
        "filterInput", "searchInput", "details", "help", "chooser", "comment", "diff", "evidence", "unsupportedClass", "replaceRecord", "issue",
    ]

    /// Each overlay opened by its keys, with the binding table it must read.
    private static func reachable() -> [(keys: String, state: TriageState, context: BindingContext)] {
        func pressed(_ start: TriageState, _ keys: Key...) -> TriageState {
            var s = start
            for key in keys { s.press(key) }
            return s
        }
        let vault = TriageFixture.state()
        return [
            ("&", pressed(vault, .char("&")), .filterInput),
            ("/", pressed(vault, .char("/")), .searchInput),
            ("i", pressed(vault, .char("i")), .details),
            ("?", pressed(vault, .char("?")), .help),
            ("v", pressed(vault, .char("v")), .evidence),
            ("Tab f", pressed(vault, .tab, .char("f")), .chooser),
            ("c", pressed(vault, .char("c")), .classChooser),
            ("c Enter", pressed(vault, .char("c"), .enter), .commentInput),
            ("c Enter Enter", pressed(vault, .char("c"), .enter, .enter), .issueInput),
            ("c on a classified run", pressed(RecordFlowTests.classified(), .char("c")), .replaceRecord),
            ("c G Enter (no inventory)", pressed(EvidenceFixture.truncated, .char("c"), .char("G"), .enter), .unsupportedClass),
            ("b", ComparisonTests.comparing(), .diff),
        ]
    }

    @Test func everyOverlayIsReachedByItsKeyAndReadsItsOwnKeys() {
        var reached: Set<String> = []
        for (keys, s, context) in Self.reachable() {
            guard let top = s.overlays.last else {
                Issue.record("\(keys) opens no overlay")
                continue
            }
            reached.insert(Self.name(top))
            #expect(s.context == context, "\(keys)")
            #expect(top.view.context == context, "\(keys)")
        }
        #expect(reached == Self.allNames, "an overlay no key reaches: \(Self.allNames.subtracting(reached))")
    }

    @Test func anOverlayKeptOnTheStackIsTheOneItsViewDescribes() {
        for (keys, s, _) in Self.reachable() {
            for overlay in s.overlays {
                #expect(overlay.view.overlay == overlay, "\(keys): \(Self.name(overlay)) does not come back as itself")
            }
        }
    }

    // MARK: - Scrolling overlays

    /// The lines a scrolling overlay holds and its scroll.
    private static func scrolling(_ overlay: Overlay?) -> (lines: [StyledLine], cursor: ListCursor)? {
        switch overlay {
        case .details(let v)?: (v.lines, v.cursor)
        case .help(let v)?: (v.lines, v.cursor)
        case .evidence(let v)?: (v.lines, v.cursor)
        default: nil
        }
    }

    /// A held line as a row of `cols` columns shows it.
    private static func text(_ line: StyledLine, cols: Int) -> String {
        var s = TextFit.clip(line.map(\.text).joined(), to: cols)
        while s.hasSuffix(" ") { s.removeLast() }
        return s
    }

    /// On the smallest screen, so every one of them holds more lines than fit.
    @Test(arguments: ["i", "?", "v"])
    func scrollsWithinItsOwnLinesAndDrawsThem(key: String) throws {
        let (rows, cols) = (ScreenLayout.minimumRows, ScreenLayout.minimumCols)
        // The evidence pane of a run whose inventory is cut short: every artifact and diagnostics.
        let truncated = [EvidenceLayout.inventoryJSON: String(EvidenceFixture.ncduExport.prefix(150))]
        var s = key == "v" ? EvidenceFixture.state(truncated, rows: rows, cols: cols) : TriageFixture.state(rows: rows, cols: cols)
        if key == "i" { s.press(.tab) }  // a violation's details: reason, rule, entry, tests
        s.press(.char(Character(key)))
        let page = s.layout.overlayRows
        let (lines, _) = try #require(Self.scrolling(s.overlays.last))
        try #require(lines.count > page, "\(key): \(lines.count) lines fit on \(page) rows; the test would prove nothing")
        s.press(.char("G"))
        let bottom = try #require(Self.scrolling(s.overlays.last)).cursor
        #expect(bottom.offset == lines.count - page, "G stops at the last page of its lines")
        s.press(.char("j"), .pageDown)
        #expect(try #require(Self.scrolling(s.overlays.last)).cursor == bottom, "nothing scrolls past the last line")
        let grid = TriageRenderer.render(s)
        #expect(grid.line(s.layout.titleRow).hasSuffix("of \(lines.count)"), "the drawn count is the held count")
        for r in 0..<page {
            #expect(grid.line(s.layout.overlayTop + r) == Self.text(lines[bottom.offset + r], cols: cols), "\(key): row \(r) is not the held line")
        }
        s.press(.char("g"))
        #expect(try #require(Self.scrolling(s.overlays.last)).cursor.offset == 0)
    }

    @Test func aResizeKeepsTheScrollWithinTheLines() throws {
        var s = TriageFixture.state(rows: ScreenLayout.minimumRows, cols: ScreenLayout.minimumCols)
        s.press(.char("?"), .char("G"))
        _ = s.receive(.resize(rows: 30, cols: 80))
        // The help wraps at the width: its lines are the ones for 80 columns now.
        let lines = try #require(Self.scrolling(s.overlays.last)).lines
        let offset = try #require(Self.scrolling(s.overlays.last)).cursor.offset
        #expect(offset == max(lines.count - s.layout.overlayRows, 0))
    }

    /// Tall enough for every line: the rows drawn are the held lines, one each, and no more.
    @Test func detailsDrawExactlyTheLinesTheyHold() throws {
        var s = TriageFixture.state(rows: 120, cols: 200)
        s.press(.tab)
        for _ in s.violations.shown {
            s.press(.char("i"))
            let (lines, _) = try #require(Self.scrolling(s.overlays.last))
            let grid = TriageRenderer.render(s)
            for (r, line) in lines.enumerated() { #expect(grid.line(s.layout.overlayTop + r) == Self.text(line, cols: s.layout.cols)) }
            #expect(grid.line(s.layout.overlayTop + lines.count).isEmpty, "a row drawn that the details do not hold")
            s.press(.escape, .char("j"))
        }
    }

    @Test func openDetailsAreMadeAgainWhenTheFindingsArrive() throws {
        let inv = TriageFixture.inventory()
        let session = TriageSession(
            bundle: TriageFixture.bundle(inv), report: .awaitingCheck(rulesSource: "rules.json", rulesDiagnostics: []),
            rules: TriageFixture.rules(), needsCheck: true)
        var s = TriageState(session: session, rows: 24, cols: 80)
        s.press(.char("i"))
        let node = try #require(s.tree.selected)
        let before = try #require(Self.scrolling(s.overlays.last)).lines
        _ = s.receive(.rulesChecked(TriageFixture.report(inv), runID: s.data.bundle.runID))
        let after = try #require(Self.scrolling(s.overlays.last)).lines
        #expect(after != before, "the findings change the details of \(inv.path(node))")
        #expect(after == StyledLineWrap.wrap(DetailsView.lines(.node(node), data: s.data, glyphs: .unicode), width: s.layout.cols))
    }

    /// The held lines are made for Unicode; an ASCII screen draws the ASCII escapes.
    @Test func anASCIIScreenDrawsTheDetailsEscapedForASCII() {
        var b = InventoryBuilder()
        let docs = b.addDirectory(name: Array("Documents".utf8), parent: 0)
        b.addFile(name: Array("café.db".utf8), parent: docs, size: 10)
        let inv = b.build()
        let report = CheckReport(
            violations: [], proposal: TriageFixture.report(inv).proposal, budgets: [], rulesSource: "rules.json",
            rulesDiagnostics: [])
        var s = TriageState(data: TriageData(bundle: TriageFixture.bundle(inv), report: report), rows: 24, cols: 80)
        s.press(.enter, .char("i"))
        #expect(TriageRenderer.render(s).text.contains("Documents/café.db"))
        let ascii = TriageRenderer.render(s, glyphs: .ascii).text
        #expect(ascii.contains("Documents/caf\\u{E9}.db"))
        #expect(!ascii.contains("café"))
    }
}
