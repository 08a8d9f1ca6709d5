import Testing

@testable import ExhibitCore

@Suite struct ResultsTextTests {
    @Test func splitsLeadingFileAndLine() throws {
        let tests = try #require(FailureLocation.splitLeading("BackupBoundaryTests.swift:38: XCTAssertEqual failed: (\"1\") is not equal to (\"2\")"))
        #expect(tests.location == FailureLocation(file: "BackupBoundaryTests.swift", line: 38))
        #expect(tests.rest == "XCTAssertEqual failed: (\"1\") is not equal to (\"2\")")
        let xcbeautify = try #require(FailureLocation.splitLeading("/Users/ci/Vault App/VaultTests/A.swift:7 - boom: 3: x"))
        #expect(xcbeautify.location == FailureLocation(file: "A.swift", line: 7))
        #expect(xcbeautify.rest == "boom: 3: x")
        #expect(FailureLocation.splitLeading("Error: 3: boom") == nil)
        #expect(FailureLocation.splitLeading("Crash: Vault (4242) at -[NSFileManager removeItemAtPath:]") == nil)
        #expect(FailureLocation.splitLeading("A.swift:99999999999999999999: overflow") == nil)
    }

    @Test func readsTrailingParenthesizedLocations() {
        #expect(FailureLocation.trailingParenthesized("failed (VaultTests/A.swift:58)") == FailureLocation(file: "A.swift", line: 58))
        #expect(FailureLocation.trailingParenthesized("failed (see log)") == nil)
        #expect(FailureLocation.trailingParenthesized("failed (x:y)") == nil)
    }

    /// Document URLs count lines from 0; the location is the 1-based line.
    @Test func readsLegacyDocumentURLs() {
        #expect(
            FailureLocation.fromDocumentURL("file:///Users/ci/VaultTests/BackupBoundaryTests.swift#EndingLineNumber=40&StartingLineNumber=40")
                == FailureLocation(file: "BackupBoundaryTests.swift", line: 41))
        #expect(
            FailureLocation.fromDocumentURL("file:///Users/ci/My%20Tests/Legacy.m#CharacterRangeLen=0&EndingLineNumber=12&StartingLineNumber=11")
                == FailureLocation(file: "Legacy.m", line: 12))
        #expect(FailureLocation.fromDocumentURL("file:///Users/ci/A.swift#StartingLineNumber=0") == FailureLocation(file: "A.swift", line: 1))
        #expect(FailureLocation.fromDocumentURL("file:///Users/ci/A.swift") == nil)
        #expect(FailureLocation.fromDocumentURL("file:///Users/ci/A.swift#StartingLineNumber=x") == nil)
    }

    @Test(
        arguments: [
            ("BackupBoundaryTests.testCacheNotInDocuments()", "testCacheNotInDocuments()", "BackupBoundaryTests", nil),
            ("VaultTests.BackupBoundaryTests.testA()", "testA()", "BackupBoundaryTests", "VaultTests"),
            ("-[LegacyTests testMethod]", "testMethod", "LegacyTests", nil),
            ("-[VaultTests.LegacyTests testMethod]", "testMethod", "LegacyTests", "VaultTests"),
            ("-[VaultTests LegacyTests testMethod]", "testMethod", "LegacyTests", "VaultTests"),
            ("excluded(path: \"a.b\")", "excluded(path: \"a.b\")", nil, nil),
            ("plain", "plain", nil, nil),
            ("-[]", "-[]", nil, nil),
        ] as [(String, String, String?, String?)])
    func takesTestNamesApart(raw: String, name: String, className: String?, module: String?) {
        let parts = TestNameParts(parsing: raw)
        #expect(parts.testName == name)
        #expect(parts.className == className)
        #expect(parts.moduleName == module)
    }

    @Test(
        arguments: [
            ("0,0021s", 0.0021), ("22s", 22), ("1m 5s", 65), ("1h 2m 3s", 3723), ("123ms", 0.123), ("0.5s", 0.5),
        ] as [(String, Double)])
    func parsesDurationText(text: String, seconds: Double) throws {
        let parsed = try #require(TestDurationText.seconds(text))
        #expect(abs(parsed - seconds) < 1e-9)
    }

    @Test(arguments: ["", "s", "fast", "1x", "1,2,3s", "-1s", "1m five"])
    func refusesOtherDurationText(text: String) {
        #expect(TestDurationText.seconds(text) == nil)
    }

    @Test func parsesLegacyDates() {
        #expect(ISO8601Timestamp.secondsSince1970("2026-01-01T09:00:05.109+0200") == 1767250805.109)
        #expect(ISO8601Timestamp.secondsSince1970("2026-01-01T07:00:05Z") == 1_767_250_805)
        #expect(ISO8601Timestamp.secondsSince1970("2025-12-31T22:00:05-09:00") == 1_767_250_805)
        #expect(ISO8601Timestamp.secondsSince1970("1970-01-01T00:00:00Z") == 0)
        #expect(ISO8601Timestamp.secondsSince1970("2024-02-29T00:00:00Z") == 1_709_164_800)
        #expect(ISO8601Timestamp.secondsSince1970("2026-13-01T00:00:00Z") == nil)
        #expect(ISO8601Timestamp.secondsSince1970("2026-01-01T09:00:05.+0200") == nil)
        #expect(ISO8601Timestamp.secondsSince1970("2026-01-01 09:00") == nil)
        #expect(ISO8601Timestamp.secondsSince1970("2026-01-01T09:00:05+0200 junk") == nil)
    }
}
