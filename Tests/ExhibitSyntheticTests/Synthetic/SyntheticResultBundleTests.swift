import Testing

@testable import ExhibitCore
@testable import ExhibitSynthetic

/// The benchmark's result bundle reads as what it says it holds, and verifies intact.
@Suite struct SyntheticResultBundleTests {
    func source(tests: Int, bytes: Int) -> MemoryEvidenceSource {
        var files: [String: [UInt8]] = [:]
        SyntheticResultBundle(testCount: tests, payloadBytes: bytes).write { path, content in files["results/Run.xcresult/" + path] = content }
        return MemoryEvidenceSource(files)
    }

    @Test func itReadsAsItsTestsFailuresActivitiesAndLog() throws {
        let bundle = BundleLoader.load(runID: "run", from: source(tests: 250, bytes: 1 << 20))
        let results = try #require(bundle.primaryResults)
        #expect(results.source == .xcresultBundle)
        #expect((results.totalCount, results.failedCount, results.passedCount) == (250, 3, 247))
        #expect(results.failures.map(\.displayName) == ["SyntheticTests/test7()", "SyntheticTests/test107()", "SyntheticTests/test207()"])
        #expect(results.failures.first?.messages.first?.sourceFile == "SyntheticTests.swift")
        let attachment = try #require(results.testCases.first?.activities.first?.attachments.first)
        #expect(attachment.size == (1 << 20) * 9 / 10 / 250)
        #expect(attachment.timestamp == ISO8601Timestamp.secondsSince1970("2026-11-03T08:00:00.000Z"))
        #expect(results.diagnosticsFiles.map(\.path) == ["Session-SyntheticTests-2026-11-03_100000-aBcDeF.log"])
        #expect(bundle.metadata.xcodeVersion == "26.1.1 (17B100)")
        #expect(!bundle.diagnostics.contains { $0.severity == .error }, "\(bundle.diagnostics)")
    }

    /// Every id is the hash of its refs and bytes; more than 127 children take the long refs count.
    @Test func itVerifiesIntact() {
        let report = XCResultVerifier.verify(source: source(tests: 300, bytes: 64 << 10), bundlePath: "results/Run.xcresult")
        #expect(report.verdict == .intact, "\(report.findings)")
    }
}
