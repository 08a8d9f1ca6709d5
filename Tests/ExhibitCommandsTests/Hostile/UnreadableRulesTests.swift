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
}
