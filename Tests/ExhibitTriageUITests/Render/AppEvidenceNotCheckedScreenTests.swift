import Testing

@testable import ExhibitCore
@testable import ExhibitRules
@testable import ExhibitTestSupport
@testable import ExhibitTriageUI

/// The screen agrees with `check` when the app's Info.plist or a preference copy could
/// not be read (2026-12-05 review): the header says the tasks were not checked instead
/// of saying nothing, the evidence pane lists both under "Not checked", and the details
/// of the preference file say why its contracts are undecided.
@Suite struct AppEvidenceNotCheckedScreenTests {
    static func data() -> TriageData {
        var bundle = TriageFixture.bundle(TriageFixture.inventory())
        let loaded = BundleLoader.load(
            runID: bundle.runID,
            from: MemoryEvidenceSource(text: [
                "container/preferences/com.example.vault.plist": "bplist00garbage",
                "app/Info.plist": "<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict><key>UIBackgroundModes</key>",
            ]))
        bundle.preferences = loaded.preferences
        bundle.preferencesDirectory = loaded.preferencesDirectory
        bundle.appInfo = loaded.appInfo
        bundle.files += loaded.files.filter { $0.file.hasPrefix("app/") || $0.file.hasPrefix("container/preferences/") }
        var rules = RulesInventory()
        rules.preferences = [PreferenceContract(domain: "com.example.vault", key: "syncMode", type: .string, fallback: .string("wifi"))]
        rules.backgroundTasks = [BackgroundTaskRule(identifier: "com.example.vault.reindex", kind: .processing)]
        let compiled = RulesEngine.compile(rules)
        let report = RulesEngine.check(bundle: bundle, compiled: compiled, rulesSource: "rules.json", rulesDiagnostics: [])
        return TriageData(bundle: bundle, report: report, rules: compiled)
    }

    @Test func theHeaderSaysTheTasksWereNotChecked() {
        let data = Self.data()
        #expect(data.report.backgroundTasks?.isDecided == false)
        let screen = TriageRenderer.render(TriageState(data: data, rows: 40, cols: 160)).text
        let header = screen.split(separator: "\n").prefix(2).joined(separator: "\n")
        #expect(header.contains("Tasks not checked"), "\(header)")
    }

    @Test func theEvidencePaneListsWhatWasNotChecked() {
        let text = EvidenceView.lines(data: Self.data(), glyphs: .unicode).map { $0.map(\.text).joined() }.joined(separator: "\n")
        #expect(text.contains(" Not checked"), "\(text)")
        #expect(text.contains("app/Info.plist is malformed ("), "\(text)")
        #expect(text.contains("com.example.vault:syncMode was not checked"), "\(text)")
    }

    @Test func theDetailsOfAPreferenceFileWithoutACopySayWhy() throws {
        let data = Self.data()
        var bundle = data.bundle
        bundle.preferences = []
        bundle.preferencesDirectory = .missing
        var b = InventoryBuilder()
        let lib = b.addDirectory(name: Array("Library".utf8), parent: 0)
        let prefs = b.addDirectory(name: Array("Preferences".utf8), parent: lib)
        b.addFile(name: Array("com.example.vault.plist".utf8), parent: prefs, size: 300)
        let inventory = b.build()
        bundle.inventory = inventory
        let report = RulesEngine.check(bundle: bundle, compiled: data.rules, rulesSource: "rules.json", rulesDiagnostics: [])
        let checked = TriageData(bundle: bundle, report: report, rules: data.rules)
        let node = try #require(inventory.lookup("Library/Preferences/com.example.vault.plist"))
        let text = DetailsView.lines(.node(node), data: checked, glyphs: .unicode).map { $0.map(\.text).joined() }.joined(separator: "\n")
        #expect(text.contains("Preferences: not archived"), "\(text)")
        #expect(text.contains("com.example.vault:syncMode: not checked: the inventory lists it, but the bundle has no container/preferences/"), "\(text)")
    }
}
