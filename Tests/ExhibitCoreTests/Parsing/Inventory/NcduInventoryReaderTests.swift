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

    @Test func oddSizesWarnAndReadAsZero() throws {
        let (inv, w) = try read(Self.oddSizes)
        #expect(inv.totalBytes == 0)
        #expect(w.count == 4)
        #expect(w[0].message.contains("negative"))
        #expect(w[0].position?.description == "1:44")
        #expect(w[1].message.contains("64 bits"))
        #expect(w[2].message.contains("not an integer"))
        #expect(w[3].message.contains("unsigned integer"))
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
