import Foundation
import Testing

@testable import ExhibitCore
@testable import ExhibitTriageUI

@Suite struct JUnitReaderTests {
    let file = "results/junit.xml"

    /// xcbeautify on a Linux-style log: split Objective-C names, a parallel run in the
    /// fake PARALLEL_TESTS suite, a crash, and a skip with a message.
    static let xcbeautifyLinux = """
        <testsuites name="All tests" tests="4" failures="2">
            <testsuite name="-[VaultTests" tests="2" failures="1">
                <testcase classname="-[VaultTests" name="BackupBoundaryTests testCacheNotInDocuments]">
                    <failure message="/home/ci/vault/VaultTests/BackupBoundaryTests.swift:41 - XCTAssertFalse failed - Documents/cache.db exists" />
                </testcase>
                <testcase classname="-[VaultTests" name="BackupBoundaryTests testUpgradeMigratesCatalog]" time="0.001">
                    <skipped message="migration fixture not bundled" />
                </testcase>
            </testsuite>
            <testsuite name="PARALLEL_TESTS" tests="2" failures="1">
                <testcase classname="VaultStoreTests" name="testVacuum">
                    <failure message="Parallel test failed" />
                </testcase>
                <testcase classname="VaultStoreTests" name="testRoundTrip" time="0.007" />
            </testsuite>
        </testsuites>

        """

    /// fastlane trainer (new JSON path): properties, one testcase per retry, decimal times.
    static let trainer = """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="Vault.xcresult" tests="3" failures="2" skipped="0" time="0.61">
          <testsuite name="VaultTests" package="VaultTests" tests="3" failures="2" skipped="0" time="0.61">
            <properties>
              <property name="Configuration" value="Test Scheme Action"/>
              <property name="device" value="iPhone 16 (18.5)"/>
            </properties>
            <testcase name="testCacheNotInDocuments()" classname="BackupBoundaryTests" time="0.2">
              <failure message="BackupBoundaryTests.swift:41: XCTAssertFalse failed - Documents/cache.db exists"/>
              <properties>
                <property name="repetition" value="Repetition 1"/>
              </properties>
            </testcase>
            <testcase name="testCacheNotInDocuments()" classname="BackupBoundaryTests" time="0.2">
              <failure message="BackupBoundaryTests.swift:41: XCTAssertFalse failed - Documents/cache.db exists"/>
              <properties>
                <property name="repetition" value="Repetition 2"/>
              </properties>
            </testcase>
            <testcase name="excludedFromBackup(&quot;Library/Caches&quot;)" classname="CatalogTests" time="0.21"/>
          </testsuite>
        </testsuites>

        """

    /// xcresultparser: errors="0", type attribute, the message in the element text.
    static let xcresultparser = """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="Vault" tests="2" failures="1" errors="0" time="0.025">
            <testsuite name="VaultTests" tests="2" failures="1" errors="0" time="0.025">
                <testcase name="testCatalogExcludedFromBackup()" time="0.009" classname="BackupBoundaryTests">
                    <failure message="Assertion Failure in VaultTests: BackupBoundaryTests.testCatalogExcludedFromBackup()" type="Assertion Failure">XCTAssertTrue failed - catalog.json is not excluded (VaultTests/BackupBoundaryTests.swift:58)</failure>
                </testcase>
                <testcase name="testVacuum()" time="0.016" classname="VaultStoreTests"/>
            </testsuite>
        </testsuites>

        """

    @Test func readsTheXcbeautySample() throws {
        let (results, warnings) = try readText(JUnitReader.self, ResultsSamples.junitXML, file: file)
        #expect(warnings.isEmpty)
        #expect(results.source == .junitXML)
        #expect(results.title == "All tests")
        #expect(results.outcome == .failed)
        #expect(results.totalCount == 12)
        #expect(results.passedCount == 9)
        #expect(results.failedCount == 2)
        #expect(results.skippedCount == 1)
        let first = try #require(results.failures.first)
        #expect(first.testName == "testCacheNotInDocuments")
        #expect(first.identifier == "VaultTests.BackupBoundaryTests.testCacheNotInDocuments")
        #expect(first.targetName == "VaultTests")
        #expect(first.sourceFile == "BackupBoundaryTests.swift")
        #expect(first.line == 41)
        #expect(first.failureText == "XCTAssertFalse failed - Documents/cache.db exists: caches must live under Library/Caches")
        // xcbeautify omits time on failures.
        #expect(results.testCases[0].durationSeconds == nil)
        #expect(results.testCases[2].durationSeconds == 0.003)
    }

    @Test func rejoinsSplitObjectiveCNamesAndKeepsParallelFailures() throws {
        let (results, warnings) = try readText(JUnitReader.self, Self.xcbeautifyLinux, file: file)
        #expect(warnings.isEmpty)
        #expect(results.testCases.map(\.name) == ["testCacheNotInDocuments", "testUpgradeMigratesCatalog", "testVacuum", "testRoundTrip"])
        #expect(results.testCases.map(\.outcome) == [.failed, .skipped, .failed, .passed])
        #expect(results.failures.map(\.identifier) == ["VaultTests.BackupBoundaryTests.testCacheNotInDocuments", "VaultStoreTests.testVacuum"])
        #expect(results.failures[0].targetName == "VaultTests")
        #expect(results.failures[1].failureText == "Parallel test failed")
        #expect(results.failures[1].sourceFile == nil)
    }

    /// Issue 14: trainer writes one `<testcase>` per retry; they used to count as
    /// separate tests (368/40 against the file's own 192/20). Now one test, two attempts,
    /// and the root's declared counts hold (the fixture declares tests="3" for 2 tests,
    /// so the disagreement is warned).
    @Test func foldsRetriesOfFastlaneTrainerIntoOneTestWithAttempts() throws {
        let (results, warnings) = try readText(JUnitReader.self, Self.trainer, file: file)
        #expect(warnings.count == 2)
        #expect(results.totalCount == 2)
        #expect(results.failedCount == 1)
        #expect(results.failures.count == 1)
        let failure = try #require(results.failures.first)
        #expect(failure.line == 41 && failure.failureText == "XCTAssertFalse failed - Documents/cache.db exists")
        #expect(failure.messages.count == 1)
        #expect(failure.attempts == 2 && failure.failedAttempts == 2)
        #expect(results.testCases[0].attempts == [.failed, .failed])
        #expect(results.testCases[1].name == "excludedFromBackup(\"Library/Caches\")")
        #expect(results.testCases[1].identifier == "CatalogTests.excludedFromBackup(\"Library/Caches\")")
        #expect(results.testCases.map(\.durationSeconds) == [0.4, 0.21])
    }

    /// Review D3: JUnit has no expected failures, and records retries only where the
    /// file shows them: unknown (nil), never 0, unless trainer marked the repetitions.
    @Test func expectedFailuresAndRetriesAreUnknownWhereTheFileRecordsNone() throws {
        let (xcbeautify, _) = try readText(JUnitReader.self, Self.xcbeautifyLinux, file: file)
        #expect(xcbeautify.expectedFailureCount == nil)
        #expect(xcbeautify.passedOnRetryCount == nil)
        let (trainer, _) = try readText(JUnitReader.self, Self.trainer, file: file)
        #expect(trainer.expectedFailureCount == nil)
        #expect(trainer.passedOnRetryCount == 0, "the repetitions are marked: no test passed on a retry")
        let flaky = Self.trainer.replacingOccurrences(
            of:
                "<failure message=\"BackupBoundaryTests.swift:41: XCTAssertFalse failed - Documents/cache.db exists\"/>\n      <properties>\n        <property name=\"repetition\" value=\"Repetition 2\"/>",
            with: "<properties>\n        <property name=\"repetition\" value=\"Repetition 2\"/>")
        #expect(flaky != Self.trainer)
        #expect(try readText(JUnitReader.self, flaky, file: file).0.passedOnRetryCount == 1)
    }

    @Test func readsXcresultparserLocationsFromTheText() throws {
        let (results, warnings) = try readText(JUnitReader.self, Self.xcresultparser, file: file)
        #expect(warnings.isEmpty)
        let failure = try #require(results.failures.first)
        // The body is the message; the `message` attribute only names the test (issue 14).
        #expect(failure.failureText == "XCTAssertTrue failed - catalog.json is not excluded")
        #expect(failure.sourceFile == "BackupBoundaryTests.swift")
        #expect(failure.line == 58)
    }

    /// `<failure message="reason">detail</failure>` with a detail that is no location:
    /// both are kept, the reason first (hostile repro 9 lost the reason); a reason the
    /// detail repeats (codemagic) is kept once.
    @Test func keepsTheMessageAttributeBesideATextThatIsNoLocation() throws {
        let text = """
            <testsuite name="S" tests="3" failures="3">
              <testcase classname="S" name="testB"><failure message="Documents/Vault.sqlite is excluded from backup">x</failure></testcase>
              <testcase classname="S" name="testC"><failure message="reason (S.swift:7)">detail
            second line</failure></testcase>
              <testcase classname="S" name="testD"><error message="failed - same">/ci/S.swift:9 failed - same</error></testcase>
            </testsuite>
            """
        let (results, warnings) = try readText(JUnitReader.self, text, file: file)
        #expect(warnings.isEmpty)
        #expect(results.failures.map(\.failureText) == ["Documents/Vault.sqlite is excluded from backup\nx", "reason\ndetail\nsecond line", "failed - same"])
        // The attribute's location stands in for a text without one.
        #expect(results.failures[1].sourceFile == "S.swift" && results.failures[1].line == 7)
        #expect(results.failures[2].line == 9)
    }

    @Test func readsXcprettyAndABareTestsuiteRootWithErrors() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuite name="VaultTests.BackupBoundaryTests" tests="3" failures="1" errors="1">
              <testcase classname="VaultTests.BackupBoundaryTests" name="testCacheNotInDocuments">
                <failure message="XCTAssertFalse failed - Documents/cache.db exists">VaultTests/BackupBoundaryTests.swift:41</failure>
              </testcase>
              <testcase classname="VaultTests.BackupBoundaryTests" name="testTmpIsEmptyAfterSync" time="0,25">
                <error message="Restarting after unexpected exit, crash, or test timeout"/>
              </testcase>
              <testcase classname="VaultTests.BackupBoundaryTests" name="testPending">
                <skipped/>
              </testcase>
            </testsuite>

            """
        let (results, warnings) = try readText(JUnitReader.self, text, file: file)
        #expect(warnings.isEmpty)
        #expect(results.failedCount == 2)
        #expect(results.skippedCount == 1)
        #expect(
            results.failures.map(\.failureText) == [
                "XCTAssertFalse failed - Documents/cache.db exists", "Restarting after unexpected exit, crash, or test timeout",
            ])
        #expect(results.failures[0].sourceFile == "BackupBoundaryTests.swift")
        #expect(results.failures[0].line == 41)
        #expect(results.testCases[1].durationSeconds == 0.25)
    }

    @Test func failureWithoutMessageUsesTheUnescapedText() throws {
        let text = "<testsuite><testcase name=\"t\"><failure><![CDATA[a < b]]> &amp; more</failure></testcase></testsuite>"
        let (results, _) = try readText(JUnitReader.self, text, file: file)
        #expect(results.failures.first?.failureText == "a < b & more")
        #expect(results.failures.first?.identifier == "t")
    }

    @Test func declaredCountsThatDisagreeWarnAndTheCasesWin() throws {
        let text =
            "<testsuites tests=\"5\" failures=\"0\">\n  <testsuite name=\"A\" tests=\"1\">\n    <testcase name=\"t\"><failure message=\"x\"/></testcase>\n  </testsuite>\n</testsuites>"
        let (results, warnings) = try readText(JUnitReader.self, text, file: file)
        #expect(results.totalCount == 1)
        #expect(results.failedCount == 1)
        #expect(
            warnings.map(\.description) == [
                "results/junit.xml:1:1: warning: <testsuites> declares tests=\"5\" but 1 <testcase>, failures+errors=0 but 1 failed <testcase>; using the test cases"
            ])
    }

    @Test func declaredCountsAreTheFallbackWhenNoCasesAreListed() throws {
        let (results, _) = try readText(JUnitReader.self, "<testsuites tests=\"7\" failures=\"2\" errors=\"1\"/>", file: file)
        #expect(results.totalCount == 7)
        #expect(results.failedCount == 3)
        #expect(results.passedCount == 4)
        #expect(results.outcome == .failed)
    }

    @Test func oddTestcaseAttributesWarn() throws {
        let text = "<testsuite>\n<testcase classname=\"A\" time=\"soon\"/>\n</testsuite>"
        let (results, warnings) = try readText(JUnitReader.self, text, file: file)
        #expect(results.testCases.first?.durationSeconds == nil)
        #expect(
            warnings.map(\.description) == [
                "results/junit.xml:2:1: warning: <testcase> without a name attribute",
                "results/junit.xml:2:1: warning: ignored time=\"soon\" of <testcase name=\"\">: expected seconds",
            ])
    }

    @Test func otherRootElementsAreRefused() throws {
        let error = try #require(thrownDiagnostic(JUnitReader.self, "<?xml version=\"1.0\"?>\n<html/>", file: file))
        #expect(error.description == "results/junit.xml:2:1: error: expected <testsuites> or <testsuite> as the root element, found <html>")
    }

    @Test func malformedVariantsAreDiagnosed() throws {
        let truncated = Array(ResultsSamples.junitXML.utf8.prefix(600))
        let cut = try #require(thrownDiagnostic(JUnitReader.self, truncated, file: file))
        #expect(cut.file == file)
        #expect(cut.message.hasSuffix("found end of file"))
        #expect(thrownDiagnostic(JUnitReader.self, [], file: file)?.message == "expected an XML document, found an empty file")
        let crlf = ResultsSamples.junitXML.replacingOccurrences(of: "\n", with: "\r\n")
        let (fromCRLF, _) = try readBytes(JUnitReader.self, [0xEF, 0xBB, 0xBF] + Array(crlf.utf8), file: file)
        #expect(fromCRLF.totalCount == 12)
        let deep = "<testsuites>" + String(repeating: "<testsuite>", count: 10_000)
        #expect(thrownDiagnostic(JUnitReader.self, deep, file: file)?.message == "expected nesting no deeper than 256 elements, found '<'")
    }

    @Test func invalidUTF8InAFailureMessageIsReplaced() throws {
        let bytes = Array("<testsuite><testcase name=\"t\"><failure message=\"A.swift:9 - caf".utf8) + [0xE9] + Array("\"/></testcase></testsuite>".utf8)
        let (results, _) = try readBytes(JUnitReader.self, bytes, file: file)
        #expect(results.failures.first?.failureText == "caf\u{FFFD}")
        #expect(results.failures.first?.line == 9)
    }
}
