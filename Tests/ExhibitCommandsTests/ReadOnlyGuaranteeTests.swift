import Foundation
import Testing

@testable import ExhibitCommands

/// Evidence is the record of a CI run: every command that only looks at it must leave
/// the archive byte-identical. Writers (`generate`, a note with `--class`, which
/// records a classification) are not in this list; `-o` and `--notes` point elsewhere.
@Suite struct ReadOnlyGuaranteeTests {
    /// `RUN` is replaced by the run's path, `OUT` by a fresh path outside the archive.
    static let commands: [[String]] = [
        ["summary", "RUN"], ["summary", "RUN", "--format", "json"],
        ["check", "RUN"], ["check", "RUN", "--format", "json"],
        ["check", "RUN", "--rules", "RUN/rules.json"],
        ["note", "RUN"],
        ["note", "RUN", "--notes", "OUT/notes", "-o", "OUT/note.md"],
    ]

    func copyOfSamples() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("exhibit-readonly-\(UUID().uuidString)").path
        try FileManager.default.copyItem(atPath: SampleArchiveCommandTests.samples, toPath: dir)
        return dir
    }

    @Test(arguments: commands) func commandLeavesTheArchiveByteIdentical(_ template: [String]) throws {
        let archive = try copyOfSamples()
        let before = try TreeHash.of(archive)
        #expect(before.count > 40, "the copied archive looks empty")
        for run in SampleArchiveCommandTests.runs {
            let out = FileManager.default.temporaryDirectory.appendingPathComponent("exhibit-out-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            let args = template.map {
                $0.replacingOccurrences(of: "RUN", with: archive + "/" + run).replacingOccurrences(of: "OUT", with: out)
            }
            let console = Console.capturing()
            let status = Exhibit.run(args, console: console)
            #expect(status == 0 || status == 1, "\(args.joined(separator: " ")): \(console.captured?.err ?? "")")
        }
        let after = try TreeHash.of(archive)
        #expect(
            Set(after.keys) == Set(before.keys),
            "added: \(Set(after.keys).subtracting(before.keys).sorted()), removed: \(Set(before.keys).subtracting(after.keys).sorted())")
        for (path, bytes) in before where after[path] != bytes {
            Issue.record("\(template.joined(separator: " ")) changed \(path)")
        }
        try? FileManager.default.removeItem(atPath: archive)
    }
}
