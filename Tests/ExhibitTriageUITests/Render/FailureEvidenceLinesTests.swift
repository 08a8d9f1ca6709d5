import Testing

@testable import ExhibitCore
@testable import ExhibitTestSupport
@testable import ExhibitTriageUI

/// The Failures pane with what a result bundle's database adds: the failed
/// `#expect`'s values under its message, the call stack at the end, all escaped.
@Suite struct FailureEvidenceLinesTests {
    static let evidence = FailureEvidence(
        callStack: [
            StackFrame(address: "4343096856"),
            StackFrame(symbol: "VaultTests.testCache()", image: "VaultTests", file: "VaultTests.swift", line: 12),
            StackFrame(symbol: "@objc \u{1B}[31mVaultTests.testCache()", image: "VaultTests"),
            StackFrame(address: "6447430879"),
        ],
        expression: CapturedExpression(
            sourceCode: "password.count < 8", value: "false",
            subexpressions: [CapturedExpression(sourceCode: "password.count", value: "11"), CapturedExpression(sourceCode: "8", value: "8")]))

    func text(_ glyphs: Glyphs) -> [String] {
        let inv = TriageFixture.inventory()
        var bundle = TriageFixture.bundle(inv)
        var failure = TestFailure(
            testName: "testCache()", identifier: "VaultTests/testCache()", targetName: "VaultTests",
            messages: [FailureMessage(text: "Expectation failed: (password.count → 11) < 8", sourceFile: "VaultTests.swift", line: 12, evidence: Self.evidence)]
        )
        failure.attempts = 3
        failure.failedAttempts = 2
        bundle.results[0].failures = [failure]
        let state = TriageState(data: TriageData(bundle: bundle, report: TriageFixture.report(inv), rules: TriageFixture.rules()), rows: 24, cols: 80)
        return FailuresRenderer.detailLines(failure, state: state, glyphs: glyphs).map { $0.map(\.text).joined() }
    }

    @Test func valuesFollowTheirMessageAndTheStackComesLast() {
        let lines = text(.unicode)
        #expect(
            Array(lines.prefix(5)) == [
                " failed 2 of 3 attempts", " Expectation failed: (password.count → 11) < 8", " at VaultTests.swift:12",
                "   password.count → 11", "   password.count < 8 → false",
            ])
        #expect(
            Array(lines.suffix(4)) == [
                " Call stack (4 frames)", "  1 VaultTests.testCache()  VaultTests  VaultTests.swift:12",
                "  2 @objc \\x1b[31mVaultTests.testCache()  VaultTests", "  2 without a symbol",
            ])
    }

    /// `8 → 8` says nothing and is left out; ASCII glyphs spell the arrow `->`.
    @Test func asciiArrowsAndNoEchoOfALiteral() {
        let lines = text(.ascii)
        #expect(lines.contains("   password.count -> 11"))
        #expect(!lines.contains { $0.contains("8 -> 8") })
        #expect(FailureEvidenceLines.values(nil, glyphs: .ascii).isEmpty && FailureEvidenceLines.callStack(nil, glyphs: .ascii).isEmpty)
    }

    /// Only the first frames with symbols are listed, the rest counted.
    @Test func aLongStackIsCut() {
        let frames = (0..<20).map { StackFrame(symbol: "f\($0)()") }
        let lines = FailureEvidenceLines.callStack(FailureEvidence(callStack: frames), glyphs: .unicode, limit: 3).map { $0.map(\.text).joined() }
        #expect(lines == [" Call stack (20 frames)", "  0 f0()", "  1 f1()", "  2 f2()", "  17 more with symbols"])
    }
}
