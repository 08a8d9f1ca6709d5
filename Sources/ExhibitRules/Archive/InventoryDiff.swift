import ExhibitCore

/// What a change did to the container: files added, removed and grown, backup-exclusion
/// flags changed, and files moved between areas, from a base run's inventory to a run's,
/// matched by relative path. Both trees are walked together and each name is looked up
/// in the other tree's name index by its bytes, so no path string is made except for
/// the items reported; a million entries cost one pass (moves: one more, over the files
/// reported, `InventoryDiff+Moves`).
public struct InventoryDiff: Sendable {
    public enum Change: String, Sendable, Equatable, CaseIterable {
        case added, removed, grown
    }

    public struct Entry: Sendable, Equatable {
        public var change: Change
        public var path: String
        /// Size in the base run; nil for an added file.
        public var baseSize: UInt64?
        /// Size in the run; nil for a removed file.
        public var size: UInt64?
        /// The creating step in the run (for a removed file, in the base).
        public var step: String?
        /// Violations the run's check reports for the file or a directory above it.
        public var violations: [Violation]
        /// The size shown (the run's for an added file, the base's for a removed one) was
        /// not recorded (ncdu `excluded`/`read_error`, no sizes.txt line): it is unknown,
        /// and `size`/`baseSize` hold 0 for it. A grown file has both sizes recorded.
        public var sizeNotRecorded = false
    }

    /// Which way an item's backup-exclusion flag went. Only known flags compare: a flag
    /// one run did not record is counted apart (`flagsNotRecordedInBase`/`InRun`).
    public enum FlagDirection: String, Sendable, Equatable, CaseIterable {
        /// Excluded in the base, not excluded now: a restore brings it back, and a backup
        /// carries its bytes.
        case nowBackedUp = "now-backed-up"
        /// Not excluded in the base, excluded now.
        case nowExcluded = "now-excluded"
    }

    /// The highest item (file or directory) whose effective flag went one way; the items
    /// below it that went the same way are counted in it, not listed.
    public struct FlagChange: Sendable, Equatable {
        public var direction: FlagDirection
        /// Container-relative path (a directory's without a trailing `/`, as violations name it).
        public var path: String
        public var isDirectory: Bool
        /// Files at or below the item, in both runs, whose flag went this way, and their bytes in the run.
        public var fileCount: Int
        public var bytes: UInt64
        /// Whether the item's area is backed up at all (a flag in Caches or tmp changes nothing on restore).
        public var areaBackedUp: Bool
        /// The run's violations for the item or a directory above it.
        public var violations: [Violation]
        /// Files counted in `bytes` whose size was not recorded: `bytes` is then a lower
        /// bound, or unknown when it is all of them.
        public var unrecordedSizes = 0
    }

    /// Files added, removed and grown, in that order, each by path; a moved file is in `moves`, not here.
    public var entries: [Entry]
    /// Flag changes, by path.
    public var flagChanges: [FlagChange]
    /// Files removed from one area and added under another at the same path below the area (`Move`).
    public var moves: [Move]
    /// Files in both runs whose flag the base did not record but the run did, and the other way round.
    public var flagsNotRecordedInBase: Int
    public var flagsNotRecordedInRun: Int

    public func count(_ change: Change) -> Int { entries.reduce(0) { $0 + ($1.change == change ? 1 : 0) } }
    public func count(_ direction: FlagDirection) -> Int { flagChanges.reduce(0) { $0 + ($1.direction == direction ? 1 : 0) } }

    /// - Parameter report: the run's check report, for the violations of each file.
    public init(base: Inventory, run: Inventory, report: CheckReport) {
        var byNode: [Inventory.NodeID: [Violation]] = [:]
        for v in report.violations { if let n = v.node { byNode[n, default: []].append(v) } }
        func violations(_ node: Inventory.NodeID) -> [Violation] {
            var cur: Inventory.NodeID? = node
            while let c = cur {
                if let found = byNode[c] { return found }
                cur = run.parent(c)
            }
            return []
        }
        var out: [Entry] = []
        var flags: [FlagChange] = []
        var unrecordedInBase = 0
        var unrecordedInRun = 0
        /// The flag change an item starts, continues (`inherited`, its parent's) or neither.
        func flagChange(_ child: Inventory.NodeID, _ other: Inventory.NodeID, inherited: Int?) -> Int? {
            let was = base.backupFlag(other)
            let now = run.backupFlag(child)
            let counts = run.countsAsFile(child) && base.countsAsFile(other)
            if was == .unknown || now == .unknown {
                if counts && was != now {
                    if was == .unknown { unrecordedInBase += 1 } else { unrecordedInRun += 1 }
                }
                return nil
            }
            guard was != now else { return nil }
            let direction: FlagDirection = now == .excluded ? .nowExcluded : .nowBackedUp
            let index: Int
            if let inherited, flags[inherited].direction == direction {
                index = inherited
            } else {
                let directory = run.isDirectory(child)
                flags.append(
                    FlagChange(
                        direction: direction, path: run.path(child), isDirectory: directory,
                        fileCount: 0, bytes: 0, areaBackedUp: Self.areaBackedUp(run, child), violations: violations(child)))
                index = flags.count - 1
            }
            if counts {
                flags[index].fileCount += 1
                flags[index].bytes = Self.saturatingAdd(flags[index].bytes, run.size(child))
                if run.isSizeUnrecorded(child) { flags[index].unrecordedSizes += 1 }
            }
            return index
        }
        // (run node, base counterpart or nil, the flag change the node continues).
        var stack: [(Inventory.NodeID, Inventory.NodeID?, Int?)] = [(Inventory.root, Inventory.root, nil)]
        while let (node, counterpart, inherited) = stack.popLast() {
            for child in run.children(node) {
                let other = counterpart.flatMap { base.child(named: run.nameBytes(child), of: $0) }
                if run.isDirectory(child) {
                    let match = other.flatMap { base.isDirectory($0) ? $0 : nil }
                    stack.append((child, match, match.flatMap { flagChange(child, $0, inherited: inherited) }))
                    continue
                }
                if let other, !base.isDirectory(other) {
                    _ = flagChange(child, other, inherited: inherited)
                    // A size either side never recorded did not grow: it was not measured.
                    if run.size(child) > base.size(other), !run.isSizeUnrecorded(child), !base.isSizeUnrecorded(other) {
                        out.append(
                            Entry(
                                change: .grown, path: run.path(child), baseSize: base.size(other), size: run.size(child),
                                step: run.step(child), violations: violations(child)))
                    }
                } else {
                    out.append(
                        Entry(
                            change: .added, path: run.path(child), baseSize: nil, size: run.size(child),
                            step: run.step(child), violations: violations(child), sizeNotRecorded: run.isSizeUnrecorded(child)))
                }
            }
        }
        // Files of the base with no counterpart in the run.
        var baseStack: [(Inventory.NodeID, Inventory.NodeID?)] = [(Inventory.root, Inventory.root)]
        while let (node, counterpart) = baseStack.popLast() {
            for child in base.children(node) {
                let other = counterpart.flatMap { run.child(named: base.nameBytes(child), of: $0) }
                if base.isDirectory(child) {
                    baseStack.append((child, other.flatMap { run.isDirectory($0) ? $0 : nil }))
                } else if other == nil || run.isDirectory(other!) {
                    out.append(
                        Entry(
                            change: .removed, path: base.path(child), baseSize: base.size(child), size: nil,
                            step: base.step(child), violations: [], sizeNotRecorded: base.isSizeUnrecorded(child)))
                }
            }
        }
        let (kept, moves) = Self.pairMoves(out)
        entries = kept.sorted { a, b in
            let ca = Change.allCases.firstIndex(of: a.change) ?? 0
            let cb = Change.allCases.firstIndex(of: b.change) ?? 0
            return ca != cb ? ca < cb : a.path.utf8.lexicographicallyPrecedes(b.path.utf8)
        }
        self.moves = moves
        flagChanges = flags.sorted { a, b in
            a.direction != b.direction ? a.direction == .nowBackedUp : a.path.utf8.lexicographicallyPrecedes(b.path.utf8)
        }
        flagsNotRecordedInBase = unrecordedInBase
        flagsNotRecordedInRun = unrecordedInRun
    }

    /// Whether the backup policy backs up the item's area (Documents, Library but for
    /// Caches and the system's folders); names compare as the volume does by default,
    /// ignoring ASCII case.
    static func areaBackedUp(_ inventory: Inventory, _ node: Inventory.NodeID) -> Bool {
        var components: [ArraySlice<UInt8>] = []
        var cur: Inventory.NodeID? = node
        while let c = cur, c != Inventory.root {
            components.append(inventory.nameBytes(c))
            cur = inventory.parent(c)
        }
        return BackupPolicy.area(of: components.reversed(), caseSensitive: false).isBackedUp
    }

    /// Hostile inventories may claim sizes near `UInt64.max`; a total never traps.
    package static func saturatingAdd(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : sum
    }

    /// `exhibit diff` text: one line per file, escaped for a terminal.
    public func text(base: String, run: String) -> String {
        "Base \(TerminalText.escape(base)), run \(TerminalText.escape(run)): "
            + "\(count(.added)) added, \(count(.removed)) removed, \(count(.grown)) grown\n" + fileLines()
    }

    /// One line per file added, removed or grown.
    func fileLines() -> String {
        var s = ""
        let twins = Self.twins(entries.map(\.path))
        for e in entries {
            var line = TextFit.padRight(e.change.rawValue, to: 7) + "  " + Self.shown(e.path, twins: twins)
            switch e.change {
            case .added: line += "  " + Self.sizeText(e.size ?? 0, notRecorded: e.sizeNotRecorded)
            case .removed: line += "  " + Self.sizeText(e.baseSize ?? 0, notRecorded: e.sizeNotRecorded)
            case .grown: line += "  " + ByteSize.format(e.baseSize ?? 0) + " -> " + ByteSize.format(e.size ?? 0)
            }
            if let step = e.step { line += "  step " + TerminalText.escape(step) }
            line += Self.violationBadges(e.violations)
            s += line + "\n"
        }
        return s
    }

    /// A file's size as a line shows it: "size not recorded" rather than a `0 B` the
    /// inventory never measured.
    static func sizeText(_ bytes: UInt64, notRecorded: Bool) -> String {
        notRecorded ? "size not recorded" : ByteSize.format(bytes)
    }

    /// The bytes of `fileCount` files of which `unrecorded` have no recorded size: their
    /// sum is a lower bound ("at least"), or unknown when none was recorded.
    package static func totalText(
        _ bytes: UInt64, fileCount: Int, unrecorded: Int, notRecorded: String = "size not recorded",
        format: (UInt64) -> String = ByteSize.format
    ) -> String {
        if unrecorded == 0 { return format(bytes) }
        return unrecorded >= fileCount ? notRecorded : "at least " + format(bytes)
    }

    static func violationBadges(_ violations: [Violation]) -> String {
        violations.map { "  \($0.kind.badge) " + TerminalText.escape($0.ruleName ?? $0.kind.rawValue) }.joined()
    }

    /// A path as a line shows it: escaped, and an NFC/NFD twin (which would print as the
    /// same line) with its non-ASCII scalars spelled out and why.
    static func shown(_ path: String, twins: Set<[UInt8]>) -> String {
        guard twins.contains(Array(path.utf8)) else { return TerminalText.escape(path) }
        return TerminalText.spelledOut(TerminalText.escape(path)) + "  (a twin in another Unicode normalization; cannot coexist on the device)"
    }

    /// The paths (as bytes) that another path of the list equals under Unicode canonical
    /// equivalence (Swift's `String ==`, what APFS compares names by) with other bytes.
    static func twins(_ paths: [String]) -> Set<[UInt8]> {
        var forms: [String: Set<[UInt8]>] = [:]
        for p in paths where !p.utf8.allSatisfy({ $0 < 0x80 }) { forms[p, default: []].insert(Array(p.utf8)) }
        return forms.values.filter { $0.count > 1 }.reduce(into: Set<[UInt8]>()) { $0.formUnion($1) }
    }

    public func json(base: String, run: String) -> String { JSONWriter.render(.object(jsonFields(base: base, run: run))) }

    /// The keys `diff --format json` has always had, then the flag changes and moves.
    func jsonFields(base: String, run: String) -> [(String, JSONWriter.Value)] {
        [
            ("base", .string(base)),
            ("run", .string(run)),
            ("added", .int(count(.added))), ("removed", .int(count(.removed))), ("grown", .int(count(.grown))),
            (
                "files",
                .array(
                    entries.map { e in
                        .object([
                            ("change", .string(e.change.rawValue)),
                            ("path", .string(e.path)),
                            ("baseSize", e.change == .removed && e.sizeNotRecorded ? .null : e.baseSize.map { .uint($0) } ?? .null),
                            ("size", e.change == .added && e.sizeNotRecorded ? .null : e.size.map { .uint($0) } ?? .null),
                            ("sizeNotRecorded", .bool(e.sizeNotRecorded)),
                            ("step", .optional(e.step)),
                            ("violations", Self.violationRefs(e.violations)),
                        ])
                    })
            ),
            ("moved", .int(moves.count)),
            (
                "moves",
                .array(
                    moves.map { m in
                        .object([
                            ("path", .string(m.path)), ("basePath", .string(m.basePath)),
                            ("area", .string(m.area.rawValue)), ("baseArea", .string(m.baseArea.rawValue)),
                            ("baseSize", m.baseSizeNotRecorded ? .null : .uint(m.baseSize)),
                            ("size", m.sizeNotRecorded ? .null : .uint(m.size)), ("step", .optional(m.step)),
                            ("violations", Self.violationRefs(m.violations)),
                        ])
                    })
            ),
            (
                "flags",
                .object([
                    ("nowBackedUp", .int(count(.nowBackedUp))), ("nowExcluded", .int(count(.nowExcluded))),
                    ("notRecordedInBase", .int(flagsNotRecordedInBase)), ("notRecordedInRun", .int(flagsNotRecordedInRun)),
                    (
                        "changes",
                        .array(
                            flagChanges.map { f in
                                .object([
                                    ("change", .string(f.direction.rawValue)), ("path", .string(f.path)),
                                    ("directory", .bool(f.isDirectory)), ("files", .int(f.fileCount)),
                                    ("bytes", f.unrecordedSizes > 0 && f.unrecordedSizes >= f.fileCount ? .null : .uint(f.bytes)),
                                    ("unrecordedSizes", .int(f.unrecordedSizes)),
                                    ("areaBackedUp", .bool(f.areaBackedUp)), ("violations", Self.violationRefs(f.violations)),
                                ])
                            })
                    ),
                ])
            ),
        ]
    }

    static func violationRefs(_ violations: [Violation]) -> JSONWriter.Value {
        .array(violations.map { v in .object([("kind", .string(v.kind.rawValue)), ("rule", .optional(v.ruleName))]) })
    }
}
