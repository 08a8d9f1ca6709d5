import Foundation

/// Reads `results/junit.xml` as the converters write it: xcbeautify `--report junit`,
/// fastlane trainer, xcpretty and xcresultparser. Neither xcodebuild nor xcresulttool
/// writes JUnit, so every producer has its own habits:
/// - `<testsuites>` → `<testsuite>` → `<testcase>`, or a bare root `<testsuite>`;
///   suites may nest.
/// - `<failure>` or `<error>` children are failures; the text shown is the `message`
///   attribute, else the element text. `<skipped>` marks a skip.
/// - `time` may be missing (xcbeautify omits it on failures) or use a decimal comma.
/// - A test retried by fastlane appears once per run: duplicates are kept.
/// - xcbeautify on Linux logs splits `-[Module Class test]` into `classname="-[Module"`
///   and `name="Class test]"`; the two halves are rejoined.
/// Counts are computed from the test cases; the `tests`/`failures`/`skipped`
/// attributes are only a fallback, and a disagreement is a warning.
public enum JUnitReader: EvidenceReader {
    public static func read(_ bytes: [UInt8], file: String, warnings: inout [Diagnostic]) throws(Diagnostic) -> TestResults {
        let root = try XMLScanner.parse(bytes, file: file)
        guard root.name == "testsuites" || root.name == "testsuite" else {
            throw Diagnostic.error(file, at: SourcePosition(offset: root.offset, in: bytes),
                                   "expected <testsuites> or <testsuite> as the root element, found <\(root.name)>")
        }
        var collector = Collector(bytes: bytes, file: file)
        collector.visit(suite: root, warnings: &warnings)
        var results = TestResults(source: .junitXML)
        results.title = root[attribute: "name"]
        results.testCases = collector.testCases
        results.failures = collector.failures
        results.tallyOutcomes()
        let declared = DeclaredCounts(root)
        if results.testCases.isEmpty, let tests = declared.tests {
            // Nothing listed: the header is all there is.
            results.totalCount = tests
            results.failedCount = declared.failed
            results.skippedCount = declared.skipped
            results.passedCount = declared.failed.map { max(0, tests - $0 - (declared.skipped ?? 0)) }
            results.outcome = (declared.failed ?? 0) > 0 ? .failed : tests > 0 ? .passed : .unknown
        }
        return results
    }

    /// What a suite's attributes claim: `tests`, `failures` + `errors`, `skipped`.
    private struct DeclaredCounts {
        var tests: Int?
        var failed: Int?
        var skipped: Int?

        init(_ suite: ScannedXMLElement) {
            tests = suite[attribute: "tests"].flatMap { Int($0) }
            let failures = suite[attribute: "failures"].flatMap { Int($0) }
            let errors = suite[attribute: "errors"].flatMap { Int($0) }
            failed = failures == nil && errors == nil ? nil : (failures ?? 0).addingReportingOverflow(errors ?? 0).overflow ? Int.max : (failures ?? 0) + (errors ?? 0)
            skipped = suite[attribute: "skipped"].flatMap { Int($0) }
        }
    }

    private struct Collector {
        let bytes: [UInt8]
        let file: String
        var testCases: [TestCaseRecord] = []
        var failures: [TestFailure] = []

        func position(_ element: ScannedXMLElement) -> SourcePosition { SourcePosition(offset: element.offset, in: bytes) }

        /// Collects a suite's test cases (nested suites included, recursion bounded by
        /// XMLScanner's depth limit) and checks the suite's declared counts.
        mutating func visit(suite: ScannedXMLElement, warnings: inout [Diagnostic]) {
            let firstCase = testCases.count
            for child in suite.children {
                switch child.name {
                case "testsuite", "testsuites": visit(suite: child, warnings: &warnings)
                case "testcase": testCase(child, suite: suite, warnings: &warnings)
                default: break  // properties, system-out, system-err
                }
            }
            let listed = testCases[firstCase...]
            let declared = DeclaredCounts(suite)
            guard !listed.isEmpty else { return }
            let failed = listed.filter { $0.outcome == .failed }.count
            let skipped = listed.filter { $0.outcome == .skipped }.count
            var mismatches: [String] = []
            if let tests = declared.tests, tests != listed.count { mismatches.append("tests=\"\(tests)\" but \(listed.count) <testcase>") }
            if let f = declared.failed, f != failed { mismatches.append("failures+errors=\(f) but \(failed) failed <testcase>") }
            if let s = declared.skipped, s != skipped { mismatches.append("skipped=\"\(s)\" but \(skipped) skipped <testcase>") }
            if !mismatches.isEmpty {
                warnings.append(.warning(file, at: position(suite),
                                         "<\(suite.name)\(suite[attribute: "name"].map { " name=\"\($0)\"" } ?? "")> declares \(mismatches.joined(separator: ", ")); using the test cases"))
            }
        }

        private mutating func testCase(_ element: ScannedXMLElement, suite: ScannedXMLElement, warnings: inout [Diagnostic]) {
            var name = element[attribute: "name"] ?? ""
            var className = element[attribute: "classname"]
            if name.isEmpty { warnings.append(.warning(file, at: position(element), "<testcase> without a name attribute")) }
            // xcbeautify on Linux logs: classname="-[Module" name="Class test]".
            if let c = className, c.hasPrefix("-[") || c.hasPrefix("+["), !c.hasSuffix("]"), name.hasSuffix("]") {
                let parts = TestNameParts(parsing: "\(c) \(name)")
                name = parts.testName
                className = [parts.moduleName, parts.className].compactMap { $0 }.joined(separator: ".")
            }
            let identifier = className.map { $0.isEmpty ? name : "\($0).\(name)" } ?? name
            let target = className.flatMap { c in c.firstIndex(of: ".").map { String(c[..<$0]) } }

            var outcome = TestOutcome.passed
            for child in element.children {
                switch child.name {
                case "failure", "error":
                    outcome = .failed
                    failures.append(failure(child, testName: name, identifier: identifier, target: target))
                case "skipped":
                    if outcome != .failed { outcome = .skipped }
                default: break
                }
            }
            var duration: Double?
            if let time = element[attribute: "time"] {
                duration = Double(time.replacingOccurrences(of: ",", with: "."))
                if duration == nil || !(duration?.isFinite ?? false) || (duration ?? 0) < 0 {
                    duration = nil
                    warnings.append(.warning(file, at: position(element), "ignored time=\"\(time)\" of <testcase name=\"\(name)\">: expected seconds"))
                }
            }
            testCases.append(TestCaseRecord(name: name, identifier: identifier, outcome: outcome, durationSeconds: duration))
        }

        private func failure(_ element: ScannedXMLElement, testName: String, identifier: String,
                             target: String?) -> TestFailure {
            let message = element[attribute: "message"]
            let text = element.text.trimmingCharacters(in: .whitespacesAndNewlines)
            var failure = TestFailure(testName: testName, identifier: identifier, targetName: target,
                                      failureText: message ?? text)
            // xcbeautify: message="<file>:<line> - <reason>"; the location moves to its fields.
            if let message, let (location, rest) = FailureLocation.splitLeading(message) {
                failure.sourceFile = location.file
                failure.line = location.line
                failure.failureText = rest
            } else if let location = FailureLocation.trailingParenthesized(text)
                ?? message.flatMap(FailureLocation.trailingParenthesized)
                ?? FailureLocation.splitLeading(text)?.location
            {
                // xcresultparser: <failure message="…">message (relpath:line)</failure>;
                // xcpretty: <failure message="reason">relpath:line</failure>.
                failure.sourceFile = location.file
                failure.line = location.line
            }
            return failure
        }
    }
}
