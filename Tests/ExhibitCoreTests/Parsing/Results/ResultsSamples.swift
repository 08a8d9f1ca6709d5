import ExhibitTriageUI

/// Copies of the files in SampleArchives/_fixtures-results (the real-format evidence the
/// sample archives use), so the readers are tested on exactly what the samples ship.
enum ResultsSamples {
    static let summaryJSON = #"""
        {"devicesAndConfigurations":[{"device":{"architecture":"arm64","deviceId":"0A1B2C3D-4E5F-4A6B-8C7D-9E0F1A2B3C4D","deviceName":"iPhone 16","modelName":"iPhone 16","osBuildNumber":"22F77","osVersion":"18.5","platform":"iOS Simulator"},"expectedFailures":0,"failedTests":2,"passedTests":9,"skippedTests":1,"testPlanConfiguration":{"configurationId":"1","configurationName":"Test Scheme Action"}}],"environmentDescription":"Vault · Built with macOS 15.5","expectedFailures":0,"failedTests":2,"finishTime":1767250866.734,"passedTests":9,"result":"Failed","skippedTests":1,"startTime":1767250805.109,"statistics":[{"subtitle":"on 1 device","title":"12 tests run"}],"testFailures":[{"failureText":"XCTAssertFalse failed - Documents/cache.db exists: caches must live under Library/Caches","targetName":"VaultTests","testIdentifier":7,"testIdentifierString":"BackupBoundaryTests/testCacheNotInDocuments()","testIdentifierURL":"test://com.apple.xcode/Vault/VaultTests/BackupBoundaryTests/testCacheNotInDocuments","testName":"testCacheNotInDocuments()"},{"failureText":"XCTAssertTrue failed - Library/Application Support/Catalog/catalog.json is not excluded from backup","targetName":"VaultTests","testIdentifier":9,"testIdentifierString":"BackupBoundaryTests/testCatalogExcludedFromBackup()","testIdentifierURL":"test://com.apple.xcode/Vault/VaultTests/BackupBoundaryTests/testCatalogExcludedFromBackup","testName":"testCatalogExcludedFromBackup()"}],"title":"Test - Vault","topInsights":[{"category":"Common Failure Patterns","impact":"2 of 2 failures","text":"2 failures in BackupBoundaryTests"}],"totalTestCount":12}
        """#

    static let testsJSON = #"""
        {"devices":[{"architecture":"arm64","deviceId":"0A1B2C3D-4E5F-4A6B-8C7D-9E0F1A2B3C4D","deviceName":"iPhone 16","modelName":"iPhone 16","osBuildNumber":"22F77","osVersion":"18.5","platform":"iOS Simulator"}],"testNodes":[{"children":[{"children":[{"children":[{"duration":"0,012s","durationInSeconds":0.01213,"name":"testCacheNotInDocuments()","nodeIdentifier":"BackupBoundaryTests/testCacheNotInDocuments()","nodeIdentifierURL":"test://com.apple.xcode/Vault/VaultTests/BackupBoundaryTests/testCacheNotInDocuments","nodeType":"Test Case","result":"Failed","children":[{"name":"BackupBoundaryTests.swift:41: XCTAssertFalse failed - Documents/cache.db exists: caches must live under Library/Caches","nodeType":"Failure Message","result":"Failed"}]},{"duration":"0,0094s","durationInSeconds":0.00941,"name":"testCatalogExcludedFromBackup()","nodeIdentifier":"BackupBoundaryTests/testCatalogExcludedFromBackup()","nodeIdentifierURL":"test://com.apple.xcode/Vault/VaultTests/BackupBoundaryTests/testCatalogExcludedFromBackup","nodeType":"Test Case","result":"Failed","children":[{"name":"BackupBoundaryTests.swift:58: XCTAssertTrue failed - Library/Application Support/Catalog/catalog.json is not excluded from backup","nodeType":"Failure Message","result":"Failed"}]},{"duration":"0,0031s","durationInSeconds":0.00312,"name":"testDraftsStayInDocuments()","nodeIdentifier":"BackupBoundaryTests/testDraftsStayInDocuments()","nodeIdentifierURL":"test://com.apple.xcode/Vault/VaultTests/BackupBoundaryTests/testDraftsStayInDocuments","nodeType":"Test Case","result":"Passed"},{"duration":"0,0042s","durationInSeconds":0.00418,"name":"testExportTempFileRemoved()","nodeIdentifier":"BackupBoundaryTests/testExportTempFileRemoved()","nodeIdentifierURL":"test://com.apple.xcode/Vault/VaultTests/BackupBoundaryTests/testExportTempFileRemoved","nodeType":"Test Case","result":"Passed"},{"duration":"0,0051s","durationInSeconds":0.00507,"name":"testIndexDirectoryExcluded()","nodeIdentifier":"BackupBoundaryTests/testIndexDirectoryExcluded()","nodeIdentifierURL":"test://com.apple.xcode/Vault/VaultTests/BackupBoundaryTests/testIndexDirectoryExcluded","nodeType":"Test Case","result":"Passed"},{"duration":"0,0027s","durationInSeconds":0.00269,"name":"testNoLeftoverTestDefaults()","nodeIdentifier":"BackupBoundaryTests/testNoLeftoverTestDefaults()","nodeIdentifierURL":"test://com.apple.xcode/Vault/VaultTests/BackupBoundaryTests/testNoLeftoverTestDefaults","nodeType":"Test Case","result":"Passed"},{"duration":"1s","durationInSeconds":1.204,"name":"testTmpIsEmptyAfterSync()","nodeIdentifier":"BackupBoundaryTests/testTmpIsEmptyAfterSync()","nodeIdentifierURL":"test://com.apple.xcode/Vault/VaultTests/BackupBoundaryTests/testTmpIsEmptyAfterSync","nodeType":"Test Case","result":"Passed"},{"duration":"0,0008s","durationInSeconds":0.0008,"name":"testUpgradeMigratesCatalog()","nodeIdentifier":"BackupBoundaryTests/testUpgradeMigratesCatalog()","nodeIdentifierURL":"test://com.apple.xcode/Vault/VaultTests/BackupBoundaryTests/testUpgradeMigratesCatalog","nodeType":"Test Case","result":"Skipped","children":[{"name":"Test skipped - migration fixture not bundled on the Simulator","nodeType":"Failure Message","result":"Skipped"}]}],"name":"BackupBoundaryTests","nodeIdentifierURL":"test://com.apple.xcode/Vault/VaultTests/BackupBoundaryTests","nodeType":"Test Suite","result":"Failed"},{"children":[{"duration":"0,021s","durationInSeconds":0.0211,"name":"testOpenCreatesDatabase()","nodeIdentifier":"VaultStoreTests/testOpenCreatesDatabase()","nodeIdentifierURL":"test://com.apple.xcode/Vault/VaultTests/VaultStoreTests/testOpenCreatesDatabase","nodeType":"Test Case","result":"Passed"},{"duration":"0,0067s","durationInSeconds":0.0067,"name":"testRoundTrip()","nodeIdentifier":"VaultStoreTests/testRoundTrip()","nodeIdentifierURL":"test://com.apple.xcode/Vault/VaultTests/VaultStoreTests/testRoundTrip","nodeType":"Test Case","result":"Passed"},{"duration":"0,0021s","durationInSeconds":0.0021,"name":"testVacuum()","nodeIdentifier":"VaultStoreTests/testVacuum()","nodeIdentifierURL":"test://com.apple.xcode/Vault/VaultTests/VaultStoreTests/testVacuum","nodeType":"Test Case","result":"Passed"},{"duration":"0,0033s","durationInSeconds":0.0033,"name":"testWriteAheadLogCheckpoint()","nodeIdentifier":"VaultStoreTests/testWriteAheadLogCheckpoint()","nodeIdentifierURL":"test://com.apple.xcode/Vault/VaultTests/VaultStoreTests/testWriteAheadLogCheckpoint","nodeType":"Test Case","result":"Passed"}],"name":"VaultStoreTests","nodeIdentifierURL":"test://com.apple.xcode/Vault/VaultTests/VaultStoreTests","nodeType":"Test Suite","result":"Passed"}],"name":"VaultTests","nodeType":"Unit test bundle","result":"Failed"}],"name":"Vault","nodeType":"Test Plan","result":"Failed"}],"testPlanConfigurations":[{"configurationId":"1","configurationName":"Test Scheme Action"}]}
        """#

    static let legacyJSON = #"""
        {
          "_type" : {
            "_name" : "ActionsInvocationRecord"
          },
          "actions" : {
            "_type" : {
              "_name" : "Array"
            },
            "_values" : [
              {
                "_type" : {
                  "_name" : "ActionRecord"
                },
                "actionResult" : {
                  "_type" : {
                    "_name" : "ActionResult"
                  },
                  "coverage" : {
                    "_type" : {
                      "_name" : "CodeCoverageInfo"
                    }
                  },
                  "diagnosticsRef" : {
                    "_type" : {
                      "_name" : "Reference"
                    },
                    "id" : {
                      "_type" : {
                        "_name" : "String"
                      },
                      "_value" : "0~aGVsbG8td29ybGQtZGlhZ25vc3RpY3M="
                    },
                    "targetType" : {
                      "_type" : {
                        "_name" : "TypeDefinition"
                      },
                      "name" : {
                        "_type" : {
                          "_name" : "String"
                        },
                        "_value" : "ActivityLogSection"
                      }
                    }
                  },
                  "issues" : {
                    "_type" : {
                      "_name" : "ResultIssueSummaries"
                    },
                    "testFailureSummaries" : {
                      "_type" : {
                        "_name" : "Array"
                      },
                      "_values" : [
                        {
                          "_type" : {
                            "_name" : "TestFailureIssueSummary",
                            "_supertype" : {
                              "_name" : "IssueSummary"
                            }
                          },
                          "documentLocationInCreatingWorkspace" : {
                            "_type" : {
                              "_name" : "DocumentLocation"
                            },
                            "concreteTypeName" : {
                              "_type" : {
                                "_name" : "String"
                              },
                              "_value" : "DVTTextDocumentLocation"
                            },
                            "url" : {
                              "_type" : {
                                "_name" : "String"
                              },
                              "_value" : "file:///Users/ci/builds/vault/VaultTests/BackupBoundaryTests.swift#EndingLineNumber=40&StartingLineNumber=40"
                            }
                          },
                          "issueType" : {
                            "_type" : {
                              "_name" : "String"
                            },
                            "_value" : "Uncategorized"
                          },
                          "message" : {
                            "_type" : {
                              "_name" : "String"
                            },
                            "_value" : "XCTAssertFalse failed - Documents/cache.db exists: caches must live under Library/Caches"
                          },
                          "producingTarget" : {
                            "_type" : {
                              "_name" : "String"
                            },
                            "_value" : "VaultTests"
                          },
                          "testCaseName" : {
                            "_type" : {
                              "_name" : "String"
                            },
                            "_value" : "BackupBoundaryTests.testCacheNotInDocuments()"
                          }
                        },
                        {
                          "_type" : {
                            "_name" : "TestFailureIssueSummary",
                            "_supertype" : {
                              "_name" : "IssueSummary"
                            }
                          },
                          "documentLocationInCreatingWorkspace" : {
                            "_type" : {
                              "_name" : "DocumentLocation"
                            },
                            "concreteTypeName" : {
                              "_type" : {
                                "_name" : "String"
                              },
                              "_value" : "DVTTextDocumentLocation"
                            },
                            "url" : {
                              "_type" : {
                                "_name" : "String"
                              },
                              "_value" : "file:///Users/ci/builds/vault/VaultTests/BackupBoundaryTests.swift#CharacterRangeLen=0&EndingLineNumber=57&StartingLineNumber=57"
                            }
                          },
                          "issueType" : {
                            "_type" : {
                              "_name" : "String"
                            },
                            "_value" : "Uncategorized"
                          },
                          "message" : {
                            "_type" : {
                              "_name" : "String"
                            },
                            "_value" : "XCTAssertTrue failed - Library/Application Support/Catalog/catalog.json is not excluded from backup"
                          },
                          "producingTarget" : {
                            "_type" : {
                              "_name" : "String"
                            },
                            "_value" : "VaultTests"
                          },
                          "testCaseName" : {
                            "_type" : {
                              "_name" : "String"
                            },
                            "_value" : "BackupBoundaryTests.testCatalogExcludedFromBackup()"
                          }
                        }
                      ]
                    }
                  },
                  "metrics" : {
                    "_type" : {
                      "_name" : "ResultMetrics"
                    },
                    "testsCount" : {
                      "_type" : {
                        "_name" : "Int"
                      },
                      "_value" : "12"
                    },
                    "testsFailedCount" : {
                      "_type" : {
                        "_name" : "Int"
                      },
                      "_value" : "2"
                    },
                    "testsSkippedCount" : {
                      "_type" : {
                        "_name" : "Int"
                      },
                      "_value" : "1"
                    },
                    "warningCount" : {
                      "_type" : {
                        "_name" : "Int"
                      },
                      "_value" : "3"
                    }
                  },
                  "resultName" : {
                    "_type" : {
                      "_name" : "String"
                    },
                    "_value" : "action"
                  },
                  "status" : {
                    "_type" : {
                      "_name" : "String"
                    },
                    "_value" : "failed"
                  },
                  "testsRef" : {
                    "_type" : {
                      "_name" : "Reference"
                    },
                    "id" : {
                      "_type" : {
                        "_name" : "String"
                      },
                      "_value" : "0~dGVzdHMtcmVmLWZvci12YXVsdA=="
                    },
                    "targetType" : {
                      "_type" : {
                        "_name" : "TypeDefinition"
                      },
                      "name" : {
                        "_type" : {
                          "_name" : "String"
                        },
                        "_value" : "ActionTestPlanRunSummaries"
                      }
                    }
                  }
                },
                "buildResult" : {
                  "_type" : {
                    "_name" : "ActionResult"
                  },
                  "coverage" : {
                    "_type" : {
                      "_name" : "CodeCoverageInfo"
                    }
                  },
                  "issues" : {
                    "_type" : {
                      "_name" : "ResultIssueSummaries"
                    }
                  },
                  "metrics" : {
                    "_type" : {
                      "_name" : "ResultMetrics"
                    }
                  },
                  "resultName" : {
                    "_type" : {
                      "_name" : "String"
                    },
                    "_value" : "build"
                  },
                  "status" : {
                    "_type" : {
                      "_name" : "String"
                    },
                    "_value" : "succeeded"
                  }
                },
                "endedTime" : {
                  "_type" : {
                    "_name" : "Date"
                  },
                  "_value" : "2026-01-01T09:01:06.734+0200"
                },
                "runDestination" : {
                  "_type" : {
                    "_name" : "ActionRunDestinationRecord"
                  },
                  "displayName" : {
                    "_type" : {
                      "_name" : "String"
                    },
                    "_value" : "iPhone 15"
                  },
                  "localComputerRecord" : {
                    "_type" : {
                      "_name" : "ActionDeviceRecord"
                    },
                    "identifier" : {
                      "_type" : {
                        "_name" : "String"
                      },
                      "_value" : "F00DCAFE-0000-4000-8000-000000000001"
                    },
                    "name" : {
                      "_type" : {
                        "_name" : "String"
                      },
                      "_value" : "My Mac"
                    },
                    "modelName" : {
                      "_type" : {
                        "_name" : "String"
                      },
                      "_value" : "Mac mini"
                    }
                  },
                  "targetArchitecture" : {
                    "_type" : {
                      "_name" : "String"
                    },
                    "_value" : "arm64"
                  },
                  "targetDeviceRecord" : {
                    "_type" : {
                      "_name" : "ActionDeviceRecord"
                    },
                    "identifier" : {
                      "_type" : {
                        "_name" : "String"
                      },
                      "_value" : "7F3E2D1C-0B9A-4876-A5B4-C3D2E1F0A9B8"
                    },
                    "modelCode" : {
                      "_type" : {
                        "_name" : "String"
                      },
                      "_value" : "iPhone16,1"
                    },
                    "modelName" : {
                      "_type" : {
                        "_name" : "String"
                      },
                      "_value" : "iPhone 15"
                    },
                    "name" : {
                      "_type" : {
                        "_name" : "String"
                      },
                      "_value" : "iPhone 15"
                    },
                    "operatingSystemVersion" : {
                      "_type" : {
                        "_name" : "String"
                      },
                      "_value" : "17.5"
                    },
                    "operatingSystemVersionWithBuildNumber" : {
                      "_type" : {
                        "_name" : "String"
                      },
                      "_value" : "17.5 (21F79)"
                    },
                    "platformRecord" : {
                      "_type" : {
                        "_name" : "ActionPlatformRecord"
                      },
                      "identifier" : {
                        "_type" : {
                          "_name" : "String"
                        },
                        "_value" : "com.apple.platform.iphonesimulator"
                      },
                      "userDescription" : {
                        "_type" : {
                          "_name" : "String"
                        },
                        "_value" : "iOS Simulator"
                      }
                    },
                    "cpuKind" : {
                      "_type" : {
                        "_name" : "String"
                      },
                      "_value" : ""
                    },
                    "isConcreteDevice" : {
                      "_type" : {
                        "_name" : "Bool"
                      },
                      "_value" : "true"
                    },
                    "logicalCPUCoresPerPackage" : {
                      "_type" : {
                        "_name" : "Int"
                      },
                      "_value" : "0"
                    }
                  },
                  "targetSDKRecord" : {
                    "_type" : {
                      "_name" : "ActionSDKRecord"
                    },
                    "identifier" : {
                      "_type" : {
                        "_name" : "String"
                      },
                      "_value" : "iphonesimulator17.5"
                    },
                    "name" : {
                      "_type" : {
                        "_name" : "String"
                      },
                      "_value" : "Simulator - iOS 17.5"
                    },
                    "operatingSystemVersion" : {
                      "_type" : {
                        "_name" : "String"
                      },
                      "_value" : "17.5"
                    }
                  }
                },
                "schemeCommandName" : {
                  "_type" : {
                    "_name" : "String"
                  },
                  "_value" : "Test"
                },
                "schemeTaskName" : {
                  "_type" : {
                    "_name" : "String"
                  },
                  "_value" : "BuildAndAction"
                },
                "startedTime" : {
                  "_type" : {
                    "_name" : "Date"
                  },
                  "_value" : "2026-01-01T09:00:05.109+0200"
                },
                "testPlanName" : {
                  "_type" : {
                    "_name" : "String"
                  },
                  "_value" : "Vault"
                },
                "title" : {
                  "_type" : {
                    "_name" : "String"
                  },
                  "_value" : "Testing workspace Vault with scheme Vault"
                }
              }
            ]
          },
          "issues" : {
            "_type" : {
              "_name" : "ResultIssueSummaries"
            },
            "testFailureSummaries" : {
              "_type" : {
                "_name" : "Array"
              },
              "_values" : [
                {
                  "_type" : {
                    "_name" : "TestFailureIssueSummary",
                    "_supertype" : {
                      "_name" : "IssueSummary"
                    }
                  },
                  "documentLocationInCreatingWorkspace" : {
                    "_type" : {
                      "_name" : "DocumentLocation"
                    },
                    "concreteTypeName" : {
                      "_type" : {
                        "_name" : "String"
                      },
                      "_value" : "DVTTextDocumentLocation"
                    },
                    "url" : {
                      "_type" : {
                        "_name" : "String"
                      },
                      "_value" : "file:///Users/ci/builds/vault/VaultTests/BackupBoundaryTests.swift#EndingLineNumber=40&StartingLineNumber=40"
                    }
                  },
                  "issueType" : {
                    "_type" : {
                      "_name" : "String"
                    },
                    "_value" : "Uncategorized"
                  },
                  "message" : {
                    "_type" : {
                      "_name" : "String"
                    },
                    "_value" : "XCTAssertFalse failed - Documents/cache.db exists: caches must live under Library/Caches"
                  },
                  "producingTarget" : {
                    "_type" : {
                      "_name" : "String"
                    },
                    "_value" : "VaultTests"
                  },
                  "testCaseName" : {
                    "_type" : {
                      "_name" : "String"
                    },
                    "_value" : "BackupBoundaryTests.testCacheNotInDocuments()"
                  }
                },
                {
                  "_type" : {
                    "_name" : "TestFailureIssueSummary",
                    "_supertype" : {
                      "_name" : "IssueSummary"
                    }
                  },
                  "documentLocationInCreatingWorkspace" : {
                    "_type" : {
                      "_name" : "DocumentLocation"
                    },
                    "concreteTypeName" : {
                      "_type" : {
                        "_name" : "String"
                      },
                      "_value" : "DVTTextDocumentLocation"
                    },
                    "url" : {
                      "_type" : {
                        "_name" : "String"
                      },
                      "_value" : "file:///Users/ci/builds/vault/VaultTests/BackupBoundaryTests.swift#CharacterRangeLen=0&EndingLineNumber=57&StartingLineNumber=57"
                    }
                  },
                  "issueType" : {
                    "_type" : {
                      "_name" : "String"
                    },
                    "_value" : "Uncategorized"
                  },
                  "message" : {
                    "_type" : {
                      "_name" : "String"
                    },
                    "_value" : "XCTAssertTrue failed - Library/Application Support/Catalog/catalog.json is not excluded from backup"
                  },
                  "producingTarget" : {
                    "_type" : {
                      "_name" : "String"
                    },
                    "_value" : "VaultTests"
                  },
                  "testCaseName" : {
                    "_type" : {
                      "_name" : "String"
                    },
                    "_value" : "BackupBoundaryTests.testCatalogExcludedFromBackup()"
                  }
                }
              ]
            },
            "warningSummaries" : {
              "_type" : {
                "_name" : "Array"
              },
              "_values" : [
                {
                  "_type" : {
                    "_name" : "IssueSummary"
                  },
                  "issueType" : {
                    "_type" : {
                      "_name" : "String"
                    },
                    "_value" : "Swift Compiler Warning"
                  },
                  "message" : {
                    "_type" : {
                      "_name" : "String"
                    },
                    "_value" : "'synchronize()' was deprecated in iOS 12.0"
                  }
                }
              ]
            }
          },
          "metadataRef" : {
            "_type" : {
              "_name" : "Reference"
            },
            "id" : {
              "_type" : {
                "_name" : "String"
              },
              "_value" : "0~bWV0YWRhdGEtcmVmLWZvci12YXVsdA=="
            },
            "targetType" : {
              "_type" : {
                "_name" : "TypeDefinition"
              },
              "name" : {
                "_type" : {
                  "_name" : "String"
                },
                "_value" : "ActionsInvocationMetadata"
              }
            }
          },
          "metrics" : {
            "_type" : {
              "_name" : "ResultMetrics"
            },
            "testsCount" : {
              "_type" : {
                "_name" : "Int"
              },
              "_value" : "12"
            },
            "testsFailedCount" : {
              "_type" : {
                "_name" : "Int"
              },
              "_value" : "2"
            },
            "testsSkippedCount" : {
              "_type" : {
                "_name" : "Int"
              },
              "_value" : "1"
            },
            "warningCount" : {
              "_type" : {
                "_name" : "Int"
              },
              "_value" : "3"
            }
          }
        }
        """#

    static let junitXML = #"""
        <testsuites name="All tests" tests="12" failures="2">
            <testsuite name="VaultTests.BackupBoundaryTests" tests="8" failures="2">
                <testcase classname="VaultTests.BackupBoundaryTests" name="testCacheNotInDocuments">
                    <failure message="/Users/ci/builds/vault/VaultTests/BackupBoundaryTests.swift:41 - XCTAssertFalse failed - Documents/cache.db exists: caches must live under Library/Caches" />
                </testcase>
                <testcase classname="VaultTests.BackupBoundaryTests" name="testCatalogExcludedFromBackup">
                    <failure message="/Users/ci/builds/vault/VaultTests/BackupBoundaryTests.swift:58 - XCTAssertTrue failed - Library/Application Support/Catalog/catalog.json is not excluded from backup" />
                </testcase>
                <testcase classname="VaultTests.BackupBoundaryTests" name="testDraftsStayInDocuments" time="0.003" />
                <testcase classname="VaultTests.BackupBoundaryTests" name="testExportTempFileRemoved" time="0.004" />
                <testcase classname="VaultTests.BackupBoundaryTests" name="testIndexDirectoryExcluded" time="0.005" />
                <testcase classname="VaultTests.BackupBoundaryTests" name="testNoLeftoverTestDefaults" time="0.003" />
                <testcase classname="VaultTests.BackupBoundaryTests" name="testTmpIsEmptyAfterSync" time="1.204" />
                <testcase classname="VaultTests.BackupBoundaryTests" name="testUpgradeMigratesCatalog" time="0.001">
                    <skipped message="migration fixture not bundled on the Simulator" />
                </testcase>
            </testsuite>
            <testsuite name="VaultTests.VaultStoreTests" tests="4" failures="0">
                <testcase classname="VaultTests.VaultStoreTests" name="testOpenCreatesDatabase" time="0.021" />
                <testcase classname="VaultTests.VaultStoreTests" name="testRoundTrip" time="0.007" />
                <testcase classname="VaultTests.VaultStoreTests" name="testVacuum" time="0.002" />
                <testcase classname="VaultTests.VaultStoreTests" name="testWriteAheadLogCheckpoint" time="0.003" />
            </testsuite>
        </testsuites>
        """#

    static let infoPlist = #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        	<key>dateCreated</key>
        	<date>2026-01-01T07:01:07Z</date>
        	<key>externalLocations</key>
        	<array/>
        	<key>rootId</key>
        	<dict>
        		<key>hash</key>
        		<string>0~Vb3TzLkq9mHcRt2xW8yPq1nJfA6dE4sGuZ0oKiL7hXwBvC5MeNaQrS-_UjYpT3gDlFk2xH9wR1tE6yU8iO0pA==</string>
        	</dict>
        	<key>storage</key>
        	<dict>
        		<key>backend</key>
        		<string>fileBacked2</string>
        		<key>compression</key>
        		<string>standard</string>
        	</dict>
        	<key>version</key>
        	<dict>
        		<key>major</key>
        		<integer>3</integer>
        		<key>minor</key>
        		<integer>53</integer>
        	</dict>
        </dict>
        </plist>
        """#
}
