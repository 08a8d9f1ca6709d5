import Foundation

/// Reads `results/legacy.json`, the `ActionsInvocationRecord` printed by
/// `xcrun xcresulttool get --legacy --format json` (Xcode 15 and older, or newer with
/// `--legacy`). Counts come from `metrics`, failures from
/// `issues.testFailureSummaries`, the destination, scheme and times from `actions[]`.
/// With several test actions (one per run destination) each destination's counts and
/// failures come from its own `actionResult`.
/// References (`testsRef`, `metadataRef`) need a second xcresulttool call and are
/// not followed.
public enum LegacyJSONReader: EvidenceReader {
    public static func read(_ bytes: [UInt8], file: String, warnings: inout [Diagnostic]) throws(Diagnostic) -> TestResults {
        let legacy = LegacyFields(fields: JSONFields(bytes: bytes, file: file))
        let root = try legacy.fields.object(try JSONDocument.parse(bytes, file: file), "the legacy ActionsInvocationRecord")
        let typeName = legacy.typeName(root)
        if typeName != "ActionsInvocationRecord" {
            let found = typeName.map { "\"\($0)\"" } ?? "no _type"
            warnings.append(legacy.shape.warning(root, "expected an ActionsInvocationRecord, found \(found); reading what matches"))
        }
        var results = TestResults(source: .legacyJSON)

        if let metrics = try legacy.object(root, "metrics", in: "the record") {
            let tests = try legacy.count(metrics, "testsCount", in: "metrics", warnings: &warnings)
            // Zero counts are omitted, like every other missing optional.
            let failed = try legacy.count(metrics, "testsFailedCount", in: "metrics", warnings: &warnings) ?? 0
            let skipped = try legacy.count(metrics, "testsSkippedCount", in: "metrics", warnings: &warnings) ?? 0
            if let tests {
                results.totalCount = tests
                results.failedCount = failed
                results.skippedCount = skipped
                results.passedCount = max(0, tests - failed - skipped)
            }
        } else {
            warnings.append(legacy.shape.warning(root, "missing \"metrics\" in the record: no test counts"))
        }

        if let issues = try legacy.object(root, "issues", in: "the record") {
            let summaries = try legacy.array(issues, "testFailureSummaries", in: "issues")
            for (index, summary) in summaries.enumerated() {
                let path = "issues.testFailureSummaries[\(index)]"
                let object = try legacy.fields.object(summary, path)
                results.failures.append(try failure(object, in: path, legacy: legacy, warnings: &warnings))
            }
        }

        var anyActionFailed = false
        var anyActionSucceeded = false
        // Per test action: its destination, counts and failures. A run on several
        // destinations has one ActionRecord each (codemagic's banaan record: iOS 13.2.2
        // and 14.0); the record's own `issues` merge them and drop repeats.
        var perAction: [(destination: TestDestination, failures: [TestFailure])] = []
        for (index, action) in try legacy.array(root, "actions", in: "the record").enumerated() {
            let path = "actions[\(index)]"
            let action = try legacy.fields.object(action, path)
            if let title = try legacy.string(action, "title", in: path, warnings: &warnings) {
                if results.title == nil { results.title = title }
                if results.scheme == nil { results.scheme = scheme(fromActionTitle: title) }
            }
            if let started = try time(action, "startedTime", in: path, legacy: legacy, warnings: &warnings) {
                results.startTime = min(results.startTime ?? started, started)
            }
            if let ended = try time(action, "endedTime", in: path, legacy: legacy, warnings: &warnings) {
                results.finishTime = max(results.finishTime ?? ended, ended)
            }
            var actionDevice: TestDevice?
            if let destination = try legacy.object(action, "runDestination", in: path),
                let record = try legacy.object(destination, "targetDeviceRecord", in: "\(path).runDestination")
            {
                let device = try self.device(
                    record, in: "\(path).runDestination.targetDeviceRecord", legacy: legacy,
                    warnings: &warnings)
                if !results.devices.contains(device) { results.devices.append(device) }
                actionDevice = device
            }
            if let actionResult = try legacy.object(action, "actionResult", in: path) {
                let resultPath = "\(path).actionResult"
                var status = TestOutcome.unknown
                if let text = try legacy.string(actionResult, "status", in: resultPath, warnings: &warnings) {
                    status = TestOutcome(text)
                    switch status {
                    case .failed: anyActionFailed = true
                    case .passed: anyActionSucceeded = true
                    default: break
                    }
                }
                // A build-only action ("Build for Testing") has a destination but no test counts.
                if let device = actionDevice, let metrics = try legacy.object(actionResult, "metrics", in: resultPath),
                    let tests = try legacy.count(metrics, "testsCount", in: "\(resultPath).metrics", warnings: &warnings)
                {
                    let failed = try legacy.count(metrics, "testsFailedCount", in: "\(resultPath).metrics", warnings: &warnings) ?? 0
                    let skipped = try legacy.count(metrics, "testsSkippedCount", in: "\(resultPath).metrics", warnings: &warnings) ?? 0
                    let outcome: TestOutcome = failed > 0 || status == .failed ? .failed : tests > 0 ? .passed : status
                    let destination = TestDestination(
                        device: device, outcome: outcome, totalCount: tests,
                        passedCount: max(0, tests - failed - skipped), failedCount: failed,
                        skippedCount: skipped)
                    var failures: [TestFailure] = []
                    if let issues = try legacy.object(actionResult, "issues", in: resultPath) {
                        let summaries = try legacy.array(issues, "testFailureSummaries", in: "\(resultPath).issues")
                        for (i, summary) in summaries.enumerated() {
                            let summaryPath = "\(resultPath).issues.testFailureSummaries[\(i)]"
                            let object = try legacy.fields.object(summary, summaryPath)
                            var failure = try self.failure(object, in: summaryPath, legacy: legacy, warnings: &warnings)
                            failure.destination = device.label
                            failures.append(failure)
                        }
                    }
                    perAction.append((destination, failures))
                }
            }
        }
        if perAction.count > 1 {
            // Several destinations: each reported on its own, failures named by where
            // they happened (the same test failing on two devices is two failing tests,
            // as `testsFailedCount` counts it).
            results.destinations = perAction.map(\.destination)
            let listed = perAction.flatMap(\.failures)
            if !listed.isEmpty { results.failures = listed }
        }
        results.failures = TestFailure.grouped(results.failures)
        if (results.failedCount ?? 0) > 0 || anyActionFailed || !results.failures.isEmpty {
            results.outcome = .failed
        } else if anyActionSucceeded || (results.totalCount ?? 0) > 0 {
            results.outcome = .passed
        }
        return results
    }

    /// `"Testing workspace Vault with scheme Vault"` → `Vault`.
    public static func scheme(fromActionTitle title: String) -> String? {
        guard let marker = title.range(of: " with scheme ", options: .backwards) else { return nil }
        let scheme = String(title[marker.upperBound...])
        return scheme.isEmpty ? nil : scheme
    }

    private static func failure(
        _ object: JSONValue, in path: String, legacy: LegacyFields,
        warnings: inout [Diagnostic]
    ) throws(Diagnostic) -> TestFailure {
        let caseName = try legacy.string(object, "testCaseName", in: path, warnings: &warnings)
        // Nimble's messages end in a line break (dodo's `…, got <>\n`): trailing line
        // breaks are dropped, so no empty line follows the message.
        var message = try legacy.string(object, "message", in: path, warnings: &warnings)
        while let last = message?.last, last == "\n" || last == "\r\n" || last == "\r" { message?.removeLast() }
        if caseName == nil { warnings.append(legacy.shape.warning(object, "missing \"testCaseName\" in \(path)")) }
        let parts = TestNameParts(parsing: caseName ?? "")
        var failure = TestFailure(
            testName: parts.testName, identifier: caseName == nil ? nil : parts.identifier,
            targetName: try legacy.string(object, "producingTarget", in: path, warnings: &warnings) ?? parts.moduleName,
            failureText: message ?? "")
        if let location = try legacy.object(object, "documentLocationInCreatingWorkspace", in: path),
            let url = try legacy.string(
                location, "url", in: "\(path).documentLocationInCreatingWorkspace",
                warnings: &warnings),
            let parsed = FailureLocation.fromDocumentURL(url)
        {
            failure.messages[0].sourceFile = parsed.file
            failure.messages[0].line = parsed.line
        }
        return failure
    }

    private static func device(
        _ record: JSONValue, in path: String, legacy: LegacyFields,
        warnings: inout [Diagnostic]
    ) throws(Diagnostic) -> TestDevice {
        var device = TestDevice(
            identifier: try legacy.string(record, "identifier", in: path, warnings: &warnings),
            name: try legacy.string(record, "name", in: path, warnings: &warnings),
            modelName: try legacy.string(record, "modelName", in: path, warnings: &warnings),
            osVersion: try legacy.string(record, "operatingSystemVersion", in: path, warnings: &warnings))
        // "18.5 (22F77)": the build number is the parenthesised part.
        if let full = try legacy.string(record, "operatingSystemVersionWithBuildNumber", in: path, warnings: &warnings),
            let open = full.lastIndex(of: "("), full.hasSuffix(")")
        {
            let build = full[full.index(after: open)..<full.index(before: full.endIndex)]
            if !build.isEmpty { device.osBuildNumber = String(build) }
            if device.osVersion == nil {
                device.osVersion = String(full[..<open]).trimmingCharacters(in: .whitespaces)
            }
        }
        if let platform = try legacy.object(record, "platformRecord", in: path) {
            device.platform = try legacy.string(
                platform, "userDescription", in: "\(path).platformRecord",
                warnings: &warnings)
        }
        return device
    }

    private static func time(
        _ action: JSONValue, _ key: String, in path: String, legacy: LegacyFields,
        warnings: inout [Diagnostic]
    ) throws(Diagnostic) -> Double? {
        guard let text = try legacy.string(action, key, in: path, warnings: &warnings) else { return nil }
        if let seconds = ISO8601Timestamp.secondsSince1970(text) { return seconds }
        if let value = action[key]?["_value"] ?? action[key] {
            warnings.append(
                legacy.shape.warning(value, "ignored \"\(key)\" in \(path): expected an ISO 8601 date such as 2026-01-01T09:00:05.109+0200, found \"\(text)\""))
        }
        return nil
    }
}
