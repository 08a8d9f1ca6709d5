@testable import ExhibitCore
@testable import ExhibitRules
@testable import ExhibitTestSupport
@testable import ExhibitTriageUI

/// Comparisons of the fixture run (`TriageFixture`) with hand-built bases, as the
/// performer would answer `.loadBase`.
enum ComparisonFixture {
    /// The run compared with `base`: the base's report and results as given (none: no
    /// violations, no test results), the run's own report and results.
    static func comparing(
        _ data: TriageData = TriageFixture.data(), base: Inventory, baseRunID: String = "run-2026-11-02",
        baseViolations: [Violation] = [], baseResults: TestResults? = nil, runResults: TestResults? = nil
    ) -> RunComparison {
        var baseReport = data.report
        baseReport.violations = ViolationList(baseViolations)
        return RunComparison(
            baseRunID: baseRunID, base: base, baseReport: baseReport, baseResults: baseResults,
            runID: data.bundle.runID, run: data.inventory!, report: data.report,
            results: runResults ?? data.bundle.primaryResults)
    }

    /// The run compared with itself: nothing differs.
    static func same(_ data: TriageData = TriageFixture.data()) -> RunComparison {
        comparing(data, base: data.inventory!, baseRunID: "run-same", baseViolations: Array(data.report.violations), baseResults: data.bundle.primaryResults)
    }

    /// A base where every section has something: the catalog was excluded (now backed up,
    /// and grown), the thumbnails were not (now excluded), cache.db lived in Caches (moved
    /// to Documents), old.log since removed; the thumbnails broke a rule that the run no
    /// longer breaks; one test failed that passes now, one failed in both.
    static func everySection() -> RunComparison {
        var b = InventoryBuilder()
        let docs = b.addDirectory(name: Array("Documents".utf8), parent: 0)
        b.addFile(name: Array("vault.sqlite".utf8), parent: docs, size: 81_920)
        b.addFile(name: Array("old.log".utf8), parent: docs, size: 4_096, step: "testSeedVault")
        let lib = b.addDirectory(name: Array("Library".utf8), parent: 0)
        let support = b.addDirectory(name: Array("Application Support".utf8), parent: lib)
        b.addFile(name: Array("offline-catalog.db".utf8), parent: support, size: 4_194_304, excluded: true)
        let thumbs = b.addDirectory(name: Array("thumbnails".utf8), parent: support)
        b.addFile(name: Array("t1.bin".utf8), parent: thumbs, size: 40_960)
        b.addFile(name: Array("t2.bin".utf8), parent: thumbs, size: 40_960)
        let caches = b.addDirectory(name: Array("Caches".utf8), parent: lib)
        b.addFile(name: Array("cache.db".utf8), parent: caches, size: 16_384, step: "testLogin")
        let prefs = b.addDirectory(name: Array("Preferences".utf8), parent: lib)
        b.addFile(name: Array("com.example.vault.plist".utf8), parent: prefs, size: 2_048)
        _ = b.addDirectory(name: Array("tmp".utf8), parent: 0)
        let base = b.build()
        let thumbnailsUnset = Violation(
            kind: .unsetAttribute, path: "Library/Application Support/thumbnails", size: 81_920, ruleName: "thumbnails",
            requirement: .regenerable, reason: "not excluded from backup", fileCount: 2)
        let kept = TriageFixture.report(TriageFixture.inventory()).violations[2]  // the upload left in tmp
        let baseResults = TestResults(
            source: .testsJSON, outcome: .failed,
            failures: [
                TestFailure(
                    testName: "testThumbnailsExcluded()", identifier: "BackupBoundaryTests/testThumbnailsExcluded()",
                    failureText: "thumbnails are backed up"),
                TestFailure(
                    testName: "testUploadCleansUp()", identifier: "BackupBoundaryTests/testUploadCleansUp()",
                    failureText: "tmp/upload-session.tmp still present"),
            ],
            testCases: [
                TestCaseRecord(name: "testCacheNotInDocuments()", identifier: "BackupBoundaryTests/testCacheNotInDocuments()", outcome: .passed),
                TestCaseRecord(name: "testCatalogExcluded()", identifier: "BackupBoundaryTests/testCatalogExcluded()", outcome: .passed),
            ])
        var runResults = TriageFixture.data().bundle.primaryResults!
        runResults.testCases = [
            TestCaseRecord(name: "testThumbnailsExcluded()", identifier: "BackupBoundaryTests/testThumbnailsExcluded()", outcome: .passed),
            TestCaseRecord(
                name: "testLoginRetries()", identifier: "SyncTests/testLoginRetries()", outcome: .passed, attempts: [.failed, .passed]),
        ]
        return comparing(base: base, baseViolations: [thumbnailsUnset, kept], baseResults: baseResults, runResults: runResults)
    }
}
