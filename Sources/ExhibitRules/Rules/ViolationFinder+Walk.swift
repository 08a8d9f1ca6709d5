import ExhibitCore

/// Step 1 of `ViolationFinder`: one top-down walk that gives every file the interned
/// list of findings it breaks.
///
/// Pattern states (`PatternSet`) are advanced per directory only. What a file needs is
/// the set of patterns covering it: the directory's covering patterns (those that
/// matched the directory or an ancestor) plus those whose last segment its name
/// matches. Those name tests are bucketed per directory by the last byte they require
/// (names mostly differ in their extension), so a file runs the two or three tests its
/// last byte selects. Files of one directory mostly break the rules the same way, so
/// the findings are remembered per directory under what decides them (`MemoKey`).
extension ViolationFinder {
    /// A name test: `pattern` covers a file of the directory when its name passes
    /// `matcher`. `next` links the tests of one last-byte bucket (-1 ends the list).
    struct FileTest {
        var pattern: Int32
        var matcher: Int32
        var next: Int32
    }

    /// Everything about a file's findings that is not constant over its directory.
    /// Files of a directory with equal keys break the rules alike.
    struct MemoKey: Equatable {
        /// The patterns its name completes (-1 for none); a file completing more is not memoised.
        var first: Int32
        var second: Int32
        /// The rule it is "named like" (-1 for none); a file named like two is not memoised.
        var namedLike: Int32
        var userDataExtension: Int32
        var flag: FileFlag
        /// The directory's area, except for a file directly in `Library`, whose own name
        /// decides it (a file called `Caches` is in Library/Caches).
        var area: BackupArea.Kind
    }

    /// A file's effective backup-exclusion flag, as the walk reads it from the node bits.
    enum FileFlag: UInt8 {
        case notExcluded, excluded, unknown
    }

    struct MemoEntry {
        var key: MemoKey
        var signature: Int32
        var allowed: Bool
    }

    /// One directory on the walk's stack; its pattern states, covering patterns, tests,
    /// buckets and memo live in `WalkBuffers`, between the bounds recorded here.
    struct Frame {
        var stateStart: Int
        var stateEnd: Int
        var coveringStart: Int
        var coveringEnd: Int
        var coveringHasRule: Bool
        var testStart: Int
        var bucketStart: Int
        var memoStart: Int
        var memoCount: Int
        var nextChild: Int
        var childEnd: Int
        var area: BackupArea.Kind
        var topLevel: Int
        var depth: Int
    }

    /// Stack buffers shared by all frames (a child's regions follow its parent's), so
    /// the walk allocates nothing per node.
    struct WalkBuffers {
        static let memoSize = 8
        /// Bucket 256 holds the tests with no last byte to require (`*`, `x*`, classes).
        static let bucketCount = 257

        var states: [PatternSet.State] = []
        var covering: [Int32] = []
        var tests: [FileTest] = []
        var buckets: [Int32] = []
        var memo: [MemoEntry] = []

        /// Pushes the regions of a directory whose states are `states[range]`.
        mutating func frame(
            states range: Range<Int>, children: Range<Int>, area: BackupArea.Kind, topLevel: Int, depth: Int,
            tables: RulesWalkTables
        ) -> Frame {
            let coveringStart = covering.count
            let testStart = tests.count
            let bucketStart = buckets.count
            var coveringHasRule = false
            buckets.append(contentsOf: repeatElement(-1, count: Self.bucketCount))
            for i in range {
                let s = states[i]
                let p = Int(s.pattern)
                if s.segment == tables.segmentCount[p] {
                    covering.append(s.pattern)  // one accepting state per pattern, in pattern order
                    if tables.role[p] == .rule { coveringHasRule = true }
                    continue
                }
                let k = Int(tables.segmentStart[p]) + Int(s.segment)
                guard tables.segmentFinishes[k] else { continue }
                let matcher = tables.segmentMatcher[k]
                let bucket = bucketStart + (tables.lastByte[Int(matcher)].map(Int.init) ?? 256)
                tests.append(FileTest(pattern: s.pattern, matcher: matcher, next: buckets[bucket]))
                buckets[bucket] = Int32(tests.count - 1)
            }
            let memoStart = memo.count
            memo.append(
                contentsOf: repeatElement(
                    MemoEntry(
                        key: MemoKey(first: -1, second: -1, namedLike: -1, userDataExtension: -1, flag: .notExcluded, area: .outside),
                        signature: 0, allowed: false), count: Self.memoSize))
            return Frame(
                stateStart: range.lowerBound, stateEnd: range.upperBound, coveringStart: coveringStart, coveringEnd: covering.count,
                coveringHasRule: coveringHasRule, testStart: testStart, bucketStart: bucketStart, memoStart: memoStart, memoCount: 0,
                nextChild: children.lowerBound, childEnd: children.upperBound, area: area, topLevel: topLevel, depth: depth)
        }

        mutating func pop(_ f: Frame) {
            states.removeSubrange(f.stateStart...)
            covering.removeSubrange(f.coveringStart...)
            tests.removeSubrange(f.testStart...)
            buckets.removeSubrange(f.bucketStart...)
            memo.removeSubrange(f.memoStart...)
        }
    }

    /// Gives every file its signature (interned findings list); `neutral` for
    /// directories and ignored files. A large tree is walked in two halves at once
    /// (`ViolationFinder+Halves.swift`), with the same result as one walk.
    mutating func walk(split: WalkSplit = .automatic) -> [Int32] {
        let inventory = matching
        let tables = RulesWalkTables(compiled)
        var signatureOf = [Int32](repeating: Self.neutral, count: inventory.count)
        inventory.withRulesWalkStorage { storage in
            tables.names.withView { matchers in
                signatureOf.withUnsafeMutableBufferPointer { out in
                    guard let meeting = split.meeting(in: storage, inventory: inventory) else {
                        walkTree(from: [], until: -1, storage: storage, matchers: matchers, tables: tables, signatureOf: out, secondHalf: false)
                        return
                    }
                    walkHalves(meeting: meeting, storage: storage, matchers: matchers, tables: tables, signatureOf: out)
                }
            }
        }
        return signatureOf
    }

    /// The backup area of `child` (of `node`), a child of the directory of frame `f`.
    @inline(__always)
    private func area(of child: Int, _ node: Inventory.Node, in f: Frame) -> BackupArea.Kind {
        let cs = compiled.caseSensitive
        if f.depth == 0 {
            return node.flags.contains(.directory) ? BackupPolicy.area(topLevel: matching.nameBytes(child), caseSensitive: cs).kind : .outside
        }
        if f.depth == 1, f.area == .library { return BackupPolicy.area(insideLibrary: matching.nameBytes(child), caseSensitive: cs).kind }
        return f.area
    }

    /// The frame of directory `child` (of `node`), a child of the directory of frame `f`:
    /// its parent's pattern states advanced by its name, pushed onto `b`.
    @inline(__always)
    private func enter(
        _ child: Int, _ node: Inventory.Node, area: BackupArea.Kind, from f: Frame, storage: Inventory.RulesWalkStorage,
        tables: RulesWalkTables, buffers b: inout WalkBuffers
    ) -> Frame {
        let start = b.states.count
        compiled.patterns.advance(f.stateStart..<f.stateEnd, by: matching.nameBytes(child), in: &b.states)
        return b.frame(
            states: start..<b.states.count, children: storage.childRange(node), area: area, topLevel: f.depth == 0 ? child : f.topLevel,
            depth: f.depth + 1, tables: tables)
    }

    /// The walk's stack where it stands just before `childIndex` position
    /// `path.last`, having entered the directories at the positions before it: the
    /// second half's start (`path` empty: the root's, the whole walk's).
    private func stack(at path: [Int], storage: Inventory.RulesWalkStorage, tables: RulesWalkTables, buffers b: inout WalkBuffers) -> [Frame] {
        compiled.patterns.initialStates(into: &b.states)
        var stack = [
            b.frame(
                states: 0..<b.states.count, children: storage.childRange(storage.nodes[Inventory.root]), area: .outside,
                topLevel: -1, depth: 0, tables: tables)
        ]
        for (i, position) in path.enumerated() {
            guard i < path.count - 1 else {
                stack[stack.count - 1].nextChild = position
                break
            }
            stack[stack.count - 1].nextChild = position + 1
            let f = stack[stack.count - 1]
            let child = Int(storage.childIndex[position])
            let node = storage.nodes[child]
            stack.append(enter(child, node, area: area(of: child, node, in: f), from: f, storage: storage, tables: tables, buffers: &b))
        }
        return stack
    }

    /// Walks from the stack `stack(at: path)` gives until the top frame's next child is
    /// `childIndex` position `stop` (-1: to the end). The second half writes its
    /// signatures marked (`ViolationFinder.marked`), to be renumbered into the first's.
    mutating func walkTree(
        from path: [Int], until stop: Int, storage: Inventory.RulesWalkStorage, matchers: NameMatchers.View, tables: RulesWalkTables,
        signatureOf: UnsafeMutableBufferPointer<Int32>, secondHalf: Bool
    ) {
        var b = WalkBuffers()
        b.states.reserveCapacity(1024)
        var stack = stack(at: path, storage: storage, tables: tables, buffers: &b)
        // At most one entry per pattern, and per rule.
        var completed = Int32Scratch(capacity: tables.role.count)
        var namedLike = Int32Scratch(capacity: tables.ruleRequirement.count)
        defer {
            completed.deallocate()
            namedLike.deallocate()
        }
        var accepted: [Int32] = []
        var found: [Finding] = []
        while let f = stack.last {
            if f.nextChild == f.childEnd {
                stack.removeLast()
                b.pop(f)
                continue
            }
            // After the pop: a finished directory's end may be the position where
            // another's children start.
            if f.nextChild == stop { break }
            stack[stack.count - 1].nextChild += 1
            let child = Int(storage.childIndex[f.nextChild])
            let node = storage.nodes[child]
            let area = area(of: child, node, in: f)
            let topLevel = f.depth == 0 ? child : f.topLevel
            if node.flags.contains(.directory) {
                stack.append(enter(child, node, area: area, from: f, storage: storage, tables: tables, buffers: &b))
                continue
            }
            let name = storage.name(node)

            // The patterns the name completes, in pattern order.
            completed.removeAll()
            var bucket = 256
            while true {
                var t = Int(b.buckets[f.bucketStart + bucket])
                while t >= 0 {
                    let test = b.tests[t]
                    if matchers.matches(test.matcher, name) { completed.insertSorted(test.pattern) }
                    t = Int(test.next)
                }
                guard bucket == 256, let last = name.last else { break }
                bucket = Int(tables.foldsCase ? asciiFolded(last) : last)
            }
            var ruleHit = f.coveringHasRule
            for i in 0..<completed.count where tables.role[Int(completed[i])] == .rule { ruleHit = true }
            // A file named like a rule's files but outside every rule's pattern.
            namedLike.removeAll()
            if !ruleHit, let first = name.first {
                for k in Int(tables.outsideStart[Int(first)])..<Int(tables.outsideStart[Int(first) + 1])
                where matchers.matches(tables.outsideMatcher[k], name) && !namedLike.contains(tables.outsideRule[k]) {
                    namedLike.append(tables.outsideRule[k])
                }
            }
            let userDataExtension = area == .caches || area == .tmp ? tables.userDataExtension(of: name).map(Int32.init) ?? -1 : -1
            let flag: FileFlag = node.flags.contains(.excludedEffective) ? .excluded : node.flags.contains(.flagKnown) ? .notExcluded : .unknown

            let memoised = completed.count <= 2 && namedLike.count <= 1
            let key = MemoKey(
                first: completed.count > 0 ? completed[0] : -1, second: completed.count > 1 ? completed[1] : -1,
                namedLike: namedLike.count > 0 ? namedLike[0] : -1,
                userDataExtension: userDataExtension, flag: flag, area: area)
            var entry: MemoEntry?
            if memoised {
                for i in f.memoStart..<(f.memoStart + min(f.memoCount, WalkBuffers.memoSize)) where b.memo[i].key == key {
                    entry = b.memo[i]
                    break
                }
            }
            if entry == nil {
                // Merge the directory's covering patterns with the completed ones.
                accepted.removeAll(keepingCapacity: true)
                var c = f.coveringStart
                for i in 0..<completed.count {
                    let p = completed[i]
                    while c < f.coveringEnd, b.covering[c] <= p {
                        if b.covering[c] < p { accepted.append(b.covering[c]) }
                        c += 1
                    }
                    accepted.append(p)
                }
                while c < f.coveringEnd {
                    accepted.append(b.covering[c])
                    c += 1
                }
                found.removeAll(keepingCapacity: true)
                let outcome = evaluateFile(
                    accepted: accepted, flag: flag, area: area, namedLike: namedLike.elements,
                    userDataExtension: userDataExtension >= 0 ? Int(userDataExtension) : nil, tables: tables, into: &found)
                let made = MemoEntry(key: key, signature: outcome.ignored ? Self.neutral : intern(&found), allowed: outcome.allowed)
                if memoised {
                    b.memo[f.memoStart + f.memoCount % WalkBuffers.memoSize] = made
                    stack[stack.count - 1].memoCount += 1
                }
                entry = made
            }
            guard let result = entry else { continue }
            if result.signature != Self.neutral { signatureOf[child] = secondHalf ? Self.marked(result.signature) : result.signature }
            if result.allowed, topLevel >= 0 {
                allowedBytes[topLevel] = saturatingAdd(allowedBytes[topLevel, default: 0], inventory.size(child))
                if inventory.isSizeUnrecorded(child) { allowedUnrecorded[topLevel, default: 0] += 1 }
            }
        }
    }

    /// The findings of one file from the patterns covering it (`accepted`, in pattern
    /// order), the rules it is named like and its user-data extension. `ignored` when an
    /// ignore pattern covers it; `allowed` when an allowed large resource does.
    private func evaluateFile(
        accepted: [Int32], flag: FileFlag, area: BackupArea.Kind, namedLike: UnsafeBufferPointer<Int32>, userDataExtension: Int?,
        tables: RulesWalkTables, into out: inout [Finding]
    ) -> (ignored: Bool, allowed: Bool) {
        var ruleHit = false
        var allowlisted = false
        var testPreference = -1
        var partial = -1
        var taskTemporary = -1
        var allowed = false
        for p in accepted {
            let index = tables.roleIndex[Int(p)]
            switch tables.role[Int(p)] {
            case .ignore:
                return (true, false)
            case .rule:
                ruleHit = true
                let r = index
                switch tables.ruleRequirement[Int(r)] {
                case .regenerable:
                    // An unknown flag decides nothing: the rule is undecided, never broken.
                    if area.isBackedUp, flag == .notExcluded { out.append(Finding(cause: .regenerableNotExcluded, rule: r)) }
                    if area.isBackedUp, flag == .unknown { out.append(Finding(cause: .regenerableFlagUnknown, rule: r)) }
                    if area == .documents { out.append(Finding(cause: .regenerableInDocuments, rule: r)) }
                case .mustRestore:
                    if !area.isBackedUp {
                        out.append(Finding(cause: .mustRestoreInArea(area), rule: r))
                    } else if flag == .excluded {
                        // The attribute is wrong the other way round: user data that will not come back.
                        out.append(Finding(cause: .mustRestoreExcluded, rule: r))
                    } else if flag == .unknown {
                        out.append(Finding(cause: .mustRestoreFlagUnknown, rule: r))
                    }
                case .transient:
                    out.append(Finding(cause: .transientPresent, rule: r))
                    if area == .documents { out.append(Finding(cause: .transientInDocuments, rule: r)) }
                }
            case .allowlist:
                allowlisted = true
            case .testPreference:
                if testPreference < 0 { testPreference = Int(index) }
            case .partialDownload:
                if partial < 0 { partial = Int(index) }
            case .allowedResource:
                allowed = true
            case .taskTemporary:
                if taskTemporary < 0 { taskTemporary = Int(index) }
            case .none:
                break
            }
        }
        if !ruleHit {
            for r in namedLike { out.append(Finding(cause: .outsideLocation, rule: r)) }
        }
        if area == .documents, compiled.rules.documentsAllowlist != nil, !allowlisted { out.append(Finding(cause: .outsideAllowlist)) }
        if area == .caches || area == .tmp, let ext = userDataExtension { out.append(Finding(cause: .userDataExtension(ext, area))) }
        if testPreference >= 0 { out.append(Finding(cause: .testPreferenceDomain(testPreference))) }
        if partial >= 0 { out.append(Finding(cause: .partialDownload(partial))) }
        if taskTemporary >= 0 { out.append(Finding(cause: .cancelledTaskLeftover(taskTemporary))) }
        // "Left in tmp" only when nothing more specific (a transient rule with an owner, a
        // partial download) already reports the file as skipped cleanup.
        if area == .tmp, !out.contains(where: { $0.kind == .skippedCleanup }) { out.append(Finding(cause: .tmpNotEmpty)) }
        // "Covered by no rule" only for files that break nothing else, to keep noise down;
        // the Documents allowlist and allowed large resources also count as covering a file.
        // Only where the flag is known: "backed up" is a claim about it.
        if !ruleHit, !allowlisted, !allowed, out.isEmpty, area.isBackedUp, flag == .notExcluded {
            out.append(Finding(cause: .unruled(area)))
        }
        return (false, allowed)
    }

    private mutating func intern(_ list: inout [Finding]) -> Int32 {
        if list.isEmpty { return 0 }
        // Most files break exactly one rule: answer those without allocating.
        if list.count == 1, let id = findings.existingID(list[0]), singleSignature[Int(id)] >= 0 { return singleSignature[Int(id)] }
        var ids: [Int32] = []
        ids.reserveCapacity(list.count)
        for f in list {
            let id = findings.id(for: f)
            if Int(id) == singleSignature.count { singleSignature.append(-1) }
            ids.append(id)
        }
        ids.sort()
        let sig = signatures.id(for: ids)
        if ids.count == 1 { singleSignature[Int(ids[0])] = sig }
        return sig
    }
}

/// A list of small ids with a fixed capacity, reused for every file: no uniqueness
/// check or reallocation per use (`Array.removeAll(keepingCapacity:)` and `insert`
/// cost about 80 instructions each). Deallocate it when done.
struct Int32Scratch {
    private let base: UnsafeMutablePointer<Int32>
    let capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = capacity
        base = .allocate(capacity: Swift.max(capacity, 1))
    }

    func deallocate() { base.deallocate() }

    mutating func removeAll() { count = 0 }

    subscript(i: Int) -> Int32 {
        precondition(i >= 0 && i < count, "index within the list")
        return base[i]
    }

    var elements: UnsafeBufferPointer<Int32> { UnsafeBufferPointer(start: base, count: count) }

    func contains(_ value: Int32) -> Bool { elements.contains(value) }

    mutating func append(_ value: Int32) {
        precondition(count < capacity, "more ids than the capacity")
        base[count] = value
        count += 1
    }

    /// Inserts `value` in ascending order unless it is there already.
    mutating func insertSorted(_ value: Int32) {
        var i = count
        while i > 0, base[i - 1] >= value {
            if base[i - 1] == value { return }
            i -= 1
        }
        precondition(count < capacity, "more ids than the capacity")
        var j = count
        while j > i {
            base[j] = base[j - 1]
            j -= 1
        }
        base[i] = value
        count += 1
    }
}
