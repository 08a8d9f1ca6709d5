import Testing

@testable import ExhibitCore
@testable import ExhibitRules
@testable import ExhibitSynthetic

/// The rules walk (`ViolationFinder+Walk`) advances pattern states per directory only
/// and decides files by name tests (`NameMatchers`), bucketed by last byte, with a
/// per-directory memo. Checked here against the plain way: every file's path matched
/// from the root (`PatternSet.matchingPatterns`) and its findings collected as the
/// walk did before (`referenceFindings`, the former `evaluateFile`), on random trees
/// and random rules.
@Suite struct RulesWalkDifferentialTests {
    static let segmentPool = [
        "Documents", "Library", "Caches", "tmp", "Application Support", "a", "B", "*", "*.txt", "*.TXT", "a*",
        "*b*", "[a-c]*", "?.db", "**", "x*.download", "é*", "Café*", "[!a]*.db", "vault.sqlite", "*.sqlite",
        "Ab*.plist", "a?c", "*é", "[0-9]*", "CFNetworkDownload_*.tmp",
    ]
    static let topLevel = ["Documents", "Library", "tmp", "SystemData", "GeoJSON", "other", "x.txt", "documents"]
    static let libraryChildren = ["Caches", "Application Support", "Preferences", "SplashBoard", "caches", "a"]
    static let names = [
        "a", "B", "a.txt", "b.TXT", "vault.sqlite", "x.download", "CFNetworkDownload_1.tmp", "é.db", "Café 1.db", "c.sqlite",
        "n.vaultnote", "q.db", "zz", "Ab.plist", "x-tests.1.plist", "abc", "A.DB", "1.bin", "é", "ab.SQLITE", ".db", "x.",
        "Documents", "Caches", "tmp",
    ]

    static func pick<T>(_ list: [T], _ rng: inout SplitMix64) -> T { list[Int(rng.next() % UInt64(list.count))] }

    static func randomGlob(_ rng: inout SplitMix64) -> String {
        var parts: [String] = []
        for _ in 0..<(1 + Int(rng.next() % 4)) { parts.append(pick(segmentPool, &rng)) }
        var text = parts.joined(separator: "/")
        if rng.next() % 5 == 0 { text = "**/" + text }
        if rng.next() % 6 == 0 { text += "/" }
        return text
    }

    static func randomRules(_ rng: inout SplitMix64) -> RulesInventory {
        var rules = RulesInventory(caseSensitive: rng.next() % 3 == 0)
        let requirements = RestoreRequirement.allCases
        for i in 0..<Int(rng.next() % 9) {
            rules.rules.append(BackupRule(name: "rule-\(i)", pattern: randomGlob(&rng), requirement: pick(requirements, &rng)))
        }
        if rng.next() % 2 == 0 { rules.documentsAllowlist = (0..<Int(rng.next() % 3)).map { _ in randomGlob(&rng) } }
        rules.userDataExtensions = rng.next() % 4 == 0 ? [] : ["sqlite", "db", ".vaultnote"]
        if rng.next() % 3 == 0 { rules.allowedLargeResources = [AllowedResource(pattern: randomGlob(&rng), reason: "test")] }
        if rng.next() % 3 == 0 { rules.testPreferenceDomains.append(randomGlob(&rng)) }
        if rng.next() % 3 == 0 { rules.ignore = [randomGlob(&rng)] }
        if rng.next() % 3 == 0 {
            rules.backgroundTasks = [BackgroundTaskRule(identifier: "task", kind: .refresh, temporaryFiles: [randomGlob(&rng), randomGlob(&rng)])]
        }
        return rules
    }

    /// A tree built in depth-first order (as readers build it), with repeated names,
    /// exclusion flags on files and directories, and files at every depth. With
    /// `partialFlags` the source records flags item by item (an ncdu export where only
    /// some items carry `x_backup_excluded`), so many flags are unknown.
    static func randomInventory(_ rng: inout SplitMix64, partialFlags: Bool = false) -> Inventory {
        var builder = InventoryBuilder()
        builder.flagRecording = partialFlags ? .itemByItem : .wholeContainer
        if partialFlags, rng.next() % 2 == 0 { builder.setAttributes(Inventory.root, recorded()) }
        func recorded() -> InventoryBuilder.EntryAttributes {
            var a = InventoryBuilder.EntryAttributes()
            a.flagRecorded = true
            return a
        }
        func fill(_ parent: Int, depth: Int, pool: [String]) {
            for _ in 0..<(1 + Int(rng.next() % 5)) {
                let name = Array(pick(pool, &rng).utf8)
                var a = InventoryBuilder.EntryAttributes(excluded: rng.next() % 7 == 0)
                a.flagRecorded = partialFlags && rng.next() % 3 != 0
                if depth < 4, rng.next() % 3 != 0 {
                    let dir = builder.addEntry(name: name, parent: parent, isDirectory: true, a)
                    let next = depth == 1 && name == Array("Library".utf8) ? libraryChildren : names
                    fill(dir, depth: depth + 1, pool: next)
                } else {
                    a.size = rng.next() % 1000
                    _ = builder.addEntry(name: name, parent: parent, isDirectory: false, a)
                }
            }
        }
        fill(Inventory.root, depth: 1, pool: topLevel)
        return builder.finish()
    }

    /// The three states from the definition (exhibit-bundle(5)), walking the ancestors:
    /// excluded if the item or an ancestor carries the flag; not excluded if the item
    /// and every ancestor (the root included) are recorded; else unknown.
    static func referenceFlag(_ id: Int, in inventory: Inventory) -> Inventory.BackupFlag {
        var cur: Int? = id
        var allRecorded = true
        while let c = cur {
            if inventory.isExcludedOwn(c) { return .excluded }
            if !inventory.isFlagRecorded(c) { allRecorded = false }
            cur = inventory.parent(c)
        }
        return allRecorded ? .notExcluded : .unknown
    }

    /// The findings of one file as the walk collected them before it matched names:
    /// from the patterns covering the whole path.
    static func referenceFindings(
        _ file: Int, in inventory: Inventory, compiled c: CompiledRules,
        allowedBytes: inout [Int: UInt64]
    ) -> [ViolationFinder.Finding]? {
        typealias Finding = ViolationFinder.Finding
        let components = inventory.pathBytes(file).split(separator: 0x2F)
        let name = inventory.nameBytes(file)
        // Files directly in the container are outside the backed-up areas, whatever their name.
        let area = components.count == 1 ? BackupPolicy.outside : BackupPolicy.area(of: components, caseSensitive: c.caseSensitive)
        let flag = referenceFlag(file, in: inventory)
        #expect(inventory.backupFlag(file) == flag)
        let excluded = flag == .excluded
        var out: [Finding] = []
        var ruleHit = false
        var allowlisted = false
        var allowed = false
        var testPreference = -1
        var partial = -1
        var taskTemporary = -1
        for p in c.patterns.matchingPatterns(components: components) {
            if c.ignoreRange.contains(p) { return nil }
            if c.ruleRange.contains(p) {
                ruleHit = true
                let r = Int32(p - c.ruleRange.lowerBound)
                switch c.rules.rules[Int(r)].requirement {
                case .regenerable:
                    if area.isBackedUp, flag == .notExcluded { out.append(Finding(cause: .regenerableNotExcluded, rule: r)) }
                    if area.isBackedUp, flag == .unknown { out.append(Finding(cause: .regenerableFlagUnknown, rule: r)) }
                    if area.kind == .documents { out.append(Finding(cause: .regenerableInDocuments, rule: r)) }
                case .mustRestore:
                    if !area.isBackedUp {
                        out.append(Finding(cause: .mustRestoreInArea(area.kind), rule: r))
                    } else if excluded {
                        out.append(Finding(cause: .mustRestoreExcluded, rule: r))
                    } else if flag == .unknown {
                        out.append(Finding(cause: .mustRestoreFlagUnknown, rule: r))
                    }
                case .transient:
                    out.append(Finding(cause: .transientPresent, rule: r))
                    if area.kind == .documents { out.append(Finding(cause: .transientInDocuments, rule: r)) }
                }
            } else if c.allowlistRange.contains(p) {
                allowlisted = true
            } else if c.testPreferenceRange.contains(p) {
                if testPreference < 0 { testPreference = p - c.testPreferenceRange.lowerBound }
            } else if c.partialDownloadRange.contains(p) {
                if partial < 0 { partial = p - c.partialDownloadRange.lowerBound }
            } else if c.allowedResourceRange.contains(p) {
                allowed = true
            } else if c.taskTemporaryRange.contains(p) {
                if taskTemporary < 0 { taskTemporary = c.taskOfTemporaryPattern[p - c.taskTemporaryRange.lowerBound] }
            }
        }
        if allowed, let top = inventory.topLevelAncestor(file) { allowedBytes[top, default: 0] &+= inventory.size(file) }
        if !ruleHit, let first = name.first {
            for (rule, glob) in c.nameIndex[Int(first)] where glob.segment(0, matches: name) {
                let f = Finding(cause: .outsideLocation, rule: Int32(rule - c.ruleRange.lowerBound))
                if !out.contains(f) { out.append(f) }
            }
        }
        if area.kind == .documents, c.rules.documentsAllowlist != nil, !allowlisted { out.append(Finding(cause: .outsideAllowlist)) }
        if area.kind == .caches || area.kind == .tmp, let ext = c.userDataExtension(of: name) {
            out.append(Finding(cause: .userDataExtension(ext, area.kind)))
        }
        if testPreference >= 0 { out.append(Finding(cause: .testPreferenceDomain(testPreference))) }
        if partial >= 0 { out.append(Finding(cause: .partialDownload(partial))) }
        if taskTemporary >= 0 { out.append(Finding(cause: .cancelledTaskLeftover(taskTemporary))) }
        if area.kind == .tmp, !out.contains(where: { $0.kind == .skippedCleanup }) { out.append(Finding(cause: .tmpNotEmpty)) }
        if !ruleHit, !allowlisted, !allowed, out.isEmpty, area.isBackedUp, flag == .notExcluded { out.append(Finding(cause: .unruled(area.kind))) }
        return out
    }

    @Test func theWalkFindsWhatPerPathMatchingFinds() {
        var rng = SplitMix64(seed: 7)
        var filesChecked = 0
        var filesWithFindings = 0
        var undecidedFiles = 0
        for round in 0..<400 {
            let compiled = CompiledRules(Self.randomRules(&rng))
            // Every other round with flags recorded item by item, so many are unknown.
            let inventory = Self.randomInventory(&rng, partialFlags: round % 2 == 1)
            var finder = ViolationFinder(compiled: compiled, inventory: inventory)
            let signatures = finder.walk()
            var allowedBytes: [Int: UInt64] = [:]
            for id in 1..<inventory.count where !inventory.isDirectory(id) {
                filesChecked += 1
                let expected = Self.referenceFindings(id, in: inventory, compiled: compiled, allowedBytes: &allowedBytes)
                let got = signatures[id] == ViolationFinder.neutral ? nil : finder.signatures[signatures[id]].map { finder.findings[$0] }
                if let e = expected, !e.isEmpty { filesWithFindings += 1 }
                if let e = expected, e.contains(where: \.isUndecided) { undecidedFiles += 1 }
                // The walk interns findings as sorted ids: compare the lists as sets (each is duplicate-free).
                if got.map(Set.init) != expected.map(Set.init) || got?.count != expected?.count {
                    Issue.record(
                        "round \(round), \(inventory.path(id)): \(String(describing: got)) != \(String(describing: expected)); rules \(compiled.patterns.globs.map(\.text))"
                    )
                }
            }
            #expect(finder.allowedBytes == allowedBytes, "round \(round)")
        }
        #expect(filesChecked > 5_000)
        #expect(filesWithFindings > filesChecked / 4, "the random rules must find something")
        #expect(undecidedFiles > 50, "unknown flags must leave rules undecided")
    }

    @Test func nameMatchersAgreeWithGlobSegments() {
        let alphabet: [[UInt8]] = ["a", "B", ".", "é", "x", "*", "?", "[a-c]", "[!é]", "\\*"].map { Array($0.utf8) }
        let nameAlphabet: [[UInt8]] = ["a", "A", "b", "B", ".", "é", "x", "*", "c", "\u{301}"].map { Array($0.utf8) } + [[0xFF], [0xC3]]
        var rng = SplitMix64(seed: 11)
        for _ in 0..<3_000 {
            var pattern: [UInt8] = []
            for _ in 0..<(1 + Int(rng.next() % 5)) { pattern += Self.pick(alphabet, &rng) }
            for caseSensitive in [true, false] {
                guard let glob = try? Glob.compile(String(decoding: pattern, as: UTF8.self), caseSensitive: caseSensitive),
                    let segment = glob.segments.first, segment != .anyDepth
                else { continue }
                var matchers = NameMatchers()
                guard let index = matchers.add(segment, caseSensitive: caseSensitive) else {
                    Issue.record("\(glob.text): no matcher for a segment that is not **")
                    continue
                }
                let lastByte = matchers.lastByte(of: Int(index), foldingCase: !caseSensitive)
                for _ in 0..<20 {
                    var name: [UInt8] = []
                    for _ in 0..<(Int(rng.next() % 6)) { name += Self.pick(nameAlphabet, &rng) }
                    let expected = glob.segment(0, matches: name[...])
                    let got = matchers.withView { view in name.withUnsafeBufferPointer { view.matches(index, $0) } }
                    if got != expected {
                        Issue.record("\(glob.text) (case-sensitive \(caseSensitive)) on \(name): \(got) != \(expected)")
                    }
                    // The walk only tries a matcher on names ending in its last byte.
                    if expected, let lastByte, let last = name.last, (caseSensitive ? last : asciiFolded(last)) != lastByte {
                        Issue.record("\(glob.text) matches \(name) but requires the last byte \(lastByte)")
                    }
                }
            }
        }
    }

    @Test func userDataExtensionsAgreeWithTheCompiledRules() {
        var rng = SplitMix64(seed: 3)
        for caseSensitive in [true, false] {
            var rules = RulesInventory(caseSensitive: caseSensitive)
            rules.userDataExtensions = ["sqlite", "DB", ".vaultnote", "", "tar.gz"]
            let compiled = CompiledRules(rules)
            let tables = RulesWalkTables(compiled)
            for _ in 0..<5_000 {
                var name: [UInt8] = []
                for _ in 0..<(Int(rng.next() % 8)) { name += Self.pick(["a", ".", "sqlite", "SQLite", "db", "Db", "gz", "tar", "é", "vaultnote"], &rng).utf8 }
                let expected = compiled.userDataExtension(of: name[...])
                let got = name.withUnsafeBufferPointer { tables.userDataExtension(of: $0) }
                if got != expected {
                    Issue.record(
                        "\(String(decoding: name, as: UTF8.self)), case-sensitive \(caseSensitive): \(String(describing: got)) != \(String(describing: expected))"
                    )
                }
            }
        }
    }
}
