import Foundation
import Testing

@testable import ExhibitCore
@testable import ExhibitTriageUI

@Suite struct TestsJSONReaderTests {
    let file = "results/tests.json"

    /// An Xcode 16.0-style tree (no `durationInSeconds`, comma decimals) with retries,
    /// Swift Testing arguments, a merged-bundle Device level, a Runtime Warning and a
    /// node type no Xcode has printed yet.
    static let quirkyTree = """
        {
          "testPlanConfigurations" : [
            {
              "configurationId" : "1",
              "configurationName" : "Test Scheme Action"
            }
          ],
          "devices" : [
            {
              "deviceId" : "0A1B2C3D-4E5F-4A6B-8C7D-9E0F1A2B3C4D",
              "deviceName" : "iPhone 16",
              "architecture" : "arm64",
              "modelName" : "iPhone 16",
              "osVersion" : "18.5",
              "platform" : "iOS Simulator"
            }
          ],
          "testNodes" : [
            {
              "nodeType" : "Test Plan",
              "name" : "Vault",
              "result" : "Failed",
              "children" : [
                {
                  "nodeType" : "Unit test bundle",
                  "name" : "VaultTests",
                  "result" : "Failed",
                  "children" : [
                    {
                      "nodeType" : "Test Suite",
                      "name" : "BackupBoundaryTests",
                      "result" : "Failed",
                      "children" : [
                        {
                          "nodeType" : "Runtime Warning",
                          "name" : "Main Thread Checker: UI API called on a background thread"
                        },
                        {
                          "nodeType" : "Test Case",
                          "name" : "testCacheNotInDocuments()",
                          "nodeIdentifier" : "BackupBoundaryTests/testCacheNotInDocuments()",
                          "result" : "Failed",
                          "duration" : "1m 5s",
                          "children" : [
                            {
                              "nodeType" : "Repetition",
                              "name" : "Repetition 1",
                              "result" : "Failed",
                              "duration" : "33s",
                              "children" : [
                                {
                                  "nodeType" : "Failure Message",
                                  "name" : "BackupBoundaryTests.swift:41: XCTAssertFalse failed - Documents/cache.db exists",
                                  "result" : "Failed"
                                }
                              ]
                            },
                            {
                              "nodeType" : "Repetition",
                              "name" : "Repetition 2",
                              "result" : "Failed",
                              "duration" : "32s",
                              "children" : [
                                {
                                  "nodeType" : "Failure Message",
                                  "name" : "BackupBoundaryTests.swift:41: XCTAssertFalse failed - Documents/cache.db exists",
                                  "result" : "Failed"
                                }
                              ]
                            }
                          ]
                        },
                        {
                          "nodeType" : "Test Case",
                          "name" : "testTmpIsEmptyAfterSync()",
                          "nodeIdentifier" : "BackupBoundaryTests/testTmpIsEmptyAfterSync()",
                          "result" : "Passed",
                          "duration" : "0,0021s",
                          "children" : [
                            {
                              "nodeType" : "Test Case Run",
                              "name" : "Run 1",
                              "result" : "Failed",
                              "children" : [
                                {
                                  "nodeType" : "Failure Message",
                                  "name" : "BackupBoundaryTests.swift:77: tmp/ not empty",
                                  "result" : "Failed"
                                }
                              ]
                            },
                            {
                              "nodeType" : "Test Case Run",
                              "name" : "Run 2",
                              "result" : "Passed"
                            }
                          ]
                        },
                        {
                          "nodeType" : "Test Case",
                          "name" : "testUpgradeMigratesCatalog()",
                          "nodeIdentifier" : "BackupBoundaryTests/testUpgradeMigratesCatalog()",
                          "result" : "Skipped",
                          "duration" : "0,00081s",
                          "children" : [
                            {
                              "nodeType" : "Failure Message",
                              "name" : "Test skipped - migration fixture not bundled",
                              "result" : "Skipped"
                            }
                          ]
                        }
                      ]
                    },
                    {
                      "nodeType" : "Test Suite",
                      "name" : "CatalogTests",
                      "result" : "Failed",
                      "children" : [
                        {
                          "nodeType" : "Test Case",
                          "name" : "excludedFromBackup(path:)",
                          "nodeIdentifier" : "CatalogTests/excludedFromBackup(path:)",
                          "result" : "Failed",
                          "duration" : "1h 2m 3s",
                          "tags" : [ "backup" ],
                          "children" : [
                            {
                              "nodeType" : "Arguments",
                              "name" : "\\"Library/Application Support/Catalog\\"",
                              "result" : "Failed",
                              "children" : [
                                {
                                  "nodeType" : "Failure Message",
                                  "name" : "CatalogTests.swift:12: Expectation failed: isExcluded",
                                  "result" : "Failed"
                                }
                              ]
                            },
                            {
                              "nodeType" : "Arguments",
                              "name" : "\\"Library/Caches\\"",
                              "result" : "Passed"
                            }
                          ]
                        },
                        {
                          "nodeType" : "Test Case",
                          "name" : "knownIssue()",
                          "nodeIdentifier" : "CatalogTests/knownIssue()",
                          "result" : "Expected Failure",
                          "duration" : "22s"
                        },
                        {
                          "nodeType" : "Test Case",
                          "name" : "mergedDevices()",
                          "nodeIdentifier" : "CatalogTests/mergedDevices()",
                          "result" : "Failed",
                          "duration" : "0,5s",
                          "children" : [
                            {
                              "nodeType" : "Device",
                              "name" : "iPhone 16",
                              "details" : "iOS Simulator 18.5",
                              "result" : "Failed",
                              "children" : [
                                {
                                  "nodeType" : "Test Plan Configuration",
                                  "name" : "Test Scheme Action",
                                  "result" : "Failed",
                                  "children" : [
                                    {
                                      "nodeType" : "Failure Message",
                                      "name" : "Crash: Vault (4242) at -[NSFileManager removeItemAtPath:]",
                                      "result" : "Failed"
                                    }
                                  ]
                                }
                              ]
                            },
                            {
                              "nodeType" : "Quantum Entanglement",
                              "name" : "a node type from the future",
                              "result" : "Failed"
                            }
                          ]
                        }
                      ]
                    }
                  ]
                }
              ]
            }
          ]
        }

        """

    @Test func readsTheSampleTree() throws {
        let (results, warnings) = try readText(TestsJSONReader.self, ResultsSamples.testsJSON, file: file)
        #expect(warnings.isEmpty)
        #expect(results.source == .testsJSON)
        #expect(results.outcome == .failed)
        #expect(results.totalCount == 12)
        #expect(results.passedCount == 9)
        #expect(results.failedCount == 2)
        #expect(results.skippedCount == 1)
        #expect(results.devices.map(\.osBuildNumber) == ["22F77"])
        #expect(
            results.testCases.first
                == TestCaseRecord(
                    name: "testCacheNotInDocuments()", identifier: "BackupBoundaryTests/testCacheNotInDocuments()",
                    outcome: .failed, durationSeconds: 0.01213))
        #expect(results.failures.count == 2)
        let first = try #require(results.failures.first)
        #expect(first.testName == "testCacheNotInDocuments()")
        #expect(first.identifier == "BackupBoundaryTests/testCacheNotInDocuments()")
        #expect(first.targetName == "VaultTests")
        #expect(first.sourceFile == "BackupBoundaryTests.swift")
        #expect(first.line == 41)
        #expect(first.failureText == "XCTAssertFalse failed - Documents/cache.db exists: caches must live under Library/Caches")
        #expect(results.failures[1].line == 58)
    }

    @Test func walksRetriesArgumentsAndUnknownNodesWithoutCountingTwice() throws {
        let (results, warnings) = try readText(TestsJSONReader.self, Self.quirkyTree, file: file)
        #expect(warnings.isEmpty)
        #expect(
            results.testCases.map(\.name) == [
                "testCacheNotInDocuments()", "testTmpIsEmptyAfterSync()", "testUpgradeMigratesCatalog()",
                "excludedFromBackup(path:)", "knownIssue()", "mergedDevices()",
            ])
        #expect(results.totalCount == 6)
        #expect(results.failedCount == 3)
        #expect(results.passedCount == 1)
        #expect(results.skippedCount == 1)
        #expect(results.expectedFailureCount == 1)
        #expect(results.devices.first?.osBuildNumber == nil)
    }

    @Test func parsesDurationTextWhenSecondsAreAbsent() throws {
        let (results, _) = try readText(TestsJSONReader.self, Self.quirkyTree, file: file)
        let durations = results.testCases.map(\.durationSeconds)
        #expect(durations == [65, 0.0021, 0.00081, 3723, 22, 0.5])
    }

    @Test func failuresComeFromFailedRunsOnceEach() throws {
        let (results, _) = try readText(TestsJSONReader.self, Self.quirkyTree, file: file)
        // Two failed repetitions with one message: one failure. The passed-on-retry test,
        // the skipped test ("Test skipped - …") and the passed argument give none.
        #expect(results.failures.map(\.testName) == ["testCacheNotInDocuments()", "excludedFromBackup(path:)", "mergedDevices()"])
        #expect(results.failures.map(\.sourceFile) == ["BackupBoundaryTests.swift", "CatalogTests.swift", nil])
        #expect(results.failures.map(\.line) == [41, 12, nil])
        #expect(results.failures[1].failureText == "Expectation failed: isExcluded")
        #expect(results.failures[2].failureText == "Crash: Vault (4242) at -[NSFileManager removeItemAtPath:]")
        #expect(results.failures.allSatisfy { $0.targetName == "VaultTests" })
    }

    @Test func failedTestWithoutAMessageStillCounts() throws {
        let text = #"{"devices":[],"testPlanConfigurations":[],"testNodes":[{"nodeType":"Test Case","name":"t()","result":"Failed"}]}"#
        let (results, _) = try readText(TestsJSONReader.self, text, file: file)
        #expect(results.failures == [TestFailure(testName: "t()", failureText: "")])
    }

    @Test func unreadableDurationIsAWarning() throws {
        let text =
            #"{"devices":[],"testPlanConfigurations":[],"testNodes":[{"nodeType":"Test Case","name":"t()","result":"Passed","duration":"about a minute"}]}"#
        let (results, warnings) = try readText(TestsJSONReader.self, text, file: file)
        #expect(results.testCases.first?.durationSeconds == nil)
        #expect(warnings.map(\.message) == ["unreadable duration \"about a minute\" in testNodes[0]"])
        #expect(warnings.first?.position?.column == 122)
    }

    @Test func wrongNodeTypeTypeIsAPositionedError() throws {
        let text = #"{"devices":[],"testPlanConfigurations":[],"testNodes":[{"nodeType":"Test Plan","name":"Vault","children":[{"nodeType":7,"name":"x"}]}]}"#
        let error = try #require(thrownDiagnostic(TestsJSONReader.self, text, file: file))
        #expect(error.message == "expected a string for \"nodeType\" in testNodes[0].children[0], found a number")
        #expect(error.position == SourcePosition(line: 1, column: 119, byteOffset: 118))
    }

    @Test func missingRequiredTopLevelKeysWarn() throws {
        let (results, warnings) = try readText(TestsJSONReader.self, "{}", file: file)
        #expect(results.totalCount == 0)
        #expect(results.outcome == .unknown)
        #expect(
            warnings.map(\.message) == [
                "missing required key \"devices\" in the tests tree", "missing required key \"testNodes\" in the tests tree",
            ])
    }

    @Test func malformedVariantsAreDiagnosed() throws {
        let truncated = Array(ResultsSamples.testsJSON.utf8.prefix(1000))
        let cut = try #require(thrownDiagnostic(TestsJSONReader.self, truncated, file: file))
        #expect(cut.position?.byteOffset == 1000)
        #expect(cut.file == file)
        let empty = try #require(thrownDiagnostic(TestsJSONReader.self, [], file: file))
        #expect(empty.message == "expected a JSON document, found an empty file")
        let deep = try #require(thrownDiagnostic(TestsJSONReader.self, deeplyNestedJSON(10_000), file: file))
        #expect(deep.message.hasPrefix("expected nesting no deeper than 256 levels"))
        let crlf = Self.quirkyTree.replacingOccurrences(of: "\n", with: "\r\n")
        let (fromCRLF, _) = try readBytes(TestsJSONReader.self, [0xEF, 0xBB, 0xBF] + Array(crlf.utf8), file: file)
        #expect(fromCRLF.totalCount == 6)
    }

    @Test func invalidUTF8InAFailureMessageIsReplaced() throws {
        var bytes = Array(
            #"{"devices":[],"testPlanConfigurations":[],"testNodes":[{"nodeType":"Test Case","name":"t()","result":"Failed","children":[{"nodeType":"Failure Message","name":"A.swift:3: bad X"}]}]}"#
                .utf8)
        let x = try #require(bytes.lastIndex(of: UInt8(ascii: "X")))
        bytes[x] = 0xC0
        let (results, _) = try readBytes(TestsJSONReader.self, bytes, file: file)
        #expect(results.failures.first?.failureText == "bad \u{FFFD}")
        #expect(results.failures.first?.line == 3)
    }
}
