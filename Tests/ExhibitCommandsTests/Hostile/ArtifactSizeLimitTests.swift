import ExhibitCore
import Foundation
import Testing

@testable import ExhibitCommands
@testable import ExhibitIO

/// Issue 15 §7: per-kind size limits, documented and configurable; a file over its
/// kind's limit is refused before a byte of it is read, with the limit and how to raise it.
@Suite struct ArtifactSizeLimitTests {
    /// A sparse steps.tsv just over the default limit: no disk used, and before the
    /// limits reading it whole cost its full size in memory.
    @Test func aSparseStepsFileOverItsLimitIsRefusedUnread() throws {
        let bundle = try HostileBundle()
        defer { bundle.cleanUp() }
        try bundle.makeSparse("steps.tsv", size: ArtifactSizeLimits.Kind.steps.defaultLimit + 1, prefix: "setup\tDocuments/a\n")
        let loaded = RunLocator.loadRun(at: URL(fileURLWithPath: bundle.run))
        guard case .unreadable(let why)? = loaded.status(of: EvidenceLayout.steps) else {
            Issue.record("steps.tsv: \(String(describing: loaded.status(of: EvidenceLayout.steps)))")
            return
        }
        #expect(why.contains("is over the 1.0 GiB limit for steps files"), "\(why)")
        #expect(why.contains("EXHIBIT_SIZE_LIMITS=steps=2G"), "\(why)")
        // The rest of the bundle still loads.
        #expect(loaded.inventory != nil)
    }

    @Test func limitsAreSetPerKind() throws {
        let bundle = try HostileBundle()
        defer { bundle.cleanUp() }
        let steps = try Data(contentsOf: URL(fileURLWithPath: bundle.path("steps.tsv")))
        let lowered = try ArtifactSizeLimits.parse("steps=\(steps.count - 1)")
        let source = DirectoryEvidenceSource(root: URL(fileURLWithPath: bundle.run), limits: lowered)
        #expect(throws: EvidenceSourceError.self) { try source.read(EvidenceLayout.steps) }
        #expect(try source.read(EvidenceLayout.runMetadata) != nil, "other kinds keep their limits")
        let raised = try ArtifactSizeLimits.parse("steps=\(steps.count), rules=1K")
        #expect(
            try DirectoryEvidenceSource(root: URL(fileURLWithPath: bundle.run), limits: raised).read(EvidenceLayout.steps)?.count
                == steps.count)
        #expect(raised.limit(for: .rules) == 1024)
        #expect(raised.limit(for: .inventory) == ArtifactSizeLimits.Kind.inventory.defaultLimit)
    }

    /// `--rules` may be a pipe, so the limit caps what comes through it, not only `st_size`.
    @Test func rulesFromADeviceStopAtTheRulesLimit() {
        let c = Console.capturing()
        let status = Exhibit.run(
            ["check", SampleArchiveCommandTests.samples + "/run-2026-11-02-baseline", "--rules", "/dev/zero"],
            console: c)
        #expect(status == 2)
        #expect(c.captured!.err.contains("limit for rules files"), "\(c.captured!.err)")
    }

    @Test(arguments: ["steps", "steps=", "stpes=1G", "steps=1T", "steps=-1", "steps=99999999999999999999G"])
    func aMalformedSettingIsAnErrorNotIgnored(_ text: String) {
        #expect(throws: ArtifactSizeLimits.ParseError.self) { try ArtifactSizeLimits.parse(text) }
        let c = Console.capturing()
        #expect(Exhibit.run(["--version"], console: c, environment: ["EXHIBIT_SIZE_LIMITS": text]) == 2)
        #expect(c.captured!.err.contains("EXHIBIT_SIZE_LIMITS"))
    }
}
