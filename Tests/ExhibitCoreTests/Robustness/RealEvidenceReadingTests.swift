import Foundation
import Testing

@testable import ExhibitCore
@testable import ExhibitRules

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Every file real tools wrote, in `../shared/real-evidence/` (issue 14, first "Done
/// when"): counts, identifiers, locations, devices and attempts equal what the file
/// itself states. The truth is computed here without exhibit's readers: Foundation's
/// JSONSerialization and PropertyListSerialization, XMLParser for JUnit (FoundationXML
/// on Linux), and the JUnit root element's own attributes.
@Suite(.enabled(if: RealEvidence.isPresent, RealEvidence.absent))
struct RealEvidenceReadingTests {
    // MARK: Independent truth

    private func json(_ relative: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(try RealEvidence.bytes(relative)))
    }

    private func read<R: EvidenceReader>(_ reader: R.Type, _ relative: String) throws -> R.Output {
        var warnings: [Diagnostic] = []
        return try R.read(try RealEvidence.bytes(relative), file: relative, warnings: &warnings)
    }

    /// A source location as the files write it: `File.swift:44` or a document URL's
    /// `StartingLineNumber=43` (0-based); the last path component and the 1-based line.
    private static func locations(in text: String) -> [String] {
        let pattern = #"([A-Za-z0-9_+\-]+\.(?:swift|m|mm|c|cpp|h))(?::([0-9]+)|#[^\s)]*StartingLineNumber=([0-9]+))"#
        let regex = try! NSRegularExpression(pattern: pattern)
        let ns = text as NSString
        return regex.matches(in: text, range: NSRange(location: 0, length: ns.length)).map { m in
            let file = ns.substring(with: m.range(at: 1))
            // A document URL counts lines from 0 (Xcode's DVTTextDocumentLocation): the
            // line a person opens is one more.
            let line =
                m.range(at: 2).location != NSNotFound
                ? ns.substring(with: m.range(at: 2))
                : String(Int(ns.substring(with: m.range(at: 3)))! + 1)
            return "\(file):\(line)"
        }
    }

    private static func locations(of failures: [TestFailure]) -> Set<String> {
        Set(failures.flatMap { $0.messages.compactMap { m in m.sourceFile.map { "\($0):\(m.line ?? -1)" } } })
    }

    /// The root start tag's attributes, read by plain string scanning.
    private static func rootAttributes(_ text: String) -> [String: Int] {
        guard let start = text.range(of: "<testsuites") ?? text.range(of: "<testsuite"),
            let end = text[start.upperBound...].firstIndex(of: ">")
        else { return [:] }
        let tag = String(text[start.upperBound..<end])
        var out: [String: Int] = [:]
        let regex = try! NSRegularExpression(pattern: #"([a-z]+)=["']([0-9]+)["']"#)
        for m in regex.matches(in: tag, range: NSRange(location: 0, length: (tag as NSString).length)) {
            out[(tag as NSString).substring(with: m.range(at: 1))] = Int((tag as NSString).substring(with: m.range(at: 2)))
        }
        return out
    }

    #if canImport(FoundationXML) || canImport(Darwin)
        /// What XMLParser sees in a JUnit file: testcase elements, the failure texts and
        /// every `device` / `device_identifier` property.
        final class JUnitFacts: NSObject, XMLParserDelegate {
            var testcaseElements = 0
            var failureTexts: [String] = []
            var devices: Set<String> = []
            private var inFailure = false
            private var text = ""

            func parser(
                _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String]
            ) {
                switch name {
                case "testcase": testcaseElements += 1
                case "failure", "error":
                    inFailure = true
                    text = attributes["message"].map { $0 + "\n" } ?? ""
                case "property" where attributes["name"] == "device" || attributes["name"] == "device_identifier":
                    devices.insert(attributes["value"] ?? "")
                default: break
                }
            }

            func parser(_ parser: XMLParser, foundCharacters string: String) { if inFailure { text += string } }

            func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
                if name == "failure" || name == "error" {
                    failureTexts.append(text)
                    inFailure = false
                }
            }
        }

        private func junitFacts(_ relative: String) throws -> JUnitFacts {
            let facts = JUnitFacts()
            let parser = XMLParser(data: Data(try RealEvidence.bytes(relative)))
            parser.delegate = facts
            #expect(parser.parse(), "\(relative): \(parser.parserError.map { "\($0)" } ?? "")")
            return facts
        }
    #endif

    // MARK: JUnit

    @Test(arguments: RealEvidence.files("junit"))
    func junitReadsAsTheFileStates(_ relative: String) throws {
        let results = try read(JUnitReader.self, relative)
        let text = String(decoding: try RealEvidence.bytes(relative), as: UTF8.self)
        let root = Self.rootAttributes(text)
        let tests = try #require(root["tests"], "\(relative): no tests= on the root")
        let failed = (root["failures"] ?? 0) + (root["errors"] ?? 0)
        #expect(results.totalCount == tests, "\(relative)")
        #expect(results.failedCount == failed, "\(relative)")
        // "Failing tests (N)" counts tests: one entry per failing test.
        #expect(results.failures.count == failed, "\(relative)")
        if let skipped = root["skipped"] { #expect(results.skippedCount == skipped, "\(relative)") }
        #if canImport(FoundationXML) || canImport(Darwin)
            let facts = try junitFacts(relative)
            // Every <testcase> is one attempt of one test.
            #expect(results.testCases.reduce(0) { $0 + max(1, $1.attempts.count) } == facts.testcaseElements, "\(relative)")
            // The first location each failure text names, exactly those exhibit shows.
            let truth = Set(facts.failureTexts.compactMap { Self.locations(in: $0).first })
            #expect(Self.locations(of: results.failures) == truth, "\(relative)")
            // Devices the suites name (trainer `device`, codemagic `device_identifier`).
            if !facts.devices.isEmpty {
                #expect(results.devices.count == facts.devices.count, "\(relative)")
                #expect(
                    facts.devices.allSatisfy { d in
                        results.devices.contains {
                            $0.identifier == d || $0.label.hasPrefix(d.prefix(while: { $0 != "(" }).trimmingCharacters(in: .whitespaces))
                        }
                    },
                    "\(relative): \(results.devices.map(\.label))")
            }
        #endif
        // Failures are never named by a bare number.
        #expect(results.failures.allSatisfy { !$0.displayName.allSatisfy(\.isNumber) })
        // JUnit has no expected failures, and shows retries only as trainer's
        // `repetition` property or repeated testcases: otherwise unknown, not 0 (review D3).
        #expect(results.expectedFailureCount == nil, "\(relative)")
        let showsRetries =
            text.contains("name='repetition'") || text.contains("name=\"repetition\"")
            || results.testCases.contains { !$0.attempts.isEmpty }
        #expect((results.passedOnRetryCount != nil) == showsRetries, "\(relative)")
    }

    // MARK: summary.json and tests.json

    @Test(arguments: RealEvidence.files("summary"))
    func summaryReadsAsTheFileStates(_ relative: String) throws {
        let results = try read(SummaryJSONReader.self, relative)
        let root = try #require(try json(relative) as? [String: Any])
        #expect(results.totalCount == root["totalTestCount"] as? Int)
        #expect(results.passedCount == root["passedTests"] as? Int)
        #expect(results.failedCount == root["failedTests"] as? Int)
        #expect(results.skippedCount == root["skippedTests"] as? Int)
        #expect(results.expectedFailureCount == root["expectedFailures"] as? Int)
        // Counts only: whether a test passed on a retry is not recorded (review D3).
        #expect(results.passedOnRetryCount == nil)
        let failures = try #require(root["testFailures"] as? [[String: Any]])
        let named = Set(failures.map { "\($0["targetName"] as? String ?? "")/\($0["testName"] as? String ?? "")" })
        #expect(Set(results.failures.map { "\($0.targetName ?? "")/\($0.testName)" }) == named, "\(relative)")
        #expect(results.failures.count == named.count)
        for (failure, entry) in zip(results.failures, failures) {
            #expect(failure.displayName == (entry["testIdentifierString"] as? String ?? entry["testName"] as? String), "\(relative)")
        }
        let devices = try #require(root["devicesAndConfigurations"] as? [[String: Any]])
        let udids = Set(devices.compactMap { ($0["device"] as? [String: Any])?["deviceId"] as? String })
        #expect(Set(results.devices.compactMap(\.identifier)) == udids)
        #expect(results.destinations.map(\.failedCount) == devices.map { $0["failedTests"] as? Int })
    }

    /// Walks a tests.json tree: the Test Case nodes, their results, the failure messages
    /// of the failed ones and their Repetition children.
    private struct TreeFacts {
        var outcomes: [String] = []
        var failedMessages: [String] = []
        var attempts = 0
        var failingArguments = 0
        var udids: Set<String> = []

        init(_ root: [String: Any]) {
            udids = Set((root["devices"] as? [[String: Any]] ?? []).compactMap { $0["deviceId"] as? String })
            for node in root["testNodes"] as? [[String: Any]] ?? [] { visit(node) }
        }

        mutating func visit(_ node: [String: Any]) {
            let children = node["children"] as? [[String: Any]] ?? []
            guard node["nodeType"] as? String == "Test Case" else {
                for child in children { visit(child) }
                return
            }
            let result = node["result"] as? String ?? ""
            outcomes.append(result)
            // Runs: each Repetition, under an Arguments node too; an Arguments node
            // without repetitions is one.
            var runs = 0
            for child in children {
                let grandchildren = child["children"] as? [[String: Any]] ?? []
                let repetitions = grandchildren.filter { $0["nodeType"] as? String == "Repetition" }.count
                switch child["nodeType"] as? String {
                case "Repetition": runs += 1
                case "Arguments":
                    runs += max(1, repetitions)
                    if result == "Failed", child["result"] as? String == "Failed" { failingArguments += 1 }
                default: break
                }
            }
            attempts += max(1, runs)
            if result == "Failed" { collect(node) }
        }

        mutating func collect(_ node: [String: Any]) {
            for child in node["children"] as? [[String: Any]] ?? [] {
                let type = child["nodeType"] as? String
                if type == "Failure Message", let name = child["name"] as? String, !name.hasPrefix("Test skipped") {
                    failedMessages.append(name)
                } else if type != "Failure Message", (child["result"] as? String).map({ $0 == "Failed" }) ?? true {
                    collect(child)
                }
            }
        }
    }

    @Test(arguments: RealEvidence.files("tests"))
    func testsTreeReadsAsTheFileStates(_ relative: String) throws {
        let results = try read(TestsJSONReader.self, relative)
        let facts = TreeFacts(try #require(try json(relative) as? [String: Any]))
        #expect(results.totalCount == facts.outcomes.count, "\(relative)")
        #expect(results.failedCount == facts.outcomes.filter { $0 == "Failed" }.count, "\(relative)")
        #expect(results.passedCount == facts.outcomes.filter { $0 == "Passed" }.count, "\(relative)")
        #expect(results.skippedCount == facts.outcomes.filter { $0 == "Skipped" }.count, "\(relative)")
        #expect(results.expectedFailureCount == facts.outcomes.filter { $0 == "Expected Failure" }.count, "\(relative)")
        #expect(results.failures.count == results.failedCount, "\(relative): one entry per failing test")
        #expect(Self.locations(of: results.failures) == Set(facts.failedMessages.compactMap { Self.locations(in: $0).first }), "\(relative)")
        #expect(results.testCases.reduce(0) { $0 + max(1, $1.attempts.count) } == facts.attempts, "\(relative)")
        // The tree records every run: how many passed on a retry is known.
        #expect(results.passedOnRetryCount == results.flakyCount)
        #expect(Set(results.devices.compactMap(\.identifier)) == facts.udids)
        // Each failed Arguments node of a failed test is a failing argument.
        #expect(results.failures.reduce(0) { $0 + ($1.failingArguments?.count ?? 0) } == facts.failingArguments, "\(relative)")
        // Its one device is the run's destination, with every test.
        #expect(results.destinations.map(\.device.identifier) == Array(facts.udids))
        #expect(results.destinations.map(\.totalCount) == [results.totalCount])
        #expect(results.destinations.map(\.failedCount) == [results.failedCount])
    }

    /// The same run's summary and tests: joined, every failure has its identifier and
    /// its file:line (Xcode 16.0's summary has neither).
    @Test(arguments: RealEvidence.files("summary"))
    func summaryJoinedWithItsTestsTree(_ relative: String) throws {
        let name = relative.replacingOccurrences(of: "summary/", with: "").replacingOccurrences(of: ".summary.json", with: "")
        guard RealEvidence.files("tests").contains("tests/\(name).tests.json") else { return }
        let bundle = BundleLoader.load(
            runID: name,
            from: MemoryEvidenceSource([
                "results/summary.json": try RealEvidence.bytes(relative), "results/tests.json": try RealEvidence.bytes("tests/\(name).tests.json"),
            ]))
        let results = try #require(bundle.primaryResults)
        let tree = try read(TestsJSONReader.self, "tests/\(name).tests.json")
        #expect(results.failures.map(\.identifier) == results.failures.map { f in tree.failures.first { $0.testName == f.testName }?.identifier })
        #expect(results.failures.allSatisfy { $0.identifier != nil && $0.sourceFile != nil && $0.line != nil }, "\(relative)")
        // Two prints of one run agree: nothing warned, each failing test listed once.
        #expect(!bundle.diagnostics.contains { $0.message.hasPrefix("disagrees with") }, "\(relative): \(bundle.diagnostics)")
        #expect(results.failures.count == results.failedCount, "\(relative)")
        #expect(results.failures.allSatisfy { $0.onlyIn == nil }, "\(relative)")
    }

    /// Review D1: the real RandomStuff summary without its testFoo entry, beside the
    /// run's own tests.json. testFoo is still listed (from the tree, with its location),
    /// marked as only the tree's, and the disagreement warned with both files.
    @Test func aFailureTheSummaryLeavesOutIsKeptFromTheTree() throws {
        let name = "oxr-RandomStuff-14-12-06"
        var summary = try #require(try json("summary/\(name).summary.json") as? [String: Any])
        let listed = try #require(summary["testFailures"] as? [[String: Any]])
        summary["testFailures"] = listed.filter { $0["testName"] as? String != "testFoo()" }
        let bundle = BundleLoader.load(
            runID: name,
            from: MemoryEvidenceSource([
                "results/summary.json": [UInt8](try JSONSerialization.data(withJSONObject: summary)),
                "results/tests.json": try RealEvidence.bytes("tests/\(name).tests.json"),
            ]))
        let results = try #require(bundle.primaryResults)
        #expect(results.failures.count == summary["failedTests"] as? Int)
        let foo = try #require(results.failures.first { $0.identifier == "RandomStuffTests/testFoo()" })
        #expect(foo.onlyIn == .testsJSON)
        #expect(foo.sourceFile == "RandomStuffTests.swift" && foo.line == 38)
        let warning = try #require(bundle.diagnostics.first { $0.message.hasPrefix("disagrees with") })
        #expect(warning.file == "results/tests.json")
        #expect(warning.message.contains("results/summary.json") && warning.message.contains("RandomStuffTests/testFoo()"))
    }

    // MARK: Legacy JSON

    private static func unwrap(_ value: Any?) -> Any? {
        guard let object = value as? [String: Any] else { return value }
        if let v = object["_value"] { return v }
        if let values = object["_values"] as? [Any] { return values.map { unwrap($0) } }
        return object
    }

    private static func int(_ value: Any?) -> Int { (unwrap(value) as? String).flatMap { Int($0) } ?? 0 }

    @Test(arguments: RealEvidence.files("legacy"))
    func legacyReadsAsTheFileStates(_ relative: String) throws {
        let results = try read(LegacyJSONReader.self, relative)
        let root = try #require(try json(relative) as? [String: Any])
        let metrics = root["metrics"] as? [String: Any] ?? [:]
        #expect(results.totalCount == Self.int(metrics["testsCount"]))
        #expect(results.failedCount == Self.int(metrics["testsFailedCount"]))
        #expect(results.skippedCount == Self.int(metrics["testsSkippedCount"]))
        #expect(results.passedOnRetryCount == nil, "metrics and failure summaries record no retries")
        let actions = (Self.unwrap(root["actions"]) as? [Any] ?? []).compactMap { $0 as? [String: Any] }
        let testActions = actions.filter { (($0["actionResult"] as? [String: Any])?["metrics"] as? [String: Any])?["testsCount"] != nil }
        let udids = testActions.compactMap { a -> String? in
            let record = (a["runDestination"] as? [String: Any])?["targetDeviceRecord"] as? [String: Any]
            return Self.unwrap(record?["identifier"]) as? String
        }
        #expect(Set(results.devices.compactMap(\.identifier)).isSuperset(of: udids))
        if testActions.count > 1 {
            #expect(results.destinations.map(\.device.identifier) == udids.map { Optional($0) })
            #expect(
                results.destinations.map(\.failedCount)
                    == testActions.map {
                        Optional(Self.int((($0["actionResult"] as? [String: Any])?["metrics"] as? [String: Any])?["testsFailedCount"]))
                    })
            #expect(results.failures.count == results.failedCount)
            let bundle = BundleLoader.load(runID: "r", from: MemoryEvidenceSource(["results/legacy.json": try RealEvidence.bytes(relative)]))
            let summary = SummaryReport.text(bundle)
            #expect(udids.allSatisfy { summary.contains($0) }, "every destination in the summary output")
        } else {
            let issues = root["issues"] as? [String: Any]
            let summaries = (Self.unwrap(issues?["testFailureSummaries"]) as? [Any] ?? []).compactMap { $0 as? [String: Any] }
            #expect(results.failures.count == Set(summaries.compactMap { Self.unwrap($0["testCaseName"]) as? String }).count)
        }
    }

    // MARK: Info.plists, versions, ncdu

    @Test(arguments: RealEvidence.files("resultplist"))
    func resultBundleInfoPlistReadsAsTheFileStates(_ relative: String) throws {
        let info = try read(XCResultInfoReader.self, relative)
        let plist = try #require(try PropertyListSerialization.propertyList(from: Data(try RealEvidence.bytes(relative)), format: nil) as? [String: Any])
        let version = plist["version"] as? [String: Any]
        #expect(info.formatMajor == version?["major"] as? Int)
        #expect(info.formatMinor == version?["minor"] as? Int)
        #expect(info.storageBackend == (plist["storage"] as? [String: Any])?["backend"] as? String)
        // summary shows the format and the creation date it read (review D8).
        let bundle = BundleLoader.load(runID: "r", from: MemoryEvidenceSource(["results/Info.plist": try RealEvidence.bytes(relative)]))
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(SummaryReport.json(bundle).utf8)) as? [String: Any])
        let shown = try #require((json["resultBundles"] as? [[String: Any]])?.first)
        #expect(shown["formatVersion"] as? String == "\(version?["major"] as? Int ?? -1).\(version?["minor"] as? Int ?? -1)", "\(relative)")
        if let created = plist["dateCreated"] as? Date {
            let iso = ISO8601DateFormatter()
            iso.timeZone = TimeZone(identifier: "UTC")
            #expect(shown["dateCreated"] as? String == iso.string(from: created), "\(relative)")
            #expect(SummaryReport.text(bundle).contains("created " + Timestamp.utc(created.timeIntervalSince1970)), "\(relative)")
        }
    }

    @Test(arguments: RealEvidence.files("infoplist"))
    func appInfoPlistReadsAsTheFileStates(_ relative: String) throws {
        let value = try read(PropertyListReader.self, relative)
        let plist = try #require(try PropertyListSerialization.propertyList(from: Data(try RealEvidence.bytes(relative)), format: nil) as? [String: Any])
        for key in ["BGTaskSchedulerPermittedIdentifiers", "UIBackgroundModes", "CFBundleIdentifier"] {
            if let strings = plist[key] as? [String] {
                #expect(value[key]?.array?.compactMap(\.string) == strings, "\(relative) \(key)")
            } else if let string = plist[key] as? String {
                #expect(value[key]?.string == string, "\(relative) \(key)")
            } else {
                #expect(value[key] == nil, "\(relative) \(key)")
            }
        }
    }

    @Test(arguments: RealEvidence.files("version"))
    func xcresulttoolVersionReadsAsTheFileStates(_ relative: String) throws {
        let version = try read(XcresulttoolVersionReader.self, relative)
        let line = String(decoding: try RealEvidence.bytes(relative), as: UTF8.self)
        let regex = try NSRegularExpression(pattern: #"version ([0-9]+(\.[0-9]+)?)"#)
        let m = try #require(regex.firstMatch(in: line, range: NSRange(location: 0, length: (line as NSString).length)))
        #expect(version.build == (line as NSString).substring(with: m.range(at: 1)))
        for (label, field) in [
            ("format version ", version.formatVersion), ("schema version: ", version.schemaVersion),
            ("legacy commands format version: ", version.legacyFormatVersion),
        ] {
            let stated = line.range(of: label).map { r in String(line[r.upperBound...].prefix { $0.isNumber || $0 == "." }) }
            #expect(field == stated, "\(relative) \(label)")
        }
    }

    @Test(arguments: RealEvidence.files("ncdu"))
    func ncduExportReadsAsTheFileStates(_ relative: String) throws {
        var warnings: [Diagnostic] = []
        let doc = try NcduInventoryReader.readDocument(try RealEvidence.bytes(relative), file: relative, warnings: &warnings)
        let top = try #require(try json(relative) as? [Any])
        let tree = try #require(top[3] as? [Any])
        var files = 0
        var entries = 0
        var bytes = 0
        var notRegular = 0
        func visit(_ item: Any) {
            entries += 1
            if let directory = item as? [Any] {
                bytes += (directory[0] as? [String: Any])?["asize"] as? Int ?? 0
                directory.dropFirst().forEach(visit)
            } else if let file = item as? [String: Any] {
                bytes += file["asize"] as? Int ?? 0
                if file["notreg"] as? Bool == true { notRegular += 1 } else if file["excluded"] == nil { files += 1 }
            }
        }
        visit(tree)
        #expect(doc.inventory.count == entries)
        #expect(doc.inventory.totalFiles == files, "notreg and excluded entries are no files")
        #expect(doc.inventory.totalBytes == UInt64(bytes))
        #expect(String(decoding: doc.rootName, as: UTF8.self) == (tree[0] as? [String: Any])?["name"] as? String)
        #expect(doc.inventory.totalFiles + notRegular == (0..<doc.inventory.count).filter { !doc.inventory.isDirectory($0) }.count)
    }
}
