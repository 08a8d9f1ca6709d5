import Foundation

/// Reads `results/junit.xml` as the converters write it: xcbeautify `--report junit`,
/// fastlane trainer, xcpretty and xcresultparser. Neither xcodebuild nor xcresulttool
/// writes JUnit, so every producer has its own habits:
/// - `<testsuites>` → `<testsuite>` → `<testcase>`, or a bare root `<testsuite>`;
///   suites may nest.
/// - `<failure>` and `<error>` children (both may appear in one testcase) are the
///   failure messages of one failing test; the text is the element's, else the
///   `message` attribute, and a leading `file:line` becomes the location (see
///   `message(_:)`). `<skipped>` marks a skip.
/// - `time` may be missing (xcbeautify omits it on failures) or use a decimal comma.
/// - A test retried by fastlane trainer appears once per attempt (same classname and
///   name in one suite): the repeats fold into one test with its attempts, so the
///   counts equal the root's `tests=`/`failures=`/`skipped=`.
/// - xcbeautify on Linux logs splits `-[Module Class test]` into `classname="-[Module"`
///   and `name="Class test]"`; the two halves are rejoined.
/// Counts are computed from the (folded) test cases; the `tests`/`failures`/`skipped`
/// attributes are only a fallback, and a disagreement is a warning.
public enum JUnitReader: EvidenceReader {
    public static func read(_ bytes: [UInt8], file: String, warnings: inout [Diagnostic]) throws(Diagnostic) -> TestResults {
        let root = try XMLScanner.parse(bytes, file: file)
        guard root.name == "testsuites" || root.name == "testsuite" else {
            throw Diagnostic.error(
                file, at: SourcePosition(offset: root.offset, in: bytes),
                "expected <testsuites> or <testsuite> as the root element, found <\(root.name)>")
        }
        var collector = Collector(bytes: bytes, file: file)
        collector.visit(suite: root, device: nil, warnings: &warnings)
        var results = TestResults(source: .junitXML)
        results.title = root[attribute: "name"]
        results.testCases = collector.testCases
        results.failures = TestFailure.grouped(collector.failures)
        results.devices = collector.devices.map(\.device)
        results.destinations = collector.destinations
        results.tallyOutcomes()
        // JUnit has no expected failures: unknown, not zero.
        results.expectedFailureCount = nil
        // Retries are recorded only where the file shows them (trainer's `repetition`
        // property, or repeats folded into attempts); otherwise unknown.
        results.recordsAttempts = collector.marksRepetitions || results.testCases.contains { !$0.attempts.isEmpty }
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
            failed =
                failures == nil && errors == nil
                ? nil : (failures ?? 0).addingReportingOverflow(errors ?? 0).overflow ? Int.max : (failures ?? 0) + (errors ?? 0)
            skipped = suite[attribute: "skipped"].flatMap { Int($0) }
        }
    }

    /// The test cases and failures of a document, repeats folded into attempts.
    private struct Collector {
        let bytes: [UInt8]
        let file: String
        var testCases: [TestCaseRecord] = []
        /// Per test case (same index): its failure, if any attempt failed.
        var failuresByCase: [TestFailure?] = []
        /// Per test case: the `repetition` property values of its attempts.
        var repetitionsByCase: [[String]] = []
        /// Some `<testcase>` carries trainer's `repetition` property.
        var marksRepetitions = false
        /// Per test case: the device label of its suite.
        var deviceByCase: [String?] = []
        var devices: [(label: String, device: TestDevice)] = []

        func position(_ element: ScannedXMLElement) -> SourcePosition { SourcePosition(offset: element.offset, in: bytes) }

        /// Failures of the tests whose folded outcome is failed, in test order; a test
        /// that passed on retry is flaky, not failing. Destinations are named only when
        /// the suites ran on more than one device.
        var failures: [TestFailure] {
            let several = Set(devices.map(\.label)).count > 1
            var out: [TestFailure] = []
            for (index, testCase) in testCases.enumerated() where testCase.outcome == .failed {
                guard var failure = failuresByCase[index] else { continue }
                if several { failure.destination = deviceByCase[index] }
                out.append(failure)
            }
            return out
        }

        /// Counts per device, when the suites name more than one (codemagic writes one
        /// suite per test target and destination, with `device_*` properties).
        var destinations: [TestDestination] {
            guard Set(devices.map(\.label)).count > 1 else { return [] }
            var out: [TestDestination] = []
            for (label, device) in devices where !out.contains(where: { $0.device.label == label }) {
                let cases = testCases.indices.filter { deviceByCase[$0] == label }.map { testCases[$0] }
                var destination = TestDestination(device: device, totalCount: cases.count)
                destination.failedCount = cases.filter { $0.outcome == .failed }.count
                destination.skippedCount = cases.filter { $0.outcome == .skipped }.count
                destination.passedCount = cases.filter { $0.outcome == .passed }.count
                destination.outcome = destination.failedCount! > 0 ? .failed : cases.isEmpty ? .unknown : .passed
                out.append(destination)
            }
            return out
        }

        /// Collects a suite's test cases (nested suites included, recursion bounded by
        /// XMLScanner's depth limit) and checks the suite's declared counts.
        mutating func visit(suite: ScannedXMLElement, device inherited: String?, warnings: inout [Diagnostic]) {
            let device = suiteDevice(suite) ?? inherited
            let firstCase = testCases.count
            var attempts: [Attempt] = []
            for child in suite.children {
                switch child.name {
                case "testsuite", "testsuites": visit(suite: child, device: device, warnings: &warnings)
                case "testcase": attempts.append(attempt(child, warnings: &warnings))
                default: break  // properties, system-out, system-err
                }
            }
            let declared = DeclaredCounts(suite)
            // Repeats are retries when trainer marks them (`repetition`), or when the
            // suite declares fewer tests than it lists. xcbeautify lists distinct Swift
            // Testing tests under one display name and declares every one of them.
            let marked = attempts.contains { $0.repetition != nil }
            if marked { marksRepetitions = true }
            let foldRepeats = marked || declared.tests.map { $0 < attempts.count } ?? true
            var byKey: [String: [Int]] = [:]
            for attempt in attempts { add(attempt, device: device, fold: foldRepeats, byKey: &byKey) }

            let listed = testCases[firstCase...]
            guard !listed.isEmpty else { return }
            let failed = listed.filter { $0.outcome == .failed }.count
            let skipped = listed.filter { $0.outcome == .skipped }.count
            var mismatches: [String] = []
            if let tests = declared.tests, tests != listed.count { mismatches.append("tests=\"\(tests)\" but \(listed.count) <testcase>") }
            if let f = declared.failed, f != failed { mismatches.append("failures+errors=\(f) but \(failed) failed <testcase>") }
            if let s = declared.skipped, s != skipped { mismatches.append("skipped=\"\(s)\" but \(skipped) skipped <testcase>") }
            if !mismatches.isEmpty {
                warnings.append(
                    .warning(
                        file, at: position(suite),
                        "<\(suite.name)\(suite[attribute: "name"].map { " name=\"\($0)\"" } ?? "")> declares \(mismatches.joined(separator: ", ")); using the test cases"
                    ))
            }
        }

        /// The `<property>` values of an element's `<properties>`.
        private func properties(_ element: ScannedXMLElement) -> [(name: String, value: String)] {
            element.children(named: "properties").flatMap { $0.children(named: "property") }.compactMap { p in
                p[attribute: "name"].map { ($0, p[attribute: "value"] ?? "") }
            }
        }

        /// The device a suite ran on: codemagic's `device_name`, `device_operating_system`
        /// ("13.2.2 (17B102)"), `device_identifier`, `device_platform`; trainer's
        /// `device` ("iPhone 16 (18.5)").
        private mutating func suiteDevice(_ suite: ScannedXMLElement) -> String? {
            let props = properties(suite)
            func value(_ name: String) -> String? { props.first(where: { $0.name == name })?.value }
            var device = TestDevice()
            if let name = value("device_name") {
                device.name = name
                device.identifier = value("device_identifier")
                device.platform = value("device_platform")
                device.architecture = value("device_architecture")
                if let os = value("device_operating_system") {
                    let (version, build) = Self.versionAndBuild(os)
                    device.osVersion = version
                    device.osBuildNumber = build
                }
            } else if let text = value("device") {
                let (name, version) = Self.versionAndBuild(text)
                device.name = name
                device.osVersion = version
            } else {
                return nil
            }
            let label = device.label
            if !devices.contains(where: { $0.label == label }) { devices.append((label, device)) }
            return label
        }

        /// `"13.2.2 (17B102)"` → ("13.2.2", "17B102"); text without parentheses → (text, nil).
        static func versionAndBuild(_ text: String) -> (String, String?) {
            guard text.hasSuffix(")"), let open = text.lastIndex(of: "(") else { return (text, nil) }
            let inner = text[text.index(after: open)..<text.index(before: text.endIndex)]
            let head = text[..<open].trimmingCharacters(in: .whitespaces)
            return (head, inner.isEmpty ? nil : String(inner))
        }

        /// One `<testcase>` as written: one run of one test.
        struct Attempt {
            var name: String
            var identifier: String
            var target: String?
            var outcome: TestOutcome
            var duration: Double?
            var repetition: String?
            var messages: [FailureMessage]
        }

        private func attempt(_ element: ScannedXMLElement, warnings: inout [Diagnostic]) -> Attempt {
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
            var messages: [FailureMessage] = []
            for child in element.children {
                switch child.name {
                case "failure", "error":
                    outcome = .failed
                    messages.append(message(child, testName: name))
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
            let repetition = properties(element).first(where: { $0.name == "repetition" })?.value
            return Attempt(
                name: name, identifier: identifier, target: target, outcome: outcome, duration: duration,
                repetition: repetition, messages: messages)
        }

        /// A new test, or (when `fold`) another attempt of one already in this suite with
        /// the same classname and name. trainer writes each retry as another
        /// `<testcase>` with a `repetition` property ("First Run", "Retry 1"); a repeat
        /// whose repetition the earlier one already had is a different test
        /// (parameterised cases whose arguments were tabs or line breaks, which XML
        /// attribute normalisation turns into the same space).
        private mutating func add(_ a: Attempt, device: String?, fold: Bool, byKey: inout [String: [Int]]) {
            let key = a.identifier
            let earlier =
                fold
                ? byKey[key, default: []].last { index in
                    a.repetition.map { !repetitionsByCase[index].contains($0) } ?? true
                } : nil
            guard let index = earlier else {
                byKey[key, default: []].append(testCases.count)
                testCases.append(TestCaseRecord(name: a.name, identifier: a.identifier, outcome: a.outcome, durationSeconds: a.duration))
                repetitionsByCase.append(a.repetition.map { [$0] } ?? [])
                deviceByCase.append(device)
                failuresByCase.append(a.messages.isEmpty ? nil : Self.failure(a.name, a.identifier, a.target, a.messages, attempts: 1, failed: 1))
                return
            }
            // Another attempt: passed if any attempt passed (flaky when one failed
            // before), failed if none passed, skipped only if every attempt was.
            var record = testCases[index]
            if record.attempts.isEmpty { record.attempts = [record.outcome] }
            record.attempts.append(a.outcome)
            if record.attempts.contains(.passed) {
                record.outcome = .passed
            } else if record.attempts.contains(.failed) {
                record.outcome = .failed
            }
            if let d = a.duration { record.durationSeconds = (record.durationSeconds ?? 0) + d }
            testCases[index] = record
            if let r = a.repetition { repetitionsByCase[index].append(r) }
            let failedAttempts = record.attempts.filter { $0 == .failed }.count
            if var failure = failuresByCase[index] {
                for m in a.messages where !failure.messages.contains(m) { failure.messages.append(m) }
                failure.attempts = record.attempts.count
                failure.failedAttempts = failedAttempts
                failuresByCase[index] = failure
            } else if !a.messages.isEmpty {
                failuresByCase[index] = Self.failure(
                    a.name, a.identifier, a.target, a.messages, attempts: record.attempts.count,
                    failed: failedAttempts)
            }
        }

        private static func failure(
            _ name: String, _ identifier: String, _ target: String?, _ messages: [FailureMessage],
            attempts: Int, failed: Int
        ) -> TestFailure {
            var failure = TestFailure(testName: name, identifier: identifier, targetName: target, messages: messages)
            if attempts > 1 {
                failure.attempts = attempts
                failure.failedAttempts = failed
            }
            return failure
        }

        /// One `<failure>` or `<error>`: the location is the `file:line` at the start of
        /// the text's first line (codemagic: `/abs/File.swift:44 failed - …` then more
        /// lines); the rest is the message, line breaks kept. Without text, the `message`
        /// attribute (xcbeautify `"/abs/File.swift:41 - reason"`, trainer
        /// `"File.swift:122: reason"`). A trailing `(relpath:line)` (xcresultparser, trainer
        /// from TestSummaries) or `(file:///…#…StartingLineNumber=36)` (trainer, legacy
        /// path) is a location too, and is cut from the text.
        /// With both, the attribute is the reason and the text its detail: both are kept,
        /// the reason first (`<failure message="reason">detail</failure>`), unless the text
        /// already says it, or the attribute only names the test (xcresultparser's
        /// `Assertion Failure in Target: Class.test()`, ending with the testcase's name);
        /// xcpretty's text is only the location, and the reason is the attribute alone.
        private func message(_ element: ScannedXMLElement, testName: String) -> FailureMessage {
            let attribute = element[attribute: "message"].map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
            let body = element.text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !body.isEmpty else { return Self.located(attribute) }
            var message = Self.located(body)
            guard !attribute.isEmpty else { return message }
            let reason = Self.located(attribute)
            if message.sourceFile == nil, let file = reason.sourceFile {
                message.sourceFile = file
                message.line = reason.line
            }
            let namesOnlyTheTest = !testName.isEmpty && attribute.hasSuffix(testName)
            if message.text.isEmpty {
                message.text = reason.text
            } else if !reason.text.isEmpty, !namesOnlyTheTest, !message.text.contains(reason.text) {
                message.text = reason.text + "\n" + message.text
            }
            return message
        }

        /// A text with its location taken out: a `file:line` starting its first line, else
        /// a trailing parenthesised one.
        private static func located(_ text: String) -> FailureMessage {
            if let (location, rest) = FailureLocation.splitLeadingOnFirstLine(text) {
                return FailureMessage(text: rest, sourceFile: location.file, line: location.line)
            }
            if let (location, rest) = FailureLocation.splitTrailingParenthesized(text) {
                return FailureMessage(text: rest, sourceFile: location.file, line: location.line)
            }
            return FailureMessage(text: text)
        }
    }
}
