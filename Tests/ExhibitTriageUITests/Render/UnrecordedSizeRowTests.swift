import Testing

@testable import ExhibitCore
@testable import ExhibitTestSupport
@testable import ExhibitTriageUI

/// The violations pane and the details pane never show `0 B` for an entry whose size the
/// scan did not record (ncdu `excluded`, `read_error`).
@Suite struct UnrecordedSizeRowTests {
    static let export = """
        [1,2,{"progname":"ncdu","progver":"1.18","timestamp":1767225700},
        [{"name":"/home/ci/app-data"},
        [{"name":"Documents"},{"name":"Vault.sqlite","asize":81920}],
        [{"name":"tmp"},{"name":"skipped.bin","excluded":"pattern"},{"name":"locked.bin","read_error":true},{"name":"empty.bin","asize":0},
        {"name":"CFNetworkDownload_x.tmp","asize":3}]]]

        """

    @Test func theViolationRowSaysUnknownAndTheDetailsSayWhy() throws {
        var s = EvidenceFixture.state([EvidenceLayout.inventoryJSON: Self.export], rows: 40, cols: 120)
        s.press(.tab)
        let pane = TriageRenderer.render(s, glyphs: .ascii).text
        let rows = pane.split(separator: "\n")
        let skipped = try #require(rows.first { $0.contains("tmp/skipped.bin") })
        #expect(skipped.contains("  unknown  tmp/skipped.bin"), "\(pane)")
        let locked = try #require(rows.first { $0.contains("tmp/locked.bin") })
        #expect(locked.contains("  unknown  tmp/locked.bin"), "\(pane)")
        let empty = try #require(rows.first { $0.contains("tmp/empty.bin") })
        #expect(empty.contains("      0 B  tmp/empty.bin"), "\(pane)")

        let inventory = try #require(s.data.inventory)
        func size(_ path: String) throws -> String {
            let lines = DetailsView.lines(.node(try #require(inventory.lookup(path))), data: s.data, glyphs: .ascii)
            return lines.map { $0.map(\.text).joined() }.first { $0.contains("Size") } ?? ""
        }
        #expect(try size("tmp/skipped.bin").hasSuffix("not recorded (the scan excluded it)"))
        #expect(try size("tmp/locked.bin").hasSuffix("not recorded (the scan could not read it)"))
        #expect(try size("tmp/empty.bin").hasSuffix("0 B"))
    }

    @Test func aTotalThatLeavesSizesOutIsMarked() {
        func label(_ size: UInt64, _ unrecorded: Int, files: Int = 1) -> String {
            var v = Violation(kind: .skippedCleanup, path: "tmp", size: size, reason: "r", fileCount: files)
            v.unrecordedSizes = unrecorded
            return SizeLabel.text(of: v)
        }
        #expect(label(4096, 0) == "4.0 KiB")
        #expect(label(0, 1) == "unknown")
        #expect(label(4096, 1) == "4.0 KiB+")
        #expect(label(0, 1, files: 3) == "0 B+")
        #expect(label(1_048_000_000, 2) == "999.5MiB+")
    }

    /// The diff view's details of a new violation say it too.
    @Test func theComparedViolationsDetailsSayIt() {
        var v = Violation(kind: .skippedCleanup, path: "tmp/skipped.bin", size: 0, reason: "left in tmp/")
        v.unrecordedSizes = 1
        let row = DiffView.Row(item: .violation(v, fixed: false), deltaBytes: 0, shrank: false, path: v.path)
        let text = DetailsView.comparedLines(row, since: "base", glyphs: .ascii).map { $0.map(\.text).joined() }
        #expect(text.contains { $0.contains("Size") && $0.hasSuffix("size not recorded") }, "\(text)")
        #expect(!text.contains { $0.contains("0 B") }, "\(text)")
    }

    /// A budget row's total: `unknown` with no size recorded below it, `N+` (a lower
    /// bound) with some missing, the size when all were recorded.
    @Test func aBudgetTotalOfUnrecordedSizesIsUnknownOrALowerBound() {
        var b = DirectoryBudget(directory: "tmp", bytes: 0, budget: 1_024)
        #expect(SizeLabel.text(of: b) == "0 B")
        b.unrecordedSizes = 2
        #expect(SizeLabel.text(of: b) == "unknown")
        #expect(b.isOverKnown == false)
        b.bytes = 4_096
        #expect(SizeLabel.text(of: b) == "4.0 KiB+")
        #expect(b.isOver && b.isOverKnown == true)
    }
}
