import ExhibitCore
import Foundation
import Testing

@testable import ExhibitCommands

/// `exhibit collect` writes exactly the artifact table's rows that say it does
/// (`EvidenceArtifact.collected`): the `always` rows on every collect, each
/// `withOption` row when one of its options is given, never the others.
@Suite struct CollectWritesTheTableTests {
    /// The rows the files below `run` belong to; a file in no row is reported.
    static func rows(writtenUnder run: String) -> Set<EvidenceArtifact> {
        let files = (FileManager.default.enumerator(atPath: run)?.allObjects as? [String]) ?? []
        var rows: Set<EvidenceArtifact> = []
        for file in files {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: run + "/" + file, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            if let row = EvidenceArtifact.row(for: file) {
                rows.insert(row)
            } else {
                Issue.record("collect wrote \(file), which is in no row of EvidenceArtifact")
            }
        }
        return rows
    }

    @Test func everyOptionARowNamesIsAnOptionOfCollect() {
        let options = Set(CollectCommand.spec.options.map(\.name))
        for row in EvidenceArtifact.all {
            guard case .withOption(let names) = row.collected else { continue }
            #expect(!names.isEmpty && names.allSatisfy(options.contains), "\(row): \(names)")
        }
    }

    @Test func aPlainCollectWritesTheAlwaysRows() throws {
        let s = try CollectScratch()
        defer { s.remove() }
        try s.makeFile(Array("container/Documents/a.txt".utf8), size: 3)
        let r = CollectRunner.collect(["--container", s.root + "/container", "--out", s.root + "/RUN"], environment: ["PATH": "/nonexistent"])
        #expect(r.status == 0, "\(r.err)")
        #expect(Self.rows(writtenUnder: s.root + "/RUN") == Set(EvidenceArtifact.all.filter { $0.collected == .always }))
    }

    /// Every option given: the simulator path with a fake xcrun (results, the whole
    /// result bundle), the results a JUnit reporter and Xcode 15 printed, steps, rules
    /// and the app's Info.plist.
    @Test func everyOptionGivenWritesEveryRowThatSaysSo() throws {
        let s = try CollectScratch()
        defer { s.remove() }
        let fake = CollectFakeXcrunTests()
        let env = try fake.install(s, .xcode26, container: try fake.container(s))
        let samples = CollectScratch.samples
        try FileManager.default.createDirectory(atPath: s.root + "/printed", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: samples + "/run-2026-11-06-junit-files-list/results/junit.xml", toPath: s.root + "/printed/junit.xml")
        try FileManager.default.copyItem(atPath: samples + "/run-2026-10-20-xcode15-legacy/results/legacy.json", toPath: s.root + "/printed/legacy.json")
        let background = samples + "/run-2026-11-08-background-tasks/"
        let r = CollectRunner.collect(
            [
                "--bundle-id", "com.example.vault", "--device", "booted", "--xcresult", s.root + "/Run.xcresult", "--include-xcresult",
                "--results-json", s.root + "/printed", "--steps", background + "steps.tsv", "--rules", background + "rules.json",
                "--app-info-plist", background + "app/Info.plist", "--out", s.root + "/RUN",
            ], environment: env)
        #expect(r.status == 0, "\(r.err)")
        #expect(Self.rows(writtenUnder: s.root + "/RUN") == Set(EvidenceArtifact.all.filter { $0.collected != .never }))
    }
}
