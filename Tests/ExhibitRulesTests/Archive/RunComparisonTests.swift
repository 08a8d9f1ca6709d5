import Testing

@testable import ExhibitCore
@testable import ExhibitRules

/// The comparison of a run with a base: flags (three states), moves between areas,
/// violations new and fixed, test outcomes; hand-built inventories and results.
@Suite struct RunComparisonTests {
    static func report(_ violations: [Violation] = []) -> CheckReport {
        CheckReport(
            violations: violations,
            proposal: ClassificationProposal(
                proposed: .notBoundaryFailure, confidence: .noEvidence, evidence: [], links: [], unexplainedTests: [],
                rationale: ""),
            budgets: [], rulesSource: "rules.json", rulesDiagnostics: [])
    }

    /// Library/Application Support/Models/{a.bin,b.bin} (and Models/keep.bin, excluded on
    /// its own), a Caches file and a Documents file; `modelsExcluded` flags the directory.
    static func container(modelsExcluded: Bool, cachesExcluded: Bool = false, recordsFlags: Bool = true) -> Inventory {
        var b = InventoryBuilder()
        b.flagRecording = recordsFlags ? .wholeContainer : .itemByItem
        let docs = b.addDirectory(name: Array("Documents".utf8), parent: 0)
        b.addFile(name: Array("notes.db".utf8), parent: docs, size: 100)
        let lib = b.addDirectory(name: Array("Library".utf8), parent: 0)
        let support = b.addDirectory(name: Array("Application Support".utf8), parent: lib)
        let models = b.addDirectory(name: Array("Models".utf8), parent: support, excluded: modelsExcluded)
        b.addFile(name: Array("a.bin".utf8), parent: models, size: 1_000)
        b.addFile(name: Array("b.bin".utf8), parent: models, size: 2_000)
        b.addFile(name: Array("keep.bin".utf8), parent: models, size: 5, excluded: true)
        let caches = b.addDirectory(name: Array("Caches".utf8), parent: lib)
        b.addFile(name: Array("blob".utf8), parent: caches, size: 7, excluded: cachesExcluded)
        return b.build()
    }

    static func compare(_ base: Inventory, _ run: Inventory, baseViolations: [Violation] = [], violations: [Violation] = [])
        -> RunComparison
    {
        RunComparison(
            baseRunID: "base", base: base, baseReport: report(baseViolations), baseResults: nil, runID: "run", run: run,
            report: report(violations), results: nil)
    }

    // MARK: - Flags

    @Test func aDirectoryLosingItsFlagIsOneChangeCountingTheFilesThatWentWithIt() throws {
        let c = Self.compare(Self.container(modelsExcluded: true), Self.container(modelsExcluded: false))
        #expect(c.files.entries.isEmpty, "no file added, removed or grown")
        let change = try #require(c.files.flagChanges.first)
        #expect(c.files.flagChanges.count == 1)
        #expect(change.direction == .nowBackedUp)
        #expect(change.path == "Library/Application Support/Models" && change.isDirectory)
        #expect(change.fileCount == 2 && change.bytes == 3_000, "keep.bin keeps its own flag")
        #expect(change.areaBackedUp)
        #expect(c.regressions == 1)
        #expect(c.text.contains("Excluded -> backed up (1)\n  Library/Application Support/Models  2 files, 3 KiB\n"))
    }

    @Test func settingTheFlagIsTheOtherWayAndAnImprovement() {
        let c = Self.compare(Self.container(modelsExcluded: false), Self.container(modelsExcluded: true))
        #expect(c.files.flagChanges.map(\.direction) == [.nowExcluded])
        #expect(c.regressions == 0 && c.improvements == 1)
    }

    @Test func anUnrecordedFlagIsNotAChangeButIsCounted() {
        // The base is a plain ncdu export but for keep.bin's own flag. Every other file is
        // "not recorded in base", none a change.
        let base = Self.container(modelsExcluded: false, recordsFlags: false)
        let run = Self.container(modelsExcluded: true)
        let c = Self.compare(base, run)
        #expect(c.files.flagChanges.isEmpty)
        #expect(c.files.flagsNotRecordedInBase == 4 && c.files.flagsNotRecordedInRun == 0)
        #expect(c.text.contains("Flags not compared: 4 files not recorded in base, 0 not recorded in this run\n"))
        let back = Self.compare(run, base)
        #expect(back.files.flagChanges.isEmpty && back.files.flagsNotRecordedInRun == 4)
    }

    @Test func aFlagInCachesIsListedButIsNoRegression() throws {
        let c = Self.compare(
            Self.container(modelsExcluded: true, cachesExcluded: true), Self.container(modelsExcluded: true, cachesExcluded: false))
        let change = try #require(c.files.flagChanges.first)
        #expect(change.path == "Library/Caches/blob" && !change.isDirectory && !change.areaBackedUp)
        #expect(c.regressions == 0)
        #expect(c.text.contains("  Library/Caches/blob  1 file, 7 B  (area not backed up either way)\n"))
    }

    // MARK: - Moves

    static func files(_ paths: [(String, UInt64)]) -> Inventory {
        var b = InventoryBuilder()
        var directories: [String: Int] = [:]
        for (path, size) in paths {
            var parent = 0
            let parts = path.split(separator: "/").map(String.init)
            for (i, dir) in parts.dropLast().enumerated() {
                let key = parts[...i].joined(separator: "/")
                if let known = directories[key] {
                    parent = known
                } else {
                    parent = b.addDirectory(name: Array(dir.utf8), parent: parent)
                    directories[key] = parent
                }
            }
            b.addFile(name: Array(parts.last!.utf8), parent: parent, size: size)
        }
        return b.build()
    }

    @Test func aFileUnderAnotherAreaAtTheSamePathBelowItMoved() throws {
        let base = Self.files([("Library/Caches/Thumbs/a.jpg", 10), ("Documents/keep.txt", 1)])
        let run = Self.files([("Documents/Thumbs/a.jpg", 12), ("Documents/keep.txt", 1)])
        let c = Self.compare(base, run)
        let move = try #require(c.files.moves.first)
        #expect(c.files.moves.count == 1)
        #expect(move.path == "Documents/Thumbs/a.jpg" && move.basePath == "Library/Caches/Thumbs/a.jpg")
        #expect(move.area == .documents && move.baseArea == .caches)
        #expect(move.baseSize == 10 && move.size == 12)
        #expect(c.files.entries.isEmpty, "a move is neither added nor removed")
        #expect(c.text.contains("Moved between areas (1)\n  Documents/Thumbs/a.jpg  from Library/Caches/Thumbs/a.jpg  12 B\n"))
    }

    @Test func areaNamesIgnoreCaseAndOtherKeepsTheWholePath() {
        #expect(InventoryDiff.Area.of("library/caches/x").area == .caches)
        #expect(InventoryDiff.Area.of("library/caches/x").below == "x")
        #expect(InventoryDiff.Area.of("Library/Application Support/m/x.bin").below == "m/x.bin")
        #expect(InventoryDiff.Area.of("Library/Preferences/p.plist") == (.other, "Library/Preferences/p.plist"))
        #expect(InventoryDiff.Area.of("tmp") == (.other, "tmp"))
        #expect(InventoryDiff.Area.of("Documentsx/a").area == .other)
    }

    @Test func anAmbiguousNameIsNoMove() {
        // Two files called Thumbs/a.jpg were added (Documents and tmp): which one moved
        // cannot be told, so none did.
        let base = Self.files([("Library/Caches/Thumbs/a.jpg", 10)])
        let run = Self.files([("Documents/Thumbs/a.jpg", 10), ("tmp/Thumbs/a.jpg", 10)])
        let c = Self.compare(base, run)
        #expect(c.files.moves.isEmpty)
        #expect(c.files.count(.added) == 2 && c.files.count(.removed) == 1)
    }

    @Test func theSameAreaIsNoMove() {
        let c = Self.compare(Self.files([("Documents/a/x", 1)]), Self.files([("Documents/b/x", 1)]))
        #expect(c.files.moves.isEmpty)
    }

    // MARK: - Violations

    static func violation(_ kind: ViolationKind, _ path: String, rule: String?) -> Violation {
        Violation(kind: kind, path: path, size: 1, ruleName: rule, reason: "r")
    }

    @Test func violationsCompareByKindRuleAndPath() {
        let inv = Self.files([("Documents/a", 1)])
        let kept = Self.violation(.misplacedFile, "Documents/a", rule: "docs")
        let c = Self.compare(
            inv, inv,
            baseViolations: [kept, Self.violation(.unsetAttribute, "Documents/a", rule: "docs")],
            violations: [
                kept, Self.violation(.misplacedFile, "Documents/a", rule: "other-rule"), Self.violation(.volume, "Documents", rule: "budget"),
            ])
        #expect(c.violations.new.map(\.ruleName) == ["other-rule", "budget"])
        #expect(c.violations.fixed.map(\.kind) == [.unsetAttribute])
        #expect(c.violations.newBlocking == 1)
        #expect(c.regressions == 1 && c.improvements == 1, "a new warning is listed, not counted")
    }

    // MARK: - Tests

    static func failure(_ id: String) -> TestFailure {
        TestFailure(testName: String(id.split(separator: "/").last ?? ""), identifier: id, failureText: "x")
    }

    @Test func testsNewlyFailingFixedAndFlaky() {
        let base = TestResults(
            source: .testsJSON, outcome: .failed,
            failures: [Self.failure("S/testOld()"), Self.failure("S/testStill()")],
            testCases: [
                TestCaseRecord(name: "testNew()", identifier: "S/testNew()", outcome: .passed),
                TestCaseRecord(name: "testShaky()", identifier: "S/testShaky()", outcome: .passed, attempts: [.failed, .passed]),
            ])
        let run = TestResults(
            source: .testsJSON, outcome: .failed,
            failures: [Self.failure("S/testStill()"), Self.failure("S/testNew()"), Self.failure("S/testUnseen()")],
            testCases: [
                TestCaseRecord(name: "testOld()", identifier: "S/testOld()", outcome: .passed),
                TestCaseRecord(name: "testShaky()", identifier: "S/testShaky()", outcome: .passed, attempts: [.failed, .passed]),
                TestCaseRecord(name: "testFresh()", identifier: "S/testFresh()", outcome: .passed, attempts: [.failed, .failed, .passed]),
            ])
        let d = TestOutcomeDiff(base: base, run: run)
        #expect(d.notCompared == nil)
        #expect(d.newFailing.map(\.test) == ["S/testNew()", "S/testUnseen()"])
        #expect(d.newFailing.map(\.other) == ["passed in base", "not listed in base"])
        #expect(d.fixed.map(\.test) == ["S/testOld()"] && d.fixed.map(\.other) == ["passed"])
        #expect(d.flaky.map(\.test) == ["S/testShaky()", "S/testFresh()"])
        #expect(d.flaky.map(\.other) == ["also flaky in base", "not flaky in base"])
        #expect(d.flaky[1].attempts == [.failed, .failed, .passed])
    }

    @Test func aFixedTestTheRunDoesNotListIsNotFailingNotPassed() {
        let base = TestResults(source: .summaryJSON, outcome: .failed, failures: [Self.failure("S/testA()")])
        let run = TestResults(source: .summaryJSON, outcome: .passed)
        #expect(TestOutcomeDiff(base: base, run: run).fixed.map(\.other) == ["not failing"])
    }

    @Test func withoutResultsOnEitherSideNothingIsCompared() {
        let results = TestResults(source: .summaryJSON, outcome: .failed, failures: [Self.failure("S/testA()")])
        let noBase = TestOutcomeDiff(base: nil, run: results)
        #expect(noBase.notCompared == "no test results in the base run" && noBase.newFailing.isEmpty)
        let noRun = TestOutcomeDiff(base: results, run: nil)
        #expect(noRun.notCompared == "no test results in this run" && noRun.fixed.isEmpty, "not read is not fixed")
    }

    @Test func xcresultAndJUnitNamesAreTheSameTest() {
        let xcresult = TestOutcomeDiff.TestKey("BackupBoundaryTests/testDownloadsExcludedFromBackup()")
        let junit = TestOutcomeDiff.TestKey("VaultTests.BackupBoundaryTests.testDownloadsExcludedFromBackup")
        #expect(xcresult == junit)
        #expect(TestOutcomeDiff.TestKey("OtherTests/testDownloadsExcludedFromBackup()") != xcresult)
        #expect(TestOutcomeDiff.TestKey("testA()") == TestOutcomeDiff.TestKey("testA"))
    }

    // MARK: - Output

    @Test func everyEvidenceStringIsEscapedInTheText() {
        let evil = "evil\u{1B}]0;owned\u{07}"
        let base = Self.files([("Library/Caches/" + evil, 1)])
        let run = Self.files([("Documents/" + evil, 1)])
        let c = RunComparison(
            baseRunID: "base", base: base, baseReport: Self.report(), baseResults: TestResults(source: .summaryJSON),
            runID: "run", run: run, report: Self.report([Self.violation(.misplacedFile, "Documents/" + evil, rule: evil)]),
            results: TestResults(source: .summaryJSON, failures: [Self.failure("S/" + evil)]))
        #expect(!c.text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        #expect(c.text.contains("Moved between areas (1)") && c.text.contains("Newly failing tests (1)"))
    }
}
