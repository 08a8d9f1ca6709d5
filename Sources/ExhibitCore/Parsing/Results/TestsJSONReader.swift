/// Reads `results/tests.json`, the test tree from
/// `xcrun xcresulttool get test-results tests --compact`.
///
/// `nodeType` is an open vocabulary (16 values today, new ones arrive with new Xcodes):
/// every node is walked, only `Test Case` nodes become test cases, and an unknown type
/// is never an error. Below a test case, its runs are folded as the result bundle's
/// runs are (`XCResultRunAssembly`): each `Repetition` (retries: `First Run`,
/// `Retry 1`, …; Xcode 16 names them `Retry 1`, `Retry 2` only) is an attempt, under
/// an `Arguments` node too, and an `Arguments` node without repetitions is one; the
/// failed `Arguments` are the test's failing arguments. A merged bundle's `Device`
/// nodes make one test per device, named by its destination when there are several;
/// `devices[]` are the run's destinations. Counts are derived from the test cases.
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
        let configurations = try fields.elements(
            root, "testPlanConfigurations", in: "the tests tree", required: false, warnings: &warnings)
        var walker = Walker(fields: fields, devices: results.devices)
        let nodes = try fields.elements(root, "testNodes", in: "the tests tree", required: true, warnings: &warnings)
        for (index, node) in nodes.enumerated() {
            try walker.visit(node, path: "testNodes[\(index)]", target: nil, warnings: &warnings)
        }
        for device in walker.devices where !results.devices.contains(device) { results.devices.append(device) }
        results.testCases = walker.testCases
        results.failures = TestFailure.grouped(walker.failures)
        results.tallyOutcomes()
        let configuration = configurations.count == 1 ? configurations[0]["configurationName"]?.string : nil
        destinations(of: walker, configuration: configuration, into: &results)
        return results
    }

    /// The run's destinations, as summary.json reports them: each Device node's tests
    /// tallied (a failure named by its device when there are several), else the one
    /// device of `devices[]` with every test, else each listed device, its counts unknown.
    private static func destinations(of walker: Walker, configuration: String?, into results: inout TestResults) {
        var order: [TestDevice] = []
        for case let device? in walker.caseDevices where !order.contains(device) { order.append(device) }
        if order.isEmpty {
            if results.devices.count == 1 {
                results.destinations = [
                    TestDestination(
                        device: results.devices[0], configuration: configuration, outcome: results.outcome,
                        totalCount: results.totalCount, passedCount: results.passedCount, failedCount: results.failedCount,
                        skippedCount: results.skippedCount, expectedFailureCount: results.expectedFailureCount)
                ]
            } else {
                results.destinations = results.devices.map { TestDestination(device: $0, configuration: configuration) }
            }
            return
        }
        results.destinations = order.map { device in
            var tally = TestResults(
                source: .testsJSON,
                testCases: zip(walker.testCases, walker.caseDevices).filter { $0.1 == device }.map(\.0))
            tally.tallyOutcomes()
            return TestDestination(
                device: device, configuration: configuration, outcome: tally.outcome, totalCount: tally.totalCount,
                passedCount: tally.passedCount, failedCount: tally.failedCount,
                skippedCount: tally.skippedCount, expectedFailureCount: tally.expectedFailureCount)
        }
        // One destination: nothing to tell apart (as the other readers leave it).
        if order.count == 1 {
            for index in results.failures.indices { results.failures[index].destination = nil }
        }
    }

    /// One run of a test: its Swift Testing arguments (nil without) and outcome.
    private struct Run {
        var arguments: String?
        var outcome: TestOutcome
        /// The `Arguments` node's own result, which decides for all its runs.
        var argumentsOutcome: TestOutcome?
    }

    /// Walks the tree depth first. JSONDocument bounds the nesting, so recursion is bounded.
    private struct Walker {
        let fields: JSONFields
        /// `devices[]`, then each Device node that names none of them.
        var devices: [TestDevice]
        var testCases: [TestCaseRecord] = []
        /// The device of each test case, from a merged bundle's Device node; nil without.
        var caseDevices: [TestDevice?] = []
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

        /// A test case: one test, or one per Device node below it (a merged bundle).
        private mutating func testCase(
            _ node: JSONValue, name: String, path: String, target: String?,
            warnings: inout [Diagnostic]
        ) throws(Diagnostic) {
            let identifier = try fields.string(node, "nodeIdentifier", in: path, required: false, warnings: &warnings)
            let result = try fields.string(node, "result", in: path, required: false, warnings: &warnings)
            let outcome = result.map(TestOutcome.init) ?? .unknown
            let duration = try self.duration(node, path: path, warnings: &warnings)
            let test = Test(name: name, identifier: identifier, target: target)
            var deviceNodes: [(node: JSONValue, path: String)] = []
            for (index, child) in try fields.elements(node, "children", in: path, required: false, warnings: &warnings).enumerated() {
                let childPath = "\(path).children[\(index)]"
                let childNode = try fields.object(child, childPath)
                if childNode["nodeType"]?.string == "Device" { deviceNodes.append((childNode, childPath)) }
            }
            guard !deviceNodes.isEmpty else {
                try record(test, scope: node, path: path, outcome: outcome, duration: duration, device: nil, warnings: &warnings)
                return
            }
            for (deviceNode, devicePath) in deviceNodes {
                let device = self.device(deviceNode)
                let deviceOutcome = deviceNode["result"]?.string.map(TestOutcome.init) ?? outcome
                let deviceDuration = try self.duration(deviceNode, path: devicePath, warnings: &warnings) ?? duration
                try record(
                    test, scope: deviceNode, path: devicePath, outcome: deviceOutcome, duration: deviceDuration, device: device,
                    warnings: &warnings)
            }
        }

        private struct Test {
            var name: String
            var identifier: String?
            var target: String?
        }

        /// The test case and, when it failed, its failure from the runs below `scope`.
        private mutating func record(
            _ test: Test, scope: JSONValue, path: String, outcome: TestOutcome, duration: Double?, device: TestDevice?,
            warnings: inout [Diagnostic]
        ) throws(Diagnostic) {
            let runs = try self.runs(scope, path: path, label: argumentLabel(test), warnings: &warnings)
            // The model lists attempts only for a test that ran more than once (as the
            // result bundle's reader does).
            let attempts = runs.count > 1 ? runs.map(\.outcome) : []
            testCases.append(
                TestCaseRecord(
                    name: test.name, identifier: test.identifier, outcome: outcome, durationSeconds: duration, attempts: attempts))
            caseDevices.append(device)
            guard outcome == .failed else { return }
            var texts: [String] = []
            try collectFailureMessages(scope, path: path, into: &texts, warnings: &warnings)
            // One entry per test, listing every message (a test with three failed
            // expectations is one failing test, not three).
            let messages = texts.map { text -> FailureMessage in
                guard let (location, rest) = FailureLocation.splitLeading(text) else { return FailureMessage(text: text) }
                return FailureMessage(text: rest, sourceFile: location.file, line: location.line)
            }
            var failure = TestFailure(
                testName: test.name, identifier: test.identifier, targetName: test.target, messages: messages,
                destination: device?.label)
            if !attempts.isEmpty {
                failure.attempts = attempts.count
                failure.failedAttempts = attempts.filter { $0 == .failed }.count
            }
            let failing = Self.failingArguments(runs)
            if !failing.isEmpty { failure.failingArguments = failing }
            failures.append(failure)
        }

        /// The runs below a test case (or its Device node): each `Repetition`, directly
        /// or under an `Arguments` node, and each `Arguments` node without repetitions;
        /// through `Test Plan Configuration` nodes.
        private func runs(_ scope: JSONValue, path: String, label: String?, warnings: inout [Diagnostic]) throws(Diagnostic) -> [Run] {
            var out: [Run] = []
            for (index, child) in try fields.elements(scope, "children", in: path, required: false, warnings: &warnings).enumerated() {
                let childPath = "\(path).children[\(index)]"
                let childNode = try fields.object(child, childPath)
                let outcome = childNode["result"]?.string.map(TestOutcome.init) ?? .unknown
                switch childNode["nodeType"]?.string {
                case "Repetition":
                    out.append(Run(outcome: outcome))
                case "Arguments":
                    let value = childNode["name"]?.string ?? ""
                    let arguments = label.map { "\($0): \(value)" } ?? value
                    var repetitions: [Run] = []
                    for (n, grandchild) in try fields.elements(childNode, "children", in: childPath, required: false, warnings: &warnings)
                        .enumerated()
                    {
                        let repetition = try fields.object(grandchild, "\(childPath).children[\(n)]")
                        guard repetition["nodeType"]?.string == "Repetition" else { continue }
                        repetitions.append(
                            Run(
                                arguments: arguments, outcome: repetition["result"]?.string.map(TestOutcome.init) ?? .unknown,
                                argumentsOutcome: outcome))
                    }
                    out += repetitions.isEmpty ? [Run(arguments: arguments, outcome: outcome, argumentsOutcome: outcome)] : repetitions
                case "Test Plan Configuration":
                    out += try runs(childNode, path: childPath, label: label, warnings: &warnings)
                default:
                    continue
                }
            }
            return out
        }

        /// The arguments whose `Arguments` node failed, in the order they first ran
        /// (one listed twice, as a tab and a line feed may print alike, once).
        private static func failingArguments(_ runs: [Run]) -> [String] {
            var out: [String] = []
            for run in runs where run.argumentsOutcome == .failed {
                if let arguments = run.arguments, !out.contains(arguments) { out.append(arguments) }
            }
            return out
        }

        /// `value` for `flackyParameterized(value:)` (from the identifier's last
        /// component, else the name): the label a result bundle puts before the value
        /// (`value: false`) where tests.json prints the value alone. Only for one named
        /// parameter: several values are printed joined by `, `, which a value may hold too.
        private func argumentLabel(_ test: Test) -> String? {
            let function = test.identifier.flatMap { $0.split(separator: "/").last.map(String.init) } ?? test.name
            guard function.hasSuffix(":)"), let open = function.firstIndex(of: "(") else { return nil }
            let labels = function[function.index(after: open)..<function.index(before: function.endIndex)].split(
                separator: ":", omittingEmptySubsequences: false)
            guard labels.count == 2, let label = labels.first, !label.isEmpty, label != "_",
                label.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
            else { return nil }
            return String(label)
        }

        /// The device a `Device` node names (`iPhone 16`, details `iOS Simulator 18.5`):
        /// the `devices[]` entry of that name and OS, else one made from the node.
        private mutating func device(_ node: JSONValue) -> TestDevice {
            let name = node["name"]?.string
            let details = node["details"]?.string
            func sameOS(_ device: TestDevice) -> Bool {
                guard let details else { return true }
                guard let os = device.osVersion else { return false }
                return details == os || details.hasSuffix(" " + os)
            }
            if let known = devices.first(where: { $0.name == name && sameOS($0) }) { return known }
            var made = TestDevice(name: name)
            if let details {
                if let space = details.lastIndex(of: " ") {
                    made.platform = String(details[..<space])
                    made.osVersion = String(details[details.index(after: space)...])
                } else {
                    made.osVersion = details
                }
            }
            devices.append(made)
            return made
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
