import Foundation

/// Reads `results/summary.json`, the output of
/// `xcrun xcresulttool get test-results summary --compact` (Xcode 16 and later).
///
/// Real output differs from Apple's schema: `testFailures` and
/// `devicesAndConfigurations` are arrays (the schema says object; both are accepted),
/// `result` is an open vocabulary, `startTime`/`finishTime` may be absent, and key
/// order is not stable. Unknown keys are ignored.
public enum SummaryJSONReader: EvidenceReader {
    public static func read(_ bytes: [UInt8], file: String, warnings: inout [Diagnostic]) throws(Diagnostic) -> TestResults {
        let fields = JSONFields(bytes: bytes, file: file)
        let root = try fields.object(try JSONDocument.parse(bytes, file: file), "the test-results summary")
        let at = "the summary"
        var results = TestResults(source: .summaryJSON)
        results.title = try fields.string(root, "title", in: at, required: true, warnings: &warnings)
        if let result = try fields.string(root, "result", in: at, required: true, warnings: &warnings) {
            results.outcome = TestOutcome(result)
        }
        results.totalCount = try fields.count(root, "totalTestCount", in: at, required: true, warnings: &warnings)
        results.passedCount = try fields.count(root, "passedTests", in: at, required: true, warnings: &warnings)
        results.failedCount = try fields.count(root, "failedTests", in: at, required: true, warnings: &warnings)
        results.skippedCount = try fields.count(root, "skippedTests", in: at, required: true, warnings: &warnings)
        results.expectedFailureCount = try fields.count(
            root, "expectedFailures", in: at, required: true,
            warnings: &warnings)
        results.startTime = try fields.double(root, "startTime", in: at, required: false, warnings: &warnings)
        results.finishTime = try fields.double(root, "finishTime", in: at, required: false, warnings: &warnings)
        if let environment = try fields.string(
            root, "environmentDescription", in: at, required: true,
            warnings: &warnings)
        {
            results.scheme = scheme(fromEnvironment: environment)
        }

        let configurations = try fields.elements(
            root, "devicesAndConfigurations", in: at, required: true,
            warnings: &warnings)
        for (index, entry) in configurations.enumerated() {
            let path = "devicesAndConfigurations[\(index)]"
            let entry = try fields.object(entry, path)
            guard let device = entry["device"] else {
                warnings.append(fields.shape.warning(entry, "missing required key \"device\" in \(path)"))
                continue
            }
            let parsed = try fields.device(device, in: "\(path).device", warnings: &warnings)
            if !results.devices.contains(parsed) { results.devices.append(parsed) }
            var destination = TestDestination(device: parsed)
            if let plan = entry["testPlanConfiguration"], plan.members != nil {
                destination.configuration = try fields.string(
                    plan, "configurationName", in: "\(path).testPlanConfiguration",
                    required: false, warnings: &warnings)
            }
            destination.passedCount = try fields.count(entry, "passedTests", in: path, required: false, warnings: &warnings)
            destination.failedCount = try fields.count(entry, "failedTests", in: path, required: false, warnings: &warnings)
            destination.skippedCount = try fields.count(entry, "skippedTests", in: path, required: false, warnings: &warnings)
            destination.expectedFailureCount = try fields.count(
                entry, "expectedFailures", in: path, required: false,
                warnings: &warnings)
            let counts = [
                destination.passedCount, destination.failedCount, destination.skippedCount,
                destination.expectedFailureCount,
            ].compactMap { $0 }
            if !counts.isEmpty { destination.totalCount = counts.reduce(0, +) }
            if let failed = destination.failedCount {
                destination.outcome = failed > 0 ? .failed : (destination.totalCount ?? 0) > 0 ? .passed : .unknown
            }
            results.destinations.append(destination)
        }

        let failures = try fields.elements(root, "testFailures", in: at, required: true, warnings: &warnings)
        for (index, entry) in failures.enumerated() {
            results.failures.append(try failure(entry, in: "testFailures[\(index)]", fields: fields, warnings: &warnings))
        }
        results.failures = TestFailure.grouped(results.failures)
        return results
    }

    /// The scheme is the text before ` · ` (U+00B7) in `"Vault · Built with macOS 15.5"`.
    public static func scheme(fromEnvironment text: String) -> String? {
        guard let separator = text.range(of: " \u{00B7} ") else { return text.isEmpty ? nil : text }
        let scheme = String(text[..<separator.lowerBound])
        return scheme.isEmpty ? nil : scheme
    }

    private static func failure(
        _ value: JSONValue, in path: String, fields: JSONFields,
        warnings: inout [Diagnostic]
    ) throws(Diagnostic) -> TestFailure {
        let entry = try fields.object(value, path)
        let name = try fields.string(entry, "testName", in: path, required: true, warnings: &warnings)
        let target = try fields.string(entry, "targetName", in: path, required: true, warnings: &warnings)
        let text = try fields.string(entry, "failureText", in: path, required: true, warnings: &warnings)
        // `testIdentifierString` replaced the deprecated integer `testIdentifier`, a
        // database row id (Xcode 16.0 prints only that: `3`, `4`, `8`). A number names
        // nothing a person knows, so it is never the identifier: the test is shown by
        // `testName` and `targetName`, and tests.json of the same run, when archived,
        // supplies the identifier (`EvidenceBundle.primaryResults`). A string
        // `testIdentifier` (hand-written archives) is kept.
        var identifier = try fields.string(
            entry, "testIdentifierString", in: path, required: false,
            warnings: &warnings)
        if identifier == nil, let number = entry["testIdentifier"] {
            if let s = number.string, !s.allSatisfy(\.isNumber) {
                identifier = s
            } else if number.int == nil && number.string == nil && !number.isNull {
                warnings.append(
                    fields.shape.warning(
                        number, "ignored \"testIdentifier\" in \(path): expected an integer, found \(number.typeDescription)"))
            }
        }
        return TestFailure(
            testName: name ?? identifier ?? "", identifier: identifier, targetName: target,
            failureText: text ?? "")
    }
}
