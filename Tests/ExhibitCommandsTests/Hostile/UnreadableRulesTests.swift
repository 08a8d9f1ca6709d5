import ExhibitCore
import Foundation
import Testing

@testable import ExhibitApp
@testable import ExhibitCommands

/// Issue 15 §1: a `rules.json` that is there but cannot be read is a rules file with
/// errors (exit 2, named), never the built-in policy. The baseline sample passes under
/// the built-in policy, so each of these passed the gate before.
@Suite struct UnreadableRulesTests {
    func run(_ args: [String]) -> (status: Int32, out: String, err: String) { CollectRunner.exhibit(args) }

    enum Planting: String, CaseIterable, CustomTestStringConvertible {
        case directory, fifo, danglingLink, linkToDevNull, overTheSizeLimit
        var testDescription: String { rawValue }

        func plant(in bundle: HostileBundle) throws {
            switch self {
            case .directory: try bundle.makeDirectory("rules.json")
            case .fifo: try bundle.makeFIFO("rules.json")
            case .danglingLink: try bundle.makeLink("rules.json", to: "no-such-rules.json")
            case .linkToDevNull: try bundle.makeLink("rules.json", to: "/dev/null")
            case .overTheSizeLimit:
                try bundle.makeSparse("rules.json", size: ArtifactSizeLimits.Kind.rules.defaultLimit + 1, prefix: "{\"rules\": [")
            }
        }
    }

    @Test(arguments: Planting.allCases) func checkFailsClosedAndNamesTheFile(_ planting: Planting) throws {
        let bundle = try HostileBundle()
        defer { bundle.cleanUp() }
        #expect(run(["check", bundle.run]).status == 0, "the baseline must pass with its rules")
        try planting.plant(in: bundle)
        let check = run(["check", bundle.run])
        #expect(check.status == 2, "\(check.out)")
        #expect(check.err.contains("rules.json: error: cannot be read"), "\(check.err)")
        #expect(!check.out.contains("nothing blocks"))
    }

    @Test func theSizeLimitSaysHowToRaiseIt() throws {
        let bundle = try HostileBundle()
        defer { bundle.cleanUp() }
        try Planting.overTheSizeLimit.plant(in: bundle)
        let check = run(["check", bundle.run])
        #expect(check.err.contains("limit for rules files"), "\(check.err)")
        #expect(check.err.contains("EXHIBIT_SIZE_LIMITS=rules="), "\(check.err)")
    }

    @Test(arguments: [Planting.fifo, .danglingLink]) func runsShowsNoCountsAndTheProblem(_ planting: Planting) throws {
        let bundle = try HostileBundle()
        defer { bundle.cleanUp() }
        try planting.plant(in: bundle)
        let runs = run(["runs", bundle.archive, "--format", "json"])
        #expect(runs.status == 0, "\(runs.err)")
        #expect(runs.out.contains(#""blocking": null"#), "\(runs.out)")
        #expect(runs.out.contains("rules.json: cannot be read"), "\(runs.out)")
    }

    @Test(arguments: [Planting.directory, .linkToDevNull]) func noteProposesNothingFromTheDefaults(_ planting: Planting) throws {
        let bundle = try HostileBundle()
        defer { bundle.cleanUp() }
        try planting.plant(in: bundle)
        let note = run(["note", bundle.run, "--notes", bundle.archive + "/notes"])
        #expect(note.status == 2)
        #expect(!note.out.contains("not a boundary failure"))
        #expect(note.err.contains("rules.json: error: cannot be read"), "\(note.err)")
    }

    /// Mode 000: as root (here and in CI) the file still reads, so the denial comes
    /// through the evidence source instead, as the kernel would report it.
    @Test func permissionDeniedIsUnreadableNotAbsent() throws {
        struct DenyingSource: EvidenceSource {
            var inner: MemoryEvidenceSource
            func read(_ relativePath: String) throws(EvidenceSourceError) -> [UInt8]? {
                if relativePath == EvidenceLayout.rules { throw EvidenceSourceError(file: relativePath, reason: "Permission denied") }
                return try inner.read(relativePath)
            }
            func list(_ relativeDirectory: String) -> [String] { inner.list(relativeDirectory) }
        }
        let bundle = BundleLoader.load(
            runID: "r",
            from: DenyingSource(
                inner: MemoryEvidenceSource(text: [
                    EvidenceLayout.inventoryJSON: #"[1,2,{},[{"name":"/"}]]"#
                ])))
        #expect(bundle.rules == .unreadable(reason: "Permission denied"))
        #expect(throws: InputError.self) { try RulesInput.check(bundle, override: nil) }
        let absent = BundleLoader.load(runID: "r", from: MemoryEvidenceSource(text: [:]))
        #expect(absent.rules == .absent)
    }

    @Test(.enabled(if: !HostileBundle.isRoot, "mode 000 reads as root; covered by permissionDeniedIsUnreadableNotAbsent"))
    func modeZeroFailsClosedForAUser() throws {
        let bundle = try HostileBundle()
        defer { bundle.cleanUp() }
        bundle.chmod("rules.json", 0)
        let check = run(["check", bundle.run])
        #expect(check.status == 2)
        #expect(check.err.contains("rules.json: error: cannot be read: Permission denied"))
    }

    /// 0xC3 0x28 (a lead byte without its continuation) inside a pattern: read as
    /// U+FFFD, the must-restore rule matched nothing and the baseline passed (exit 0).
    /// Now the rules file is refused, named with the position and what was expected,
    /// in the bundle and as `--rules FILE`, and the run list shows no counts.
    @Test func bytesThatAreNotUTF8InAPatternFailClosed() throws {
        let bundle = try HostileBundle()
        defer { bundle.cleanUp() }
        let rules = try #require(FileManager.default.contents(atPath: bundle.path("rules.json")))
        let pattern = Data(#""path": "Documents/Vault.sqlite""#.utf8)
        let at = try #require(rules.range(of: pattern))
        var broken = rules
        broken.replaceSubrange(at, with: Data(#""path": "Documents/Vault"#.utf8) + Data([0xC3, 0x28]) + Data(#".sqlite""#.utf8))
        try broken.write(to: URL(fileURLWithPath: bundle.path("rules.json")))
        let offset = at.lowerBound + #""path": "Documents/Vault"#.utf8.count
        let line = rules[..<at.lowerBound].filter { $0 == 0x0A }.count + 1
        let column = offset - (rules[..<at.lowerBound].lastIndex(of: 0x0A) ?? -1)

        let expected = "rules.json:\(line):\(column): error: rules[0].path: expected valid UTF-8, found byte 0xC3 at byte offset \(offset)"
        let check = run(["check", bundle.run])
        #expect(check.status == 2, "\(check.out)\n\(check.err)")
        #expect(check.err.contains(expected), "\(check.err)")
        #expect(!check.out.contains("nothing blocks"))

        let other = run(["check", SampleArchiveCommandTests.samples + "/run-2026-11-02-baseline", "--rules", bundle.path("rules.json")])
        #expect(other.status == 2)
        #expect(other.err.contains(bundle.path(expected)), "\(other.err)")

        let runs = run(["runs", bundle.archive, "--format", "json"])
        #expect(runs.out.contains(#""blocking": null"#), "\(runs.out)")
        #expect(runs.out.contains("expected valid UTF-8"), "\(runs.out)")
    }
}
