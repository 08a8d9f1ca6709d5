import Testing

@testable import ExhibitCore
@testable import ExhibitRules
@testable import ExhibitTestSupport

/// More quirks real files show (`../shared/real-evidence/`, named on each fixture), each
/// in a small fixture of our own: how exhibit reads it, exactly.
@Suite struct RealQuirkFixturesTests {
    // MARK: tests.json: parameterised tests, retries, odd names and messages

    /// As dodo's `flackyParameterized(value:)` (Xcode 26.1.1): Arguments → Repetition →
    /// Failure Message; and fastlane's Xcode 26 test over ASCII characters: a test name
    /// with 🏷 U+FE0F, an argument `\u0001`, and the NUL argument printed as `""` with its
    /// message cut at the NUL.
    static let parameterised = #"""
        {"devices":[{"architecture":"arm64","deviceId":"A201","deviceName":"iPhone 17 Pro","modelName":"iPhone 17 Pro","osVersion":"26.1","osBuildNumber":"23B86","platform":"iOS Simulator"}],
         "testPlanConfigurations":[{"configurationId":"1","configurationName":"Test Scheme Action"}],
         "testNodes":[{"nodeType":"Test Plan","name":"P","result":"Failed","children":[{"nodeType":"Unit test bundle","name":"VaultTests","result":"Failed","children":[
           {"nodeType":"Test Case","name":"flaky(value:)","nodeIdentifier":"S/flaky(value:)","result":"Failed","children":[
             {"nodeType":"Arguments","name":"false","result":"Failed","children":[
               {"nodeType":"Repetition","name":"First Run","nodeIdentifier":"1","result":"Failed","children":[{"nodeType":"Failure Message","name":"S.swift:66: Expectation failed: (result → 4.0) == 5.0","result":"Failed"}]},
               {"nodeType":"Repetition","name":"Retry 1","nodeIdentifier":"2","result":"Failed","children":[{"nodeType":"Failure Message","name":"S.swift:66: Expectation failed: (result → 4.0) == 5.0","result":"Failed"}]}]},
             {"nodeType":"Arguments","name":"true","result":"Passed","children":[
               {"nodeType":"Repetition","name":"First Run","nodeIdentifier":"1","result":"Passed"},
               {"nodeType":"Repetition","name":"Retry 1","nodeIdentifier":"2","result":"Passed"}]}]},
           {"nodeType":"Test Case","name":"tag🏷\uFE0FName(asciiCharacter:)","nodeIdentifier":"S/tag🏷\uFE0FName(asciiCharacter:)","result":"Failed","children":[
             {"nodeType":"Arguments","name":"","result":"Failed","children":[
               {"nodeType":"Repetition","name":"First Run","result":"Failed","children":[{"nodeType":"Failure Message","name":"S.swift:67: Expectation failed: (asciiCharacter.asciiValue ?? 0 → 0) > 6: Character ","result":"Failed"}]}]},
             {"nodeType":"Arguments","name":"\u0001","result":"Failed","children":[
               {"nodeType":"Repetition","name":"First Run","result":"Failed","children":[{"nodeType":"Failure Message","name":"S.swift:67: Expectation failed: (asciiCharacter.asciiValue ?? 0 → 1) > 6: Character \u0001 has ASCII value <= 6","result":"Failed"}]}]}]},
           {"nodeType":"Test Case","name":"testLaunch()","nodeIdentifier":"LaunchTests/testLaunch()","result":"Passed","children":[
             {"nodeType":"Arguments","name":"Dark Appearance, Portrait","result":"Passed"},
             {"nodeType":"Arguments","name":"Light Appearance, Portrait","result":"Passed"}]}]}]}]}
        """#

    @Test func argumentsRepetitionsFoldIntoAttemptsAndNameTheFailingArguments() throws {
        let (results, warnings) = try readText(TestsJSONReader.self, Self.parameterised, file: "results/tests.json")
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(results.totalCount == 3 && results.failedCount == 2 && results.passedCount == 1 && results.flakyCount == 0)
        #expect(results.testCases.map(\.attempts) == [[.failed, .failed, .passed, .passed], [.failed, .failed], [.passed, .passed]])
        let flaky = results.failures[0]
        #expect(flaky.displayName == "S/flaky(value:)")
        #expect((flaky.attempts, flaky.failedAttempts) == (4, 2))
        #expect(flaky.failingArguments == ["value: false"], "labelled as the result bundle labels them")
        #expect(flaky.messages == [FailureMessage(text: "Expectation failed: (result → 4.0) == 5.0", sourceFile: "S.swift", line: 66)])
        let ascii = results.failures[1]
        #expect(ascii.testName == "tag🏷\u{FE0F}Name(asciiCharacter:)")
        #expect(ascii.failingArguments == ["asciiCharacter: ", "asciiCharacter: \u{1}"])
        #expect(
            ascii.messages.map(\.text) == [
                "Expectation failed: (asciiCharacter.asciiValue ?? 0 → 0) > 6: Character ",
                "Expectation failed: (asciiCharacter.asciiValue ?? 0 → 1) > 6: Character \u{1} has ASCII value <= 6",
            ])
        // Its one device is the destination, with every test; no failure names it.
        #expect(results.destinations.map(\.device.identifier) == ["A201"])
        #expect(results.destinations.map(\.configuration) == ["Test Scheme Action"])
        #expect(results.destinations.map(\.totalCount) == [3] && results.destinations.map(\.failedCount) == [2])
        #expect(results.failures.allSatisfy { $0.destination == nil })

        let bundle = BundleLoader.load(runID: "r", from: MemoryEvidenceSource(text: ["results/tests.json": Self.parameterised]))
        let text = SummaryReport.text(bundle)
        #expect(
            text.contains(
                "  S/flaky(value:) [VaultTests] at S.swift:66 (failed 2 of 4 attempts)\n      failing argument: value: false\n      Expectation failed: (result → 4.0) == 5.0\n"
            ))
        #expect(
            text.contains(
                "  S/tag🏷\u{FE0F}Name(asciiCharacter:) [VaultTests] at S.swift:67 (failed all 2 attempts)\n      failing arguments (2): asciiCharacter: ; asciiCharacter: \\x01\n"
            ), "\(text)")
        let json = SummaryReport.json(bundle)
        #expect(json.contains(#""failingArguments": ["#) && json.contains(#""asciiCharacter: \u0001""#))
    }

    @Test func aLongListOfFailingArgumentsIsCut() {
        let line = SummaryReport.argumentsLine((1...10).map { "n: \($0)" } + [""], escape: { $0 })
        #expect(line == "failing arguments (11): n: 1; n: 2; n: 3; n: 4; n: 5; n: 6; n: 7; n: 8 and 3 more")
        #expect(SummaryReport.argumentsLine([""], escape: { $0 }) == "failing argument: (empty)")
    }

    /// Xcode 16 (fastlane's Xcode16-Mixed): retries named `Retry 1`, `Retry 2`, no
    /// `First Run`; a Swift Testing display name; a message holding a line break. And
    /// (OpenXCResultTool's RandomStuff 14-12-06) an unmet expected failure, a failed test.
    static let xcode16 = #"""
        {"devices":[],"testPlanConfigurations":[],"testNodes":[{"nodeType":"Test Plan","name":"P","result":"Failed","children":[{"nodeType":"Unit test bundle","name":"VaultTests","result":"Failed","children":[
           {"nodeType":"Test Case","name":"Password length requirements","nodeIdentifier":"PasswordTests/testPasswordLength()","result":"Failed","children":[
             {"nodeType":"Repetition","name":"Retry 1","result":"Failed","children":[{"nodeType":"Failure Message","name":"F.swift:156: Expectation failed: (password.count → 11) < 8\nPassword 'justbarely8' is too short","result":"Failed"}]},
             {"nodeType":"Repetition","name":"Retry 2","result":"Failed","children":[{"nodeType":"Failure Message","name":"F.swift:156: Expectation failed: (password.count → 11) < 8\nPassword 'justbarely8' is too short","result":"Failed"}]}]},
           {"nodeType":"Test Case","name":"testExpectedFailure()","nodeIdentifier":"R/testExpectedFailure()","result":"Expected Failure","children":[
             {"nodeType":"Failure Message","name":"Working on a fix for this problem."}]},
           {"nodeType":"Test Case","name":"testExpectedFailure2()","nodeIdentifier":"R/testExpectedFailure2()","result":"Failed","children":[
             {"nodeType":"Failure Message","name":"R.swift:49: Expected failure 'Working on a fix for this problem.' but none recorded"}]}]}]}]}
        """#

    @Test func xcode16RetriesDisplayNamesLineBreaksAndUnmetExpectedFailures() throws {
        let (results, warnings) = try readText(TestsJSONReader.self, Self.xcode16, file: "results/tests.json")
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(results.totalCount == 3 && results.failedCount == 2 && results.expectedFailureCount == 1 && results.passedCount == 0)
        #expect(results.destinations.isEmpty, "no devices listed")
        let password = results.failures[0]
        #expect(password.testName == "Password length requirements" && password.displayName == "PasswordTests/testPasswordLength()")
        #expect((password.attempts, password.failedAttempts) == (2, 2))
        #expect(password.failingArguments == nil)
        #expect(
            password.messages == [
                FailureMessage(text: "Expectation failed: (password.count → 11) < 8\nPassword 'justbarely8' is too short", sourceFile: "F.swift", line: 156)
            ])
        let unmet = results.failures[1]
        #expect(unmet.displayName == "R/testExpectedFailure2()")
        #expect(
            unmet.messages == [FailureMessage(text: "Expected failure 'Working on a fix for this problem.' but none recorded", sourceFile: "R.swift", line: 49)]
        )
        let text = SummaryReport.text(BundleLoader.load(runID: "r", from: MemoryEvidenceSource(text: ["results/tests.json": Self.xcode16])))
        #expect(
            text.contains(
                "  PasswordTests/testPasswordLength() [VaultTests] at F.swift:156 (failed all 2 attempts)\n      Expectation failed: (password.count → 11) < 8\n        Password 'justbarely8' is too short\n"
            ))
        #expect(text.contains("Failed: 3 total, 0 passed, 2 failed, 0 skipped, 1 expected failures"), "\(text)")
    }

    // MARK: tests.json: a merged bundle's Device nodes are destinations

    static let mergedDevices = #"""
        {"devices":[{"architecture":"arm64","deviceId":"A201","deviceName":"iPhone 17 Pro","modelName":"iPhone 17 Pro","osVersion":"26.2","osBuildNumber":"23C54","platform":"iOS Simulator"},
                    {"architecture":"arm64","deviceId":"B000","deviceName":"iPhone 16","modelName":"iPhone 16","osVersion":"18.5","osBuildNumber":"22F77","platform":"iOS Simulator"}],
         "testPlanConfigurations":[{"configurationId":"1","configurationName":"Test Scheme Action"}],
         "testNodes":[{"nodeType":"Test Plan","name":"P","result":"Failed","children":[{"nodeType":"Unit test bundle","name":"VaultTests","result":"Failed","children":[
           {"nodeType":"Test Case","name":"testFoo()","nodeIdentifier":"R/testFoo()","result":"Failed","children":[
             {"nodeType":"Device","name":"iPhone 17 Pro","details":"iOS Simulator 26.2","result":"Failed","children":[
               {"nodeType":"Test Plan Configuration","name":"Test Scheme Action","result":"Failed","children":[
                 {"nodeType":"Failure Message","name":"R.swift:38: XCTAssertEqual failed: (\"1\") is not equal to (\"2\")","result":"Failed"}]}]},
             {"nodeType":"Device","name":"iPhone 16","details":"iOS Simulator 18.5","result":"Passed","children":[
               {"nodeType":"Test Plan Configuration","name":"Test Scheme Action","result":"Passed"}]}]},
           {"nodeType":"Test Case","name":"testBar()","nodeIdentifier":"R/testBar()","result":"Passed","children":[
             {"nodeType":"Device","name":"iPhone 17 Pro","details":"iOS Simulator 26.2","result":"Passed"},
             {"nodeType":"Device","name":"iPhone 12","details":"iOS Simulator 17.0","result":"Passed"}]}]}]}]}
        """#

    @Test func mergedDeviceNodesAreDestinationsAndNameWhereATestFailed() throws {
        let (results, warnings) = try readText(TestsJSONReader.self, Self.mergedDevices, file: "results/tests.json")
        #expect(warnings.isEmpty, "\(warnings)")
        // One test per device, as the other readers count a test on two destinations.
        #expect(results.totalCount == 4 && results.failedCount == 1 && results.passedCount == 3)
        #expect(results.destinations.map(\.device.identifier) == ["A201", "B000", nil])
        #expect(
            results.destinations.map(\.device.label) == [
                "iPhone 17 Pro · iOS Simulator 26.2 (23C54)", "iPhone 16 · iOS Simulator 18.5 (22F77)", "iPhone 12 · iOS Simulator 17.0",
            ])
        #expect(results.destinations.map(\.totalCount) == [2, 1, 1])
        #expect(results.destinations.map(\.failedCount) == [1, 0, 0])
        #expect(results.destinations.map(\.outcome) == [.failed, .passed, .passed])
        #expect(results.devices.count == 3, "a Device node naming no listed device adds one")
        #expect(results.failures.map(\.destination) == ["iPhone 17 Pro · iOS Simulator 26.2 (23C54)"])
        #expect(results.failures[0].line == 38)
        let text = SummaryReport.text(BundleLoader.load(runID: "r", from: MemoryEvidenceSource(text: ["results/tests.json": Self.mergedDevices])))
        #expect(
            text.contains(
                "Destinations (3)\n  iPhone 17 Pro · iOS Simulator 26.2 (23C54) · A201 · Test Scheme Action: Failed: 2 total, 1 passed, 1 failed, 0 skipped\n"))
        #expect(text.contains("  R/testFoo() [VaultTests] at R.swift:38 on iPhone 17 Pro · iOS Simulator 26.2 (23C54)\n"))
    }

    // MARK: summary.json: per-device counts count each argument

    /// OpenXCResultTool's RandomStuff 12-36-33: `totalTestCount` 5, the device's
    /// `passedTests` 8 (a UI test's four launch configurations counted each).
    @Test func summaryDeviceCountsLargerThanTheTotalAreKeptAsTheFileStates() throws {
        let text = #"""
            {"title":"Test - R","result":"Passed","totalTestCount":5,"passedTests":5,"failedTests":0,"skippedTests":0,"expectedFailures":0,
             "environmentDescription":"R · Built with macOS 26.2","statistics":[],"topInsights":[],"testFailures":[],
             "devicesAndConfigurations":[{"device":{"deviceId":"A201","deviceName":"iPhone 17 Pro","architecture":"arm64","modelName":"iPhone 17 Pro","osVersion":"26.2"},
               "testPlanConfiguration":{"configurationId":"1","configurationName":"Test Scheme Action"},"passedTests":8,"failedTests":0,"skippedTests":0,"expectedFailures":0}]}
            """#
        let (results, warnings) = try readText(SummaryJSONReader.self, text, file: "results/summary.json")
        #expect(warnings.isEmpty)
        #expect(results.totalCount == 5 && results.passedCount == 5 && results.outcome == .passed)
        #expect(results.destinations.map(\.totalCount) == [8] && results.destinations.map(\.passedCount) == [8])
    }

    // MARK: legacy.json

    /// codemagic's banaan record (Xcode 12): a "Build for Testing" action `notRequested`
    /// with empty metrics; zero counts left out; a failure whose URL is
    /// `#CharacterRangeLen=0` alone. dodo's unit record: a message ending in a line break.
    static let legacyQuirks = #"""
        {"_type":{"_name":"ActionsInvocationRecord"},
         "metrics":{"_type":{"_name":"ResultMetrics"},"testsCount":{"_type":{"_name":"Int"},"_value":"7"},"testsFailedCount":{"_type":{"_name":"Int"},"_value":"2"}},
         "issues":{"_type":{"_name":"ResultIssueSummaries"},"testFailureSummaries":{"_type":{"_name":"Array"},"_values":[
           {"_type":{"_name":"TestFailureIssueSummary"},"testCaseName":{"_type":{"_name":"String"},"_value":"banaanTests.testExceptionExample()"},
            "message":{"_type":{"_name":"String"},"_value":"failed: caught error: \"MyErrors error 0.\""},
            "documentLocationInCreatingWorkspace":{"_type":{"_name":"DocumentLocation"},"url":{"_type":{"_name":"String"},"_value":"#CharacterRangeLen=0"}}},
           {"_type":{"_name":"TestFailureIssueSummary"},"testCaseName":{"_type":{"_name":"String"},"_value":"DownloadSpec.it_should_prefetch()"},
            "message":{"_type":{"_name":"String"},"_value":"expected to eventually receive <prefetch>, got <>\n"},
            "documentLocationInCreatingWorkspace":{"_type":{"_name":"DocumentLocation"},"url":{"_type":{"_name":"String"},"_value":"file:///ci/DownloadSpec.swift#CharacterRangeLen=0&EndingLineNumber=85&StartingLineNumber=85"}}}]}},
         "actions":{"_type":{"_name":"Array"},"_values":[
           {"_type":{"_name":"ActionRecord"},"title":{"_type":{"_name":"String"},"_value":"Build for Testing \"banaan\""},
            "runDestination":{"_type":{"_name":"ActionRunDestinationRecord"},"targetDeviceRecord":{"_type":{"_name":"ActionDeviceRecord"},"identifier":{"_type":{"_name":"String"},"_value":"UDID-A"},"name":{"_type":{"_name":"String"},"_value":"iPhone 8"}}},
            "actionResult":{"_type":{"_name":"ActionResult"},"metrics":{"_type":{"_name":"ResultMetrics"}},"status":{"_type":{"_name":"String"},"_value":"notRequested"}}},
           {"_type":{"_name":"ActionRecord"},"title":{"_type":{"_name":"String"},"_value":"Testing project banaan with scheme banaan"},
            "runDestination":{"_type":{"_name":"ActionRunDestinationRecord"},"targetDeviceRecord":{"_type":{"_name":"ActionDeviceRecord"},"identifier":{"_type":{"_name":"String"},"_value":"UDID-A"},"name":{"_type":{"_name":"String"},"_value":"iPhone 8"}}},
            "actionResult":{"_type":{"_name":"ActionResult"},"status":{"_type":{"_name":"String"},"_value":"failed"},
              "metrics":{"_type":{"_name":"ResultMetrics"},"testsCount":{"_type":{"_name":"Int"},"_value":"7"},"testsFailedCount":{"_type":{"_name":"Int"},"_value":"2"}}}}]}}
        """#

    @Test func legacyBuildOnlyActionsLocationsWithoutALineAndTrailingLineBreaks() throws {
        let (results, warnings) = try readText(LegacyJSONReader.self, Self.legacyQuirks, file: "results/legacy.json")
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(results.totalCount == 7 && results.failedCount == 2 && results.skippedCount == 0 && results.passedCount == 5)
        #expect(results.outcome == .failed && results.scheme == "banaan")
        #expect(results.devices.map(\.identifier) == ["UDID-A"])
        #expect(results.destinations.isEmpty, "the build-only action is no destination of its own")
        #expect(results.failures.map(\.displayName) == ["banaanTests/testExceptionExample()", "DownloadSpec/it_should_prefetch()"])
        #expect(results.failures[0].messages == [FailureMessage(text: "failed: caught error: \"MyErrors error 0.\"")])
        // The document URL's line is 0-based (85 is line 86); the line break is dropped.
        #expect(
            results.failures[1].messages == [
                FailureMessage(text: "expected to eventually receive <prefetch>, got <>", sourceFile: "DownloadSpec.swift", line: 86)
            ])
        let text = SummaryReport.text(BundleLoader.load(runID: "r", from: MemoryEvidenceSource(text: ["results/legacy.json": Self.legacyQuirks])))
        #expect(text.contains("at DownloadSpec.swift:86\n      expected to eventually receive <prefetch>, got <>\n\n"))
    }

    // MARK: JUnit

    /// xcresultparser: an issue without a test lands in a "Session-level issues" suite
    /// whose pseudo-test the declared counts include.
    @Test func xcresultparserSessionLevelIssuesAreOneFailingTest() throws {
        let text = """
            <testsuites tests="3" failures="1" errors="0" time="14.301">
                <testsuite name="LibTests.xctest" tests="3" failures="1" errors="0" time="0">
                    <testcase name="passingTest()"/>
                    <testcase name="triggerSessionLevelFailure()"/>
                </testsuite>
                <testsuite name="Session-level issues" tests="1" failures="1" errors="0" time="0">
                    <testcase name="Issues recorded without an associated test or suite" classname="LibTests" time="0">
                        <failure message="Session-level failure in LibTests: Issues recorded without an associated test or suite" type="Session-level failure">Issue recorded: no Test.current (SessionLevelFailureTests.swift:11)</failure>
                    </testcase>
                </testsuite>
            </testsuites>
            """
        let (results, warnings) = try readText(JUnitReader.self, text, file: "results/junit.xml")
        #expect(results.totalCount == 3 && results.failedCount == 1 && results.passedCount == 2)
        #expect(results.failures.map(\.displayName) == ["LibTests.Issues recorded without an associated test or suite"])
        #expect(
            results.failures[0].messages == [FailureMessage(text: "Issue recorded: no Test.current", sourceFile: "SessionLevelFailureTests.swift", line: 11)])
        #expect(
            warnings.map(\.message) == [
                "<testsuite name=\"LibTests.xctest\"> declares tests=\"3\" but 2 <testcase>, failures+errors=1 but 0 failed <testcase>; using the test cases"
            ])
    }

    /// xcbeautify on a Linux log: `-[Module` as the suite and classname, `Class method]`
    /// as the name.
    @Test func xcbeautifyLinuxSuiteNamesReadAsModuleClassAndMethod() throws {
        let text = """
            <testsuites name="All tests" tests="2" failures="1">
                <testsuite name="-[XcbeautifyLibTests" tests="2" failures="1">
                    <testcase classname="-[XcbeautifyLibTests" name="OutputHandlerTests testEarlyReturn]" time="0.054" />
                    <testcase classname="-[XcbeautifyLibTests" name="XcbeautifyLibTests testAggregateTarget]">
                        <failure message="/Users/a/XcbeautifyLibTests.swift:13 - XCTAssertEqual failed" />
                    </testcase>
                </testsuite>
            </testsuites>
            """
        let (results, warnings) = try readText(JUnitReader.self, text, file: "results/junit.xml")
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(results.totalCount == 2 && results.failedCount == 1)
        let failure = try #require(results.failures.first)
        #expect(failure.displayName == "XcbeautifyLibTests.XcbeautifyLibTests.testAggregateTarget" && failure.targetName == "XcbeautifyLibTests")
        #expect(failure.messages == [FailureMessage(text: "XCTAssertEqual failed", sourceFile: "XcbeautifyLibTests.swift", line: 13)])
    }

    /// trainer: single-quoted attributes, a message holding a literal line break (XML
    /// normalises it to a space, as every XML reader does), two `<failure>`s.
    @Test func trainerLiteralLineBreaksInAttributesReadAsSpaces() throws {
        let text = """
            <?xml version='1.0' encoding='UTF-8'?>
            <testsuites tests='1' failures='1' skipped='0'>
              <testsuite name='Password Validation' tests='1' failures='1' skipped='0'>
                <testcase name='Password length requirements' classname='PasswordTests' time='0.006'>
                  <failure message='F.swift:162: Expectation failed: (password.count → 11) &lt; 8
            Password &apos;justbarely8&apos; is too short'/>
                  <failure message='F.swift:162: Expectation failed: (password.count → 16) &lt; 8
            Password &apos;thisislongenough&apos; is too short'/>
                </testcase>
              </testsuite>
            </testsuites>
            """
        let (results, warnings) = try readText(JUnitReader.self, text, file: "results/junit.xml")
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(results.totalCount == 1 && results.failedCount == 1)
        #expect(
            results.failures.first?.messages == [
                FailureMessage(text: "Expectation failed: (password.count → 11) < 8 Password 'justbarely8' is too short", sourceFile: "F.swift", line: 162),
                FailureMessage(
                    text: "Expectation failed: (password.count → 16) < 8 Password 'thisislongenough' is too short", sourceFile: "F.swift", line: 162),
            ])
    }

    // MARK: ncdu 1.13, xcresulttool versions, Info.plist

    /// ncdu 1.13's export (a Go test's TestWalker): `dev` on the root, `ino` on every
    /// item, files with neither `asize` nor `dsize`.
    @Test func ncdu113ItemsWithoutSizesAreEmptyFiles() throws {
        let text = """
            [1,1,{"progname":"ncdu","progver":"1.13","timestamp":1530704292},
            [{"name":"/Users/g/test","asize":4096,"dsize":4096,"dev":2049,"ino":268784},
            {"name":"tb","asize":14,"dsize":4096,"ino":268947},
            [{"name":"l3","asize":4096,"dsize":4096,"ino":268959},
            {"name":"2df","ino":268960},
            {"name":"sjdsd","asize":6,"dsize":4096,"ino":268963}]]]
            """
        var warnings: [Diagnostic] = []
        let doc = try NcduInventoryReader.readDocument(Array(text.utf8), file: "container/inventory.json", warnings: &warnings)
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(String(decoding: doc.rootName, as: UTF8.self) == "/Users/g/test")
        let inventory = doc.inventory
        #expect(inventory.count == 5 && inventory.totalFiles == 3)
        #expect(inventory.totalBytes == 4096 + 14 + 4096 + 6)
        let empty = try #require(inventory.lookup("l3/2df"))
        #expect(inventory.size(empty) == 0 && inventory.diskSize(empty) == 0 && inventory.countsAsFile(empty))
        #expect((0..<inventory.count).allSatisfy { !inventory.isHardLinkRepeat($0) }, "ino without hlnkc is no hard link")
    }

    @Test func xcresulttoolVersionsOfXcode15And26() throws {
        let (xcode26, _) = try readText(
            XcresulttoolVersionReader.self, "xcresulttool version 24514, schema version: 0.1.0 (legacy commands format version: 3.56)\n",
            file: "results/xcresulttool-version.txt")
        #expect(xcode26 == XcresulttoolVersion(build: "24514", schemaVersion: "0.1.0", legacyFormatVersion: "3.56"))
        let (xcode15, _) = try readText(
            XcresulttoolVersionReader.self, "xcresulttool version 22608, format version 3.49 (current)\n", file: "results/xcresulttool-version.txt")
        #expect(xcode15 == XcresulttoolVersion(build: "22608", formatVersion: "3.49"))
    }

    /// immich's Runner Info.plist (a project's source plist): unexpanded build settings,
    /// BGTask identifiers and no UIBackgroundModes key. Values are read as written.
    @Test func sourceInfoPlistValuesAreReadAsWritten() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            \t<key>BGTaskSchedulerPermittedIdentifiers</key>
            \t<array><string>app.alextran.immich-BackgroundSync</string></array>
            \t<key>CFBundleIdentifier</key>
            \t<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
            </dict></plist>
            """
        let (value, warnings) = try readText(PropertyListReader.self, text, file: "app/Info.plist")
        #expect(warnings.isEmpty)
        #expect(value["CFBundleIdentifier"]?.string == "$(PRODUCT_BUNDLE_IDENTIFIER)")
        #expect(value["BGTaskSchedulerPermittedIdentifiers"]?.array?.compactMap(\.string) == ["app.alextran.immich-BackgroundSync"])
        #expect(value["UIBackgroundModes"] == nil)
    }
}
