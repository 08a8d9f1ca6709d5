import Testing

@testable import ExhibitCore
@testable import ExhibitRules
@testable import ExhibitTestSupport
@testable import ExhibitTriageUI

/// The quirks real results files show (issue 14 §3; evidence-formats §11), each in a small
/// fixture of our own, so the suite covers them without `../shared/real-evidence`.
@Suite struct RealToolQuirksTests {
    // MARK: Xcode 16.0 summary.json: numeric testIdentifier only

    /// As codemagic's banaan run printed it: `testIdentifier` 3, no `testIdentifierString`.
    static let xcode16Summary = #"""
        {"devicesAndConfigurations":[{"device":{"architecture":"arm64","deviceId":"D4A5","deviceName":"iPhone SE (3rd generation)","modelName":"iPhone SE (3rd generation)","osVersion":"18.0","platform":"iOS Simulator"},"expectedFailures":0,"failedTests":2,"passedTests":1,"skippedTests":0,"testPlanConfiguration":{"configurationId":"1","configurationName":"Test Scheme Action"}}],
         "environmentDescription":"Vault · Built with macOS 14.7","expectedFailures":0,"failedTests":2,"passedTests":1,"result":"Failed","skippedTests":0,"statistics":[],"title":"Test - Vault","topInsights":[],"totalTestCount":3,
         "testFailures":[{"failureText":"XCTAssertFalse failed - Documents/cache.db exists","targetName":"VaultTests","testIdentifier":3,"testName":"testCacheNotInDocuments()"},
                         {"failureText":"failed - tmp is not empty","targetName":"VaultUITests","testIdentifier":8,"testName":"testTmpEmpty()"}]}
        """#

    static let xcode16Tests = #"""
        {"devices":[{"architecture":"arm64","deviceId":"D4A5","deviceName":"iPhone SE (3rd generation)","modelName":"iPhone SE (3rd generation)","osVersion":"18.0","platform":"iOS Simulator"}],
         "testPlanConfigurations":[{"configurationId":"1","configurationName":"Test Scheme Action"}],
         "testNodes":[{"nodeType":"Test Plan","name":"Vault","result":"Failed","children":[
           {"nodeType":"Unit test bundle","name":"VaultTests","result":"Failed","children":[{"nodeType":"Test Suite","name":"BackupBoundaryTests","result":"Failed","children":[
             {"nodeType":"Test Case","name":"testCacheNotInDocuments()","nodeIdentifier":"BackupBoundaryTests/testCacheNotInDocuments()","result":"Failed","duration":"0,0021s","children":[
               {"nodeType":"Failure Message","name":"BackupBoundaryTests.swift:41: XCTAssertFalse failed - Documents/cache.db exists","result":"Failed"}]},
             {"nodeType":"Test Case","name":"testVacuum()","nodeIdentifier":"BackupBoundaryTests/testVacuum()","result":"Passed","duration":"1s"}]}]},
           {"nodeType":"UI test bundle","name":"VaultUITests","result":"Failed","children":[{"nodeType":"Test Suite","name":"LaunchTests","result":"Failed","children":[
             {"nodeType":"Test Case","name":"testTmpEmpty()","nodeIdentifier":"LaunchTests/testTmpEmpty()","result":"Failed","children":[
               {"nodeType":"Failure Message","name":"LaunchTests.swift:40: failed - tmp is not empty","result":"Failed"}]}]}]}]}]}
        """#

    @Test func xcode16SummaryShowsTestsByNameNeverByTheirRowID() throws {
        let (results, warnings) = try readText(SummaryJSONReader.self, Self.xcode16Summary, file: "results/summary.json")
        #expect(warnings.isEmpty)
        #expect(results.failures.map(\.displayName) == ["testCacheNotInDocuments()", "testTmpEmpty()"])
        #expect(results.failures.map(\.targetName) == ["VaultTests", "VaultUITests"])
        #expect(results.failures.allSatisfy { $0.identifier == nil })
        #expect(results.destinations.count == 1 && results.destinations[0].failedCount == 2 && results.destinations[0].totalCount == 3)
        let bundle = BundleLoader.load(runID: "r", from: MemoryEvidenceSource(text: ["results/summary.json": Self.xcode16Summary]))
        let text = SummaryReport.text(bundle)
        #expect(text.contains("  testCacheNotInDocuments() [VaultTests]\n"))
        #expect(!text.contains("  3 ") && !text.contains("  8 "))
    }

    @Test func summaryJoinedWithTestsJSONGetsIdentifiersAndLocations() throws {
        let bundle = BundleLoader.load(
            runID: "r",
            from: MemoryEvidenceSource(text: [
                "results/summary.json": Self.xcode16Summary, "results/tests.json": Self.xcode16Tests,
            ]))
        let results = try #require(bundle.primaryResults)
        #expect(results.source == .summaryJSON)
        #expect(results.failures.map(\.identifier) == ["BackupBoundaryTests/testCacheNotInDocuments()", "LaunchTests/testTmpEmpty()"])
        #expect(results.failures.map(\.sourceFile) == ["BackupBoundaryTests.swift", "LaunchTests.swift"])
        #expect(results.failures.map(\.line) == [41, 40])
        #expect(results.failures[0].failureText == "XCTAssertFalse failed - Documents/cache.db exists")
        #expect(SummaryReport.text(bundle).contains("  BackupBoundaryTests/testCacheNotInDocuments() [VaultTests] at BackupBoundaryTests.swift:41\n"))
    }

    // MARK: tests.json: several messages, repetitions

    static let testsWithRetries = #"""
        {"devices":[],"testPlanConfigurations":[],"testNodes":[{"nodeType":"Test Plan","name":"P","result":"Failed","children":[
          {"nodeType":"Unit test bundle","name":"VaultTests","result":"Failed","children":[
            {"nodeType":"Test Case","name":"testTwoExpectations()","nodeIdentifier":"S/testTwoExpectations()","result":"Failed","children":[
              {"nodeType":"Repetition","name":"First Run","result":"Failed","children":[
                {"nodeType":"Failure Message","name":"S.swift:10: first expectation"},
                {"nodeType":"Failure Message","name":"S.swift:12: second expectation"}]},
              {"nodeType":"Repetition","name":"Retry 1","result":"Failed","children":[
                {"nodeType":"Failure Message","name":"S.swift:10: first expectation"},
                {"nodeType":"Failure Message","name":"S.swift:12: second expectation"}]}]},
            {"nodeType":"Test Case","name":"testFlaky()","nodeIdentifier":"S/testFlaky()","result":"Passed","children":[
              {"nodeType":"Repetition","name":"First Run","result":"Failed","children":[{"nodeType":"Failure Message","name":"S.swift:20: once"}]},
              {"nodeType":"Repetition","name":"Retry 1","result":"Passed"}]}]}]}]}
        """#

    @Test func testsJSONListsATestWithSeveralMessagesOnceWithItsAttempts() throws {
        let (results, _) = try readText(TestsJSONReader.self, Self.testsWithRetries, file: "results/tests.json")
        #expect(results.failedCount == 1 && results.passedCount == 1 && results.flakyCount == 1)
        #expect(results.failures.count == 1)
        let failure = try #require(results.failures.first)
        #expect(
            failure.messages == [
                FailureMessage(text: "first expectation", sourceFile: "S.swift", line: 10),
                FailureMessage(text: "second expectation", sourceFile: "S.swift", line: 12),
            ])
        #expect(failure.attempts == 2 && failure.failedAttempts == 2)
        #expect(results.testCases[1].isFlaky && results.testCases[1].attempts == [.failed, .passed])
        let bundle = BundleLoader.load(runID: "r", from: MemoryEvidenceSource(text: ["results/tests.json": Self.testsWithRetries]))
        let text = SummaryReport.text(bundle)
        #expect(
            text.contains(
                "Failing tests (1)\n  S/testTwoExpectations() [VaultTests] at S.swift:10 (failed all 2 attempts)\n      first expectation\n      S.swift:12: second expectation\n"
            ))
        #expect(text.contains("1 passed on retry"))
    }

    // MARK: JUnit

    /// codemagic's printer: the location starts the text's first line, followed by a
    /// space; more lines follow; `<error>` and `<failure>` in one testcase.
    static let codemagicJUnit = """
        <?xml version="1.0" ?>
        <testsuites errors="0" failures="1" name="" tests="2">
        \t<testsuite errors="0" failures="1" name="VaultTests" tests="2">
        \t\t<testcase classname="VaultTests" name="testCacheNotInDocuments()" status="Failure" time="0.03">
        \t\t\t<failure message="failed - cache.db in Documents" type="Assertion Failure">/Users/ci/vault/VaultTests/BackupTests.swift:44 failed - cache.db in Documents
        Assertion Failure at BackupTests.swift:44: failed - cache.db in Documents</failure>
        \t\t\t<error message="failed: caught error" type="VaultTests.Boom">failed: caught error: "badInput"
        Thrown Error: failed: caught error: "badInput"</error>
        \t\t</testcase>
        \t\t<testcase classname="VaultTests" name="testVacuum()" status="Success" time="0.01"/>
        \t</testsuite>
        </testsuites>
        """

    @Test func codemagicLocationsStartTheFirstLineAndMessagesKeepTheirLineBreaks() throws {
        let (results, warnings) = try readText(JUnitReader.self, Self.codemagicJUnit, file: "results/junit.xml")
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(results.totalCount == 2 && results.failedCount == 1)
        #expect(results.failures.count == 1)
        let failure = try #require(results.failures.first)
        #expect(
            failure.messages == [
                FailureMessage(
                    text: "failed - cache.db in Documents\nAssertion Failure at BackupTests.swift:44: failed - cache.db in Documents",
                    sourceFile: "BackupTests.swift", line: 44),
                FailureMessage(text: "failed: caught error: \"badInput\"\nThrown Error: failed: caught error: \"badInput\""),
            ])
        #expect(failure.sourceFile == "BackupTests.swift" && failure.line == 44)
    }

    @Test func leadingLocationsNeedAFileNameNotASentence() {
        #expect(FailureLocation.splitLeadingOnFirstLine("see Vault.swift:12 for more") == nil)
        #expect(FailureLocation.splitLeadingOnFirstLine("Vault.swift:12 boom\nnext")?.rest == "boom\nnext")
        #expect(FailureLocation.splitLeadingOnFirstLine("/My Project/Vault.swift:12 boom")?.location == FailureLocation(file: "Vault.swift", line: 12))
        #expect(
            FailureLocation.splitTrailingParenthesized(
                "XCTAssertTrue failed (/Users/j/T/TestTests.swift#CharacterRangeLen=0&EndingLineNumber=36&StartingLineNumber=36)"
            )
            .map { "\($0.location.file):\($0.location.line) \($0.rest)" } == "TestTests.swift:37 XCTAssertTrue failed",
            "trainer copies the 0-based document URL")
    }

    /// trainer with retries: each attempt another `<testcase>` with a `repetition`
    /// property; two parameterised cases whose arguments (a tab, a line feed) XML
    /// normalises into the same space stay two tests; a flaky test passes on retry.
    static let trainerRetries = """
        <?xml version='1.0' encoding='UTF-8'?>
        <testsuites tests='4' failures='2' skipped='0'>
          <testsuite name='VaultTests' tests='4' failures='2' skipped='0'>
            <testcase name='testCache()' classname='BackupTests' time='0.5'>
              <failure message='BackupTests.swift:41: cache.db in Documents'/>
              <properties><property name='repetition' value='First Run'/></properties>
            </testcase>
            <testcase name='testCache()' classname='BackupTests' time='0.5'>
              <failure message='BackupTests.swift:41: cache.db in Documents'/>
              <properties><property name='repetition' value='Retry 1'/></properties>
            </testcase>
            <testcase name='names(\t)' classname='BackupTests' time='0.1'>
              <failure message='BackupTests.swift:67: tab'/>
              <properties><property name='repetition' value='First Run'/></properties>
            </testcase>
            <testcase name='names(\t)' classname='BackupTests' time='0.1'>
              <failure message='BackupTests.swift:67: tab'/>
              <properties><property name='repetition' value='Retry 1'/></properties>
            </testcase>
            <testcase name='names(\n)' classname='BackupTests' time='0.1'>
              <properties><property name='repetition' value='First Run'/></properties>
            </testcase>
            <testcase name='testFlaky()' classname='BackupTests' time='0.2'>
              <failure message='BackupTests.swift:90: once'/>
              <properties><property name='repetition' value='First Run'/></properties>
            </testcase>
            <testcase name='testFlaky()' classname='BackupTests' time='0.2'>
              <properties><property name='repetition' value='Retry 1'/></properties>
            </testcase>
          </testsuite>
        </testsuites>
        """

    @Test func trainerRetriesFoldIntoTestsWithAttemptsAndTheDeclaredCountsHold() throws {
        let (results, warnings) = try readText(JUnitReader.self, Self.trainerRetries, file: "results/junit.xml")
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(results.totalCount == 4 && results.failedCount == 2 && results.passedCount == 2 && results.flakyCount == 1)
        #expect(results.testCases.map(\.attempts) == [[.failed, .failed], [.failed, .failed], [], [.failed, .passed]])
        #expect(results.failures.map(\.testName) == ["testCache()", "names( )"])
        #expect(results.failures.allSatisfy { $0.attempts == 2 && $0.failedAttempts == 2 && $0.messages.count == 1 })
    }

    /// xcbeautify lists distinct Swift Testing tests under one display name and declares
    /// every one of them: repeats are not retries there.
    @Test func repeatsADeclaredCountIncludesAreSeparateTests() throws {
        let text = """
            <testsuites name="All tests" tests="3" failures="0">
                <testsuite name="SwiftTesting" tests="3" failures="0">
                    <testcase classname="SwiftTesting" name="&quot;Codable&quot;" time="0.001" />
                    <testcase classname="SwiftTesting" name="&quot;Codable&quot;" time="0.001" />
                    <testcase classname="SwiftTesting" name="other()" time="0.001" />
                </testsuite>
            </testsuites>
            """
        let (results, warnings) = try readText(JUnitReader.self, text, file: "results/junit.xml")
        #expect(warnings.isEmpty)
        #expect(results.totalCount == 3 && results.testCases.allSatisfy { $0.attempts.isEmpty })
    }

    /// codemagic writes one suite per target and destination with `device_*` properties:
    /// the same test on two devices is two failing tests, each named by its device.
    @Test func junitSuitesOnTwoDevicesReportEachDestination() throws {
        func suite(_ udid: String, _ os: String) -> String {
            """
            <testsuite failures="1" name="VaultTests" tests="2">
              <properties><property name="device_identifier" value="\(udid)"/><property name="device_name" value="iPhone 8"/>
                <property name="device_operating_system" value="\(os)"/><property name="device_platform" value="iOS Simulator"/></properties>
              <testcase classname="VaultTests" name="testCache()"><failure message="m">BackupTests.swift:44 failed</failure></testcase>
              <testcase classname="VaultTests" name="testVacuum()"/>
            </testsuite>
            """
        }
        let text = "<testsuites failures=\"2\" tests=\"4\">" + suite("UDID-A", "13.2.2 (17B102)") + suite("UDID-B", "14.0 (18A372)") + "</testsuites>"
        let (results, _) = try readText(JUnitReader.self, text, file: "results/junit.xml")
        #expect(results.totalCount == 4 && results.failedCount == 2 && results.failures.count == 2)
        #expect(results.failures.map(\.destination) == ["iPhone 8 · iOS Simulator 13.2.2 (17B102)", "iPhone 8 · iOS Simulator 14.0 (18A372)"])
        #expect(results.destinations.map(\.device.identifier) == ["UDID-A", "UDID-B"])
        #expect(results.destinations.map(\.failedCount) == [1, 1])
    }

    // MARK: Legacy JSON with several run destinations

    static func legacyAction(_ udid: String, _ os: String, _ build: String, failures: [(String, String, Int)]) -> String {
        let summaries = failures.map { name, message, line in
            #"{"_type":{"_name":"TestFailureIssueSummary"},"testCaseName":{"_type":{"_name":"String"},"_value":"\#(name)"},"message":{"_type":{"_name":"String"},"_value":"\#(message)"},"documentLocationInCreatingWorkspace":{"_type":{"_name":"DocumentLocation"},"url":{"_type":{"_name":"String"},"_value":"file:///ci/BackupTests.swift#CharacterRangeLen=0&EndingLineNumber=\#(line)&StartingLineNumber=\#(line)"}}}"#
        }.joined(separator: ",")
        return #"""
            {"_type":{"_name":"ActionRecord"},"title":{"_type":{"_name":"String"},"_value":"Testing project Vault with scheme Vault"},
             "runDestination":{"_type":{"_name":"ActionRunDestinationRecord"},"displayName":{"_type":{"_name":"String"},"_value":"iPhone 8"},
               "targetDeviceRecord":{"_type":{"_name":"ActionDeviceRecord"},"identifier":{"_type":{"_name":"String"},"_value":"\#(udid)"},"name":{"_type":{"_name":"String"},"_value":"iPhone 8"},"modelName":{"_type":{"_name":"String"},"_value":"iPhone 8"},"operatingSystemVersion":{"_type":{"_name":"String"},"_value":"\#(os)"},"operatingSystemVersionWithBuildNumber":{"_type":{"_name":"String"},"_value":"\#(os) (\#(build))"},"platformRecord":{"_type":{"_name":"ActionPlatformRecord"},"userDescription":{"_type":{"_name":"String"},"_value":"iOS Simulator"}}}},
             "actionResult":{"_type":{"_name":"ActionResult"},"status":{"_type":{"_name":"String"},"_value":"failed"},
               "metrics":{"_type":{"_name":"ResultMetrics"},"testsCount":{"_type":{"_name":"Int"},"_value":"3"},"testsFailedCount":{"_type":{"_name":"Int"},"_value":"\#(failures.count)"}},
               "issues":{"_type":{"_name":"ResultIssueSummaries"},"testFailureSummaries":{"_type":{"_name":"Array"},"_values":[\#(summaries)]}}}}
            """#
    }

    @Test func legacyRecordWithTwoDestinationsReportsEach() throws {
        let a = Self.legacyAction("UDID-A", "13.2.2", "17B102", failures: [("BackupTests.testCache()", "cache.db in Documents", 43)])
        let b = Self.legacyAction(
            "UDID-B", "14.0", "18A372",
            failures: [
                ("BackupTests.testCache()", "cache.db in Documents", 43),
                ("BackupTests.testTmp()", "tmp not empty", 50),
            ])
        let text =
            #"{"_type":{"_name":"ActionsInvocationRecord"},"metrics":{"_type":{"_name":"ResultMetrics"},"testsCount":{"_type":{"_name":"Int"},"_value":"6"},"testsFailedCount":{"_type":{"_name":"Int"},"_value":"3"}},"actions":{"_type":{"_name":"Array"},"_values":["#
            + a + "," + b + "]}}"
        let (results, warnings) = try readText(LegacyJSONReader.self, text, file: "results/legacy.json")
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(results.devices.map(\.identifier) == ["UDID-A", "UDID-B"])
        #expect(results.destinations.map(\.device.osBuildNumber) == ["17B102", "18A372"])
        #expect(results.destinations.map(\.failedCount) == [1, 2])
        #expect(results.destinations.map(\.totalCount) == [3, 3])
        #expect(results.failures.count == 3)
        #expect(
            results.failures.map(\.destination) == [
                "iPhone 8 · iOS Simulator 13.2.2 (17B102)", "iPhone 8 · iOS Simulator 14.0 (18A372)",
                "iPhone 8 · iOS Simulator 14.0 (18A372)",
            ])
        let bundle = BundleLoader.load(runID: "r", from: MemoryEvidenceSource(text: ["results/legacy.json": text]))
        let summary = SummaryReport.text(bundle)
        #expect(
            summary.contains(
                "Destinations (2)\n  iPhone 8 · iOS Simulator 13.2.2 (17B102) · UDID-A: Failed: 3 total, 2 passed, 1 failed, 0 skipped\n  iPhone 8 · iOS Simulator 14.0 (18A372) · UDID-B: Failed: 3 total, 1 passed, 2 failed, 0 skipped\n"
            ))
        #expect(summary.contains("Failing tests (3)\n"))
    }

    @Test func groupingFoldsOneTestsEntriesAndKeepsDestinationsApart() {
        let a = TestFailure(testName: "t()", identifier: "S/t()", targetName: "T", failureText: "one", sourceFile: "S.swift", line: 1)
        var b = a
        b.messages = [FailureMessage(text: "two", sourceFile: "S.swift", line: 2)]
        var elsewhere = a
        elsewhere.destination = "iPad"
        let grouped = TestFailure.grouped([a, b, a, elsewhere])
        #expect(grouped.count == 2)
        #expect(grouped[0].messages.map(\.text) == ["one", "two"])
        #expect(grouped[0].failureText == "one\ntwo")
        #expect(grouped[1].destination == "iPad")
    }
}

/// The Failures pane lists every message of a test with its own location, and the
/// destination and attempts when the results record them.
@Suite struct FailureDetailsTests {
    @Test func detailsListEveryMessageWithItsLocation() {
        let inv = TriageFixture.inventory()
        var bundle = TriageFixture.bundle(inv)
        var failure = TestFailure(
            testName: "t()", identifier: "S/t()", targetName: "T",
            messages: [
                FailureMessage(text: "first\nsecond line", sourceFile: "S.swift", line: 10),
                FailureMessage(text: "other", sourceFile: "S.swift", line: 12),
            ],
            destination: "iPhone 8 · iOS Simulator 14.0 (18A372)")
        failure.attempts = 2
        failure.failedAttempts = 2
        failure.failingArguments = ["value: false"]
        bundle.results[0].failures = [failure]
        let state = TriageState(
            data: TriageData(bundle: bundle, report: TriageFixture.report(inv), rules: TriageFixture.rules()),
            rows: 24, cols: 80)
        let text = FailuresRenderer.detailLines(failure, state: state, glyphs: .unicode).map { $0.map(\.text).joined() }
        #expect(
            Array(text.prefix(8)) == [
                " on iPhone 8 · iOS Simulator 14.0 (18A372)", " failed 2 of 2 attempts", " failing argument: value: false", " first", " second line",
                " at S.swift:10", " other", " at S.swift:12",
            ])
    }
}
