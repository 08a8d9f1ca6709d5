import ExhibitCore
import ExhibitRules
import ExhibitTriageUI

/// A hand-built run in the shape of the sample archives: a "Vault" container with one
/// violation of each kind, failing tests linked to some of them, and budgets.
enum TriageFixture {
    static let evilName = "evil\u{1B}[31mred\u{07}.txt"

    static func inventory() -> Inventory {
        var b = InventoryBuilder()
        let docs = b.addDirectory(name: Array("Documents".utf8), parent: 0, step: "testSeedVault")
        b.addFile(name: Array("vault.sqlite".utf8), parent: docs, size: 81_920, step: "testSeedVault")
        b.addFile(name: Array("cache.db".utf8), parent: docs, size: 20_480, step: "testLogin")
        b.addFile(name: Array(evilName.utf8), parent: docs, size: 12, step: "testLogin")
        let exports = b.addDirectory(name: Array("Exports".utf8), parent: docs)
        b.addFile(name: Array("report-2026.pdf".utf8), parent: exports, size: 1_258_291, step: "testExport")
        b.addFile(name: Array("日本語ファイル.txt".utf8), parent: exports, size: 3_072)
        let lib = b.addDirectory(name: Array("Library".utf8), parent: 0)
        let support = b.addDirectory(name: Array("Application Support".utf8), parent: lib)
        b.addFile(name: Array("offline-catalog.db".utf8), parent: support, size: 5_242_880, step: "testSyncCatalog")
        let thumbs = b.addDirectory(name: Array("thumbnails".utf8), parent: support, excluded: true)
        b.addFile(name: Array("t1.bin".utf8), parent: thumbs, size: 40_960)
        b.addFile(name: Array("t2.bin".utf8), parent: thumbs, size: 40_960)
        let caches = b.addDirectory(name: Array("Caches".utf8), parent: lib)
        let images = b.addDirectory(name: Array("images".utf8), parent: caches)
        b.addFile(name: Array("a.jpg".utf8), parent: images, size: 102_400)
        let prefs = b.addDirectory(name: Array("Preferences".utf8), parent: lib)
        b.addFile(name: Array("com.example.vault.plist".utf8), parent: prefs, size: 2_048)
        let saved = b.addDirectory(name: Array("Saved Application State".utf8), parent: lib)
        b.addFile(name: Array("window.state".utf8), parent: saved, size: 1_024)
        let tmp = b.addDirectory(name: Array("tmp".utf8), parent: 0)
        b.addFile(name: Array("upload-session.tmp".utf8), parent: tmp, size: 307_200, step: "testUpload")
        _ = b.addDirectory(name: Array("SystemData".utf8), parent: 0)
        return b.build()
    }

    static func bundle(_ inventory: Inventory) -> EvidenceBundle {
        var bundle = EvidenceBundle(runID: "run-0142")
        bundle.metadata.commit = "9f2c4e1a7b3d5f60718293a4b5c6d7e8f9012345"
        bundle.metadata.scheme = "Vault"
        bundle.metadata.runtimeVersion = "18.5"
        bundle.metadata.deviceName = "iPhone 16 Pro"
        bundle.inventory = inventory
        bundle.results = [
            TestResults(
                source: .summaryJSON, title: "Vault Tests", outcome: .failed, totalCount: 42, passedCount: 38, failedCount: 4,
                failures: [
                    TestFailure(
                        testName: "testCacheNotInDocuments()", identifier: "BackupBoundaryTests/testCacheNotInDocuments()",
                        failureText: "XCTAssertFalse failed: Documents/cache.db exists\nregenerable data must live in Library/Caches"),
                    TestFailure(
                        testName: "testUploadCleansUp()", identifier: "BackupBoundaryTests/testUploadCleansUp()",
                        failureText: "tmp/upload-session.tmp still present (307200 bytes)"),
                    TestFailure(
                        testName: "testCatalogExcluded()", identifier: "BackupBoundaryTests/testCatalogExcluded()",
                        failureText: "isExcludedFromBackup == false for offline-catalog.db\u{1B}[2J",
                        sourceFile: "BackupBoundaryTests.swift", line: 88),
                    TestFailure(
                        testName: "testSyncTimeout()", identifier: "SyncTests/testSyncTimeout()",
                        failureText: "Asynchronous wait failed: exceeded timeout of 30 seconds"),
                ])
        ]
        return bundle
    }

    static func report(_ inventory: Inventory) -> CheckReport {
        let violations = [
            Violation(
                kind: .unsetAttribute, node: inventory.lookup("Library/Application Support/offline-catalog.db"),
                path: "Library/Application Support/offline-catalog.db", size: 5_242_880, ruleName: "offline-catalog",
                ruleOwner: "sync-team", requirement: .regenerable, step: "testSyncCatalog", reason: "not excluded from backup"),
            Violation(
                kind: .misplacedFile, node: inventory.lookup("Documents/cache.db"), path: "Documents/cache.db",
                size: 20_480, ruleName: "caches-belong-in-caches", requirement: .regenerable, step: "testLogin",
                reason: "regenerable data outside Library/Caches"),
            Violation(
                kind: .skippedCleanup, node: inventory.lookup("tmp/upload-session.tmp"), path: "tmp/upload-session.tmp",
                size: 307_200, ruleName: "transient-uploads", requirement: .transient, step: "testUpload",
                reason: "still present after the test"),
            Violation(
                kind: .volume, path: "Library", size: 5_432_320, ruleName: "library-budget",
                reason: "over budget: 5.2 MiB of 5.0 MiB"),
            Violation(
                kind: .unruled, node: inventory.lookup("Documents/Exports/report-2026.pdf"),
                path: "Documents/Exports/report-2026.pdf", size: 1_258_291, step: "testExport",
                reason: "no rule covers this path"),
            Violation(
                kind: .misplacedFile, node: inventory.lookup("Documents/" + evilName), path: "Documents/" + evilName,
                size: 12, ruleName: "caches-belong-in-caches", step: "testLogin", reason: "regenerable data outside Library/Caches"),
        ]
        let proposal = ClassificationProposal(
            proposed: .misplacedFile, confidence: .mixed, evidence: [1, 5],
            links: [
                TestLink(test: "BackupBoundaryTests/testCacheNotInDocuments()", violations: [1], basis: .path),
                TestLink(test: "BackupBoundaryTests/testUploadCleansUp()", violations: [2], basis: .path),
                TestLink(test: "BackupBoundaryTests/testCatalogExcluded()", violations: [0], basis: .fileName),
            ],
            unexplainedTests: ["SyncTests/testSyncTimeout()"],
            rationale: "Misplaced files dominate; one unset attribute and one skipped cleanup as well.")
        let budgets = [
            DirectoryBudget(directory: "Library", bytes: 5_432_320, budget: 5_242_880),
            DirectoryBudget(directory: "Documents", bytes: 1_365_775, budget: 2_097_152),
            DirectoryBudget(directory: "tmp", bytes: 307_200, budget: 0),
            DirectoryBudget(directory: "SystemData", bytes: 0, budget: nil),
        ]
        return CheckReport(
            violations: violations, proposal: proposal, budgets: budgets, rulesSource: "rules.json",
            rulesDiagnostics: [])
    }

    /// The app rules the report's violations name, so the details pane lists them.
    static func rules() -> CompiledRules {
        RulesEngine.compile(
            RulesInventory(rules: [
                BackupRule(
                    name: "offline-catalog", pattern: "Library/Application Support/offline-catalog.db",
                    requirement: .regenerable, owner: "sync-team"),
                BackupRule(name: "caches-belong-in-caches", pattern: "Documents/*.db", requirement: .regenerable),
                BackupRule(name: "transient-uploads", pattern: "tmp/**", requirement: .transient),
                BackupRule(name: "thumbnails", pattern: "Library/Application Support/thumbnails/**", requirement: .regenerable),
            ]))
    }

    static func data() -> TriageData {
        let inv = inventory()
        return TriageData(bundle: bundle(inv), report: report(inv), rules: rules())
    }

    static func state(rows: Int = 24, cols: Int = 80) -> TriageState {
        TriageState(data: data(), rows: rows, cols: cols)
    }
}

extension TriageState {
    /// Feeds keys in order, returning all effects.
    @discardableResult
    mutating func press(_ keys: Key...) -> [TriageEffect] {
        keys.flatMap { receive(.key($0)) }
    }

    mutating func type(_ text: String) {
        for c in text { _ = receive(.key(.char(c))) }
    }

    var selectedPath: String? {
        guard let inv = data.inventory, let sel = tree.selected else { return nil }
        return inv.path(sel)
    }
}
