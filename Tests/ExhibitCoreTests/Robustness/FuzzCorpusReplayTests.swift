import Foundation
import Testing

@testable import ExhibitCore
@testable import ExhibitRules

/// Replays the checked-in fuzz corpus (Tests/fuzz/corpus/<target>/, seeds plus every
/// minimised crasher) through its target on every `swift test`, also where libFuzzer
/// is unavailable (macOS): a crasher saved there is a regression test from then on.
/// The targets are the fuzzer's own (`EvidenceFuzzTarget.all`), contract checks included.
@Suite struct FuzzCorpusReplayTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("fuzz/corpus")

    @Test func everyCorpusFolderHasATargetAndEveryTargetACorpus() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path)
        #expect(Set(folders) == Set(EvidenceFuzzTarget.all.map(\.name)))
        #expect(EvidenceFuzzTarget.all.count == Set(EvidenceFuzzTarget.all.map(\.name)).count, "a target named twice")
    }

    @Test(arguments: EvidenceFuzzTarget.all.map(\.name)) func corpusReplaysCleanly(_ name: String) throws {
        let target = try #require(EvidenceFuzzTarget.named(name))
        let folder = Self.corpus.appendingPathComponent(name)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(!names.isEmpty)
        for file in names {
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(file)))
            #expect(target.check(bytes) == nil, "\(name)/\(file)")
        }
    }

    /// The contract is checked, not assumed: a diagnostic without a position, or one
    /// naming another file, is reported as broken; a positioned one is not.
    @Test func aBrokenContractIsReported() throws {
        let elsewhere = EvidenceFuzzTarget("t") { _ throws(Diagnostic) in throw Diagnostic.error("other", at: nil, "expected") }
        #expect(elsewhere.check([]) == "diagnostic names other")
        let unplaced = EvidenceFuzzTarget("t") { _ throws(Diagnostic) in throw Diagnostic.error(EvidenceFuzzTarget.file, at: nil, "expected") }
        #expect(unplaced.check([])?.hasPrefix("diagnostic without a position") == true)
        let plist = try #require(EvidenceFuzzTarget.named("property-list"))
        #expect(plist.check(Array("not a plist".utf8)) == nil)
        let refs = try #require(EvidenceFuzzTarget.named("xcresult-refs"))
        #expect(refs.check([0xFF]) == nil)
    }
}
