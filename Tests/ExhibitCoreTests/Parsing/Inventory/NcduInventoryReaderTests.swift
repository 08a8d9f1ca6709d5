import Testing

@testable import ExhibitCore

@Suite struct NcduInventoryReaderTests {
    static let sample = """
        [1,2,{"progname":"ncdu","progver":"1.18","timestamp":1767225700},
        [{"name":"/srv/evidence/run-0142/container","asize":4096,"dsize":4096,"dev":65024},
        [{"name":"Documents","asize":4096,"dsize":4096},
        {"name":"vault.sqlite","asize":81920,"dsize":81920,"x_step":"testLogin"},
        {"name":"cache.db","asize":20480,"dsize":20480,"x_rule":"misplaced-file","nested":{"a":[1,2]}}],
        [{"name":"Library","asize":4096,"dsize":4096},
        [{"name":"Caches","asize":4096,"dsize":4096,"x_backup_excluded":true},
        {"name":"thumb.bin","dev":0,"excluded":"pattern"}]],
        [{"name":"tmp","asize":4096,"dsize":4096}],
        {"name":"empty.lock"},
        {"name":"latest","asize":9,"notreg":true}]]
        """

    static let duplicateNames = #"[1,2,{},[{"name":"/c"},{"name":"a","asize":1},{"name":"a","asize":2}]]"#
    static let oddSizes =
        #"[1,2,{},[{"name":"/c"},{"name":"n","asize":-5},{"name":"o","asize":99999999999999999999},{"name":"f","dsize":1.5},{"name":"s","asize":"7"}]]"#
    static let escapesBOMAndInvalidUTF8: [UInt8] =
        [0xEF, 0xBB, 0xBF]
        + Array(#"[1,2,{},[{"name":"/c"},{"name":"caf\u00e9 \"q\""},{"name":""#.utf8) + [0xFF, 0x41] + Array(#""}]]"#.utf8)
    /// Input, the position of the error, and a fragment of its message.
    static let malformed: [(text: String, position: String, fragment: String)] = [
        ("", "1:1", "empty"),
        ("[2,0,{},[{\"name\":\"/\"}]]", "1:2", "major format version 2"),
        ("[1,2,{},[{\"name\":\"/\"},\n{\"name\":\"a\"", "2:12", "',' or '}' in an info object, found end of file"),
        ("[1,2,{},[{\"name\":\"/\"},\n{\"asize\":1}]]", "2:1", "\"name\""),
        ("[1,2,{},{\"name\":\"/\"}]", "1:9", "root directory as an array"),
        ("[1,2,{},[{\"name\":\"/\"},7]]", "1:23", "a child item"),
        ("[1,2,{},[{\"name\":\"/\"}]] x", "1:25", "end of file"),
    ]
    static let tooDeep = "[1,2,{},[{\"name\":\"/\"}" + String(repeating: ",[{\"name\":\"d\"}", count: 2000) + String(repeating: "]", count: 2001) + "]"

    private func read(_ text: String) throws(Diagnostic) -> (Inventory, [Diagnostic]) {
        var w: [Diagnostic] = []
        let inv = try NcduInventoryReader.read(Array(text.utf8), file: "container/inventory.json", warnings: &w)
        return (inv, w)
    }

    private func expectError(_ text: String, _ position: String, _ fragment: String) {
        do {
            _ = try read(text)
            Issue.record("expected an error for \(text)")
        } catch {
            #expect(error.position?.description == position)
            #expect(error.message.contains(fragment), "\(error.message)")
        }
    }

    @Test func readsNcduShapeWithExtensionsAndUnknownKeys() throws {
        let (inv, w) = try read(Self.sample)
        #expect(w.isEmpty)
        #expect(inv.count == 10)
        #expect(inv.children(Inventory.root).map { inv.name($0) } == ["Documents", "Library", "tmp", "empty.lock", "latest"])
        let db = try #require(inv.lookup("Documents/vault.sqlite"))
        #expect(inv.size(db) == 81920 && inv.diskSize(db) == 81920 && inv.step(db) == "testLogin")
        let thumb = try #require(inv.lookup("Library/Caches/thumb.bin"))
        #expect(inv.scanExclusion(thumb) == .pattern)
        #expect(inv.isExcludedEffective(thumb) && !inv.isExcludedOwn(thumb))
        #expect(inv.isExcludedOwn(try #require(inv.lookup("Library/Caches"))))
        #expect(inv.isNotRegular(try #require(inv.lookup("latest"))))
        #expect(inv.isDirectory(try #require(inv.lookup("tmp"))))
        // thumb.bin (excluded by ncdu) and latest (notreg) are no files (issue 14).
        #expect(inv.totalFiles == 3)
        #expect(inv.totalBytes == 4096 * 5 + 81920 + 20480 + 9)
    }

    @Test func documentKeepsMetadataAndRootName() throws {
        var w: [Diagnostic] = []
        let doc = try NcduInventoryReader.readDocument(Array(Self.sample.utf8), file: "f", warnings: &w)
        #expect(doc.programName == "ncdu" && doc.programVersion == "1.18" && doc.timestamp == 1_767_225_700 && doc.minorVersion == 2)
        #expect(String(decoding: doc.rootName, as: UTF8.self) == "/srv/evidence/run-0142/container")
    }

    @Test func duplicateNamesAreKeptAndMarked() throws {
        let (inv, w) = try read(Self.duplicateNames)
        let kids = Array(inv.children(Inventory.root))
        #expect(kids.count == 2)
        #expect(!inv.isDuplicate(kids[0]) && inv.isDuplicate(kids[1]))
        #expect(inv.size(kids[1]) == 2)
        #expect(w.count == 1)
        #expect(w.first?.position?.description == "1:47")
        #expect(w.first?.message.contains("listed twice") == true)
    }

    /// An `asize` that is no whole number of bytes is no size: not recorded (as an entry
    /// ncdu excluded, or a path list's file without a size line), never a measured 0. An
    /// odd `dsize` leaves the disk size 0, "not recorded" for disk sizes, and the apparent
    /// size, the one budgets and violations use, stands.
    @Test func oddSizesAreNotRecorded() throws {
        let (inv, w) = try read(Self.oddSizes)
        #expect(inv.totalBytes == 0)
        #expect(w.count == 4)
        #expect(w[0].message.contains("-5 is negative"))
        #expect(w[0].position?.description == "1:44")
        #expect(w[1].message.contains("does not fit in 64 bits"))
        #expect(w[2].message.contains("\"dsize\" 1.5 is not a whole number"))
        #expect(w[2].message.contains("disk size is not recorded"))
        #expect(w[3].message.contains("\"asize\" is a string; expected a whole number of bytes"))
        for name in ["n", "o", "s"] {
            let id = try #require(inv.lookup(name))
            #expect(inv.isSizeUnrecorded(id), "\(name)")
        }
        let f = try #require(inv.lookup("f"))
        #expect(!inv.isSizeUnrecorded(f) && inv.diskSize(f) == 0)
        #expect(inv.hasUnrecordedSizes && inv.unrecordedSizes(at: Inventory.root) == 3)
        #expect(inv.totalSizeText(Inventory.root, unrecorded: 3) == "size not recorded")
    }

    /// The class, not the example: every shape of number that is no whole number of
    /// bytes, on the fast path (in the window) and the general one (whitespace first).
    @Test func everyUnusableSizeIsNotRecorded() throws {
        let values = ["5e10", "1E3", "1.0", "-1", "-0.5", "18446744073709551616", "99999999999999999999999", "\"123\"", "null", "true", "[1]", "{}"]
        for value in values {
            for space in ["", " "] {
                let (inv, w) = try read(#"[1,2,{},[{"name":"/c"},{"name":"a","asize":\#(space)\#(value)},{"name":"b","asize":7}]]"#)
                let a = try #require(inv.lookup("a"))
                #expect(inv.isSizeUnrecorded(a), "\(value)")
                let total = inv.totalSize(Inventory.root)
                let unrecorded = inv.unrecordedSizes(at: Inventory.root)
                #expect(total == 7 && unrecorded == 1, "\(value)")
                #expect(w.count == 1 && w[0].message.contains("the entry's size is not recorded"), "\(value): \(w)")
                #expect(w.first?.position?.description == "1:\(44 + space.count)", "\(value)")
            }
        }
        // Usable: zero (also as -0, which JSON allows), the largest 64-bit size.
        for (value, size) in [("0", UInt64(0)), ("-0", 0), ("18446744073709551615", .max)] {
            let (inv, w) = try read(#"[1,2,{},[{"name":"/c"},{"name":"a","asize":\#(value)}]]"#)
            let a = try #require(inv.lookup("a"))
            #expect(!inv.isSizeUnrecorded(a) && inv.size(a) == size && w.isEmpty, "\(value): \(w)")
        }
    }

    /// A directory's own size unusable: the folder's total is "at least".
    @Test func aDirectorysUnusableSizeIsNotRecordedEither() throws {
        let (inv, _) = try read(#"[1,2,{},[{"name":"/c"},[{"name":"d","asize":-4096},{"name":"a","asize":3}]]]"#)
        let d = try #require(inv.lookup("d"))
        #expect(inv.isSizeUnrecorded(d) && inv.unrecordedSizes(at: d) == 1)
        #expect(inv.totalSizeText(d, unrecorded: 1) == "at least 3 B (1 size not recorded)")
    }

    /// Two `asize` keys in one item: JSON readers differ in which they take, so two that
    /// disagree give no size; two that agree are that size.
    @Test func aSizeGivenTwiceWithDifferentValuesIsNotRecorded() throws {
        let (inv, w) = try read(
            #"[1,2,{},[{"name":"/c"},{"name":"a","asize":5,"asize":7},{"name":"b","asize":5,"asize":5},{"name":"c","asize":-1,"asize":-1}]]"#)
        let a = try #require(inv.lookup("a"))
        let b = try #require(inv.lookup("b"))
        let c = try #require(inv.lookup("c"))
        #expect(inv.isSizeUnrecorded(a))
        #expect(!inv.isSizeUnrecorded(b) && inv.size(b) == 5)
        #expect(inv.isSizeUnrecorded(c))
        #expect(w.map(\.message).filter { $0.contains("given twice") }.count == 1, "\(w)")
        #expect(w.first?.position?.description == "1:54")
    }

    /// A hard link whose bytes an earlier link counted adds nothing to a folder's total,
    /// so its unusable size leaves the folder's total whole; the link alone has no size.
    /// The first link's unusable size leaves the inode's bytes out: "at least".
    @Test func hardLinksWithAnUnusableSize() throws {
        let repeatBroken = #"[1,2,{},[{"name":"/c","dev":1},{"name":"a","asize":5,"hlnkc":true,"ino":7},{"name":"b","asize":-5,"hlnkc":true,"ino":7}]]"#
        let (inv, _) = try read(repeatBroken)
        let b = try #require(inv.lookup("b"))
        #expect(inv.isHardLinkRepeat(b) && inv.isSizeUnrecorded(b))
        #expect(inv.unrecordedSizes(at: b) == 1 && inv.unrecordedSizes(at: Inventory.root) == 0 && inv.totalSize(Inventory.root) == 5)
        let firstBroken = #"[1,2,{},[{"name":"/c","dev":1},{"name":"a","asize":-5,"hlnkc":true,"ino":7},{"name":"b","asize":5,"hlnkc":true,"ino":7}]]"#
        let (other, _) = try read(firstBroken)
        #expect(other.unrecordedSizes(at: Inventory.root) == 1 && other.totalSize(Inventory.root) == 0)
    }

    /// A NUL ends a name for every file system call, as '/' ends a component: such a name
    /// places the entry nowhere. It comes only through `\u0000` (a raw NUL is no JSON).
    @Test func aNameHoldingNULIsUnusable() throws {
        let (inv, w) = try read(#"[1,2,{},[{"name":"/c"},[{"name":"tmp\u0000"},{"name":"leftover","asize":10}],{"name":"a\u0000b"},{"name":"ok\u0001"}]]"#)
        #expect(inv.unusableNameCount == 2)
        #expect(w.count == 2, "\(w)")
        #expect(w[0].message == #"unusable file name "tmp\x00" (empty, '.', '..', or holding '/' or a NUL byte)"#)
        #expect(w[0].position?.description == "1:25")
        #expect(w[1].message.hasPrefix(#"unusable file name "a\x00b""#))
        expectError("[1,2,{},[{\"name\":\"/c\"},{\"name\":\"a\u{0}\"}]]", "1:34", "")
    }

    /// A second "name" in one item: parsers differ in which they take, so the item's name
    /// is unusable (it keeps the first), warned where the second is, with both.
    @Test func aSecondNameInOneItemIsUnusable() throws {
        let (inv, w) = try read(#"[1,2,{},[{"name":"/c"},{"name":"tmp","asize":1,"name":"Documents"},{"name":"x"}]]"#)
        #expect(inv.unusableNameCount == 1)
        #expect(inv.children(Inventory.root).map { inv.name($0) } == ["tmp", "x"])
        #expect(w.count == 1, "\(w)")
        #expect(w[0].message.hasPrefix(#""name" given twice in one item ("tmp" and "Documents")"#))
        #expect(w[0].position?.description == "1:55")
        // Three names: one warning, one unusable entry; the same name twice is as ambiguous
        // to a reader that keeps neither, and is warned too.
        let (thrice, w3) = try read(#"[1,2,{},[{"name":"/c"},{"name":"a","name":"b","name":"c"},{"name":"d","name":"d"}]]"#)
        #expect(thrice.unusableNameCount == 2 && w3.count == 2, "\(w3)")
    }

    /// RFC 8259: a number is `0` or starts with 1-9. `01` (octal to some readers, 1 to
    /// others) makes the export malformed wherever it stands, the version included.
    @Test func numbersWithLeadingZerosAreMalformed() {
        let cases: [(String, String)] = [
            ("[01,2,{},[{\"name\":\"/c\"}]]", "1:3"),
            ("[1,02,{},[{\"name\":\"/c\"}]]", "1:5"),
            ("[1,2,{\"timestamp\":0123},[{\"name\":\"/c\"}]]", "1:20"),
            ("[1,2,{},[{\"name\":\"/c\"},{\"name\":\"a\",\"asize\":010}]]", "1:45"),
            ("[1,2,{},[{\"name\":\"/c\"},{\"name\":\"a\",\"asize\": 00}]]", "1:46"),
            ("[1,2,{},[{\"name\":\"/c\"},{\"name\":\"a\",\"dsize\":-01}]]", "1:46"),
            ("[1,2,{},[{\"name\":\"/c\"},{\"name\":\"a\",\"mtime\":00.5}]]", "1:45"),
            ("[1,2,{},[{\"name\":\"/c\"},{\"name\":\"a\",\"ino\":07}]]", "1:43"),
            ("[1,2,{},[{\"name\":\"/c\"},{\"name\":\"a\",\"nlink\":[1,001]}]]", "1:48"),
        ]
        for (text, position) in cases { expectError(text, position, "no leading zeros") }
    }

    /// The scanner is the document parser's too (rules.json, results JSON).
    @Test func theDocumentParserRefusesLeadingZerosToo() throws {
        for text in [#"{"version":01}"#, "[-00]", "[0012.5]"] {
            #expect(throws: Diagnostic.self, "\(text)") { try JSONDocument.parse(Array(text.utf8), file: "x") }
        }
        for text in [#"{"version":1}"#, "[0]", "[-0]", "[0.5]", "[0e3]", "[10]"] {
            #expect(throws: Never.self, "\(text)") { try JSONDocument.parse(Array(text.utf8), file: "x") }
        }
    }

    /// What a leading zero may start: 0 itself, a fraction, an exponent.
    @Test func zeroStartsNumbersStill() throws {
        let (inv, w) = try read(#"[1,0,{"timestamp":0.5},[{"name":"/c"},{"name":"a","asize":0,"mtime":0e1,"nlink":[0,-0,0.25]}]]"#)
        #expect(inv.count == 2 && w.isEmpty, "\(w)")
    }

    @Test func escapesBOMAndInvalidUTF8Names() throws {
        var w: [Diagnostic] = []
        let inv = try NcduInventoryReader.read(Self.escapesBOMAndInvalidUTF8, file: "f", warnings: &w)
        let kids = Array(inv.children(Inventory.root))
        #expect(inv.name(kids[0]) == "café \"q\"")
        #expect(Array(inv.nameBytes(kids[1])) == [0xFF, 0x41])
    }

    @Test func malformedInputThrowsPositionedDiagnostics() {
        for m in Self.malformed { expectError(m.text, m.position, m.fragment) }
    }

    @Test func deepNestingIsRefused() {
        do {
            _ = try read(Self.tooDeep)
            Issue.record("expected a depth error")
        } catch {
            #expect(error.message.contains("no deeper than 1024"))
        }
    }

    /// The word-at-a-time scan for a string's end finds what a byte loop finds: the first
    /// `"`, `\` or control byte, at every offset in and across its 8-byte words, next to
    /// bytes that differ from them by one bit (`#`, `]`, space, DEL, UTF-8).
    @Test func theStringScanFindsWhatAByteLoopFinds() {
        let alphabet: [UInt8] = [0x22, 0x5C, 0x1F, 0x00, 0x0A, 0x23, 0x5D, 0x20, 0x7F, 0xC3, 0xA9, 0x61, 0x02, 0xA2, 0xDC]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        for _ in 0..<20_000 {
            let count = next() % 40
            // Mostly plain letters, so that the byte sought falls anywhere in the buffer.
            let bytes = (0..<count).map { _ in next() % 6 == 0 ? alphabet[next() % alphabet.count] : UInt8(0x61 + next() % 26) }
            let from = count == 0 ? 0 : next() % (count + 1)
            let expected = bytes.indices.first { $0 >= from && (bytes[$0] == 0x22 || bytes[$0] == 0x5C || bytes[$0] < 0x20) }
            let got = bytes.withUnsafeBufferPointer { JSONScanner.firstQuoteEscapeOrControl(in: $0, from: from) }
            #expect(got == expected, "\(bytes) from \(from)")
        }
    }
}
