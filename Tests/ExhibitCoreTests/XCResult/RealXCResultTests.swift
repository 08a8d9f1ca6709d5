import Foundation
import Testing

@testable import ExhibitCore

/// The two real bundles against what real tools printed from them: xcresulttool's
/// `get test-results tests` for the Xcode 26.1.1 bundle, xcresultparser's JUnit for
/// the Xcode 16.2 one. Read from `../shared/real-evidence/`, never committed.
@Suite(.enabled(if: RealEvidence.isPresent, RealEvidence.absent))
struct RealXCResultTests {
    func bundleResults(_ name: String) throws -> (EvidenceBundle, TestResults) {
        let bundle = try RealXCResult.loadBundle(name)
        let results = try #require(bundle.results.first { $0.source == .xcresultBundle }, "\(bundle.diagnostics)")
        return (bundle, results)
    }

    /// Test cases, outcomes, failures (text, file, line), counts and the device, as
    /// tests.json has them; durations of XCTest cases (the mean of their runs).
    @Test func dodoBundleReadsAsXcresulttoolPrintedIt() throws {
        let (bundle, ours) = try bundleResults(RealXCResult.dodo)
        var warnings: [Diagnostic] = []
        let oracleBytes = try RealEvidence.bytes("tests/dodo-SPM-26.1.1-iOS.tests.json")
        let oracle = try TestsJSONReader.read(oracleBytes, file: "tests.json", warnings: &warnings)
        #expect(ours.testCases.map(\.identifier) == oracle.testCases.map(\.identifier))
        #expect(ours.testCases.map(\.name) == oracle.testCases.map(\.name))
        #expect(ours.testCases.map(\.outcome) == oracle.testCases.map(\.outcome))
        #expect(
            (ours.totalCount, ours.passedCount, ours.failedCount, ours.skippedCount, ours.expectedFailureCount)
                == (oracle.totalCount, oracle.passedCount, oracle.failedCount, oracle.skippedCount, oracle.expectedFailureCount))
        #expect(ours.outcome == oracle.outcome)
        #expect(ours.failures.map(\.identifier) == oracle.failures.map(\.identifier))
        #expect(ours.failures.map(\.messages) == oracle.failures.map(\.messages))
        // Attempts and failing arguments: the same from both (3 failed of 6 for the
        // parameterised test, `value: false` failing, `value: true` passing).
        // (Both readers fold a parameterised test's Arguments → Repetition runs alike.)
        for (mine, theirs) in zip(ours.failures, oracle.failures) {
            #expect((mine.attempts, mine.failedAttempts) == (theirs.attempts, theirs.failedAttempts), "\(mine.displayName)")
            #expect(mine.failingArguments == theirs.failingArguments, "\(mine.displayName)")
        }
        let parameterized = try #require(ours.failures.last)
        #expect((parameterized.attempts, parameterized.failedAttempts) == (6, 3))
        #expect(parameterized.failingArguments == ["value: false"])
        #expect(oracle.failures.last?.failingArguments == ["value: false"])
        #expect(ours.devices == oracle.devices)
        for (mine, theirs) in zip(ours.testCases, oracle.testCases) {
            guard let expected = theirs.durationSeconds else { continue }
            #expect(abs((mine.durationSeconds ?? -1) - expected) < 1e-9, "\(mine.identifier ?? "")")
        }
        // Attempts: the tree's Repetition outcomes, in the order the tree lists them
        // (grouped by argument there, in the order they ran in the bundle).
        for (mine, theirs) in zip(ours.testCases, oracle.testCases) where !theirs.attempts.isEmpty {
            #expect(mine.attempts.map(\.description).sorted() == theirs.attempts.map(\.description).sorted(), "\(mine.identifier ?? "")")
        }
        // And as many as the oracle's Repetition nodes at any depth (under Arguments too).
        let tree = try JSONSerialization.jsonObject(with: Data(oracleBytes)) as! [String: Any]
        var repetitions: [String: Int] = [:]
        func walk(_ node: [String: Any], testCase: String?) {
            var current = testCase
            if node["nodeType"] as? String == "Test Case" { current = node["nodeIdentifier"] as? String }
            if node["nodeType"] as? String == "Repetition", let id = current { repetitions[id, default: 0] += 1 }
            for child in node["children"] as? [[String: Any]] ?? [] { walk(child, testCase: current) }
        }
        for node in tree["testNodes"] as! [[String: Any]] { walk(node, testCase: nil) }
        for test in ours.testCases {
            let expected = repetitions[test.identifier ?? ""] ?? 0
            #expect(test.attempts.count == (expected > 1 ? expected : 0), "\(test.identifier ?? "")")
        }
        // The flaky test: failed, then passed on its retry.
        let flaky = try #require(ours.testCases.first { $0.identifier == "XCTestTests/test_flacky()" })
        #expect(flaky.isFlaky && flaky.attempts == [.failed, .passed])
        #expect(ours.flakyCount == oracle.flakyCount)
        // The action: its scheme and times with their UTC offset (…+0500).
        #expect(ours.scheme == "Examples-Package")
        #expect(ours.startTime == ISO8601Timestamp.secondsSince1970("2025-11-24T11:52:25.472+0500"))
        #expect(ours.finishTime == ISO8601Timestamp.secondsSince1970("2025-11-24T11:52:35.106+0500"))
        #expect(bundle.diagnostics.allSatisfy { !$0.file.hasPrefix("results/") }, "\(bundle.diagnostics)")
    }

    /// Three repeated actions of one test: one test case with three failed attempts;
    /// the first message and its location are the JUnit's.
    @Test func repeatedBundleReadsAsXcresultparserPrintedIt() throws {
        let (_, ours) = try bundleResults(RealXCResult.repeated)
        var warnings: [Diagnostic] = []
        let junit = try JUnitReader.read(
            try RealEvidence.bytes("junit/xcresultparser-junit_repeated.xml"), file: "junit.xml",
            warnings: &warnings)
        #expect(ours.testCases.map(\.name) == junit.testCases.map(\.name))
        #expect(ours.testCases.map(\.outcome) == junit.testCases.map(\.outcome))
        #expect((ours.totalCount, ours.failedCount) == (junit.totalCount, junit.failedCount))
        let first = try #require(ours.failures.first)
        let theirs = try #require(junit.failures.first)
        #expect(ours.failures.count == junit.failures.count)
        #expect(first.messages.first == theirs.messages.first)
        #expect(first.messages.count == 3, "three runs, three different numbers")
        #expect(ours.testCases.first?.attempts == [.failed, .failed, .failed])
        // JUnit's time is the mean of the three runs, to its three decimals.
        let junitTime = try #require(junit.testCases.first?.durationSeconds)
        #expect(abs((ours.testCases.first?.durationSeconds ?? 0) - junitTime) < 0.0005)
        #expect(ours.devices.map(\.identifier) == ["0ACA97D7-E32F-44DD-8EEB-9B626E82CB4D"])
    }
}
