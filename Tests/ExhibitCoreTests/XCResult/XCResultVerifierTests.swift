import Testing

@testable import ExhibitCore

@Suite struct XCResultVerifierTests {
    typealias Run = XCResultFixture.Run

    func fixture() -> (XCResultWriter, (root: XCResultObjectID, tests: [XCResultObjectID], summaries: [XCResultObjectID])) {
        var w = XCResultWriter(bundlePath: "")
        let ids = XCResultFixture(actions: [
            .init(runs: [
                Run(identifier: "T/testA()", status: "Success"),
                Run(identifier: "T/testB()", status: "Failure", failures: [(String(repeating: "boom ", count: 20), "T.swift", 3)]),
            ])
        ]).write(into: &w)
        return (w, ids)
    }

    func verify(_ w: XCResultWriter) -> XCResultVerifyReport { XCResultVerifier.verify(source: w.source, bundlePath: "") }

    @Test func anIntactBundleIsIntactWithItsSizes() {
        let (w, _) = fixture()
        let report = verify(w)
        #expect(report.verdict == .intact, "\(report.findings)")
        #expect(report.findings.isEmpty)
        #expect(report.objectCount == 4)
        #expect(report.formatVersion == "3.56")
        let stored = w.files.filter { $0.key.hasPrefix("Data/data.") }.map { UInt64($0.value.count) }.reduce(0, +)
        #expect(report.storedBytes == stored)
        #expect(report.sizeByFolder.map(\.bytes).reduce(0, +) == stored)
        #expect(report.sizeByFolder.first { $0.name == "tests" }?.objects == 3)
    }

    /// Cut down to the root object (xcresultparser's session_level_failure): damaged,
    /// and the reason is the missing tests tree, named by the root.
    @Test func aTrimmedBundleIsDamagedWithTheReason() throws {
        var (w, ids) = fixture()
        for key in w.files.keys where key.hasPrefix("Data/") && !key.contains(ids.root.text) { w.files[key] = nil }
        let report = verify(w)
        #expect(report.verdict == .damaged)
        let missing = try #require(report.findings.first { $0.kind == .missing })
        #expect(missing.id == ids.tests[0].text)
        #expect(missing.detail == "object missing (pruned from the artifact?); named by \(ids.root.text)")
        #expect(report.findings.allSatisfy { $0.kind == .missing })
    }

    @Test func anAlteredByteIsFoundByItsHash() throws {
        var (w, ids) = fixture()
        let path = ids.summaries[0].dataPath
        w.files[path]![w.files[path]!.count / 2] ^= 0x01
        let report = verify(w)
        #expect(report.verdict == .damaged)
        #expect(report.findings.contains { $0.kind == .altered && $0.id == ids.summaries[0].text })
    }

    @Test func aTruncatedFrameIsFoundEvenWhenRenamedToItsNewHash() throws {
        var (w, ids) = fixture()
        let old = ids.summaries[1]
        let cut = Array(w.files[old.dataPath]!.dropLast(6))
        // Rename it to the hash of what is left, as a careless repacker would.
        let renamed = XCResultObjectID.computed(children: [], storedBytes: cut)
        w.files[old.dataPath] = nil
        w.files[old.refsPath] = nil
        w.files[renamed.dataPath] = cut
        w.files[renamed.refsPath] = [0]
        let report = verify(w)
        #expect(report.findings.contains { $0.kind == .truncated && $0.id == renamed.text })
        #expect(report.findings.contains { $0.kind == .missing && $0.id == old.text })
        #expect(report.findings.contains { $0.kind == .orphaned && $0.id == renamed.text })
    }

    @Test func aMissingRefsFileAndAnOrphan() throws {
        var (w, ids) = fixture()
        w.files[ids.summaries[0].refsPath] = nil
        w.add(Array("left over from a merge".utf8))
        let report = verify(w)
        #expect(report.findings.map(\.kind).sorted { $0.rawValue < $1.rawValue } == [.missingRefs, .orphaned])
        #expect(report.verdict == .damaged)
        // An orphan alone is not damage.
        var (clean, _) = fixture()
        clean.add(Array("left over from a merge".utf8))
        #expect(verify(clean).verdict == .intact)
        #expect(verify(clean).findings.map(\.kind) == [.orphaned])
    }

    /// Ids chosen by hand name each other in a loop: not hashes (altered), and the
    /// walk ends.
    @Test func aCycleEnds() throws {
        let a = XCResultObjectID(digest: [UInt8](repeating: 1, count: 64))
        let b = XCResultObjectID(digest: [UInt8](repeating: 2, count: 64))
        var w = XCResultWriter(bundlePath: "")
        w.put(.object("ActionsInvocationRecord", [("next", .reference(b))]), as: a)
        w.put(.object("ActionsInvocationRecord", [("next", .reference(a))]), as: b)
        w.info(root: a)
        let report = verify(w)
        #expect(report.objectCount == 2)
        #expect(report.findings.filter { $0.kind == .altered }.count == 2)
        #expect(!report.findings.contains { $0.kind == .missing || $0.kind == .orphaned })
    }

    @Test func withoutInfoPlistOrRootItIsUnreadable() {
        var (w, _) = fixture()
        w.info(root: nil, rootText: "../../etc/passwd")
        #expect(verify(w).verdict == .unreadable)
        #expect(verify(w).unreadable?.contains("not an object id") == true)
        w.files["Info.plist"] = nil
        #expect(verify(w).verdict == .unreadable)
    }

    @Test(.enabled(if: RealEvidence.isPresent, RealEvidence.absent), arguments: RealXCResult.names)
    func theRealBundlesAreIntact(_ name: String) throws {
        let report = XCResultVerifier.verify(source: try RealXCResult.load(name), bundlePath: "")
        #expect(report.verdict == .intact, "\(report.findings)")
        #expect(report.findings.allSatisfy { $0.kind == .orphaned })
        #expect(report.sizeByFolder.first { $0.name == "logs" }.map { $0.objects > 0 } == true)
    }
}
