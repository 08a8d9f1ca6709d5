import Foundation
import Testing

@testable import ExhibitCore

@Suite struct LegacyJSONReaderTests {
    let file = "results/legacy.json"

    /// A passing Objective-C-era record, compact, with zero counts omitted as
    /// xcresulttool omits them, and an Objective-C failure name.
    static let objcRecord =
        #"{"_type":{"_name":"ActionsInvocationRecord"},"metrics":{"_type":{"_name":"ResultMetrics"},"testsCount":{"_type":{"_name":"Int"},"_value":"4"}},"issues":{"_type":{"_name":"ResultIssueSummaries"},"testFailureSummaries":{"_type":{"_name":"Array"},"_values":[{"_type":{"_name":"TestFailureIssueSummary","_supertype":{"_name":"IssueSummary"}},"testCaseName":{"_type":{"_name":"String"},"_value":"-[VaultLegacyTests testCacheNotInDocuments]"},"message":{"_type":{"_name":"String"},"_value":"((exists) is false) failed"},"documentLocationInCreatingWorkspace":{"_type":{"_name":"DocumentLocation"},"url":{"_type":{"_name":"String"},"_value":"file:///Users/ci/Vault%20App/VaultLegacyTests/VaultLegacyTests.m#CharacterRangeLen=0&CharacterRangeLoc=1200&EndingColumnNumber=4&EndingLineNumber=86&LocationEncoding=1&StartingColumnNumber=4&StartingLineNumber=86"}}}]}},"actions":{"_type":{"_name":"Array"},"_values":[{"_type":{"_name":"ActionRecord"},"title":{"_type":{"_name":"String"},"_value":"Testing project Vault with scheme Vault Legacy"},"actionResult":{"_type":{"_name":"ActionResult"},"status":{"_type":{"_name":"String"},"_value":"succeeded"}}}]}}"#

    @Test func readsTheSampleRecord() throws {
        let (results, warnings) = try readText(LegacyJSONReader.self, ResultsSamples.legacyJSON, file: file)
        #expect(warnings.isEmpty)
        #expect(results.source == .legacyJSON)
        #expect(results.outcome == .failed)
        #expect(results.totalCount == 12)
        #expect(results.failedCount == 2)
        #expect(results.skippedCount == 1)
        #expect(results.passedCount == 9)
        #expect(results.scheme == "Vault")
        #expect(results.title == "Testing workspace Vault with scheme Vault")
        // 2026-01-01T09:00:05.109+0200 and 09:01:06.734+0200.
        #expect(results.startTime == 1767250805.109)
        #expect(results.finishTime == 1767250866.734)
        #expect(
            results.devices == [
                TestDevice(
                    identifier: "7F3E2D1C-0B9A-4876-A5B4-C3D2E1F0A9B8", name: "iPhone 15", modelName: "iPhone 15",
                    osVersion: "17.5", osBuildNumber: "21F79", platform: "iOS Simulator")
            ])
        #expect(
            results.failures == [
                TestFailure(
                    testName: "testCacheNotInDocuments()", identifier: "BackupBoundaryTests/testCacheNotInDocuments()",
                    targetName: "VaultTests",
                    failureText: "XCTAssertFalse failed - Documents/cache.db exists: caches must live under Library/Caches",
                    sourceFile: "BackupBoundaryTests.swift", line: 41),
                TestFailure(
                    testName: "testCatalogExcludedFromBackup()",
                    identifier: "BackupBoundaryTests/testCatalogExcludedFromBackup()", targetName: "VaultTests",
                    failureText: "XCTAssertTrue failed - Library/Application Support/Catalog/catalog.json is not excluded from backup",
                    sourceFile: "BackupBoundaryTests.swift", line: 58),
            ])
    }

    @Test func readsObjectiveCNamesAndOmittedZeroCounts() throws {
        let (results, warnings) = try readText(LegacyJSONReader.self, Self.objcRecord, file: file)
        #expect(warnings.isEmpty)
        #expect(results.totalCount == 4)
        #expect(results.failedCount == 0)
        #expect(results.skippedCount == 0)
        #expect(results.passedCount == 4)
        #expect(results.scheme == "Vault Legacy")
        let failure = try #require(results.failures.first)
        #expect(failure.testName == "testCacheNotInDocuments")
        #expect(failure.identifier == "VaultLegacyTests/testCacheNotInDocuments")
        #expect(failure.sourceFile == "VaultLegacyTests.m")
        #expect(failure.line == 87)
        #expect(results.devices.isEmpty)
        // A failure summary is present although the action says succeeded: the failure wins.
        #expect(results.outcome == .failed)
    }

    @Test func passingRunWithStatusSucceeded() throws {
        let text =
            #"{"_type":{"_name":"ActionsInvocationRecord"},"metrics":{"testsCount":{"_value":"3"}},"issues":{},"actions":{"_values":[{"actionResult":{"status":{"_value":"succeeded"}}}]}}"#
        let (results, _) = try readText(LegacyJSONReader.self, text, file: file)
        #expect(results.outcome == .passed)
        #expect(results.failures.isEmpty)
    }

    @Test func nonIntegerCountIsAPositionedError() throws {
        let text = Self.objcRecord.replacingOccurrences(of: #""_value":"4""#, with: #""_value":"four""#)
        let error = try #require(thrownDiagnostic(LegacyJSONReader.self, text, file: file))
        #expect(error.message == "expected a non-negative integer string for \"testsCount\" in metrics, found \"four\"")
        #expect(error.position == SourcePosition(line: 1, column: 138, byteOffset: 137))
    }

    @Test func scalarWithANonStringValueIsIgnoredWithAWarning() throws {
        let text = Self.objcRecord.replacingOccurrences(of: #""_value":"Testing project Vault with scheme Vault Legacy""#, with: #""_value":17"#)
        let (results, warnings) = try readText(LegacyJSONReader.self, text, file: file)
        #expect(results.scheme == nil)
        #expect(warnings.map(\.message) == ["ignored \"title\" in actions[0]: expected a string \"_value\", found a number"])
    }

    @Test func arrayOfTheWrongShapeIsAnError() throws {
        let text = #"{"_type":{"_name":"ActionsInvocationRecord"},"actions":"none"}"#
        let error = try #require(thrownDiagnostic(LegacyJSONReader.self, text, file: file))
        #expect(error.message == "expected an Array object for \"actions\" in the record, found a string")
        #expect(error.position?.column == 56)
    }

    @Test func otherRecordTypesAndMissingMetricsWarn() throws {
        let text = #"{"_type":{"_name":"ActionTestPlanRunSummaries"},"summaries":{"_values":[]}}"#
        let (results, warnings) = try readText(LegacyJSONReader.self, text, file: file)
        #expect(results.totalCount == nil)
        #expect(results.outcome == .unknown)
        #expect(
            warnings.map(\.message) == [
                "expected an ActionsInvocationRecord, found \"ActionTestPlanRunSummaries\"; reading what matches",
                "missing \"metrics\" in the record: no test counts",
            ])
    }

    @Test func unreadableDateIsAWarning() throws {
        let text = ResultsSamples.legacyJSON.replacingOccurrences(of: "2026-01-01T09:00:05.109+0200", with: "New Year's morning")
        let (results, warnings) = try readText(LegacyJSONReader.self, text, file: file)
        #expect(results.startTime == nil)
        #expect(warnings.count == 1)
        #expect(warnings.first?.message.hasPrefix("ignored \"startedTime\" in actions[0]: expected an ISO 8601 date") == true)
    }

    @Test func malformedVariantsAreDiagnosed() throws {
        let truncated = Array(ResultsSamples.legacyJSON.utf8.prefix(2000))
        let cut = try #require(thrownDiagnostic(LegacyJSONReader.self, truncated, file: file))
        #expect(cut.position?.byteOffset == 2000)
        #expect(cut.message.hasSuffix("found end of file"))
        #expect(thrownDiagnostic(LegacyJSONReader.self, [], file: file)?.position?.line == 1)
        let deep = try #require(thrownDiagnostic(LegacyJSONReader.self, deeplyNestedJSON(10_000), file: file))
        #expect(deep.message.hasPrefix("expected nesting no deeper than 256 levels"))
        let crlf = ResultsSamples.legacyJSON.replacingOccurrences(of: "\n", with: "\r\n")
        let (fromCRLF, _) = try readBytes(LegacyJSONReader.self, [0xEF, 0xBB, 0xBF] + Array(crlf.utf8), file: file)
        #expect(fromCRLF.failures.count == 2)
        let rootArray = try #require(thrownDiagnostic(LegacyJSONReader.self, "[1]", file: file))
        #expect(rootArray.message == "expected an object for the legacy ActionsInvocationRecord, found an array")
    }

    @Test func invalidUTF8InAMessageIsReplaced() throws {
        var bytes = Array(Self.objcRecord.utf8)
        let marker = Array("(exists)".utf8)
        let at = try #require((0..<(bytes.count - marker.count)).first { bytes[$0..<($0 + marker.count)].elementsEqual(marker) })
        bytes[at + 1] = 0xFE
        let (results, _) = try readBytes(LegacyJSONReader.self, bytes, file: file)
        #expect(results.failures.first?.failureText == "((\u{FFFD}xists) is false) failed")
    }

    @Test func schemeComesFromTheActionTitle() {
        #expect(LegacyJSONReader.scheme(fromActionTitle: "Testing workspace Vault with scheme Vault") == "Vault")
        #expect(LegacyJSONReader.scheme(fromActionTitle: "Testing project Vault with scheme Vault UI Tests") == "Vault UI Tests")
        #expect(LegacyJSONReader.scheme(fromActionTitle: "Build Vault") == nil)
    }
}
