import Testing

@testable import ExhibitCore
@testable import ExhibitRules
@testable import ExhibitTestSupport
@testable import ExhibitTriageUI

/// Golden screens of the details pane for the preference and background-task evidence
/// (`EXHIBIT_UPDATE_GOLDEN=1` re-records).
@Suite struct AppEvidenceGoldenTests {
    /// The triage fixture's container and failures, plus a copied preference file (with
    /// a hostile value and a long one), a built app Info.plist missing the reindex task,
    /// and rules naming both.
    static func data() throws -> TriageData {
        let inventory = TriageFixture.inventory()
        var bundle = TriageFixture.bundle(inventory)
        let prefs = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>syncMode</key><string>turbo</string>
            <key>hasSeenOnboarding</key><false/>
            <key>launchCount</key><string>3</string>
            <key>banner</key><string>\u{1B}]0;owned\u{07} and a value far longer than the column it is shown in, to be shortened</string>
            <key>languages</key><array><string>en</string><string>ja</string></array>
            </dict></plist>
            """
        let info = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>BGTaskSchedulerPermittedIdentifiers</key><array><string>com.example.vault.refresh</string></array>
            <key>UIBackgroundModes</key><array><string>fetch</string></array>
            </dict></plist>
            """
        let loaded = BundleLoader.load(
            runID: bundle.runID,
            from: MemoryEvidenceSource(text: [
                "container/preferences/com.example.vault.plist": prefs, "app/Info.plist": info,
            ]))
        bundle.preferences = loaded.preferences
        bundle.appInfo = loaded.appInfo
        #expect(bundle.preferences.first?.value != nil)
        #expect(bundle.appInfo != nil)
        var rules = RulesInventory()
        rules.preferences = [
            PreferenceContract(
                domain: "com.example.vault", key: "syncMode", type: .string,
                allowed: [.string("wifi"), .string("never")], fallback: .string("wifi")),
            PreferenceContract(domain: "com.example.vault", key: "hasSeenOnboarding", type: .boolean, fallback: .boolean(false)),
            PreferenceContract(domain: "com.example.vault", key: "analyticsEnabled", type: .boolean, fallback: .boolean(true)),
        ]
        rules.backgroundTasks = [
            BackgroundTaskRule(identifier: "com.example.vault.refresh", kind: .refresh),
            BackgroundTaskRule(identifier: "com.example.vault.reindex", kind: .processing, owner: "@search"),
        ]
        let compiled = RulesEngine.compile(rules)
        let report = RulesEngine.check(bundle: bundle, compiled: compiled, rulesSource: "rules.json", rulesDiagnostics: [])
        return TriageData(bundle: bundle, report: report, rules: compiled)
    }

    private func check(_ name: String, _ setup: (inout TriageState, TriageData) throws -> Void) throws {
        for (rows, cols) in ScreenGoldenTests.sizes {
            let data = try Self.data()
            var state = TriageState(data: data, rows: rows, cols: cols)
            try setup(&state, data)
            try assertGolden(TriageRenderer.render(state).text, "\(name)-\(cols)x\(rows)")
        }
    }

    /// Moves the violations list to the first violation of `kind` and opens its details.
    private func openFirst(_ kind: ViolationKind, _ state: inout TriageState, _ data: TriageData) throws {
        let index = try #require(data.report.violations.firstIndex { $0.kind == kind })
        // The pane lists rows (one per file) in the tree's order.
        let position = try #require(state.violations.shown.firstIndex(of: data.violationRows.rowOf[index]))
        state.press(.tab)
        for _ in 0..<position { state.press(.char("j")) }
        state.press(.char("i"))
    }

    @Test func detailsOfAPreferenceFile() throws {
        try check("details-preferences") { s, data in try openFirst(.preference, &s, data) }
    }

    @Test func detailsOfAConfigurationFinding() throws {
        try check("details-configuration") { s, data in try openFirst(.configuration, &s, data) }
    }

    @Test func thePreferenceValuesShownAreEscaped() throws {
        let data = try Self.data()
        let node = try #require(data.inventory?.lookup("Library/Preferences/com.example.vault.plist"))
        let text = DetailsView.lines(.node(node), data: data, glyphs: .unicode)
            .map { $0.map(\.text).joined() }.joined(separator: "\n")
        #expect(!text.contains("\u{1B}"))
        #expect(text.contains(#"\x1b]0;owned\x07"#))
        #expect(text.contains("absent (app falls back to true)"))
    }
}
