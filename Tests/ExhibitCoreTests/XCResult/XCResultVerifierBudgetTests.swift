import Testing

@testable import ExhibitCore
@testable import ExhibitRules

/// `verify` decodes every object against one budget per bundle, as reading does
/// (review 2026-12-04, repro-2: 40 orphaned 8 KB frames of 255 MiB each were decoded in
/// full, 10 GiB in 30 s, each object on a budget of its own). The objects the root
/// reaches go first; what is left undecoded is listed, and the bundle is then "not
/// fully checked", never intact. Limits are lowered here so the data stays small.
@Suite struct XCResultVerifierBudgetTests {
    typealias Run = XCResultFixture.Run

    /// A bundle with `orphans` objects that nothing names, each `size` zero bytes in a small frame.
    func bundle(orphans: Int, size: Int) -> (XCResultWriter, root: XCResultObjectID, bombs: [XCResultObjectID]) {
        var w = XCResultWriter(bundlePath: "")
        let ids = XCResultFixture(actions: [
            .init(runs: [Run(identifier: "T/testA()", status: "Success"), Run(identifier: "T/testB()", status: "Failure")])
        ]).write(into: &w)
        var bombs: [XCResultObjectID] = []
        for i in 0..<orphans {
            // Distinct contents, so distinct ids; zeros compress a thousandfold.
            bombs.append(w.add([UInt8(i)] + [UInt8](repeating: 0, count: size - 1), compressed: true))
        }
        return (w, ids.root, bombs)
    }

    static let limits = XCResultLimits(perObject: 256 << 10, perBundle: 1 << 20)

    @Test func orphansShareTheBundlesBudgetAndAreListedWhenItRunsOut() throws {
        let (w, _, bombs) = bundle(orphans: 12, size: 200 << 10)
        #expect(bombs.allSatisfy { w.files[$0.dataPath]!.count < 2_000 }, "small on disk")
        let report = XCResultVerifier.verify(source: w.source, bundlePath: "", limits: Self.limits)
        #expect(report.decodedBytes <= UInt64(Self.limits.perBundle), "\(report.decodedBytes)")
        let notDecoded = report.findings.filter { $0.kind == .notDecoded }
        // 12 × 200 KiB is 2.4 MiB: about half fit in 1 MiB with the fixture's own objects.
        #expect(notDecoded.count >= 6 && notDecoded.count < 12, "\(notDecoded.count)")
        #expect(Set(notDecoded.map(\.id)).isSubset(of: Set(bombs.map(\.text))), "the objects the root reaches are decoded first")
        #expect(notDecoded.allSatisfy { $0.detail.hasPrefix("not checked: the bundle's objects decompress to more than 1.0 MiB together") })
        #expect(report.verdict == .incomplete)
        #expect(report.findings.filter { $0.kind == .orphaned }.count == 12, "each is still listed as orphaned")

        let text = XCResultVerifyText.text(report, name: "Run.xcresult", database: "absent")
        #expect(text.hasPrefix("Run.xcresult: not fully checked\n"), "\(text)")
        #expect(text.contains("\n  not decoded    Data/data.0~"), "\(text)")

        // The same bundle under the standard limits: every frame decoded, intact.
        let whole = XCResultVerifier.verify(source: w.source, bundlePath: "")
        #expect(whole.verdict == .intact, "\(whole.findings.filter { $0.kind != .orphaned })")
        #expect(whole.decodedBytes >= 12 * (200 << 10))
    }

    /// A frame stopped at the per-object limit cost the work up to it: charged, so a
    /// row of over-large orphans cannot decode without end either.
    @Test func aFrameRefusedAtTheObjectLimitIsCharged() throws {
        let (w, _, bombs) = bundle(orphans: 10, size: 300 << 10)
        let report = XCResultVerifier.verify(source: w.source, bundlePath: "", limits: Self.limits)
        #expect(report.decodedBytes == UInt64(Self.limits.perBundle), "the work up to each refusal, and no more: \(report.decodedBytes)")
        let notDecoded = report.findings.filter { $0.kind == .notDecoded }
        #expect(notDecoded.count == bombs.count, "each is over 256 KiB: none decodes whole")
        #expect(notDecoded.filter { $0.detail.hasPrefix("decompresses to more than 256 KiB, the limit per object") }.count == 3, "\(notDecoded.map(\.detail))")
        #expect(notDecoded.filter { $0.detail.hasPrefix("not checked: ") }.count == 7, "the fourth meets the rest of the budget")
        #expect(report.verdict == .incomplete)
    }

    /// Damage found outranks frames left undecoded.
    @Test func damageStillSaysDamaged() throws {
        var (w, root, _) = bundle(orphans: 12, size: 200 << 10)
        w.files[root.dataPath]![w.files[root.dataPath]!.count / 2] ^= 0x01
        let report = XCResultVerifier.verify(source: w.source, bundlePath: "", limits: Self.limits)
        #expect(report.verdict == .damaged)
        #expect(report.findings.contains { $0.kind == .notDecoded })
    }
}
