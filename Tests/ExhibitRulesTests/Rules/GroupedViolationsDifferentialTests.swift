import Testing

@testable import ExhibitCore
@testable import ExhibitRules
@testable import ExhibitSynthetic

/// The rules walk's violations are stored grouped (`ViolationList`: a node and a
/// finding's template, the path made when read), put in report order by `PathOrder`'s
/// ranks instead of their paths, and read by the classifier and the writers field by
/// field. Checked here against plain code on random trees (names next to `/` in byte
/// order: `-`, `.`, space, `!`, `0`; non-ASCII; deep paths; sometimes a name twice or
/// invalid UTF-8, where the ranks give way to the paths) and random rules.
@Suite struct GroupedViolationsDifferentialTests {
    static let namePool: [[UInt8]] = [
        "a", "a-c", "a.b", "a b", "a!", "a0", "a-", "a.", "ab", "A", "b", "é", "é-x", "日本語", "Café", "Cafe\u{301}", "x.sqlite",
        "x.sqlite-wal", "vault.sqlite", "Documents", "Library", "Caches", "tmp", "Application Support", "x.download", "a\u{7F}",
    ].map { Array($0.utf8) }
    static let topLevel: [[UInt8]] = ["Documents", "Library", "tmp", "a", "a-c", "a.b", "SystemData"].map { Array($0.utf8) }

    /// A random tree; names are distinct within a directory unless `duplicates`, and
    /// valid UTF-8 unless `invalid`. Some branches go 12 levels deep.
    static func randomInventory(_ rng: inout SplitMix64, duplicates: Bool, invalid: Bool) -> Inventory {
        var builder = InventoryBuilder()
        builder.flagRecording = .wholeContainer
        let steps = ["first install", "retry download", "testTmpEmptyAfterRun setup"]
        func fill(_ parent: Int, depth: Int, maxDepth: Int, pool: [[UInt8]]) {
            var used: Set<[UInt8]> = []
            for _ in 0..<(1 + Int(rng.next() % 6)) {
                var name = pool[Int(rng.next() % UInt64(pool.count))]
                if invalid, rng.next() % 15 == 0 { name += [0xFF, 0x61] }
                if !duplicates, !used.insert(name).inserted { continue }
                var a = InventoryBuilder.EntryAttributes(excluded: rng.next() % 6 == 0)
                if depth < maxDepth, rng.next() % 2 == 0 {
                    let dir = builder.addEntry(name: name, parent: parent, isDirectory: true, a)
                    if rng.next() % 4 == 0 { builder.setStep(dir, steps[Int(rng.next() % 3)]) }
                    fill(dir, depth: depth + 1, maxDepth: maxDepth, pool: namePool)
                } else {
                    a.size = rng.next() % 5000
                    let file = builder.addEntry(name: name, parent: parent, isDirectory: false, a)
                    if rng.next() % 2 == 0 { builder.setStep(file, steps[Int(rng.next() % 3)]) }
                }
            }
        }
        fill(Inventory.root, depth: 1, maxDepth: rng.next() % 4 == 0 ? 12 : 4, pool: topLevel)
        return builder.finish()
    }

    static func randomRules(_ rng: inout SplitMix64) -> RulesInventory {
        var rules = RulesWalkDifferentialTests.randomRules(&rng)
        // Rules that cover much of the tree, so most files break something.
        rules.rules.append(BackupRule(name: "all-regenerable", pattern: "**/a*", requirement: .regenerable))
        rules.rules.append(BackupRule(name: "a-must", pattern: "a*/**", requirement: .mustRestore))
        return rules
    }

    /// A random inventory (a name twice in some rounds, invalid UTF-8 in others) held
    /// against random rules by the walk; the finder is kept for its allowed bytes.
    static func randomWalk(_ rng: inout SplitMix64, round: Int)
        -> (inventory: Inventory, compiled: CompiledRules, finder: ViolationFinder, violations: ViolationList)
    {
        let inventory = randomInventory(&rng, duplicates: round % 7 == 3, invalid: round % 5 == 4)
        let compiled = CompiledRules(randomRules(&rng))
        var finder = ViolationFinder(compiled: compiled, inventory: inventory)
        let violations = finder.find().violations
        return (inventory, compiled, finder, violations)
    }

    /// The report order as plain code (the independent oracle of the array sort).
    static func referenceOrder(_ violations: [Violation]) -> [Violation] {
        ReportOrderAndLinkDifferentialTests.referenceOrder(violations)
    }

    /// The creating step of a directory reported once: its own, or the one step every
    /// file below has.
    static func referenceStep(_ dir: Int, in inventory: Inventory) -> String? {
        if let own = inventory.step(dir) { return own }
        var steps: Set<String?> = []
        var stack = [dir]
        while let n = stack.popLast() {
            if inventory.isDirectory(n) { stack += inventory.children(n) } else { steps.insert(inventory.step(n)) }
        }
        return steps.count == 1 ? steps.first ?? nil : nil
    }

    @Test func groupedViolationsReadAsTheyWereMadeAndSortInReportOrder() {
        var rng = SplitMix64(seed: 1219)
        var grouped = 0
        var ranked = 0
        for round in 0..<150 {
            let (inventory, compiled, finder, walk) = Self.randomWalk(&rng, round: round)
            let volume = VolumeCheck.run(inventory: inventory, duTotals: nil, compiled: compiled, allowedBytes: finder.allowedBytes)
            // Each violation of the walk: its fields from its node, as the emit walk made them.
            for i in walk.indices {
                grouped += 1
                let v = walk[i]
                guard let node = v.node else {
                    Issue.record("round \(round): a walk violation without its node")
                    continue
                }
                #expect(!walk.isStored(at: i))
                // The path's text; for bytes that are not UTF-8 their escaped form.
                let pathBytes = inventory.pathBytes(node)
                let wellFormed = pathBytes.withUnsafeBufferPointer(UTF8Validity.isWellFormed)
                #expect(v.path == (wellFormed ? inventory.path(node) : TerminalText.escape(bytes: pathBytes)))
                #expect(v.pathIsEscaped == !wellFormed)
                #expect(walk.path(at: i) == v.path)
                #expect(v.size == inventory.totalSize(node))
                #expect(v.fileCount == (inventory.isDirectory(node) ? inventory.fileCount(node) : 1))
                #expect(v.step == (inventory.isDirectory(node) ? Self.referenceStep(node, in: inventory) : inventory.step(node)))
                #expect(walk.step(at: i) == v.step && walk.kind(at: i) == v.kind && walk.ruleName(at: i) == v.ruleName)
                #expect(walk.fileCount(at: i) == v.fileCount && walk.node(at: i) == v.node)
                var bytes: [UInt8] = []
                walk.pathUTF8(at: i, into: &bytes)
                #expect(bytes == Array(v.path.utf8))
            }
            if PathOrder.ranks(of: walk.slots.map(\.node), in: inventory) != nil { ranked += 1 }
            var list = walk
            list += volume.warnings
            let expected = Self.referenceOrder(Array(list))
            RulesEngine.sortInReportOrder(&list)
            #expect(Array(list) == expected, "round \(round)")
        }
        #expect(grouped > 5_000)
        // Most rounds take the ranks, the rest (a name twice, invalid UTF-8) the paths.
        #expect(ranked > 75 && ranked < 150)
    }

    @Test func violationLinesFormattedOnTwoCoresAreTheOneCoreLines() {
        var rng = SplitMix64(seed: 4242)
        var lines = 0
        for round in 0..<40 {
            var list = Self.randomWalk(&rng, round: round).violations
            // In report order a kind is one run of indices (split across the cores); in
            // walk order it is not, and is written on one core.
            if round % 4 != 0 { RulesEngine.sortInReportOrder(&list) }
            for kind in ViolationKind.allCases {
                let count = list.indices.count { list.kind(at: $0) == kind }
                let one = ReportText()
                CheckReportFormatter.appendViolationLines(of: kind, count: count, in: list, inferring: nil, to: one)
                for chunk in [1, 3, 64] {
                    let two = ReportText()
                    CheckReportFormatter.appendViolationLines(
                        of: kind, count: count, in: list, inferring: nil, to: two, twoCoresFrom: 1, linesPerChunk: chunk)
                    #expect(two.string == one.string, "round \(round), \(kind), chunks of \(chunk)")
                }
                lines += one.string.utf8.count { $0 == 0x0A }
            }
        }
        #expect(lines > 2_000)
    }

    @Test func slotsArePlacedInKeyOrderKeepingEqualKeysInTheirOrder() {
        var rng = SplitMix64(seed: 5)
        for n in [0, 1, 2, 3, 10, 1_000, 4_097] {
            // Nodes ranked at random, templates of few kinds and names, so most keys tie
            // and one node has several slots, not always next to each other.
            let nodes = 1 + Int(rng.next() % 40)
            let pathRank = (0..<UInt32(nodes)).shuffled(using: &rng)
            let templateKey = (0..<6).map { _ in (rng.next() % 3) << 61 | rng.next() % 4 }
            let slots = (0..<n).map { _ in
                ViolationList.Slot(node: Int(rng.next() % UInt64(nodes)), template: Int(rng.next() % 6), reportedOnce: false)
            }
            let key = { (s: ViolationList.Slot) in (templateKey[s.template] >> 61, pathRank[Int(s.node)], templateKey[s.template]) }
            // The standard library's sort is stable: the reference order.
            let expected = slots.sorted { key($0) < key($1) }
            var placed = slots
            RulesEngine.placeInKeyOrder(&placed, pathRank: pathRank, templateKey: templateKey)
            #expect(placed == expected, "\(n) slots")
        }
    }

    @Test func pathRanksFollowTheBytesOfThePaths() {
        var rng = SplitMix64(seed: 77)
        for round in 0..<300 {
            let inventory = Self.randomInventory(&rng, duplicates: round % 4 == 1, invalid: round % 6 == 5)
            // A random subset of the nodes, the root sometimes among them.
            let targets = (0..<inventory.count).filter { _ in rng.next() % 3 != 0 }
            let ranks = PathOrder.ranks(of: targets.map { Int32($0) }, in: inventory)
            let paths = targets.map { Array(inventory.path($0).utf8) }
            // What the ranks need: the targets' names and their directories' orderable,
            // no two targets with one path, and no two directories above targets with one
            // path (a name twice in a directory; a file and a directory may share one).
            var involved: Set<Int> = []
            var above: Set<Int> = []
            for t in targets where t != Inventory.root {
                involved.insert(t)
                var cur = inventory.parent(t)
                while let c = cur, c != Inventory.root, above.insert(c).inserted { cur = inventory.parent(c) }
            }
            involved.formUnion(above)
            let orderable = involved.allSatisfy { t in
                let name = Array(inventory.nameBytes(t))
                return !name.contains(0x2F) && !name.contains(0) && String(decoding: name, as: UTF8.self).utf8.elementsEqual(name)
            }
            let distinct = Set(paths).count == paths.count && Set(above.map { inventory.pathBytes($0) }).count == above.count
            guard let ranks else {
                #expect(!orderable || !distinct, "round \(round): no ranks for an orderable tree")
                continue
            }
            #expect(orderable && distinct, "round \(round): ranks for names that rule them out")
            // In rank order, every path precedes the next one's bytes.
            let byRank = targets.indices.sorted { ranks[targets[$0]] < ranks[targets[$1]] }
            for (a, b) in zip(byRank, byRank.dropFirst()) where !paths[a].lexicographicallyPrecedes(paths[b]) {
                Issue.record("round \(round): \(inventory.path(targets[a])) ranked before \(inventory.path(targets[b]))")
            }
        }
    }

    /// A `/` or NUL at any byte of a name (eight at a time are looked at), or bytes that
    /// are not UTF-8, rule the order out; the same name without it does not.
    @Test func aSlashOrNulAnywhereInANameRulesTheOrderOut() {
        for length in 1...20 {
            for at in 0..<length {
                for bad: [UInt8] in [[0x2F], [0x00], [0xFF], [0xC3]] {
                    var name = [UInt8](repeating: UInt8(ascii: "n"), count: length)
                    name.replaceSubrange(at..<(at + 1), with: bad)
                    for candidate in [name, [UInt8](repeating: UInt8(ascii: "n"), count: length)] {
                        var builder = InventoryBuilder()
                        let file = builder.addEntry(name: candidate, parent: Inventory.root, isDirectory: false, InventoryBuilder.EntryAttributes())
                        let inventory = builder.finish()
                        let ranked = PathOrder.ranks(of: [Int32(file)], in: inventory) != nil
                        #expect(ranked == (candidate != name), "\(candidate)")
                    }
                }
            }
        }
    }

    @Test func slashSortsAfterTheBytesBelowIt() {
        var fixture = ContainerFixture()
        for path in ["a/b-c/x", "a/b/x", "a/b.c", "a-c/z", "a.d/e", "a b/c", "a!", "a0", "ab", "é/x", "e/x", "a/b!"] {
            fixture.file(path, 1)
        }
        let inventory = fixture.build()
        let nodes = (1..<inventory.count).map { $0 }
        guard let ranks = PathOrder.ranks(of: nodes.map { Int32($0) }, in: inventory) else {
            Issue.record("no ranks for a tree of plain names")
            return
        }
        let byRank = nodes.sorted { ranks[$0] < ranks[$1] }.map { inventory.path($0) }
        let byBytes = nodes.map { inventory.path($0) }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        #expect(byRank == byBytes)
        // The case a walk with siblings in name order gets wrong: a, a-c, a-c/z, ..., a/b.
        let a = byRank.firstIndex(of: "a") ?? -1
        let ac = byRank.firstIndex(of: "a-c/z") ?? -1
        let ab = byRank.firstIndex(of: "a/b") ?? -1
        #expect(a >= 0 && a < ac && ac < ab)
    }

    @Test func theClassifierAndTheWritersReadGroupedAsStoredViolations() {
        var rng = SplitMix64(seed: 4242)
        var linked = 0
        for round in 0..<60 {
            let inventory = Self.randomInventory(&rng, duplicates: round % 5 == 2, invalid: round % 9 == 4)
            let rules = Self.randomRules(&rng)
            // Failure texts naming a file's path, a directory, a file name, a rule or a step.
            let someNode = inventory.count > 1 ? 1 + Int(rng.next() % UInt64(inventory.count - 1)) : 0
            let texts = [
                "XCTAssertFalse failed: \(inventory.path(someNode)) still exists", "tmp is not empty", "a-c/a.b should be gone",
                "rule all-regenerable broke", "nothing to see", "\(inventory.name(someNode)) is in the backup",
            ]
            let failures = (0..<(1 + Int(rng.next() % 3))).map { k in
                TestFailure(
                    testName: k == 0 ? "testRetryDownload()" : "testCase\(k)()", identifier: nil,
                    failureText: texts[Int(rng.next() % UInt64(texts.count))])
            }
            let report = RulesEngine.check(
                inventory: inventory, failures: failures, duTotals: nil, rules: rules, rulesSource: "rules.json", rulesDiagnostics: [])
            var stored = report
            stored.violations = ViolationList(Array(report.violations))
            #expect(stored.violations == report.violations)
            let proposal = Classifier.classify(violations: report.violations, failures: failures)
            #expect(proposal == Classifier.classify(violations: stored.violations, failures: failures), "round \(round)")
            #expect(proposal == report.proposal)
            linked += proposal.links.count
            #expect(CheckReportFormatter.text(report, runID: "r") == CheckReportFormatter.text(stored, runID: "r"), "round \(round)")
            #expect(CheckReportFormatter.json(report, runID: "r") == CheckReportFormatter.json(stored, runID: "r"), "round \(round)")
        }
        #expect(linked > 20)
    }

    /// The path pass makes a file's path only when a test may name its directory: a
    /// directory no text names answers for all its files, one a text names makes each
    /// path, so the one file named in a folder of many is found, and a folder named is
    /// found for each file in it.
    @Test func aFileNamedAmongManyInItsFolderIsLinkedByItsPath() {
        var fixture = ContainerFixture()
        for k in 0..<60 {
            fixture.file("tmp/Exports/file-\(k).bin", 10)
            fixture.file("tmp/Other/file-\(k).bin", 10)
            fixture.file("tmp/Named/file-\(k).bin", 10)
        }
        let inventory = fixture.build()
        let failures = [
            TestFailure(testName: "testOne()", identifier: nil, failureText: "XCTAssertFalse failed: tmp/Exports/file-25.bin still exists"),
            TestFailure(testName: "testFolder()", identifier: nil, failureText: "tmp/Named is not empty"),
        ]
        // Every file a violation of its own, in path order (as the walk reports them).
        let files = (0..<inventory.count).filter { !inventory.isDirectory($0) }.sorted {
            inventory.path($0).utf8.lexicographicallyPrecedes(inventory.path($1).utf8)
        }
        let template = Violation(kind: .skippedCleanup, path: "", size: 0, ruleName: "tmp-empty", reason: "tmp is not empty")
        let grouped = ViolationList(
            source: ViolationList.Source(inventory: inventory, templates: [template], collapsedSteps: [:]),
            slots: files.map { ViolationList.Slot(node: $0, template: 0, reportedOnce: false) })
        let links = Classifier.classify(violations: grouped, failures: failures).links
        let one = links.first { $0.test == "testOne()" }
        #expect(one?.basis == .path)
        #expect(one?.violations.map { grouped.path(at: $0) } == ["tmp/Exports/file-25.bin"])
        let folder = links.first { $0.test == "testFolder()" }
        #expect(folder?.basis == .directory)
        #expect(folder?.violations.count == 60)
        #expect(folder?.violations.allSatisfy { grouped.path(at: $0).hasPrefix("tmp/Named/") } == true)
        // Read as stored violations (each path made), the links are the same.
        #expect(Classifier.classify(violations: ViolationList(Array(grouped)), failures: failures).links == links)
    }

    @Test func aListReadsAsTheArrayItWasMadeFromAndStoresWhatIsSet() {
        var fixture = ContainerFixture()
        fixture.file("Library/Caches/a.bin", 3)
        fixture.file("tmp/a-c", 4)
        let report = RulesEngine.check(
            inventory: fixture.build(), failures: [], duTotals: nil, rules: RulesInventory.builtInDefaults, rulesSource: "built-in defaults",
            rulesDiagnostics: [])
        var list = report.violations
        guard !list.isEmpty else {
            Issue.record("the defaults find nothing in tmp/")
            return
        }
        var array = Array(list)
        let extra = Violation(kind: .volume, path: "Library", size: 9, reason: "over")
        list.append(extra)
        array.append(extra)
        list[0].reason = "changed"
        array[0].reason = "changed"
        #expect(Array(list) == array)
        #expect(list.isStored(at: 0) && list.reason(at: 0) == "changed")
        list.removeFirst()
        array.removeFirst()
        #expect(Array(list) == array && list == ViolationList(array))
    }
}
