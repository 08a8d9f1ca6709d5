import Testing

@testable import ExhibitCore

@Suite struct FolderObjectTests {
    let ids = (0..<3).map { XCResultObjectID(digest: BLAKE2b.hash([UInt8($0)])) }

    @Test func entriesPairWithTheRefsInOrder() throws {
        let json =
            #"[{"name":"Session-VaultTests-2026-11-03_100005-a1B2c3.log","type":1},{"name":"iPhone 16_UDID","type":2},{"name":"scheduling.log","type":1}]"#
        let folder = try FolderObject.parse(Array(json.utf8), children: ids)
        #expect(folder.entries.map(\.name) == ["Session-VaultTests-2026-11-03_100005-a1B2c3.log", "iPhone 16_UDID", "scheduling.log"])
        #expect(folder.entries.map(\.isFolder) == [false, true, false])
        #expect(folder.entries.map(\.id) == ids)
        #expect(try FolderObject.parse(Array("[]".utf8), children: []).entries.isEmpty)
    }

    @Test(arguments: [
        #"[{"name":"a","type":1}]"#, #"[{"name":"..","type":2},{"name":"b","type":1},{"name":"c","type":1}]"#,
        #"[{"name":"a/b","type":1},{"name":"b","type":1},{"name":"c","type":1}]"#,
        #"[{"name":"a","type":3},{"name":"b","type":1},{"name":"c","type":1}]"#, #"{"name":"a"}"#, "[", "",
    ])
    func rejectsWhatIsNotAListingOfItsRefs(_ json: String) {
        #expect(throws: FolderObject.Failure.self) { try FolderObject.parse(Array(json.utf8), children: ids) }
    }

    /// The Xcode version is the first line of the session log in the Diagnostics folder.
    @Test func xcodeVersionComesFromTheSessionLog() throws {
        var writer = XCResultWriter()
        let log = writer.add(Array("Xcode version: 26.1.1 (17B100)\n10:00:05.200 xcodebuild[1:2] started\n".utf8))
        let other = writer.add(Array("Test Suite 'All tests' started".utf8))
        let inner = writer.add(Array(#"[{"name":"Session-VaultTests-2026-11-03_100005-a1B2c3.log","type":1}]"#.utf8), children: [log])
        let diagnostics = writer.add(
            Array(#"[{"name":"StandardOutputAndStandardError.txt","type":1},{"name":"VaultTests-1","type":2}]"#.utf8),
            children: [other, inner])
        let root = writer.add(
            .object(
                "ActionsInvocationRecord",
                [
                    (
                        "actions",
                        .array([
                            .object(
                                "ActionRecord",
                                [
                                    (
                                        "actionResult",
                                        .object(
                                            "ActionResult",
                                            [
                                                ("status", .string("succeeded")),
                                                ("diagnosticsRef", .reference(diagnostics)),
                                            ])
                                    )
                                ])
                        ])
                    )
                ]))
        writer.info(root: root)
        let bundle = BundleLoader.load(runID: "run", from: writer.source)
        #expect(bundle.metadata.xcodeVersion == "26.1.1 (17B100)")
        // run.json's own value wins.
        writer.files["run.json"] = Array(#"{"xcodeVersion": "26.1 (17B55)"}"#.utf8)
        #expect(BundleLoader.load(runID: "run", from: writer.source).metadata.xcodeVersion == "26.1 (17B55)")
    }

    /// The real bundles: the version found through the folders is the first line of
    /// the one object in the store that starts with "Xcode version: ".
    @Test(.enabled(if: RealEvidence.isPresent, RealEvidence.absent), arguments: RealXCResult.names)
    func realBundlesGiveTheirXcodeVersion(_ name: String) throws {
        let source = try RealXCResult.load(name)
        var store = XCResultStore(source: source, bundlePath: "")
        var firstLines: Set<String> = []
        for key in source.files.keys where key.hasPrefix("Data/data.") {
            let content = try store.object(try #require(XCResultObjectID(String(key.dropFirst(10)))))
            let line = String(decoding: content.prefix(100).split(separator: 0x0A).first ?? [], as: UTF8.self)
            if line.hasPrefix("Xcode version: ") { firstLines.insert(String(line.dropFirst(15))) }
        }
        #expect(firstLines.count == 1)
        #expect(try RealXCResult.loadBundle(name).metadata.xcodeVersion == firstLines.first)
    }
}
