import Testing

@testable import ExhibitCore
@testable import ExhibitRules
@testable import ExhibitTestSupport
@testable import ExhibitTriageUI

/// The violations pane shows a name's bytes that are not UTF-8 as `\xNN`, as `check`
/// does: `Documents/a\xff` and `Documents/a\xfe` are two rows that read apart, not two
/// `Documents/a?` (2026-12-05 review), and the details pane says the same.
@Suite struct NotUTF8PathRowTests {
    static let export: [UInt8] =
        Array(#"[1,2,{"progname":"ncdu","progver":"1.18"},[{"name":"/c"},[{"name":"Documents"},{"name":"Vault.sqlite","asize":1},{"name":"a"#.utf8) + [0xFF]
        + Array(#"","asize":10},{"name":"a"#.utf8) + [0xFE] + Array(#"","asize":20}]]]"#.utf8)

    static func state() -> TriageState {
        var files = [EvidenceLayout.inventoryJSON: export]
        files[EvidenceLayout.runMetadata] = Array(#"{"commit":"9f2c4e1a7b3d","scheme":"Vault"}"#.utf8)
        let bundle = BundleLoader.load(runID: "run-0150", from: MemoryEvidenceSource(files))
        let compiled = RulesEngine.compile(RulesInventory(documentsAllowlist: ["Documents/Vault.sqlite"]))
        let report = RulesEngine.check(bundle: bundle, compiled: compiled, rulesSource: "rules.json", rulesDiagnostics: [])
        return TriageState(data: TriageData(bundle: bundle, report: report, rules: compiled), rows: 40, cols: 120)
    }

    @Test func theViolationsPaneShowsTheBytes() throws {
        var s = Self.state()
        let rows = s.data.violationRows.rows
        #expect(s.data.bundle.inventory != nil, "\(s.data.bundle.diagnostics)")
        #expect(Set(rows.map(\.path)) == [#"Documents/a\xff"#, #"Documents/a\xfe"#] && rows.allSatisfy(\.pathIsEscaped), "\(rows)")
        s.press(.tab)
        let pane = TriageRenderer.render(s, glyphs: .ascii).text
        #expect(pane.contains(#"Documents/a\xff"#) && pane.contains(#"Documents/a\xfe"#), "\(pane)")
        #expect(!pane.contains(#"\\x"#) && !pane.contains("\u{FFFD}"), "escaped once: \(pane)")
        let details = DetailsView.lines(.violation(0), data: s.data, glyphs: .ascii).map { $0.map(\.text).joined() }
        #expect(!details.joined().contains("\u{FFFD}") && !details.joined().contains(#"\\x"#), "\(details)")
    }
}
