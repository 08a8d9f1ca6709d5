import Testing

@testable import ExhibitCore
@testable import ExhibitSynthetic

@Suite struct FileListInventoryReaderTests {
    private func art(_ name: String, _ text: String) -> ArtifactBytes { ArtifactBytes(file: "container/" + name, bytes: Array(text.utf8)) }

    private func read(_ files: String, sizes: String? = nil, excluded: String? = nil, xattr: String? = nil) throws(Diagnostic) -> (
        FileListInventory, [Diagnostic]
    ) {
        var w: [Diagnostic] = []
        let r = try FileListInventoryReader.read(
            files: art("files.txt", files), sizes: sizes.map { art("sizes.txt", $0) },
            excluded: excluded.map { art("excluded.txt", $0) }, xattr: xattr.map { art("xattr.txt", $0) }, warnings: &w)
        return (r, w)
    }

    /// The reader walks only the components a line does not share with the last line's
    /// directory, and finds earlier children among the open directories' siblings: the
    /// same lines in any order (sorted, as `find` walks, reversed, shuffled, coming back
    /// to closed directories) give the same tree, the same repeats and the same sizes.
    /// Names that share a prefix without sharing a component (`b`, `b.txt`, `bc`, `b!`).
    @Test(arguments: 0..<6)
    func anyLineOrderGivesTheSameInventory(_ seed: Int) throws {
        let lines = [
            "./a", "./a/b", "./a/b/c", "./a/b.txt", "./a/bc/d", "./a/b!/e", "./a/b/c", "./ab/x", "./a/b/f/g", "./a/bc",
            "./Documents/Résumé/1.pdf", "./Documents/Résumé 2/1.pdf", "./Documents/Résumé/2.pdf", "./Documents/", "./a/b/f/h/i",
            "./a/b/f/h/j", "./Doc/x", "./a/b/c",
        ]
        var orders: [[String]] = [lines, lines.sorted(), lines.sorted().reversed()]
        var random = ExhibitSynthetic.SplitMix64(seed: UInt64(seed))
        for _ in 0..<4 {
            var shuffled = lines
            for i in stride(from: shuffled.count - 1, to: 0, by: -1) { shuffled.swapAt(i, Int(random.next() % UInt64(i + 1))) }
            orders.append(shuffled)
        }
        func shape(_ lines: [String]) throws -> (paths: [String], repeats: [String], sizes: [String]) {
            let sizes = lines.enumerated().map { "\($0.offset)\t\($0.element)" }.joined(separator: "\n")
            let (r, w) = try read(lines.joined(separator: "\n") + "\n", sizes: sizes + "\n")
            let inv = r.inventory
            var paths: [String] = []
            inv.preorder { id in
                guard id != Inventory.root else { return }
                paths.append(inv.path(id) + (inv.isDirectory(id) ? "/" : "") + (inv.isDuplicate(id) ? " (duplicate)" : ""))
            }
            // The last line naming a path sets its size: the same path wherever the order put it.
            let sized = lines.map { line in "\(line): \(inv.lookup(String(line.dropFirst(2))).map { inv.size($0) } ?? 0)" }
            let repeats = w.filter { $0.message.contains("listed again") }.map { $0.message }
            return (paths.sorted(), repeats.sorted(), sized)
        }
        let expected = try shape(lines)
        #expect(expected.paths.contains("a/b/c (duplicate)") && expected.paths.contains("a/b/") && expected.paths.contains("a/bc/"))
        #expect(expected.repeats.count == 2)
        for order in orders.dropFirst() {
            let got = try shape(order)
            #expect(got.paths == expected.paths, "\(order)")
            #expect(got.repeats == expected.repeats, "\(order)")
            let lastSize = Dictionary(order.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { _, later in later })
            for line in Set(order) where !line.hasSuffix("/") && line != "./a" && line != "./a/bc" && line != "./a/b" {
                #expect(got.sizes.contains("\(line): \(lastSize[line]!)"), "\(line) in \(order)")
            }
        }
    }

    /// A line in the directory of the line before has only its name checked for UTF-8
    /// (the directory's validity is kept): still exactly the lines whose bytes are not
    /// valid UTF-8 are warned of, in files.txt and sizes.txt, whatever the order.
    @Test(arguments: 0..<4)
    func everyLineWithInvalidUTF8IsWarnedOf(_ seed: Int) throws {
        let components: [[UInt8]] = [Array("a".utf8), Array("é".utf8), [0xFF], [0x61, 0xC3], Array("日本".utf8), [0xE6, 0x97]]
        var random = ExhibitSynthetic.SplitMix64(seed: UInt64(seed))
        var lines: [[UInt8]] = []
        for _ in 0..<60 {
            let depth = 1 + Int(random.next() % 3)
            var path: [UInt8] = Array("./".utf8)
            for level in 0..<depth {
                if level > 0 { path.append(UInt8(ascii: "/")) }
                path += components[Int(random.next() % UInt64(components.count))] + Array("\(level)".utf8)
            }
            lines.append(path)
        }
        if seed % 2 == 1 { lines.sort { $0.lexicographicallyPrecedes($1) } }
        var files: [UInt8] = []
        var sizes: [UInt8] = []
        for line in lines {
            files += line + [0x0A]
            sizes += Array("7\t".utf8) + line + [0x0A]
        }
        var w: [Diagnostic] = []
        _ = try FileListInventoryReader.read(
            files: ArtifactBytes(file: "files.txt", bytes: files), sizes: ArtifactBytes(file: "sizes.txt", bytes: sizes), excluded: nil, xattr: nil,
            warnings: &w)
        let invalid = Set(lines.indices.filter { !UTF8Validity.isWellFormed(lines[$0].withUnsafeBufferPointer { $0 }) }.map { $0 + 1 })
        #expect(!invalid.isEmpty && invalid.count < lines.count)
        for file in ["files.txt", "sizes.txt"] {
            let warned = w.filter { $0.file == file && $0.message.contains("not valid UTF-8") }.compactMap { $0.position?.line }
            // Under the collector's limit of 100 a file (repeats warn too), so none is left out.
            #expect(w.filter { $0.file == file && $0.position != nil }.count < 100)
            #expect(Set(warned) == invalid, "\(file)")
        }
    }

    /// "N name(s) … were cut" counts the entries whose names were cut, once each
    /// however many lines walk a long directory name (and whatever their order).
    @Test func cutNamesAreCountedOncePerEntry() throws {
        let long = String(repeating: "x", count: InventoryBuilder.maximumNameLength + 5)
        for lines in [["\(long)/a", "\(long)/b/c", "\(long)/d"], ["\(long)/a", "e", "\(long)/b/c", "\(long)/\(long)", "\(long)/d"]] {
            let (r, w) = try read(lines.joined(separator: "\n") + "\n")
            let cut = lines.last!.hasSuffix("d") && lines.count == 5 ? 2 : 1
            #expect(w.filter { $0.message.contains("name(s) longer than") }.map(\.message) == ["\(cut) name(s) longer than 65535 bytes were cut"])
            #expect(r.inventory.childCount(Inventory.root) == (lines.count == 5 ? 2 : 1))
        }
    }

    @Test func findDotSortListingWithDirectoriesSizesAndExclusions() throws {
        let files = ".\n./Documents\n./Documents/a b.txt\n./Library/\n./Library/Caches\n./Library/Caches/c.db\n./tmp/x.tmp\n"
        let sizes = "0\t\n4096\tDocuments\n12\tDocuments/a b.txt\n300 ./Library/Caches/c.db\n"
        let (r, w) = try read(files, sizes: sizes, excluded: "./Library/Caches\n", xattr: "garbage")
        #expect(w.isEmpty, "\(w)")
        #expect(r.usedCompanions == ["container/sizes.txt", "container/excluded.txt"])
        #expect(r.strippedPrefix == nil)
        let inv = r.inventory
        #expect(inv.children(Inventory.root).map { inv.name($0) } == ["Documents", "Library", "tmp"])
        let docs = try #require(inv.lookup("Documents"))
        #expect(inv.isDirectory(docs) && inv.size(docs) == 4096)
        #expect(inv.size(try #require(inv.lookup("Documents/a b.txt"))) == 12)
        let cache = try #require(inv.lookup("Library/Caches/c.db"))
        #expect(inv.size(cache) == 300 && inv.isExcludedEffective(cache) && !inv.isExcludedOwn(cache))
        #expect(inv.isDirectory(try #require(inv.lookup("Library"))))
        #expect(inv.totalFiles == 3 && inv.totalBytes == 4096 + 312)
    }

    @Test func absolutePathsCRLFDoubleSlashAndNulDelimited() throws {
        let c = "/Users/ci/Library/Developer/CoreSimulator/Devices/D1/data/Containers/Data/Application/0A1B-C2"
        let (r, w) = try read("\u{FEFF}\(c)\r\n\(c)/Documents//v.sqlite\r\n\(c)/tmp/t\r\n")
        #expect(r.strippedPrefix == c)
        #expect(r.inventory.lookup("Documents/v.sqlite") != nil && r.inventory.lookup("tmp/t") != nil)
        #expect(w.count == 1)
        #expect(w.first?.message.contains("absolute paths leaked") == true)
        #expect(w.first?.position?.line == 1)

        // A name holding a line feed is kept, but a NUL-delimited list cannot tell it from
        // the lines of a newline list with a stray NUL: warned, and the list is in doubt.
        let (n, nw) = try read("./a\nb\0./c/d\0")
        #expect(nw.map(\.position?.line) == [1] && nw.first?.message.contains("holds a line feed") == true, "\(nw)")
        #expect(n.listDoubt == InventoryListDoubt(file: "container/files.txt", lineFeedRecords: 1, firstLineFeedRecord: 1))
        #expect(n.inventory.children(Inventory.root).map { n.inventory.name($0) } == ["a\nb", "c"])
    }

    @Test func duplicatesInvalidUTF8AndEscapingPathsWarn() throws {
        var bytes = Array("./a\n./a\n../etc/passwd\n./".utf8)
        bytes += [0xFF, 0x0A]
        var w: [Diagnostic] = []
        let r = try FileListInventoryReader.read(files: ArtifactBytes(file: "files.txt", bytes: bytes), sizes: nil, excluded: nil, xattr: nil, warnings: &w)
        let inv = r.inventory
        let a = try #require(inv.lookup("a"))
        #expect(inv.isDuplicate(a) && inv.childCount(Inventory.root) == 2)
        #expect(w.map { $0.position?.line ?? 0 } == [2, 3, 4])
        #expect(w[0].message.contains("listed again"))
        #expect(w[1].message.contains("leaves the container"))
        #expect(w[2].message.contains("not valid UTF-8"))
    }

    @Test func badSizesAndUnknownPathsWarnWithPositions() throws {
        let (r, w) = try read("./f\n", sizes: "-5\tf\n99999999999999999999\tf\n12K\tf\n7\tghost\nnope\n")
        #expect(r.inventory.size(try #require(r.inventory.lookup("f"))) == 0)
        #expect(
            w.map { $0.description } == [
                "container/sizes.txt:1:1: warning: size \"-5\" is negative; line skipped",
                "container/sizes.txt:2:1: warning: size \"99999999999999999999\" does not fit in 64 bits; line skipped",
                "container/sizes.txt:3:1: warning: size \"12K\" is not a whole number of bytes; line skipped",
                "container/sizes.txt:4:3: warning: \"ghost\" is not in files.txt; size ignored",
                "container/sizes.txt:5:1: warning: expected 'size<TAB>path', found \"nope\"; line skipped",
            ])
    }

    @Test func xattrDumpGivesFlagsWhenExcludedListIsAbsent() throws {
        let xattr = """
            ./Library/Application Support/VaultIndex: com.apple.metadata:com_apple_backup_excludeItem: com.apple.MobileBackup
            ./Documents/a: com.apple.quarantine: 0081;00000000;Safari;
            ./Documents/empty: com.apple.metadata:com_apple_backup_excludeItem: bplist00_\u{10}\u{11}com.apple.backupd\u{8}

            """
        let (r, w) = try read("./Library/Application Support/VaultIndex/index.db\n./Documents/a\n", xattr: xattr)
        #expect(r.usedCompanions == ["container/xattr.txt"])
        let inv = r.inventory
        #expect(inv.isExcludedEffective(try #require(inv.lookup("Library/Application Support/VaultIndex/index.db"))))
        #expect(!inv.isExcludedEffective(try #require(inv.lookup("Documents/a"))))
        let empty = try #require(inv.lookup("Documents/empty"))
        #expect(inv.isDirectory(empty) && inv.isExcludedOwn(empty))
        #expect(w.count == 1 && w.first?.position?.line == 3)
        // An empty directory `find -type f` left out: beside such a list, not in doubt;
        // beside a list of directories (`find .`), it would be a name cut on its way.
        #expect(r.flagDoubts.isEmpty)
        let (listed, _) = try read(".\n./Library/Application Support/VaultIndex/index.db\n./Documents/a\n", xattr: xattr)
        #expect(listed.flagDoubts == [FlagRecordDoubt(file: "container/xattr.txt", lines: 1, firstLine: 3)])
    }

    @Test func emptyAndUnusableFiles() throws {
        // A list that names nothing is no evidence of an empty container (exhibit-bundle(5)).
        #expect(throws: Diagnostic.self) { try read("") }
        do {
            _ = try read("../x\n/etc/passwd\n")
            Issue.record("expected an error")
        } catch {
            #expect(error.description.hasPrefix("container/files.txt:1:1: error: expected container paths"))
        }
    }

    /// The reader reuses the last line's directory and guesses the next node for a
    /// companion line; against a plain walk of every path (the code before), on random
    /// lists with repeats, directory lines, file/directory clashes and shuffled sizes.
    @Test(arguments: 0..<8)
    func cachedWalksGiveWhatAPlainWalkGives(_ seed: Int) throws {
        var random = ExhibitSynthetic.SplitMix64(seed: UInt64(seed))
        let words = ["a", "b", "é", "c d"]
        var lines: [String] = []
        for _ in 0..<400 {
            let depth = 1 + Int(random.next() % 4)
            var path = "."
            for _ in 0..<depth { path += "/" + words[Int(random.next() % UInt64(words.count))] }
            lines.append(random.next() % 10 == 0 ? path + "/" : path)
            if random.next() % 4 == 0 { lines.append(lines[Int(random.next() % UInt64(lines.count))]) }
        }
        if seed % 2 == 0 { lines.sort() }
        var sizeLines = lines.enumerated().map { "\($0.offset + 1)\t\($0.element)" }
        if seed % 3 == 0 { sizeLines.shuffle(using: &random) }
        let (r, _) = try read(lines.joined(separator: "\n") + "\n", sizes: sizeLines.joined(separator: "\n") + "\n")

        var reference = InventoryBuilder()
        func components(_ line: String) -> [ArraySlice<UInt8>] {
            Array(line.dropFirst(2).utf8).split(separator: UInt8(ascii: "/")).map { $0 }
        }
        for line in lines {
            let parts = components(line)
            var parent = Inventory.root
            for part in parts.dropLast() { parent = reference.listedDirectory(named: part, under: parent) }
            let (id, _) = reference.listedEntry(named: parts[parts.count - 1], under: parent)
            if line.hasSuffix("/") { reference.promoteToDirectory(id) }
        }
        for (i, line) in sizeLines.enumerated() {
            let path = String(line.split(separator: "\t")[1])
            let id = try #require(reference.existingNode(atPath: ContainerPath.normalizedBytes(Array(path.utf8)[...])![...]), "line \(i)")
            reference.setSize(id, size: UInt64(line.split(separator: "\t")[0])!)
        }
        #expect(r.inventory == reference.build(), "seed \(seed)")
    }

    @Test func containerPathNormalisation() {
        func n(_ s: String) -> String? { ContainerPath.normalizedBytes(Array(s.utf8)[...]).map { String(decoding: $0, as: UTF8.self) } }
        #expect(n("./Documents//a b.txt") == "Documents/a b.txt")
        #expect(n("Library/Caches/") == "Library/Caches")
        #expect(n("a/./b") == "a/b")
        #expect(n(".") == nil && n("./") == nil && n("") == nil && n("/abs") == nil)
        // `..` inside the container is resolved (issue 14); only climbing out is refused.
        #expect(n("a/../b") == "b" && n("./tmp/../tmp/a.tmp") == "tmp/a.tmp" && n("a/b/../../c/./d") == "c/d")
        #expect(n("a/..") == nil && n("../x") == nil && n("a/../../x") == nil)
        #expect(ContainerPath.climbsOut(Array("a/../../x".utf8)[...]) && !ContainerPath.climbsOut(Array("a/..".utf8)[...]))
        let split = ContainerPath.splitAbsolute(Array("/srv/run/container/Library/x".utf8)[...])
        #expect(split.map { String(decoding: $0.prefix, as: UTF8.self) } == "/srv/run/container")
    }
}

/// Issue 19: `ContainerPath.normalized` returns a slice of its input when only `./`
/// prefixes go, deciding that with a `memchr` scan; against a component-by-component
/// reference on every path of up to six bytes from `a`, `.` and `/`.
@Suite struct ContainerPathFastPathTests {
    static func reference(_ path: [UInt8]) -> [UInt8]? {
        if path.first == UInt8(ascii: "/") { return nil }
        var out: [[UInt8]] = []
        for component in path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
            if component.elementsEqual(".".utf8) { continue }
            if component.elementsEqual("..".utf8) {
                guard !out.isEmpty else { return nil }
                out.removeLast()
                continue
            }
            out.append(Array(component))
        }
        return out.isEmpty ? nil : Array(out.joined(separator: [UInt8(ascii: "/")]))
    }

    /// `PlainPathCheck` checks only the name of a path in the directory it passed last:
    /// over runs of lines that share directories (and `.`, `..`, `//` at the end, in the
    /// middle, or in place of the name), it passes exactly the paths in normal form once
    /// their `./` is dropped, as `ContainerPath.normalized` would return them unchanged.
    @Test func thePlainPathCheckAgreesWithTheReference() {
        var random = ExhibitSynthetic.SplitMix64(seed: 19)
        let directories = ["a/b", "a/b/", "a//b", "a/./b", "a/b/..", "./a/b", "a", "", ".", "a/bc", "a/.b"]
        let names = ["x", ".", "..", "", "x/", ".x", "x.", "..x", "y/z", "/x"]
        var check = PlainPathCheck<Int>()
        for _ in 0..<5_000 {
            let directory = directories[Int(random.next() % UInt64(directories.count))]
            let name = names[Int(random.next() % UInt64(names.count))]
            let raw = Array((random.next() % 3 == 0 ? "./" : "").utf8) + Array((directory.isEmpty ? name : directory + "/" + name).utf8)
            var rest = raw[...]
            while rest.starts(with: [UInt8(ascii: "."), UInt8(ascii: "/")]) { rest = rest.dropFirst(2) }
            let expected: [UInt8]? = Self.reference(Array(rest)) == Array(rest) ? Array(rest) : nil
            let got = raw.withUnsafeBufferPointer { check.plainPath($0).map { Array($0) } }
            #expect(got == expected, "\(String(decoding: raw, as: UTF8.self))")
        }
    }

    /// A reader's note on the directory the check holds lasts while paths are found there
    /// and is gone at the first one that is not, whether or not that one passes.
    @Test func theNoteOnTheHeldDirectoryGoesWithIt() {
        var check = PlainPathCheck<Int>()
        func pass(_ path: String) -> Bool { Array(path.utf8).withUnsafeBufferPointer { check.plainPath($0) != nil } }
        #expect(pass("a/b/x"))
        check.note = 7
        #expect(pass("./a/b/y") && check.note == 7)
        #expect(!pass("a/b/.") && check.note == 7)  // refused, but in the held directory
        #expect(!pass("a//b/z") && check.note == nil)  // not in normal form: another directory
        #expect(pass("a/b/z"))
        check.note = 8
        #expect(pass("a/c/x") && check.note == nil)
        check.note = 9
        #expect(pass("top") && check.note == nil)
    }

    /// `ContainerPath.nameStart` reads eight bytes at a time from the end: against the
    /// last `/` found a byte at a time, for every length around the word size, with bytes
    /// that differ from `/` in one bit only (`o`, `\u{AF}`, `.`) and NULs beside the slashes.
    @Test func theNameStartIsAfterTheLastSlash() {
        var random = ExhibitSynthetic.SplitMix64(seed: 53)
        let alphabet: [UInt8] = [0x2F, 0x6F, 0xAF, 0x2E, 0x00, 0x2F, 0x61, 0x0F]
        for _ in 0..<20_000 {
            let bytes = (0..<Int(random.next() % 41)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            let expected = bytes.lastIndex(of: 0x2F).map { $0 + 1 } ?? 0
            #expect(bytes.withUnsafeBufferPointer { ContainerPath.nameStart($0) } == expected, "\(bytes)")
        }
    }

    @Test func theFastPathAgreesWithTheReference() {
        let alphabet: [UInt8] = [UInt8(ascii: "a"), UInt8(ascii: "."), UInt8(ascii: "/")]
        var paths: [[UInt8]] = [[]]
        var frontier: [[UInt8]] = [[]]
        for _ in 0..<6 {
            frontier = frontier.flatMap { p in alphabet.map { p + [$0] } }
            paths += frontier
        }
        for path in paths {
            // A slice that does not start at 0, as the readers pass a line of a file.
            let padded = [UInt8(ascii: "x")] + path
            let slice = padded[1...]
            let got = ContainerPath.normalized(slice)
            #expect(got.map { Array($0) } == Self.reference(path), "\(String(decoding: path, as: UTF8.self))")
            #expect(ContainerPath.normalizedBytes(slice) == Self.reference(path))
        }
    }
}
