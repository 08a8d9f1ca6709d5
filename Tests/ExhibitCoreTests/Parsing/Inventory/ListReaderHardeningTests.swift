import Foundation
import Testing

@testable import ExhibitCore

/// The path-list form against the review of 2026-12-05 (defects 3 to 7): a list naming
/// nothing, absolute paths whose container is not where the first top-level name is, a
/// tree taken at the wrong directory, a NUL that turns a newline list into one record,
/// the container's own exclusion flag, and lists cut short. Each case has an honest twin.
@Suite struct ListReaderHardeningTests {
    private func read(
        _ files: [UInt8], sizes: String? = nil, excluded: [UInt8]? = nil, xattr: String? = nil, chunkSize: Int = .max
    ) throws(Diagnostic) -> (FileListInventory, [Diagnostic]) {
        var w: [Diagnostic] = []
        let r = try FileListInventoryReader.read(
            files: .whole(ArtifactBytes(file: "container/files.txt", bytes: files), chunkSize: chunkSize),
            companion: { which in
                switch which {
                case .sizes: sizes.map { .whole(ArtifactBytes(file: "container/sizes.txt", bytes: Array($0.utf8)), chunkSize: chunkSize) }
                case .excluded: excluded.map { .whole(ArtifactBytes(file: "container/excluded.txt", bytes: $0), chunkSize: chunkSize) }
                case .xattr: nil
                }
            },
            xattr: { xattr.map { ArtifactBytes(file: "container/xattr.txt", bytes: Array($0.utf8)) } }, warnings: &w)
        return (r, w)
    }

    private func read(_ files: String, sizes: String? = nil, excluded: String? = nil, xattr: String? = nil) throws(Diagnostic) -> (
        FileListInventory, [Diagnostic]
    ) {
        try read(Array(files.utf8), sizes: sizes, excluded: excluded.map { Array($0.utf8) }, xattr: xattr)
    }

    private func load(_ files: [String: [UInt8]]) -> EvidenceBundle {
        BundleLoader.load(runID: "r", from: MemoryEvidenceSource(files))
    }

    // MARK: - 3: a list naming nothing in the container

    /// A CI step that wrote nothing, or only `find .`'s own line, is no evidence of an
    /// empty container (`find .` always prints Documents, Library and tmp): malformed,
    /// named with its position, so `check` has no inventory to pass on.
    @Test(arguments: [
        ("", "the file is empty"), ("\u{FEFF}", "the file is empty"), ("\n\n\r\n", "holds only blank lines"),
        (".\n", "only the container itself"), ("./\n.\n\n", "only the container itself"), (".\u{0}", "only the container itself"),
    ])
    func aListNamingNothingInTheContainerIsMalformed(_ text: String, _ why: String) throws {
        do {
            _ = try read(text)
            Issue.record("\(text.debugDescription) was read")
        } catch {
            #expect(error.description.hasPrefix("container/files.txt:1:1: error: expected container paths"), "\(error)")
            #expect(error.message.contains(why), "\(error)")
        }
        let bundle = load(["container/files.txt": Array(text.utf8)])
        #expect(bundle.inventory == nil)
        guard case .malformed? = bundle.status(of: "container/files.txt") else {
            Issue.record("files.txt is \(String(describing: bundle.status(of: "container/files.txt")))")
            return
        }
    }

    @Test func oneEntryBesideTheContainersOwnLineIsAnInventory() throws {
        let (r, w) = try read(".\n./tmp\n")
        #expect(r.inventory.lookup("tmp") != nil && w.isEmpty, "\(w)")
    }

    // MARK: - 4: where the container starts in absolute paths

    /// `find "$C"` on a CI Mac: the container copied under a directory whose path holds a
    /// top-level name of a container itself (the home's Library, /tmp). Cut before the
    /// first such name, the whole container landed in Library/Caches or tmp.
    @Test(arguments: [
        "/Users/ci/Library/Caches/job-1/container", "/private/tmp/job/container", "/tmp/job/container", "/var/folders/x/T/tmp/Documents/run/c",
        "~/Library/Caches/c",
    ])
    func theContainerIsWhereTheListsPathsShowIt(_ c: String) throws {
        for firstLineIsTheContainer in [false, true] {
            let list =
                (firstLineIsTheContainer ? "\(c)\n" : "")
                + "\(c)/Documents/Cache.db\n\(c)/Library/Application Support/Downloads/big.pack\n\(c)/tmp/leftover.tmp\n"
            let sizes = "50000\t\(c)/Documents/Cache.db\n10\t\(c)/tmp/leftover.tmp\n"
            let (r, w) = try read(list, sizes: sizes, excluded: "\(c)/Library/Application Support/Downloads/big.pack\n")
            #expect(r.strippedPrefix == c, "\(w)")
            let inv = r.inventory
            #expect(inv.children(Inventory.root).map { inv.name($0) } == ["Documents", "Library", "tmp"], "\(c)")
            #expect(inv.size(try #require(inv.lookup("Documents/Cache.db"))) == 50_000)
            #expect(inv.isExcludedOwn(try #require(inv.lookup("Library/Application Support/Downloads/big.pack"))))
            #expect(r.flagDoubts.isEmpty)
            #expect(!w.contains { $0.message.contains("do not show which directory") }, "\(w)")
            #expect(
                w.filter { $0.file == "container/files.txt" }.map(\.message) == ["absolute paths leaked into the artifact; container prefix \"\(c)\" removed"])
        }
    }

    /// One path cannot say which of two directories is the container: the deepest is
    /// taken (a CI home's Library is more common than a container holding Library/Caches/tmp),
    /// and the warning names the choices and the line.
    @Test(arguments: [
        ("/c/Library/Caches/tmp/x", "/c/Library/Caches", "tmp/x"),
        ("/Users/ci/Library/Caches/job/c/Documents/a", "/Users/ci/Library/Caches/job/c", "Documents/a"),
    ])
    func aContainerOnePathCannotPlaceIsSaidSo(_ path: String, _ prefix: String, _ rest: String) throws {
        let (r, w) = try read("./ignored-relative\n\(path)\n")
        #expect(r.strippedPrefix == prefix)
        #expect(r.inventory.lookup(rest) != nil)
        let note = try #require(w.first { $0.message.contains("do not show which directory") }, "\(w)")
        #expect(note.position?.line == 2)
        #expect(note.message.contains("taken at the deepest, \"\(prefix)\""))
    }

    /// Two top-level names after one directory settle it; the simulator's layout names the
    /// container whatever the paths share; a container at the file system's root is
    /// taken only when nothing else fits.
    @Test func pathsThatShowTheirContainerNeedNoWarning() throws {
        let (a, aw) = try read("/c/Library/Caches/tmp/x\n/c/Documents/a\n")
        #expect(a.strippedPrefix == "/c" && a.inventory.lookup("Library/Caches/tmp/x") != nil && aw.count == 1, "\(aw)")
        let sim = "/Users/ci/Library/Developer/CoreSimulator/Devices/D/data/Containers/Data/Application/U1"
        let (s, sw) = try read("\(sim)/Library/Caches/tmp/x\n")
        #expect(s.strippedPrefix == sim && s.inventory.lookup("Library/Caches/tmp/x") != nil && sw.count == 1, "\(sw)")
        let (root, rw) = try read("/Documents/a\n/tmp/b\n")
        #expect(root.inventory.lookup("Documents/a") != nil && root.inventory.lookup("tmp/b") != nil, "\(rw)")
        // Two containers: the first one's, the other's lines skipped, as before.
        let (two, tw) = try read("\(sim)/Documents/a\n\(sim.dropLast())2/Documents/b\n")
        #expect(two.strippedPrefix == sim && two.inventory.totalFiles == 1)
        #expect(tw.contains { $0.message.contains("under another container") })
    }

    /// An inventory whose top level holds none of a container's names, in either form:
    /// said against its file and listed as not checked, so `check` does not pass on it.
    @Test func anInventoryTakenAtAnotherDirectoryIsNotAContainer() throws {
        let uuid = "0E7A3C51-2B9D-4F86-A1C4-7D3E9F0B2A68"
        let json =
            #"[1,2,{"progname":"ncdu","progver":"1.18"},[{"name":"/Users/ci/Library/Developer/CoreSimulator/Devices/D/data/Containers/Data/Application"},"#
            + #"[{"name":"\#(uuid)"},[{"name":"Documents"},{"name":"Cache.db","asize":5}],[{"name":"tmp"},{"name":"x","asize":1}]]]]"#
        let forms: [(file: String, files: [String: [UInt8]])] = [
            ("container/inventory.json", ["container/inventory.json": Array(json.utf8)]),
            ("container/files.txt", ["container/files.txt": Array("./\(uuid)/Documents/Cache.db\n./\(uuid)/tmp/x\n".utf8)]),
            ("container/files.txt", ["container/files.txt": Array("./Caches/x\n./Preferences/p.plist\n".utf8)]),
            ("container/inventory.json", ["container/inventory.json": Array(#"[1,2,{"progname":"exhibit-collect"},[{"name":"/c"}]]"#.utf8)]),
        ]
        for form in forms {
            let bundle = load(form.files)
            let inventory = try #require(bundle.inventory)
            #expect(inventory.notAnAppDataContainer != nil)
            #expect(bundle.diagnostics.contains { $0.file == form.file && $0.severity == .warning && $0.message.contains("none of Documents, Library, tmp") })
            let unchecked = UncheckedEvidence.assess(bundle)
            #expect(unchecked.map(\.kind) == [.notAContainer], "\(unchecked)")
            #expect(unchecked.allSatisfy { $0.voidsFindings })
            #expect(unchecked.first?.reason.hasPrefix(form.file + ": the top level holds none") == true)
        }
        // Tiny containers are containers: one top-level name is enough.
        for files in ["./tmp/x\n", "./Documents/a\n", "./Library/Caches/c\n", "./.com.apple.mobile_container_manager.metadata.plist\n", "./SystemData/x\n"] {
            let bundle = load(["container/files.txt": Array(files.utf8)])
            #expect(bundle.inventory?.notAnAppDataContainer == nil, "\(files)")
            #expect(UncheckedEvidence.assess(bundle).isEmpty, "\(files)")
        }
        let wrong = try #require(load(forms[0].files).inventory?.notAnAppDataContainer)
        #expect(wrong.contains("it holds \"\(uuid)\""))
    }

    // MARK: - 5: a NUL in a newline list

    /// repro 5: one NUL at the end made the four lines one record, one file deep in
    /// Library/Caches, and check passed. A record holding a line feed is warned and the
    /// list is in doubt, in files.txt (the entries) and in excluded.txt (the flags).
    @Test func aNulDelimitedRecordHoldingALineFeedPutsTheListInDoubt() throws {
        let nulf = Array(
            "./Library/Caches/com.example.vault/Cache.db\n./Documents/Cache.db\n./tmp/leftover\n./Library/Application Support/Downloads/big.pack".utf8)
        for chunk in [1, 7, Int.max] {
            let (r, w) = try read(nulf + [0], chunkSize: chunk)
            #expect(r.inventory.totalFiles == 1)
            #expect(r.listDoubt == InventoryListDoubt(file: "container/files.txt", lineFeedRecords: 1, firstLineFeedRecord: 1))
            #expect(w.map(\.position?.line) == [1] && w[0].message.contains("holds a line feed"), "\(w)")
        }
        let bundle = load(["container/files.txt": nulf + [0]])
        #expect(UncheckedEvidence.assess(bundle).map(\.kind) == [.listInDoubt])

        // find -print0 without such a name: nothing in doubt.
        let (clean, cw) = try read(Array("./Documents/a\u{0}./tmp/b\u{0}".utf8))
        #expect(clean.listDoubt == nil && cw.isEmpty && clean.inventory.totalFiles == 2)

        let (flags, fw) = try read(
            Array("./Documents/a\n./tmp/b\n".utf8), excluded: Array("./Documents/a\n./tmp/b\u{0}".utf8))
        #expect(flags.flagDoubts == [FlagRecordDoubt(file: "container/excluded.txt", lines: 1, firstLine: 1)], "\(fw)")

        // Beside inventory.json (BackupFlagMerge) the same.
        let merged = load([
            "container/inventory.json": Array(#"[1,2,{"progname":"ncdu"},[{"name":"/c"},[{"name":"Documents"},{"name":"a"}]]]"#.utf8),
            "container/excluded.txt": Array("./Documents/a\n./tmp/b\u{0}".utf8),
        ])
        #expect(merged.flagRecordDoubts.map(\.firstLine) == [1])
        #expect(merged.diagnostics.contains { $0.file == "container/excluded.txt" && $0.message.contains("holds a line feed") })
    }

    // MARK: - 6: the container's own flag

    /// ncdu JSON's root carries `x_backup_excluded`; the list forms name the container
    /// `.` (find, excluded.txt), `.:` (xattr -rl) or `# file: .` (getfattr -R -d .), or by
    /// its absolute path. The flag lands on node 0 and covers everything.
    @Test(arguments: [
        ("excluded", ".\n"), ("excluded", "./\n"), ("excluded", "/srv/c\n"),
        ("xattr", ".: com.apple.metadata:com_apple_backup_excludeItem: com.apple.MobileBackup\n"),
        ("xattr", "# file: .\nuser.com.apple.metadata:com_apple_backup_excludeItem=\"com.apple.MobileBackup\"\n\n"),
        ("xattr", "# file: srv/c\nuser.com.apple.metadata:com_apple_backup_excludeItem=\"com.apple.MobileBackup\"\n\n"),
    ])
    func theContainersOwnFlagIsRecordedOnItsRoot(_ which: String, _ text: String) throws {
        let files = "/srv/c/Documents/Vault.sqlite\n/srv/c/Library/x\n"
        let (r, w) = which == "excluded" ? try read(files, excluded: text) : try read(files, xattr: text)
        let inv = r.inventory
        #expect(inv.isExcludedOwn(Inventory.root), "\(w)")
        #expect(inv.isExcludedEffective(try #require(inv.lookup("Documents/Vault.sqlite"))))
        #expect(r.flagDoubts.isEmpty && w.count == 1, "\(w)")

        // Without it: nothing excluded.
        let (bare, _) = which == "excluded" ? try read(files, excluded: "") : try read(files, xattr: "# file: srv/c/Library\nuser.other=\"x\"\n\n")
        #expect(!bare.inventory.isExcludedEffective(try #require(bare.inventory.lookup("Documents/Vault.sqlite"))))
    }

    // MARK: - 7: lists cut short

    /// The tools end every record with its delimiter: a last line without one may be cut.
    /// files.txt: warned, and the list in doubt; excluded.txt and xattr.txt: their flags in
    /// doubt; sizes.txt: warned (the files after the cut have no size).
    @Test func aLastLineWithoutItsLineEndIsInDoubt() throws {
        let (files, fw) = try read("Library/Application Support/Downloads/big.pack\nDocuments/Cach")
        #expect(files.listDoubt == InventoryListDoubt(file: "container/files.txt", cutAtLine: 2))
        #expect(
            fw.map(\.description) == [
                "container/files.txt:2:1: warning: the last line has no line end (the tools end every line with one): the list may have been cut there, "
                    + "so the entry it names and any listed after it are in doubt"
            ])
        let (whole, ww) = try read("Library/Application Support/Downloads/big.pack\nDocuments/Cache.db\n")
        #expect(whole.listDoubt == nil && ww.isEmpty)

        let list = "Documents/Vault.sqlite\nLibrary/Application Support/Downloads/big.pack\n"
        let (cut, cw) = try read(list, excluded: "Library/Application Support/Downloads/big.pack\nDocuments/Vault.sql")
        #expect(cut.flagDoubts == [FlagRecordDoubt(file: "container/excluded.txt", lines: 1, firstLine: 2, lastLineCut: true)], "\(cw)")
        let (full, flw) = try read(list, excluded: "Library/Application Support/Downloads/big.pack\nDocuments/Vault.sqlite\n")
        #expect(full.flagDoubts.isEmpty && flw.isEmpty)
        #expect(full.inventory.isExcludedOwn(try #require(full.inventory.lookup("Documents/Vault.sqlite"))))

        // A whole line naming a path a list of directories (`find .`) lacks: in doubt too;
        // beside a `find -type f` list it is taken for an empty excluded directory.
        let (unplaced, uw) = try read(".\n" + list, excluded: "Documents/Vault.sql\nLibrary/Application Support/Downloads/big.pack\n")
        #expect(unplaced.flagDoubts == [FlagRecordDoubt(file: "container/excluded.txt", lines: 1, firstLine: 1)], "\(uw)")
        let (emptyDirectory, ew) = try read(list, excluded: "Documents/Archive\nLibrary/Application Support/Downloads/big.pack\n")
        #expect(emptyDirectory.flagDoubts.isEmpty, "\(ew)")
        #expect(ew.map(\.message).contains { $0.hasSuffix("taken for an empty excluded directory, which a `find -type f` list never names") })

        let (dump, dw) = try read(list, xattr: "./Documents/Vault.sqlite: com.apple.metadata:com_apple_backup_excludeItem: com.apple.Mobile")
        #expect(dump.flagDoubts == [FlagRecordDoubt(file: "container/xattr.txt", lines: 1, firstLine: 1, lastLineCut: true)], "\(dw)")

        let (sizes, sw) = try read(list, sizes: "5\tDocuments/Vault.sqlite\n7\tLibrary/Application Support/Down")
        #expect(sizes.flagDoubts.isEmpty && sizes.listDoubt == nil)
        #expect(sw.contains { $0.file == "container/sizes.txt" && $0.position?.line == 2 && $0.message.contains("the last line has no line end") }, "\(sw)")

        // The loader: doubts reach the bundle and "not checked"; beside inventory.json too.
        let bundle = load([
            "container/files.txt": Array(list.utf8),
            "container/excluded.txt": Array("Library/Application Support/Downloads/big.pack\nDocuments/Vault.sql".utf8),
        ])
        #expect(bundle.flagRecordDoubts == [FlagRecordDoubt(file: "container/excluded.txt", lines: 1, firstLine: 2, lastLineCut: true)])
        let unchecked = UncheckedEvidence.assess(bundle)
        #expect(unchecked.map(\.kind) == [.flagRecord])
        #expect(unchecked.first?.reason.contains("its last line (line 2) has no line end") == true, "\(unchecked)")
        let merged = load([
            "container/inventory.json": Array(#"[1,2,{"progname":"ncdu"},[{"name":"/c"},[{"name":"Documents"},{"name":"Vault.sqlite"}]]]"#.utf8),
            "container/excluded.txt": Array("Documents/Vault.sql".utf8),
        ])
        #expect(merged.flagRecordDoubts == [FlagRecordDoubt(file: "container/excluded.txt", lines: 1, firstLine: 1, lastLineCut: true)])
        let cutList = load(["container/files.txt": Array("Documents/Vault.sqlite\nDocuments/Cach".utf8)])
        #expect(cutList.inventoryListDoubt?.cutAtLine == 2)
        #expect(UncheckedEvidence.assess(cutList).map(\.kind) == [.listInDoubt])
    }

    /// How a walk ends, streamed in any chunks and read ahead: the last record without its
    /// delimiter, with its number and offset, as `TextRecords` finds it in the whole buffer.
    @Test func aWalkSaysWhetherTheLastRecordHadItsDelimiter() throws {
        let long = [UInt8](repeating: UInt8(ascii: "q"), count: TextRecordStream.maximumRecordLength + 5)
        let cases: [([UInt8], (number: Int, offset: Int)?)] = [
            (Array("a\nb".utf8), (2, 2)), (Array("a\n".utf8), nil), ([], nil), ([0xEF, 0xBB, 0xBF], nil), ([0xEF, 0xBB, 0xBF, 0x61], (1, 3)),
            (Array("a\r".utf8), (1, 0)), (Array("a\u{0}b".utf8), (2, 2)), (Array("a\u{0}b\u{0}".utf8), nil), (Array("x\n".utf8) + long, (2, 2)),
            (Array("x\n".utf8) + long + [0x0A], nil),
        ]
        for (bytes, expected) in cases {
            let whole = TextRecords(bytes).unterminatedLastRecord
            #expect(whole?.number == expected?.number && whole?.offset == expected?.offset, "\(bytes.prefix(8))")
            for chunk in [1, 3, Int.max] {
                let list = ListArtifact.whole(ArtifactBytes(file: "l", bytes: bytes), chunkSize: chunk)
                var walked: (number: Int, offset: Int)?
                repeat { walked = try list.forEach { _, _, _ in } } while list.takeDelimiterChange()
                #expect(walked?.number == expected?.number && walked?.offset == expected?.offset, "\(bytes.prefix(8)), chunk \(chunk)")
            }
            // A record of the maximum is moved into every chunk read ahead: large chunks for those.
            #expect(TextRecordStream.disagreement(bytes, chunkSize: 2, readingAhead: bytes.count > 1_000 ? 65_536 : 7) == nil)
        }
    }

    // MARK: - Real tools

    /// The real `find` over a container copied under a directory named like the home's
    /// `Library/Caches` inside the temporary directory (itself often under /tmp): the
    /// absolute listing gives the relative listing's tree.
    @Test(.enabled(if: RealTool.installed("find"), RealTool.absent("find")))
    func realFindOfAContainerCopiedUnderLibraryCachesReadsAsTheRelativeList() throws {
        let base = try RealTool.temporaryDirectory("list-prefix")
        defer { try? FileManager.default.removeItem(at: base) }
        let c = base.appendingPathComponent("Library/Caches/job-1/container")
        for file in ["Documents/Vault.sqlite", "Library/Caches/c.db", "Library/Application Support/Downloads/big.pack", "tmp/x.tmp"] {
            let url = c.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: url)
        }
        let relative = try RealTool.run("sh", ["-c", "cd \"$1\" && find . | LC_ALL=C sort", "sh", c.path])
        let (expected, _) = try read(relative.stdout)
        let sorted = try RealTool.run("sh", ["-c", "find \"$1\" | LC_ALL=C sort", "sh", c.path])
        let (absolute, aw) = try read(sorted.stdout)
        #expect(absolute.inventory == expected.inventory && absolute.strippedPrefix == c.path, "\(aw)")
        for arguments in [[c.path], [c.path, "-type", "f"], [c.path + "/"]] {
            let out = try RealTool.run("find", arguments)
            #expect(out.status == 0)
            let (r, w) = try read(out.stdout)
            #expect(r.strippedPrefix == c.path, "\(arguments): \(w)")
            for path in ["Documents/Vault.sqlite", "Library/Caches/c.db", "Library/Application Support/Downloads/big.pack", "tmp/x.tmp"] {
                #expect(r.inventory.lookup(path) != nil, "\(arguments): \(path)")
            }
        }
        // find -print0: a name holding a line feed is the ambiguity the reader says.
        let plain = try RealTool.run("find", [c.path, "-print0"])
        let (p, pw) = try read(plain.stdout)
        #expect(p.listDoubt == nil && p.inventory.lookup("tmp/x.tmp") != nil, "\(pw)")
        try Data("y".utf8).write(to: c.appendingPathComponent("tmp/two\nlines"))
        let odd = try RealTool.run("find", [c.path, "-print0"])
        let (o, _) = try read(odd.stdout)
        #expect(o.listDoubt?.lineFeedRecords == 1 && o.inventory.lookup("tmp/two\nlines") != nil)
    }

    /// The real `getfattr -R -d .` over a container whose own directory carries the flag.
    @Test(.enabled(if: RealTool.installed("getfattr", "setfattr", "find"), RealTool.absent("getfattr", "setfattr", "find")))
    func realGetfattrOfAFlaggedContainerFlagsItsRoot() throws {
        let base = try RealTool.temporaryDirectory("list-root-flag")
        defer { try? FileManager.default.removeItem(at: base) }
        let c = base.appendingPathComponent("c")
        try FileManager.default.createDirectory(at: c.appendingPathComponent("Documents"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: c.appendingPathComponent("Documents/Vault.sqlite"))
        let set = try RealTool.run("setfattr", ["-n", "user.com.apple.metadata:com_apple_backup_excludeItem", "-v", "com.apple.MobileBackup", c.path])
        guard set.status == 0 else {
            withKnownIssue("the file system under \(base.path) refuses user. attributes") { Issue.record("setfattr: \(set.stderr)") }
            return
        }
        let dump = try RealTool.run("sh", ["-c", "cd \"$1\" && getfattr -R -d -m - .", "sh", c.path])
        #expect(dump.text.hasPrefix("# file: .\n"), "\(dump.text)")
        let list = try RealTool.run("sh", ["-c", "cd \"$1\" && find . -type f", "sh", c.path])
        let (r, w) = try read(list.text, xattr: dump.text)
        #expect(r.inventory.isExcludedOwn(Inventory.root) && r.flagDoubts.isEmpty, "\(w)")
    }
}
