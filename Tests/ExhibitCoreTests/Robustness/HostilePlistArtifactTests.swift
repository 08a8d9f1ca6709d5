import Testing

@testable import ExhibitCore

/// Every property list a bundle holds (each row of the artifact table whose syntax is
/// a property list, and a result bundle's own Info.plist) replaced in a whole bundle by
/// one built to nest too deep or to expand beyond its size: the load finishes, the file
/// is malformed with a diagnostic naming it, the byte offset or line, and what was
/// expected, and every other file loads as before. None reaches a recursive parser.
@Suite struct HostilePlistArtifactTests {
    /// The background-tasks sample (results/Info.plist, app/Info.plist, a binary
    /// preference copy) with a result bundle in the real format beside it.
    static let run: SampleRun = {
        var files = SampleRun("run-2026-11-08-background-tasks").files
        var w = XCResultWriter()
        XCResultFixture(actions: [.init(runs: [XCResultFixture.Run(identifier: "T/testA()", status: "Success")])]).write(into: &w)
        files.merge(w.files) { a, _ in a }
        return SampleRun(name: "plists", files: files)
    }()

    /// Each property list of the run: every file of a plist row, and the result bundle's Info.plist.
    static let plistFiles: [String] = run.files.keys.filter { file in
        EvidenceArtifact.row(for: file)?.syntax == .propertyList || file.hasSuffix(".xcresult/Info.plist")
    }.sorted()

    /// Each one a dictionary at the top, as every plist of a bundle is (one whose top is
    /// anything else is refused there, before its bounds are reached), holding the
    /// hostile part under a key.
    static func hostile() -> [(label: String, bytes: [UInt8])] {
        let depth = 10_000
        let deepXML =
            "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict><key>a</key>" + String(repeating: "<array>", count: depth)
            + String(repeating: "</array>", count: depth) + "</dict></plist>\n"
        var deepBinary = BinaryPlistBuilder()
        var below = deepBinary.boolean(true)
        for _ in 0..<(PropertyListLimits.standard.maximumDepth * 4) { below = deepBinary.array([below]) }
        let deepTop = deepBinary.dictionary(keys: [deepBinary.ascii("a")], values: [below])
        var cycle = BinaryPlistBuilder()
        _ = cycle.array([0])
        let cycleTop = cycle.dictionary(keys: [cycle.ascii("a")], values: [0])
        return [
            ("10,000-deep XML", Array(deepXML.utf8)),
            ("\(PropertyListLimits.standard.maximumDepth * 4)-deep binary", deepBinary.build(top: deepTop)),
            ("binary expanding to 10^9 values", BinaryPlistBuilder.sharedChildren(levels: 9, width: 10, underKey: "a")),
            ("binary array inside itself", cycle.build(top: cycleTop)),
        ]
    }

    @Test func everyPlistRowIsHere() {
        let rows = Set(Self.plistFiles.compactMap { EvidenceArtifact.row(for: $0) })
        #expect(rows == Set(EvidenceArtifact.all.filter { $0.syntax == .propertyList }).union([.resultBundle]))
    }

    @Test(arguments: plistFiles) func aHostilePlistIsDiagnosedWithItsPosition(_ file: String) {
        let pristine = Self.run.load()
        #expect(pristine.status(of: file) == .loaded, "\(file): \(String(describing: pristine.status(of: file)))")
        for (label, bytes) in Self.hostile() {
            let bundle = Self.run.load(replacing: file, with: bytes)
            let context = "\(file) — \(label)"
            guard case .malformed(let d)? = bundle.status(of: file) else {
                Issue.record("\(context): \(String(describing: bundle.status(of: file)))")
                continue
            }
            MalformedEvidenceTests.expectUseful(d, file: file, context: context)
            #expect(
                d.message.contains("nesting") || d.message.contains("limit") || d.message.contains("inside itself"),
                "\(context): \(d)")
            for status in pristine.files where status.file != file && !status.file.hasSuffix(".xcresult/Data") {
                #expect(bundle.status(of: status.file) == status.state, "\(context): \(status.file) changed")
            }
        }
    }
}
