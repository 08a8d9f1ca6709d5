import Testing

@testable import ExhibitCore
@testable import ExhibitRules
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

    /// An ncdu item whose size was not usable: the details say the inventory gave none
    /// (not sizes.txt, which an ncdu run has not), and a folder's own size, not what it holds.
    @Test func anUnusableNcduSizeIsSaidAsTheInventorysNotSizesTxts() throws {
        let export = """
            [1,2,{"progname":"ncdu","progver":"1.18"},
            [{"name":"/c"},
            [{"name":"Library","asize":-5},{"name":"a.bin","asize":-1},{"name":"b.bin","asize":2048}]]]

            """
        let s = EvidenceFixture.state([EvidenceLayout.inventoryJSON: export], rows: 40, cols: 120)
        let inventory = try #require(s.data.inventory)
        func size(_ path: String) throws -> String {
            let lines = DetailsView.lines(.node(try #require(inventory.lookup(path))), data: s.data, glyphs: .ascii)
            return lines.map { $0.map(\.text).joined() }.first { $0.contains("Size") } ?? ""
        }
        #expect(try size("Library/a.bin").hasSuffix("not recorded (the inventory gives no usable size)"))
        let library = try size("Library")
        #expect(library.hasSuffix("at least 2.0 KiB (2048 B); its own size was not recorded (the inventory gives no usable size)"), "\(library)")
        #expect(!library.contains("sizes.txt"))
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

    /// The diff view's details of an added, removed or moved file, or a flag change, whose
    /// size was not recorded say so, as the row's `unknown` does.
    @Test func theComparedFilesDetailsSayASizeNotRecorded() {
        func sizeLines(_ item: DiffView.Row.Item) -> [String] {
            let row = DiffView.Row(item: item, deltaBytes: 0, shrank: false, path: "tmp/x")
            return DetailsView.comparedLines(row, since: "base", glyphs: .ascii).map { $0.map(\.text).joined() }.filter {
                $0.contains("Size") || $0.contains("Base size")
            }
        }
        var added = InventoryDiff.Entry(change: .added, path: "tmp/x", baseSize: nil, size: 0, step: nil, violations: [])
        added.sizeNotRecorded = true
        #expect(sizeLines(.file(added)).allSatisfy { $0.hasSuffix("not recorded") } && !sizeLines(.file(added)).isEmpty)
        var removed = InventoryDiff.Entry(change: .removed, path: "tmp/x", baseSize: 0, size: nil, step: nil, violations: [])
        removed.sizeNotRecorded = true
        #expect(sizeLines(.file(removed)).count == 1 && sizeLines(.file(removed)).allSatisfy { $0.hasSuffix("not recorded") })
        var move = InventoryDiff.Move(
            path: "Documents/x", basePath: "tmp/x", area: .documents, baseArea: .tmp, baseSize: 4096, size: 0, step: nil, violations: [])
        move.sizeNotRecorded = true
        let moved = sizeLines(.move(move))
        #expect(moved.first?.hasSuffix("not recorded") == true && moved.last?.hasSuffix("not recorded") == false, "\(moved)")
        #expect(!(sizeLines(.file(added)) + moved).contains { $0.hasSuffix(" 0 B") })
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
