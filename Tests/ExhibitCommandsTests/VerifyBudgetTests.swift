import ExhibitApp
import ExhibitCore
import Foundation
import Testing

@testable import ExhibitCommands
@testable import ExhibitIO

/// `exhibit verify` over a generated run whose result bundle holds orphaned zstd
/// frames made by the real `zstd` (review 2026-12-04, repro-2: 40 orphans of 8 KB, each
/// decoding to 255 MiB, cost 30 s, past the 2 GiB per bundle exhibit-bundle(5)
/// promises). The limits are lowered (`VerifyRun.run(_:limits:)`) so the frames stay
/// small: past the bundle's budget an object is listed as not decoded, and the bundle
/// is "not fully checked", exit 2, never intact.
@Suite struct VerifyBudgetTests {
    static let runner = ProcessRunner(environment: ProcessInfo.processInfo.environment)

    @Test(.enabled(if: runner.resolve("zstd") != nil, "needs zstd (apt-get install zstd)"))
    func orphanedFramesShareTheBundlesBudget() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("exhibit-verify-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let generated = CollectRunner.exhibit([
            "generate", dir + "/run", "--files", "10", "--xcresult-tests", "3", "--xcresult-mb", "1", "--no-sync",
        ])
        try #require(generated.status == 0, "\(generated.err)")
        let bundle = dir + "/run/results/Run.xcresult"
        #expect(CollectRunner.exhibit(["verify", bundle]).out.hasPrefix("Run.xcresult: intact\n"))

        // Eight orphans of 1 MiB of zeros each, under their real ids (refs files empty).
        for i in 0..<8 {
            var zeros = Data(count: 1 << 20)
            zeros[0] = UInt8(i)  // distinct contents, distinct ids
            try zeros.write(to: URL(fileURLWithPath: dir + "/zeros"))
            let frame = try Self.runner.run(["zstd", "-19", "-q", "-c", dir + "/zeros"])
            try #require(frame.status == 0, "\(frame.stderrText)")
            #expect(frame.stdout.count < 1_000, "small on disk")
            let id = XCResultObjectID.computed(children: [], storedBytes: frame.stdout)
            try Data(frame.stdout).write(to: URL(fileURLWithPath: bundle + "/" + id.dataPath))
            try Data(RefsFile.encode([])).write(to: URL(fileURLWithPath: bundle + "/" + id.refsPath))
        }

        // Standard limits: 8 MiB decodes whole, the orphans are listed, not damage.
        let whole = CollectRunner.exhibit(["verify", bundle])
        #expect(whole.status == 0, "\(whole.out)")
        #expect(whole.out.components(separatedBy: "\n  orphaned ").count - 1 == 8, "\(whole.out)")

        // A 4 MiB budget: the bundle's own objects (about 1 MiB) first, then three or so orphans.
        let verified = try VerifyRun.run(bundle, limits: XCResultLimits(perObject: 2 << 20, perBundle: 4 << 20))
        #expect(verified.outcome == .notChecked)
        #expect(ExitStatus.code(for: verified.outcome) == 2)
        let text = verified.texts.joined()
        #expect(text.hasPrefix("Run.xcresult: not fully checked\n"), "\(text)")
        let notDecoded = text.components(separatedBy: "\n  not decoded    ").count - 1
        #expect(notDecoded >= 4 && notDecoded < 8, "\(text)")
        #expect(text.contains("not checked: the bundle's objects decompress to more than 4.0 MiB together"), "\(text)")
    }
}
