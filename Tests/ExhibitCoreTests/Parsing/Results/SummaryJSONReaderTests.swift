import Foundation
import Testing

@testable import ExhibitCore
@testable import ExhibitTriageUI

@Suite struct SummaryJSONReaderTests {
    let file = "results/summary.json"

    /// The pretty (`"key" : value`) shape xcresulttool prints without `--compact`, keys in
    /// another order, the schema's object form for `testFailures` and
    /// `devicesAndConfigurations`, no start/finish time, unknown keys, and only the
    /// deprecated integer `testIdentifier`.
    static let prettyObjectForm = """
        {
          "topInsights" : [

          ],
          "testFailures" : {
            "testName" : "testCacheNotInDocuments()",
            "targetName" : "VaultTests",
            "failureText" : "XCTAssertFalse failed - Documents/cache.db exists",
            "testIdentifier" : 7
          },
          "result" : "Expected Failure",
          "futureKey" : { "nested" : [1, 2, 3] },
          "totalTestCount" : 3,
          "passedTests" : 1,
          "failedTests" : 1,
          "skippedTests" : 0,
          "expectedFailures" : 1,
          "statistics" : [

          ],
          "devicesAndConfigurations" : {
            "device" : {
              "osVersion" : "18.5",
              "deviceName" : "iPhone 16",
              "modelName" : "iPhone 16",
              "architecture" : "arm64",
              "deviceId" : "0A1B2C3D-4E5F-4A6B-8C7D-9E0F1A2B3C4D"
            },
            "testPlanConfiguration" : {
              "configurationId" : "1",
              "configurationName" : "Test Scheme Action"
            },
            "passedTests" : 1,
            "failedTests" : 1,
            "skippedTests" : 0,
            "expectedFailures" : 1
          },
          "environmentDescription" : "Vault · Built with macOS 15.5",
          "title" : "Test - Vault"
        }

        """

    @Test func readsTheCompactFailingRun() throws {
        let (results, warnings) = try readText(SummaryJSONReader.self, ResultsSamples.summaryJSON, file: file)
        #expect(warnings.isEmpty)
        #expect(results.source == .summaryJSON)
        #expect(results.title == "Test - Vault")
        #expect(results.outcome == .failed)
        #expect(results.scheme == "Vault")
        #expect(results.totalCount == 12)
        #expect(results.passedCount == 9)
        #expect(results.failedCount == 2)
        #expect(results.skippedCount == 1)
        #expect(results.expectedFailureCount == 0)
        #expect(results.startTime == 1767250805.109)
        #expect(results.finishTime == 1767250866.734)
        #expect(
            results.devices == [
                TestDevice(
                    identifier: "0A1B2C3D-4E5F-4A6B-8C7D-9E0F1A2B3C4D", name: "iPhone 16", modelName: "iPhone 16",
                    architecture: "arm64", osVersion: "18.5", osBuildNumber: "22F77", platform: "iOS Simulator")
            ])
        #expect(results.failures.map(\.testName) == ["testCacheNotInDocuments()", "testCatalogExcludedFromBackup()"])
        #expect(
            results.failures.map(\.identifier) == [
                "BackupBoundaryTests/testCacheNotInDocuments()", "BackupBoundaryTests/testCatalogExcludedFromBackup()",
            ])
        #expect(results.failures.allSatisfy { $0.targetName == "VaultTests" })
        #expect(
            results.failures[0].failureText
                == "XCTAssertFalse failed - Documents/cache.db exists: caches must live under Library/Caches")
        #expect(results.testCases.isEmpty)
    }

    @Test func acceptsPrettyOutputWithObjectsWhereArraysAreUsual() throws {
        let (results, warnings) = try readText(SummaryJSONReader.self, Self.prettyObjectForm, file: file)
        #expect(warnings.isEmpty)
        #expect(results.outcome == .expectedFailure)
        #expect(results.startTime == nil)
        #expect(results.finishTime == nil)
        #expect(results.devices.count == 1)
        #expect(results.devices.first?.osBuildNumber == nil)
        #expect(results.devices.first?.platform == nil)
        #expect(results.failures.count == 1)
        // Only the deprecated integer is there (Xcode 16.0): a database row id, never
        // shown; the test goes by its name (issue 14: it used to be shown as "7").
        #expect(results.failures.first?.identifier == nil)
        #expect(results.failures.first?.displayName == results.failures.first?.testName)
    }

    @Test func prefersTheStringIdentifierOverTheDeprecatedInteger() throws {
        let text =
            #"{"title":"T","result":"Failed","totalTestCount":1,"passedTests":0,"failedTests":1,"skippedTests":0,"expectedFailures":0,"environmentDescription":"Vault · x","devicesAndConfigurations":[],"testFailures":[{"testIdentifier":3,"testIdentifierString":"S/t()","testName":"t()","targetName":"VaultTests","failureText":"boom"}]}"#
        let (results, _) = try readText(SummaryJSONReader.self, text, file: file)
        #expect(results.failures.first?.identifier == "S/t()")
    }

    @Test(arguments: [
        ("Passed", TestOutcome.passed), ("Failed", .failed), ("Skipped", .skipped),
        ("Expected Failure", .expectedFailure), ("unknown", .unknown), ("Interrupted", .other("Interrupted")),
    ])
    func keepsTheResultVocabularyOpen(result: String, outcome: TestOutcome) throws {
        let text = Self.prettyObjectForm.replacingOccurrences(of: "\"Expected Failure\"", with: "\"\(result)\"")
        let (results, _) = try readText(SummaryJSONReader.self, text, file: file)
        #expect(results.outcome == outcome)
    }

    @Test func schemeIsTheTextBeforeTheMiddleDot() {
        #expect(SummaryJSONReader.scheme(fromEnvironment: "Vault · Built with macOS 15.5") == "Vault")
        #expect(SummaryJSONReader.scheme(fromEnvironment: "Vault Tests · Built with macOS 26.1") == "Vault Tests")
        #expect(SummaryJSONReader.scheme(fromEnvironment: "Vault") == "Vault")
        #expect(SummaryJSONReader.scheme(fromEnvironment: "") == nil)
    }

    @Test func requiredFieldOfTheWrongTypeIsAPositionedError() throws {
        let text = Self.prettyObjectForm.replacingOccurrences(
            of: "\"failedTests\" : 1,\n  \"skipped",
            with: "\"failedTests\" : \"1\",\n  \"skipped")
        let error = try #require(thrownDiagnostic(SummaryJSONReader.self, text, file: file))
        #expect(error.file == file)
        #expect(error.severity == .error)
        #expect(error.position?.line == 15)
        #expect(error.position?.column == 19)
        #expect(error.message == "expected a non-negative integer for \"failedTests\" in the summary, found a string")
    }

    @Test func wrongTypeInsideAFailureNamesTheElement() throws {
        let text =
            #"{"title":"T","result":"Failed","totalTestCount":1,"passedTests":0,"failedTests":1,"skippedTests":0,"expectedFailures":0,"environmentDescription":"V · x","devicesAndConfigurations":[],"testFailures":[{"testName":42,"targetName":"VaultTests","failureText":"boom"}]}"#
        let error = try #require(thrownDiagnostic(SummaryJSONReader.self, text, file: file))
        #expect(error.message == "expected a string for \"testName\" in testFailures[0], found a number")
        #expect(error.position == SourcePosition(line: 1, column: 213, byteOffset: 212))
        #expect(error.description == "results/summary.json:1:213 (byte 212): error: expected a string for \"testName\" in testFailures[0], found a number")
    }

    @Test func missingRequiredFieldsWarnAndKeepTheRest() throws {
        let text = #"{"result":"Failed","failedTests":2,"environmentDescription":"Vault · Built with macOS 15.5"}"#
        let (results, warnings) = try readText(SummaryJSONReader.self, text, file: file)
        #expect(results.outcome == .failed)
        #expect(results.failedCount == 2)
        #expect(results.totalCount == nil)
        #expect(results.scheme == "Vault")
        let missing = warnings.map(\.message)
        #expect(missing.contains("missing required key \"title\" in the summary"))
        #expect(missing.contains("missing required key \"testFailures\" in the summary"))
        #expect(warnings.count == 7)
        #expect(warnings.allSatisfy { $0.severity == .warning && $0.position?.byteOffset == 0 })
    }

    @Test func optionalFieldOfTheWrongTypeIsIgnoredWithAWarning() throws {
        let text = Self.prettyObjectForm.replacingOccurrences(
            of: "\"title\" : \"Test - Vault\"",
            with: "\"title\" : \"Test - Vault\", \"startTime\" : \"yesterday\"")
        let (results, warnings) = try readText(SummaryJSONReader.self, text, file: file)
        #expect(results.startTime == nil)
        #expect(warnings.map(\.message) == ["ignored \"startTime\" in the summary: expected a number, found a string"])
        #expect(warnings.first?.position?.line == 39)
    }

    @Test func truncatedFileIsAnErrorAtTheEnd() throws {
        let bytes = Array(ResultsSamples.summaryJSON.utf8.prefix(700))
        let error = try #require(thrownDiagnostic(SummaryJSONReader.self, bytes, file: file))
        #expect(error.file == file)
        #expect(error.position?.line == 1)
        #expect(error.position?.byteOffset == 700)
        #expect(error.message.hasSuffix("found end of file"))
    }

    @Test func emptyFileIsAnError() throws {
        let error = try #require(thrownDiagnostic(SummaryJSONReader.self, [], file: file))
        #expect(error.description == "results/summary.json:1:1: error: expected a JSON document, found an empty file")
    }

    @Test func rootThatIsNotAnObjectIsAnError() throws {
        let error = try #require(thrownDiagnostic(SummaryJSONReader.self, "[]", file: file))
        #expect(error.message == "expected an object for the test-results summary, found an array")
    }

    @Test func byteOrderMarkAndCRLFAreAccepted() throws {
        let crlf = Self.prettyObjectForm.replacingOccurrences(of: "\n", with: "\r\n")
        let (results, warnings) = try readBytes(SummaryJSONReader.self, [0xEF, 0xBB, 0xBF] + Array(crlf.utf8), file: file)
        #expect(warnings.isEmpty)
        #expect(results.scheme == "Vault")
        // Positions still count lines in a CRLF file.
        let broken = crlf.replacingOccurrences(of: "\"totalTestCount\" : 3", with: "\"totalTestCount\" : -3")
        let error = try #require(thrownDiagnostic(SummaryJSONReader.self, broken, file: file))
        #expect(error.position?.line == 13)
        #expect(error.position?.column == 22)
    }

    @Test func invalidUTF8InAFailureTextIsReplacedNotFatal() throws {
        var bytes = Array(ResultsSamples.summaryJSON.utf8)
        let marker = Array("Documents/cache.db".utf8)
        let at = try #require((0..<(bytes.count - marker.count)).first { bytes[$0..<($0 + marker.count)].elementsEqual(marker) })
        bytes.replaceSubrange(at..<(at + 1), with: [0xFF, 0xC3])
        let (results, _) = try readBytes(SummaryJSONReader.self, bytes, file: file)
        #expect(results.failures[0].failureText.hasPrefix("XCTAssertFalse failed - \u{FFFD}\u{FFFD}ocuments/cache.db"))
    }

    @Test func tenThousandDeepNestingIsRefused() throws {
        let error = try #require(thrownDiagnostic(SummaryJSONReader.self, deeplyNestedJSON(10_000), file: file))
        #expect(error.message == "expected nesting no deeper than 256 levels, found '['")
        #expect(error.position?.byteOffset == 256)
    }
}
