import ExhibitTestSupport
import Testing

@testable import ExhibitCore

/// Results files of one run that disagree (review D1, hostile repro 9): every failing
/// test any file records is listed, the richer record gives its message and location,
/// and each disagreement is warned with both files and both counts.
@Suite struct ResultsMergeTests {
    /// summary.json counting 2 failed but listing only testA (as the real
    /// RandomStuff-14-12-06 summary would without its second entry).
    static let summaryListingOne = #"""
        {"title":"T","result":"Failed","totalTestCount":3,"passedTests":1,"failedTests":2,"skippedTests":0,"expectedFailures":0,
         "environmentDescription":"Vault · B","statistics":[],"topInsights":[],"devicesAndConfigurations":[],
         "testFailures":[{"testName":"testA()","targetName":"VaultTests","testIdentifierString":"S/testA()","failureText":"a broke"}]}
        """#

    static let treeFailingBoth = #"""
        {"devices":[],"testPlanConfigurations":[],"testNodes":[{"nodeType":"Unit test bundle","name":"VaultTests","result":"Failed","children":[
          {"nodeType":"Test Case","name":"testA()","nodeIdentifier":"S/testA()","result":"Failed","children":[
            {"nodeType":"Failure Message","name":"S.swift:10: a broke"}]},
          {"nodeType":"Test Case","name":"testB()","nodeIdentifier":"S/testB()","result":"Failed","children":[
            {"nodeType":"Failure Message","name":"S.swift:20: b broke"}]},
          {"nodeType":"Test Case","name":"testC()","nodeIdentifier":"S/testC()","result":"Passed"}]}]}
        """#

    func load(_ files: [String: String]) -> EvidenceBundle {
        BundleLoader.load(runID: "r", from: MemoryEvidenceSource(text: files))
    }

    func disagreements(_ bundle: EvidenceBundle) -> [Diagnostic] {
        bundle.diagnostics.filter { $0.message.hasPrefix("disagrees with") }
    }

    @Test func aFailingTestOnlyTheTreeRecordsIsListedAndWarned() throws {
        let bundle = load(["results/summary.json": Self.summaryListingOne, "results/tests.json": Self.treeFailingBoth])
        let results = try #require(bundle.primaryResults)
        #expect(results.source == .summaryJSON)
        #expect(results.failures.map(\.displayName) == ["S/testA()", "S/testB()"])
        #expect(results.failures.map(\.onlyIn) == [nil, .testsJSON])
        // The tree's record gives both their locations.
        #expect(results.failures.map(\.line) == [10, 20])
        #expect(results.failures[1].failureText == "b broke")
        #expect(
            disagreements(bundle).map(\.description) == [
                "results/tests.json: warning: disagrees with results/summary.json, whose counts are shown: failed only here (listed too): S/testB()"
            ])
    }

    @Test func aPassingSummaryBesideAFailingJUnitKeepsTheFailureAndSaysSo() throws {
        // Hostile repro 9: the summary says Passed, the JUnit of the same run a failure.
        let bundle = load([
            "results/summary.json": ResultsDisagreementFixture.passingSummary, "results/junit.xml": ResultsDisagreementFixture.junitFailingB,
        ])
        let results = try #require(bundle.primaryResults)
        #expect(results.failedCount == 0)
        #expect(results.failures.map(\.displayName) == ["BackupBoundaryTests.testB"])
        #expect(results.failures.map(\.onlyIn) == [.junitXML])
        #expect(
            disagreements(bundle).map(\.description) == [
                "results/junit.xml: warning: disagrees with results/summary.json, whose counts are shown: 1 failed where results/summary.json says 0; failed only here (listed too): BackupBoundaryTests.testB"
            ])
        let d = try #require(bundle.resultDisagreements.first)
        #expect(d.countsDiffer && d.other.source == .junitXML && d.other.failedCount == 1)
    }

    @Test func filesThatAgreeAreQuietAndListEachTestOnce() throws {
        let junit = """
            <testsuites tests="3" failures="2"><testsuite name="S" tests="3" failures="2">
            <testcase classname="VaultTests.S" name="testA"><failure message="S.swift:10 - a broke"/></testcase>
            <testcase classname="VaultTests.S" name="testB"><failure message="S.swift:20 - b broke"/></testcase>
            <testcase classname="VaultTests.S" name="testC"/>
            </testsuite></testsuites>
            """
        let bundle = load(["results/tests.json": Self.treeFailingBoth, "results/junit.xml": junit])
        #expect(disagreements(bundle).isEmpty, "\(bundle.diagnostics)")
        let results = try #require(bundle.primaryResults)
        #expect(results.failures.map(\.displayName) == ["S/testA()", "S/testB()"])
        #expect(results.failures.allSatisfy { $0.onlyIn == nil })
    }

    /// One test as each file spells it is one key; another class, target or
    /// destination is another test.
    @Test func theSpellingsOfOneTestMeet() {
        func key(_ name: String, id: String? = nil, target: String? = nil, destination: String? = nil) -> ResultsMerge.TestKey {
            var f = TestFailure(testName: name, identifier: id, targetName: target, failureText: "")
            f.destination = destination
            return ResultsMerge.TestKey(f)
        }
        let tree = key("testCache()", id: "BackupBoundaryTests/testCache()", target: "VaultTests")
        #expect(tree.isSameTest(as: key("testCache", id: "VaultTests.BackupBoundaryTests.testCache", target: "VaultTests")))
        #expect(tree.isSameTest(as: key("testCache()", id: "BackupBoundaryTests.testCache()")))
        #expect(tree.isSameTest(as: key("testCache", id: "-[VaultTests.BackupBoundaryTests testCache]")))
        // Xcode 16.0's summary: a row id and the target only.
        #expect(tree.isSameTest(as: key("testCache()", id: "7", target: "VaultTests")))
        #expect(!tree.isSameTest(as: key("testCache()", id: "7", target: "VaultUITests")))
        #expect(!tree.isSameTest(as: key("testCache()", id: "OtherTests/testCache()")))
        #expect(!tree.isSameTest(as: key("testCacheTwo()", id: "BackupBoundaryTests/testCacheTwo()")))
        #expect(
            !key("t()", id: "S/t()", destination: "iPhone 8").isSameTest(as: key("t()", id: "S/t()", destination: "iPhone 11")))
        // Swift Testing: tests.json's display name and trainer's testcase per argument.
        let swiftTesting = key("Validate strings", id: "Suite/testStrings(_:)")
        #expect(swiftTesting.isSameTest(as: key("Validate strings (\"a\")", id: "Module.Suite.Validate strings (\"a\")")))
    }

    /// The richer record wins: a summary's text without a location takes JUnit's
    /// located message; a located one keeps its own.
    @Test func theRicherRecordGivesMessageAndLocation() {
        var bare = TestFailure(testName: "testA()", identifier: "7", targetName: "VaultTests", failureText: "a broke")
        let junit = TestFailure(testName: "testA", identifier: "VaultTests.S.testA", failureText: "a broke", sourceFile: "S.swift", line: 10)
        ResultsMerge.complete(&bare, from: junit)
        #expect(bare.sourceFile == "S.swift" && bare.line == 10)
        #expect(bare.identifier == "VaultTests.S.testA")
        var located = TestFailure(testName: "testA()", identifier: "S/testA()", failureText: "own", sourceFile: "S.swift", line: 9)
        ResultsMerge.complete(&located, from: junit)
        #expect(located.failureText == "own" && located.line == 9 && located.identifier == "S/testA()")
    }

    /// A header with a failed count and no list names no test: it is compared on its
    /// counts only, never as "every test failed only in the other file".
    @Test func aFileThatNamesNoFailingTestIsComparedOnCountsOnly() {
        let header = "<testsuites tests=\"3\" failures=\"2\"/>"
        let bundle = load(["results/tests.json": Self.treeFailingBoth, "results/junit.xml": header])
        #expect(disagreements(bundle).isEmpty, "\(bundle.diagnostics)")
        let more = load(["results/tests.json": Self.treeFailingBoth, "results/junit.xml": "<testsuites tests=\"4\" failures=\"3\"/>"])
        #expect(
            disagreements(more).map(\.message) == [
                "disagrees with results/tests.json, whose counts are shown: 3 failed where results/tests.json says 2; 4 tests where results/tests.json says 3"
            ])
    }
}
