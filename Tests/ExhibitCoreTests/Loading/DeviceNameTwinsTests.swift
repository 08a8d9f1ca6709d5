import Testing

@testable import ExhibitCore

/// Siblings an APFS container cannot hold side by side are warned at load, whatever
/// the inventory form, and only those.
@Suite struct DeviceNameTwinsTests {
    static let nfc = "Caf\u{E9}"
    static let nfd = "Cafe\u{301}"

    private func load(list names: [String], in directory: String = "Documents") -> EvidenceBundle {
        var text = "./\(directory)\n"
        for n in names { text += "./\(directory)/\(n)\n" }
        return BundleLoader.load(runID: "r", from: MemoryEvidenceSource(text: [EvidenceLayout.filesList: text]))
    }

    private func twinWarnings(_ bundle: EvidenceBundle) -> [Diagnostic] {
        bundle.diagnostics.filter { $0.message.contains("cannot coexist on the device") }
    }

    @Test func nfcAndNfdSpellingsAreOneFileOnTheDevice() throws {
        #expect(Array(Self.nfc.utf8) != Array(Self.nfd.utf8))
        let warnings = twinWarnings(load(list: [Self.nfc, "notes.txt", Self.nfd]))
        try #require(warnings.count == 1)
        let w = warnings[0]
        #expect(w.severity == .warning)
        #expect(w.file == EvidenceLayout.filesList)
        #expect(w.message.contains("Unicode normalization"))
        // Both spellings are told apart by their scalars, not printed as the same glyphs.
        #expect(w.message.contains("Documents/Caf\\u{E9}"))
        #expect(w.message.contains("Cafe\\u{301}"))
        #expect(w.message.unicodeScalars.allSatisfy { $0.isASCII })
    }

    @Test func caseOnlyTwinsAreWarnedAsSuch() throws {
        let warnings = twinWarnings(load(list: ["Report.pdf", "report.pdf", "REPORT.PDF", "other.pdf"]))
        #expect(warnings.count == 2)
        #expect(warnings.allSatisfy { $0.message.contains("differ only in case") })
        #expect(warnings[0].message.contains("\"Documents/Report.pdf\" and its sibling \"report.pdf\""))
        #expect(warnings[1].message.contains("\"Documents/Report.pdf\" and its sibling \"REPORT.PDF\""))
    }

    @Test func nonASCIICaseTwinsAndSingletonEquivalents() {
        // Ü/ü, and canonical decompositions into ASCII other than letters: KELVIN SIGN
        // is "K", GREEK QUESTION MARK is ";", NOT EQUAL TO is "=" + U+0338.
        let warnings = twinWarnings(
            load(list: [
                "\u{DC}ber", "\u{FC}ber", "\u{212A}m", "km", "a\u{37E}b", "a;b", "x\u{2260}1", "x=\u{338}1",
            ]))
        #expect(warnings.count == 4)
        #expect(warnings.contains { $0.message.contains("x\\u{2260}1") })
        #expect(warnings.contains { $0.message.contains("\\u{37E}") && $0.message.contains("normalization") })
        #expect(warnings.contains { $0.message.contains("\\u{DC}ber") && $0.message.contains("case") })
    }

    @Test func namesThatCanCoexistAreNotWarned() {
        let bundle = load(list: ["caf\u{E9}", "cafe", "Caf\u{E8}", "a\u{301}", "\u{E1}b", "r\u{E9}sum\u{E9}.pdf", "resume.pdf"])
        #expect(twinWarnings(bundle).isEmpty)
        // Same spelling in two directories is two files.
        let apart = BundleLoader.load(
            runID: "r",
            from: MemoryEvidenceSource(text: [
                EvidenceLayout.filesList: "./Documents\n./Documents/\(Self.nfc)\n./tmp\n./tmp/\(Self.nfd)\n./tmp/CAF\u{C9}x\n"
            ]))
        #expect(twinWarnings(apart).isEmpty)
    }

    @Test func malformedUTF8NamesAreNotTakenForTwins() {
        // Two different invalid names would both decode to U+FFFD.
        var list: [UInt8] = Array("./Documents\n./Documents/a".utf8) + [0xFF] + Array("\n./Documents/a".utf8) + [0xFE] + [0x0A]
        list += Array("./Documents/A\n".utf8)
        let bundle = BundleLoader.load(runID: "r", from: MemoryEvidenceSource([EvidenceLayout.filesList: list]))
        #expect(twinWarnings(bundle).isEmpty)
    }

    @Test func ncduInventoriesAreCheckedTheSameWay() {
        let json = """
            [1,2,{"progname":"ncdu","progver":"1.18","timestamp":1},[{"name":"/c"},[{"name":"Library"},[{"name":"Caches"},{"name":"\(Self.nfc)","asize":1},{"name":"\(Self.nfd)","asize":2}]]]]
            """
        let bundle = BundleLoader.load(runID: "r", from: MemoryEvidenceSource(text: [EvidenceLayout.inventoryJSON: json]))
        let warnings = twinWarnings(bundle)
        #expect(warnings.count == 1)
        #expect(warnings.first?.file == EvidenceLayout.inventoryJSON)
        #expect(warnings.first?.message.contains("Library/Caches/Caf\\u{E9}") == true)
    }

    @Test func manyTwinsAreCountedNotAllListed() {
        let names = (0..<60).flatMap { ["F\($0)", "f\($0)"] }
        let warnings = twinWarnings(load(list: names))
        #expect(warnings.count == 21)
        #expect(warnings.last?.message.contains("40 more pairs") == true)
    }

    @Test func costIsLinearInTheNames() {
        // Every name in one directory differs only in case from the one before it would
        // be quadratic if pairs were compared; the keyed walk stays linear.
        func inventory(_ n: Int) -> Inventory {
            var b = InventoryBuilder()
            let dir = b.addDirectory(name: Array("D".utf8), parent: 0)
            for i in 0..<n { _ = b.addFile(name: Array("N\(i)".utf8), parent: dir, size: 1) }
            for i in 0..<n { _ = b.addFile(name: Array("n\(i)".utf8), parent: dir, size: 1) }
            return b.finish()
        }
        #expect(inventory(2_000).deviceNameTwins().total == 2_000)
        let small = inventory(5_000)
        let large = inventory(40_000)
        let clock = ContinuousClock()
        let t1 = clock.measure { _ = small.deviceNameTwins() }
        let t2 = clock.measure { _ = large.deviceNameTwins() }
        // 8× the names: linear costs about 8×; a pairwise walk would cost 64×.
        #expect(t2 < t1 * 24 + .milliseconds(50))
    }
}

extension DeviceNameTwinsTests {
    /// Random sibling names from an alphabet rich in case, NFC/NFD and singleton
    /// equivalents, checked against comparing every pair by `lowercased()` and `==`.
    @Test func agreesWithThePairwiseReference() {
        let alphabet = ["a", "A", "\u{E9}", "e\u{301}", "\u{C9}", "E\u{301}", "1", ";", "\u{37E}", "K", "\u{212A}", "k", "-", "\u{FC}", "u\u{308}"]
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        var builder = InventoryBuilder()
        var expected: [(first: String, second: String)] = []
        for d in 0..<300 {
            let dir = builder.addDirectory(name: Array("d\(d)".utf8), parent: 0)
            var siblings: [String] = []
            for _ in 0..<(2 + next(8)) {
                let name = (0..<(1 + next(3))).map { _ in alphabet[next(alphabet.count)] }.joined()
                guard !siblings.contains(where: { Array($0.utf8) == Array(name.utf8) }) else { continue }
                if let first = siblings.first(where: { $0.lowercased() == name.lowercased() }) { expected.append((first, name)) }
                siblings.append(name)
                _ = builder.addFile(name: Array(name.utf8), parent: dir, size: 1)
            }
        }
        let inventory = builder.finish()
        let found = inventory.deviceNameTwins(limit: .max)
        #expect(found.total == expected.count)
        #expect(expected.count > 50)
        let pairs = found.twins.map { (inventory.name($0.first), inventory.name($0.second)) }
        #expect(pairs.map { Array($0.0.utf8) + [0] + Array($0.1.utf8) } == expected.map { Array($0.first.utf8) + [0] + Array($0.second.utf8) })
        // Searched on two cores (as a large inventory is), the pairs and their order are
        // the same, and so is the cut at the limit, wherever it falls.
        for parts in [2] {
            for limit in [.max, 0, 1, expected.count / 3, expected.count - 1] {
                let split = inventory.deviceNameTwins(limit: limit, parts: parts)
                #expect(split.total == expected.count)
                #expect(split.twins == Array(found.twins.prefix(limit)), "parts \(parts), limit \(limit)")
            }
        }
    }

    @Test func directoryRunsCoverEveryDirectoryOnceAndShareTheChildren() {
        var builder = InventoryBuilder()
        for d in 0..<40 {
            let dir = builder.addDirectory(name: Array("d\(d)".utf8), parent: 0)
            for f in 0..<(d % 7 == 0 ? 200 : 3) { _ = builder.addFile(name: Array("f\(f)".utf8), parent: dir, size: 1) }
        }
        let inventory = builder.finish()
        for parts in 1...6 {
            let runs = inventory.directoryRuns(parts)
            #expect(runs.count <= parts && !runs.isEmpty)
            #expect(runs.first?.lowerBound == 0 && runs.last?.upperBound == inventory.directories.count)
            #expect(zip(runs, runs.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound && !$1.isEmpty })
        }
        // Two runs: neither holds more than half the children and the largest directory's.
        let two = inventory.directoryRuns(2)
        #expect(two.count == 2)
        let children = two.map { $0.reduce(0) { $0 + Int(inventory.directories[$1].childCount) } }
        #expect(children.allSatisfy { $0 <= (children[0] + children[1]) / 2 + 200 })
    }
}
