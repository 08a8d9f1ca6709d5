import ExhibitCore
import Testing

/// One test per bug the malformed-evidence corpus and the fuzzers found, in the
/// smallest input that showed it.
@Suite struct ReaderRegressionTests {
    /// An Info.plist error named no position; Foundation's own parser also recursed
    /// without bound on deep XML.
    @Test func infoPlistErrorsArePositioned() throws {
        let cases: [(String, Int)] = [
            ("<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict>\n<key>a</key>\n", 5),
            ("<?xml version=\"1.0\"?>\n" + String(repeating: "<a>", count: 10_000), 2),
            ("<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict>\n<key>a</key>\n</dict>\n</plist>\n", 5),
        ]
        for (text, line) in cases {
            var warnings: [Diagnostic] = []
            let error = #expect(throws: Diagnostic.self) {
                try XCResultInfoReader.read(Array(text.utf8), file: "results/Info.plist", warnings: &warnings)
            }
            let position = try #require(error?.position, "\(String(describing: error))")
            #expect(position.line == line, "\(String(describing: error))")
            #expect(error?.message.contains("expected") == true)
        }
    }

    /// A damaged xattr.txt made files.txt, and with it the whole inventory, fail.
    @Test func damagedXattrCompanionCostsOnlyItsFlags() {
        let bundle = BundleLoader.load(
            runID: "r",
            from: MemoryEvidenceSource(text: [
                EvidenceLayout.filesList: "./Documents/a.txt\n./Library/Caches/b\n",
                EvidenceLayout.xattrDump: "not xattr output\n",
            ]))
        #expect(bundle.status(of: EvidenceLayout.filesList) == .loaded)
        #expect(bundle.inventory?.lookup("Documents/a.txt") != nil)
        guard case .malformed(let d)? = bundle.status(of: EvidenceLayout.xattrDump) else {
            Issue.record("xattr.txt: \(String(describing: bundle.status(of: EvidenceLayout.xattrDump)))")
            return
        }
        #expect(d.file == EvidenceLayout.xattrDump)
        #expect(d.position?.line == 1)
    }

    /// A 10,000-deep path in files.txt took quadratic time (12 s in a debug build);
    /// it is now skipped like ncdu's nesting bound.
    @Test func pathsDeeperThanTheNcduBoundAreSkipped() {
        let deep = String(repeating: "d/", count: 10_000) + "f\n"
        var warnings: [Diagnostic] = []
        let list = try? FileListInventoryReader.read(
            files: ArtifactBytes(file: EvidenceLayout.filesList, bytes: Array(("./Documents/a\n" + deep).utf8)),
            sizes: nil, excluded: nil, xattr: nil, warnings: &warnings)
        #expect(list?.inventory.lookup("Documents/a") != nil)
        #expect(list?.inventory.lookup("d") == nil)
        #expect(warnings.contains { $0.position?.line == 2 && $0.message.contains("deeper than") })
    }

    /// A 10 MB path was copied, escaped, into a 10 MB warning (and into du mismatch
    /// messages unescaped).
    @Test func warningsQuoteAtMostAFewHundredBytes() {
        let long = String(repeating: "\u{1B}x", count: 100_000)
        let bundle = BundleLoader.load(
            runID: "r",
            from: MemoryEvidenceSource(text: [
                EvidenceLayout.filesList: "./Documents/a\n",
                EvidenceLayout.sizesList: "5\t./\(long)\n",
                EvidenceLayout.excludedList: "./\(long)\n",
                EvidenceLayout.duTotals: "9999\t\(long)\n1\t../\(long)\n",
                EvidenceLayout.steps: "s\t/\(long)\ns\tDocuments/a\ns\tDocuments/a\n",
            ]))
        #expect(bundle.diagnostics.count >= 4)
        for d in bundle.diagnostics {
            #expect(d.message.count < 1_000, "\(d.file): \(d.message.count) characters")
            #expect(!d.message.contains("\u{1B}"), "\(d.file): raw ESC")
        }
    }
}
