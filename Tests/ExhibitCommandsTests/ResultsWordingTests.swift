import Foundation
import Testing

@testable import ExhibitCommands

/// What `summary` and `note` say of a run's test results when its files disagree or
/// leave counts unrecorded (reviews D1, D3, hostile repro 9): the counts name their
/// file, never contradict the failing list unsaid, and what was not recorded is null,
/// not 0.
@Suite struct ResultsWordingTests {
    func run(_ args: [String]) -> (status: Int32, out: String, err: String) { CollectRunner.exhibit(args) }

    /// A run of `files` (relative path → text) in a fresh directory, with a one-file
    /// container (unless `container` is false) so nothing else is missing.
    struct Run {
        let directory: String

        init(_ files: [String: String], container: Bool = true) throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("exhibit-results-\(UUID().uuidString)/run").path
            var all = files
            if container {
                all["container/files.txt"] = all["container/files.txt"] ?? "Documents/Vault.sqlite\n"
                all["container/excluded.txt"] = all["container/excluded.txt"] ?? ""
            }
            for (relative, text) in all {
                let url = URL(fileURLWithPath: directory + "/" + relative)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
            }
        }

        func cleanUp() { try? FileManager.default.removeItem(atPath: (directory as NSString).deletingLastPathComponent) }
    }

    static let repro9: [String: String] = [
        "results/summary.json":
            #"{"title":"T","result":"Passed","totalTestCount":2,"passedTests":2,"failedTests":0,"skippedTests":0,"expectedFailures":0,"environmentDescription":"Vault · B","statistics":[],"topInsights":[],"devicesAndConfigurations":[],"testFailures":[]}"#,
        "results/junit.xml": """
        <?xml version="1.0"?>
        <testsuites tests="2" failures="1"><testsuite name="BackupBoundaryTests" tests="2" failures="1">
        <testcase classname="BackupBoundaryTests" name="testA"/>
        <testcase classname="BackupBoundaryTests" name="testB"><failure message="Documents/Vault.sqlite is excluded from backup">x</failure></testcase>
        </testsuite></testsuites>
        """,
    ]

    func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func summaryNamesTheFileThatDisagreesAboveAFailureOnlyItRecords() throws {
        let r = try Run(Self.repro9)
        defer { r.cleanUp() }
        let text = run(["summary", r.directory])
        #expect(text.status == 0, "\(text.err)")
        #expect(
            text.out.contains(
                """
                Tests      Passed: 2 total, 2 passed, 0 failed, 0 skipped (from results/summary.json)
                           results/junit.xml disagrees: Failed: 2 total, 1 passed, 1 failed, 0 skipped

                Failing tests (1; results/summary.json counts 0 failed)
                  BackupBoundaryTests.testB (only in results/junit.xml)
                      Documents/Vault.sqlite is excluded from backup
                        x

                """), "\(text.out)")
        #expect(
            text.out.contains(
                "results/junit.xml: warning: disagrees with results/summary.json, whose counts are shown: 1 failed where results/summary.json says 0"
            ), "\(text.out)")

        let json = try object(run(["summary", r.directory, "--format", "json"]).out)
        let tests = try #require(json["tests"] as? [String: Any])
        #expect(tests["source"] as? String == "results/summary.json" && tests["failed"] as? Int == 0)
        let disagreements = try #require(tests["disagreements"] as? [[String: Any]])
        #expect(disagreements.count == 1)
        #expect(disagreements[0]["source"] as? String == "results/junit.xml" && disagreements[0]["failed"] as? Int == 1)
        #expect(disagreements[0]["failedOnlyHere"] as? [String] == ["BackupBoundaryTests.testB"])
        let failures = try #require(tests["failures"] as? [[String: Any]])
        #expect(failures.map { $0["onlyIn"] as? String } == ["results/junit.xml"])
        #expect(failures.first?["failureText"] as? String == "Documents/Vault.sqlite is excluded from backup\nx")
    }

    @Test func theNoteSaysWhereItsCountsComeFromAndWhoDisagrees() throws {
        let r = try Run(Self.repro9)
        defer { r.cleanUp() }
        let markdown = run(["note", r.directory]).out
        #expect(
            markdown.contains(
                "- **Tests:** Passed: 2 total, 2 passed, 0 failed, 0 skipped (from results/summary.json; results/junit.xml disagrees: Failed: 2 total, 1 passed, 1 failed, 0 skipped)\n"
            ), "\(markdown)")
        #expect(markdown.contains("### Failing tests (1; results/summary.json counts 0 failed)\n"), "\(markdown)")
        #expect(markdown.contains("- `BackupBoundaryTests.testB` (only in `results/junit.xml`)\n"), "\(markdown)")

        let json = try object(run(["note", r.directory, "--format", "json"]).out)
        let tests = try #require(json["tests"] as? [String: Any])
        #expect(tests["source"] as? String == "results/summary.json")
        #expect((tests["disagreements"] as? [[String: Any]])?.first?["source"] as? String == "results/junit.xml")
        #expect((json["failures"] as? [[String: Any]])?.first?["onlyIn"] as? String == "results/junit.xml")
    }

    static let tree = #"""
        {"devices":[],"testPlanConfigurations":[],"testNodes":[{"nodeType":"Unit test bundle","name":"VaultTests","result":"Failed","children":[
          {"nodeType":"Test Case","name":"testB()","nodeIdentifier":"BackupBoundaryTests/testB()","result":"Failed","children":[
            {"nodeType":"Failure Message","name":"S.swift:20: b broke"}]},
          {"nodeType":"Test Case","name":"testA()","nodeIdentifier":"BackupBoundaryTests/testA()","result":"Passed","children":[
            {"nodeType":"Repetition","name":"First Run","result":"Failed"},{"nodeType":"Repetition","name":"Retry 1","result":"Passed"}]}]}]}
        """#

    /// Review D3: a count the file never recorded is null in `summary`'s and the note's
    /// JSON alike (passedOnRetry of summary.json and of JUnit without repetitions,
    /// expectedFailures of JUnit), and the two give the same counts.
    @Test(arguments: [
        ("results/summary.json", false, true), ("results/junit.xml", false, false), ("results/tests.json", true, true),
    ])
    func unrecordedCountsAreNullInSummaryAndNoteAlike(file: String, recordsRetries: Bool, recordsExpectedFailures: Bool) throws {
        let text = file == "results/tests.json" ? Self.tree : try #require(Self.repro9[file])
        let r = try Run([file: text])
        defer { r.cleanUp() }
        let summary = try #require(try object(run(["summary", r.directory, "--format", "json"]).out)["tests"] as? [String: Any])
        #expect((summary["passedOnRetry"] is NSNull) == !recordsRetries, "\(summary)")
        #expect((summary["expectedFailures"] is NSNull) == !recordsExpectedFailures, "\(summary)")
        if recordsRetries { #expect(summary["passedOnRetry"] as? Int == 1) }
        let note = try #require(try object(run(["note", r.directory, "--format", "json"]).out)["tests"] as? [String: Any])
        for key in ["source", "result", "total", "passed", "failed", "skipped", "expectedFailures", "passedOnRetry"] {
            #expect(note.keys.contains(key), "\(key)")
            #expect("\(note[key] ?? "absent")" == "\(summary[key] ?? "absent")", "\(key)")
        }
        let plain = run(["summary", r.directory]).out
        #expect(!plain.contains("0 passed on retry") && !plain.contains("0 expected failures"), "\(plain)")
    }

    /// Review D8: the result bundle's format version and creation date, in text and JSON.
    @Test func theResultBundleFormatAndCreationDateAreShown() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>dateCreated</key><date>2026-06-30T18:24:31Z</date>
            <key>storage</key><dict><key>backend</key><string>fileBacked2</string><key>compression</key><string>standard</string></dict>
            <key>version</key><dict><key>major</key><integer>3</integer><key>minor</key><integer>60</integer></dict>
            </dict></plist>
            """
        let r = try Run(["results/Info.plist": plist])
        defer { r.cleanUp() }
        let text = run(["summary", r.directory]).out
        #expect(text.contains("Xcode      result bundle format 3.60, created 2026-06-30 18:24:31 UTC\n"), "\(text)")
        let json = try object(run(["summary", r.directory, "--format", "json"]).out)
        let bundles = try #require(json["resultBundles"] as? [[String: Any]])
        #expect(bundles.count == 1)
        #expect(bundles.first?["file"] as? String == "results/Info.plist")
        #expect(bundles.first?["formatVersion"] as? String == "3.60")
        #expect(bundles.first?["dateCreated"] as? String == "2026-06-30T18:24:31Z")
        #expect(bundles.first?["storageBackend"] as? String == "fileBacked2")
    }

    /// Files that agree add nothing to the header.
    @Test func agreeingFilesAddNoLine() throws {
        var files = Self.repro9
        files["results/summary.json"] =
            #"{"title":"T","result":"Failed","totalTestCount":2,"passedTests":1,"failedTests":1,"skippedTests":0,"expectedFailures":0,"environmentDescription":"Vault · B","statistics":[],"topInsights":[],"devicesAndConfigurations":[],"testFailures":[{"testName":"testB()","targetName":"VaultTests","testIdentifierString":"BackupBoundaryTests/testB()","failureText":"Documents/Vault.sqlite is excluded from backup"}]}"#
        let r = try Run(files)
        defer { r.cleanUp() }
        let text = run(["summary", r.directory]).out
        #expect(!text.contains("disagree"), "\(text)")
        #expect(!text.contains("only in"), "\(text)")
        #expect(text.contains("Failing tests (1)\n  BackupBoundaryTests/testB() [VaultTests]\n"), "\(text)")
    }
}
