import ExhibitCore
import ExhibitRules
import ExhibitTriageUI

/// The runs of the fail-closed tests (`EvidenceGoldenTests`): a small container as a
/// real `ncdu -o` exports it, cut short or whole, with two rules over it.
enum EvidenceFixture {
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
}
