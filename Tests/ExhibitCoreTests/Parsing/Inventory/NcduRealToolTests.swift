import Foundation
import Testing

@testable import ExhibitCore

/// Exports written by the real ncdu and gdu (issue 14 §2): entries that are not regular
/// files and entries ncdu excluded are no files, a hard link counts its bytes once, and
/// the totals equal what the tools print. Each quirk also has a fixture of our own.
@Suite struct NcduRealToolTests {
    private func read(_ bytes: [UInt8]) throws -> (NcduInventoryReader.Document, [Diagnostic]) {
        var w: [Diagnostic] = []
        let doc = try NcduInventoryReader.readDocument(bytes, file: "container/inventory.json", warnings: &w)
        return (doc, w)
    }

    // MARK: Fixtures of our own (the shapes ncdu 1.18 and gdu 5.22 write)

    /// ncdu 1.18 `-o` of a container with a hard link (both links `hlnkc` with one
    /// `ino`), a symlink, a socket and a FIFO (`notreg`), and a directory matched by
    /// `--exclude` (an object with `excluded`).
    static let ncduQuirks = """
        [1,2,{"progname":"ncdu","progver":"1.18","timestamp":1796116433},
        [{"name":"/tmp/nt/c","asize":4096,"dsize":4096,"dev":65024},
        [{"name":"Documents","asize":4096,"dsize":4096},
        {"name":"a.txt","asize":6,"dsize":4096,"ino":16236877,"hlnkc":true,"nlink":2}],
        [{"name":"Library","asize":4096,"dsize":4096},
        [{"name":"Caches","asize":4096,"dsize":4096},
        {"name":"a-link.txt","asize":6,"dsize":4096,"ino":16236877,"hlnkc":true,"nlink":2}],
        {"name":"sym","asize":18,"notreg":true}],
        {"name":"sock","notreg":true},
        {"name":"tmp-fifo","notreg":true},
        [{"name":"other-disk","asize":4096,"dsize":4096,"dev":65025},
        {"name":"same-ino","asize":6,"dsize":4096,"ino":16236877,"hlnkc":true,"nlink":2}],
        {"name":"skipme","dev":0,"excluded":"pattern"},
        {"name":"proc","excluded":"kernfs"},
        {"name":"mnt","excluded":"otherfs"}]]
        """

    @Test func notRegularAndExcludedEntriesAreNoFilesAndHardLinksCountOnce() throws {
        let (doc, w) = try read(Array(Self.ncduQuirks.utf8))
        #expect(w.isEmpty, "\(w)")
        let inv = doc.inventory
        #expect(String(decoding: doc.rootName, as: UTF8.self) == "/tmp/nt/c")
        // a.txt, a-link.txt and same-ino (same inode number on another device) are files.
        #expect(inv.totalFiles == 3)
        let link = try #require(inv.lookup("Library/Caches/a-link.txt"))
        #expect(inv.isHardLinkRepeat(link) && inv.countsAsFile(link) && inv.size(link) == 6)
        #expect(!inv.isHardLinkRepeat(try #require(inv.lookup("Documents/a.txt"))))
        #expect(!inv.isHardLinkRepeat(try #require(inv.lookup("other-disk/same-ino"))))
        // Six directories of 4096, a.txt and same-ino once each, the symlink's 18 bytes.
        #expect(inv.totalBytes == 4096 * 5 + 6 + 6 + 18)
        #expect(inv.totalDiskSize(Inventory.root) == 4096 * 5 + 4096 * 2)
        #expect(inv.totalSize(try #require(inv.lookup("Library"))) == 4096 * 2 + 18)
        for name in ["Library/sym", "sock", "tmp-fifo"] {
            let id = try #require(inv.lookup(name))
            #expect(!inv.countsAsFile(id) && inv.kindDescription(id).hasPrefix("not a regular file"))
        }
        let kinds = ["skipme": Inventory.ScanExclusion.pattern, "proc": .kernelFilesystem, "mnt": .otherFilesystem]
        for (name, kind) in kinds {
            let id = try #require(inv.lookup(name))
            #expect(inv.scanExclusion(id) == kind && !inv.countsAsFile(id) && inv.kindDescription(id).hasPrefix("excluded from the scan"))
        }
        #expect(inv.kindDescription(link).contains("hard link"))
    }

    /// gdu writes `hlnkc` and `ino` only on the links after the first, no directory
    /// sizes, and FIFOs as plain entries without `notreg`.
    @Test func gduMarksOnlyTheLaterLinks() throws {
        let gdu = """
            [1,2,{"progname":"gdu","progver":"5.22.0-1+b1","timestamp":1796116434},
            [{"name":"/tmp/nt/c","mtime":1796116433},
            [{"name":"Library","mtime":1796116433},
            {"name":"sym","asize":18,"mtime":1796116433,"notreg":true},
            [{"name":"Caches","mtime":1796116433},
            {"name":"a-link.txt","asize":6,"dsize":4096,"mtime":1796116433,"ino":16236877,"hlnkc":true}]],
            [{"name":"Documents","mtime":1796116433},
            {"name":"a.txt","asize":6,"dsize":4096,"mtime":1796116433}],
            {"name":"tmp-fifo","mtime":1796116433}]]
            """
        let (doc, w) = try read(Array(gdu.utf8))
        #expect(w.isEmpty)
        let inv = doc.inventory
        #expect(inv.isHardLinkRepeat(try #require(inv.lookup("Library/Caches/a-link.txt"))))
        #expect(!inv.isHardLinkRepeat(try #require(inv.lookup("Documents/a.txt"))))
        #expect(inv.totalBytes == 6 + 18 && inv.totalDiskSize(Inventory.root) == 4096)
        // The FIFO is indistinguishable from an empty file in a gdu export.
        #expect(inv.totalFiles == 3)
    }

    // MARK: The real tools

    /// A container holding every kind the readers must tell apart.
    private func makeContainer() throws -> URL {
        let root = try RealTool.temporaryDirectory("ncdu")
        let fm = FileManager.default
        for dir in ["Documents", "Library/Caches", "Library/Application Support/Models", "tmp", "skipme"] {
            try fm.createDirectory(at: root.appendingPathComponent(dir), withIntermediateDirectories: true)
        }
        try Data(repeating: 0x61, count: 5000).write(to: root.appendingPathComponent("Documents/vault.sqlite"))
        try Data(repeating: 0x62, count: 70_000).write(to: root.appendingPathComponent("Library/Application Support/Models/m.bin"))
        try Data().write(to: root.appendingPathComponent("tmp/empty.tmp"))
        try Data(repeating: 0x63, count: 12_000).write(to: root.appendingPathComponent("skipme/big.bin"))
        try fm.linkItem(
            at: root.appendingPathComponent("Library/Application Support/Models/m.bin"),
            to: root.appendingPathComponent("Library/Caches/m-link.bin"))
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("Library/latest").path, withDestinationPath: "../Documents/vault.sqlite")
        _ = try RealTool.run("mkfifo", [root.appendingPathComponent("tmp/pipe").path])
        return root
    }

    private func findFileCount(_ dir: String) throws -> Int {
        let out = try RealTool.run("find", [dir, "-type", "f", "-print0"])
        #expect(out.status == 0 || !out.stderr.isEmpty)
        return out.stdout.filter { $0 == 0 }.count
    }

    private func ncduExport(_ dir: String, extra: [String] = []) throws -> [UInt8] {
        let out = try RealTool.run("ncdu", ["-0", "-o", "-"] + extra + [dir])
        #expect(out.status == 0, "\(out.stderr)")
        return out.stdout
    }

    /// ncdu's footer, read back through its own UI, against the inventory's totals
    /// formatted the way ncdu formats them.
    private func expectNcduFooter(for export: [UInt8], matches inv: Inventory) throws {
        let file = try RealTool.temporaryDirectory("footer").appendingPathComponent("export.json")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        try Data(export).write(to: file)
        let footer = try #require(try RealTool.ncduFooter(of: file), "ncdu showed no footer")
        let squeezed = footer.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        let expected =
            "Total disk usage: \(RealTool.ncduSize(inv.totalDiskSize(Inventory.root))) Apparent size: \(RealTool.ncduSize(inv.totalBytes)) Items: \(inv.count - 1)"
        #expect(squeezed == expected)
    }

    @Test(.enabled(if: RealTool.installed("ncdu", "find", "mkfifo"), RealTool.absent("ncdu", "find", "mkfifo")))
    func realNcduExportOfAContainerWithEveryKind() throws {
        let root = try makeContainer()
        defer { try? FileManager.default.removeItem(at: root) }
        let export = try ncduExport(root.path, extra: ["--exclude", "skipme"])
        let (doc, w) = try read(export)
        #expect(w.isEmpty, "\(w)")
        let inv = doc.inventory
        #expect(String(decoding: doc.rootName, as: UTF8.self) == root.path)
        // find counts skipme/big.bin, which ncdu was told not to look into.
        let found = try findFileCount(root.path)
        #expect(inv.totalFiles == found - 1)
        #expect(inv.scanExclusion(try #require(inv.lookup("skipme"))) == .pattern)
        let pipe = try #require(inv.lookup("tmp/pipe"))
        let symlink = try #require(inv.lookup("Library/latest"))
        #expect(!inv.countsAsFile(pipe) && !inv.countsAsFile(symlink))
        let links = try ["Library/Application Support/Models/m.bin", "Library/Caches/m-link.bin"].map { try #require(inv.lookup($0)) }
        #expect(links.filter { inv.isHardLinkRepeat($0) }.count == 1)
        #expect(inv.totalSize(try #require(inv.lookup("Library"))) < 2 * 70_000)
        if RealTool.installed("tmux") { try expectNcduFooter(for: export, matches: inv) }
    }

    /// The test tree: every regular file of /usr/share, and the totals ncdu
    /// shows for the same export.
    @Test(
        .enabled(
            if: RealTool.installed("ncdu", "find") && FileManager.default.fileExists(atPath: "/usr/share"),
            RealTool.absent("ncdu", "find")))
    func realNcduExportOfUsrShareCountsWhatFindCounts() throws {
        let export = try ncduExport("/usr/share")
        let (doc, _) = try read(export)
        let found = try findFileCount("/usr/share")
        #expect(doc.inventory.totalFiles == found)
        #expect(String(decoding: doc.rootName, as: UTF8.self) == "/usr/share")
        if RealTool.installed("tmux") { try expectNcduFooter(for: export, matches: doc.inventory) }
    }

    /// gdu: the same file count as find (there are no FIFOs in /usr/share), and the
    /// totals gdu prints for its own export. gdu's export gives directories no size,
    /// while gdu's own totals count 4096 bytes for each (exhibit-bundle(5)).
    @Test(
        .enabled(
            if: RealTool.installed("gdu", "find") && FileManager.default.fileExists(atPath: "/usr/share"),
            RealTool.absent("gdu", "find")))
    func realGduExportOfUsrShareMatchesGdusOwnTotals() throws {
        let dir = try RealTool.temporaryDirectory("gdu")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("export.json")
        let scan = try RealTool.run("gdu", ["-n", "-p", "-o", file.path, "/usr/share"])
        #expect(scan.status == 0, "\(scan.stderr)")
        let (doc, w) = try read([UInt8](try Data(contentsOf: file)))
        #expect(w.isEmpty, "\(w.prefix(3))")
        let inv = doc.inventory
        let found = try findFileCount("/usr/share")
        #expect(inv.totalFiles == found)
        func gduTotal(_ extra: [String]) throws -> UInt64? {
            let out = try RealTool.run("gdu", ["-n", "-p", "-s", "--no-prefix"] + extra + ["-f", file.path])
            return out.text.split(separator: " ").first.flatMap { UInt64($0) }
        }
        // gdu's own totals count 4096 bytes for every directory, which its export
        // does not write: exhibit's totals are the files' alone.
        let directories = (0..<inv.count).filter { inv.isDirectory($0) }
        #expect(directories.allSatisfy { inv.size($0) == 0 && inv.diskSize($0) == 0 })
        let disk = try gduTotal([])
        let apparent = try gduTotal(["-a"])
        #expect(disk == inv.totalDiskSize(Inventory.root) + 4096 * UInt64(directories.count))
        #expect(apparent == inv.totalBytes + 4096 * UInt64(directories.count))
    }

    @Test(.enabled(if: RealTool.installed("gdu", "mkfifo"), RealTool.absent("gdu", "mkfifo")))
    func realGduExportOfAContainerCountsHardLinksOnce() throws {
        let root = try makeContainer()
        defer { try? FileManager.default.removeItem(at: root) }
        let out = try RealTool.run("gdu", ["-n", "-p", "-o", "-", root.path])
        let (doc, _) = try read(out.stdout)
        let inv = doc.inventory
        let links = try ["Library/Application Support/Models/m.bin", "Library/Caches/m-link.bin"].map { try #require(inv.lookup($0)) }
        #expect(links.filter { inv.isHardLinkRepeat($0) }.count == 1)
        let symlink = try #require(inv.lookup("Library/latest"))
        #expect(inv.totalBytes == 5000 + 70_000 + 12_000 + inv.size(symlink))
    }
}
