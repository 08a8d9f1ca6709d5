/// Reads `results/tests.json`, the test tree from
/// `xcrun xcresulttool get test-results tests --compact`.
///
/// `nodeType` is an open vocabulary (16 values today, new ones arrive with new Xcodes):
/// every node is walked, only `Test Case` nodes become test cases, and an unknown type
/// is never an error. Retries (`Repetition`, `Test Case Run`), parameterised runs
/// (`Arguments`) and merged-bundle `Device` nodes hang below a test case and are not
/// counted again. Counts are derived from the test cases.
public enum TestsJSONReader: EvidenceReader {
    public static func read(_ bytes: [UInt8], file: String, warnings: inout [Diagnostic]) throws(Diagnostic) -> TestResults {
        let fields = JSONFields(bytes: bytes, file: file)
        let root = try fields.object(try JSONDocument.parse(bytes, file: file), "the test-results tests tree")
        var results = TestResults(source: .testsJSON)
        for (index, device) in try fields.elements(
            root, "devices", in: "the tests tree", required: true,
            warnings: &warnings
        ).enumerated() {
            let parsed = try fields.device(device, in: "devices[\(index)]", warnings: &warnings)
            if !results.devices.contains(parsed) { results.devices.append(parsed) }
        }
        var walker = Walker(fields: fields)
        let nodes = try fields.elements(root, "testNodes", in: "the tests tree", required: true, warnings: &warnings)
        for (index, node) in nodes.enumerated() {
            try walker.visit(node, path: "testNodes[\(index)]", target: nil, warnings: &warnings)
        }
        results.testCases = walker.testCases
        results.failures = TestFailure.grouped(walker.failures)
        results.tallyOutcomes()
        return results
    }

    /// Walks the tree depth first. JSONDocument bounds the nesting, so recursion is bounded.
    private struct Walker {
        let fields: JSONFields
        var testCases: [TestCaseRecord] = []
        var failures: [TestFailure] = []

        mutating func visit(
            _ value: JSONValue, path: String, target: String?,
            warnings: inout [Diagnostic]
        ) throws(Diagnostic) {
            let node = try fields.object(value, path)
            let type = try fields.string(node, "nodeType", in: path, required: true, warnings: &warnings)
            let name = try fields.string(node, "name", in: path, required: true, warnings: &warnings)
            if type == "Test Case" {
                try testCase(node, name: name ?? "", path: path, target: target, warnings: &warnings)
                return
            }
            let isBundle = type == "Unit test bundle" || type == "UI test bundle"
            let children = try fields.elements(node, "children", in: path, required: false, warnings: &warnings)
            for (index, child) in children.enumerated() {
                try visit(
                    child, path: "\(path).children[\(index)]", target: isBundle ? name : target,
                    warnings: &warnings)
            }
        }

        private mutating func testCase(
            _ node: JSONValue, name: String, path: String, target: String?,
            warnings: inout [Diagnostic]
        ) throws(Diagnostic) {
            let identifier = try fields.string(node, "nodeIdentifier", in: path, required: false, warnings: &warnings)
            let result = try fields.string(node, "result", in: path, required: false, warnings: &warnings)
            let outcome = result.map(TestOutcome.init) ?? .unknown
            let attempts = try self.attempts(node, path: path, warnings: &warnings)
            testCases.append(
                TestCaseRecord(
                    name: name, identifier: identifier, outcome: outcome,
                    durationSeconds: try duration(node, path: path, warnings: &warnings),
                    attempts: attempts))
            guard outcome == .failed else { return }
            var texts: [String] = []
            try collectFailureMessages(node, path: path, into: &texts, warnings: &warnings)
            // One entry per test, listing every message (a test with three failed
            // expectations is one failing test, not three).
            let messages = texts.map { text -> FailureMessage in
                guard let (location, rest) = FailureLocation.splitLeading(text) else { return FailureMessage(text: text) }
                return FailureMessage(text: rest, sourceFile: location.file, line: location.line)
            }
            var failure = TestFailure(testName: name, identifier: identifier, targetName: target, messages: messages)
            if !attempts.isEmpty {
                failure.attempts = attempts.count
                failure.failedAttempts = attempts.filter { $0 == .failed }.count
            }
            failures.append(failure)
        }

        /// The outcomes of the `Repetition` children (retries: "First Run", "Retry 1", …).
        private func attempts(_ node: JSONValue, path: String, warnings: inout [Diagnostic]) throws(Diagnostic) -> [TestOutcome] {
            var out: [TestOutcome] = []
            for (index, child) in try fields.elements(node, "children", in: path, required: false, warnings: &warnings).enumerated() {
                let childNode = try fields.object(child, "\(path).children[\(index)]")
                guard childNode["nodeType"]?.string == "Repetition" else { continue }
                out.append(childNode["result"]?.string.map(TestOutcome.init) ?? .unknown)
            }
            return out
        }

        /// `durationInSeconds` (Xcode 16.3+) when present, else the `duration` text.
        private func duration(_ node: JSONValue, path: String, warnings: inout [Diagnostic]) throws(Diagnostic) -> Double? {
            if let seconds = try fields.double(node, "durationInSeconds", in: path, required: false, warnings: &warnings) {
                return seconds
            }
            guard let text = try fields.string(node, "duration", in: path, required: false, warnings: &warnings) else {
                return nil
            }
            if let seconds = TestDurationText.seconds(text) { return seconds }
            if let value = node["duration"] {
                warnings.append(fields.shape.warning(value, "unreadable duration \"\(text)\" in \(path)"))
            }
            return nil
        }

        /// The names of `Failure Message` nodes below a failed test case, through retries,
        /// arguments and devices, skipping runs that passed or were skipped (their
        /// messages are not why the test failed: a skipped run says "Test skipped - …").
        /// A message repeated by several retries is kept once.
        private func collectFailureMessages(
            _ node: JSONValue, path: String, into messages: inout [String],
            warnings: inout [Diagnostic]
        ) throws(Diagnostic) {
            let children = try fields.elements(node, "children", in: path, required: false, warnings: &warnings)
            for (index, child) in children.enumerated() {
                let childPath = "\(path).children[\(index)]"
                let childNode = try fields.object(child, childPath)
                let type = childNode["nodeType"]?.string
                if type == "Failure Message" {
                    if let text = childNode["name"]?.string, !text.hasPrefix("Test skipped - "), !messages.contains(text) {
                        messages.append(text)
                    }
                    continue
                }
                if type == "Test Case" { continue }
                if let result = childNode["result"]?.string, TestOutcome(result) != .failed { continue }
                try collectFailureMessages(
                    childNode, path: childPath, into: &messages,
                    warnings: &warnings)
            }
        }
    }
}

extension TestResults {
    /// Counts and overall outcome derived from `testCases`: what the artifact listed,
    /// rather than a header that may disagree with it.
    mutating func tallyOutcomes() {
        var passed = 0
        var failed = 0
        var skipped = 0
        var expected = 0
        for testCase in testCases {
            switch testCase.outcome {
            case .passed: passed += 1
            case .failed: failed += 1
            case .skipped: skipped += 1
            case .expectedFailure: expected += 1
            case .unknown, .other: break
            }
        }
        totalCount = testCases.count
        passedCount = passed
        failedCount = failed
        skippedCount = skipped
        expectedFailureCount = expected
        outcome = failed > 0 ? .failed : testCases.isEmpty ? .unknown : passed > 0 || expected > 0 ? .passed : .skipped
    }
}
