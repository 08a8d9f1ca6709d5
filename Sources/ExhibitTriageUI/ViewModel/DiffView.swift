import ExhibitCore
import ExhibitRules

/// The comparison of the open run with a base run as the diff view holds it: one list,
/// section by section in `RunComparison.Section` order (what got worse first), each
/// under a title with its count; files biggest growth first. The selection skips the
/// titles; Enter takes it to the file in the tree (or the test in the Failures pane).
/// Made once from a `RunComparison`; the base run is not kept.
public struct DiffView: Sendable, Equatable {
    public struct Row: Sendable, Equatable {
        public enum Item: Sendable, Equatable {
            /// A section's title and how many rows follow it.
            case section(RunComparison.Section, count: Int)
            /// What was not compared, and why (flags one run did not record, tests without results).
            case note(String)
            case file(InventoryDiff.Entry)
            case move(InventoryDiff.Move)
            case flag(InventoryDiff.FlagChange)
            /// A violation new in the run, or fixed since the base.
            case violation(Violation, fixed: Bool)
            case test(TestOutcomeDiff.Change, RunComparison.Section)
        }

        public var item: Item
        /// How many bytes the row changes: a file's size change, the bytes a flag change
        /// puts into or takes out of the backup.
        public var deltaBytes: UInt64
        /// The bytes go down: a removed file, a flag set.
        public var shrank: Bool
        /// What the row is about, as the status line names it: a path or a test; empty for titles.
        public var path: String

        public var entry: InventoryDiff.Entry? {
            if case .file(let e) = item { return e }
            return nil
        }

        /// Titles and notes are read, not selected.
        public var isSelectable: Bool {
            switch item {
            case .section, .note: false
            default: true
            }
        }
    }

    public let baseRunID: String
    public let rows: [Row]
    public var cursor = ListCursor()
    /// Bytes added by new and grown files, and bytes of the files removed (saturating).
    public let bytesGrown: UInt64
    public let bytesRemoved: UInt64
    /// Added and removed files whose size was not recorded, left out of the totals
    /// above: a total with any is a lower bound.
    public let unrecordedGrown: Int
    public let unrecordedRemoved: Int
    public let regressions: Int
    public let improvements: Int
    /// `RunComparison.isDecided`: without it `regressions` counts only what is known.
    public let isDecided: Bool
    private let sectionCounts: [RunComparison.Section: Int]
    private let fileCounts: [InventoryDiff.Change: Int]

    public init(baseRunID: String, comparison: RunComparison) {
        self.baseRunID = baseRunID
        var grown: UInt64 = 0
        var removed: UInt64 = 0
        var unrecordedGrown = 0
        var unrecordedRemoved = 0
        var rows: [Row] = []
        let files = comparison.files
        // First: the regressions counted are only those known (`diff` exits 2).
        for (side, reasons) in [("base", comparison.baseNotDecided), ("run", comparison.runNotDecided)] {
            for reason in reasons {
                let text = "Not decided (\(side)): " + TerminalText.sanitized(reason, emoji: .escaped)
                rows.append(Row(item: .note(text), deltaBytes: 0, shrank: false, path: ""))
            }
        }
        if files.flagsNotRecordedInBase > 0 || files.flagsNotRecordedInRun > 0 {
            rows.append(
                Row(
                    item: .note(
                        "Flags not compared: " + RunComparison.counted(files.flagsNotRecordedInBase, "file") + " not recorded in base, "
                            + "\(files.flagsNotRecordedInRun) not recorded in this run"),
                    deltaBytes: 0, shrank: false, path: ""))
        }
        if let why = comparison.tests.notCompared {
            rows.append(Row(item: .note("Tests not compared: " + why), deltaBytes: 0, shrank: false, path: ""))
        }
        for section in RunComparison.Section.allCases where comparison.count(section) > 0 {
            rows.append(Row(item: .section(section, count: comparison.count(section)), deltaBytes: 0, shrank: false, path: ""))
            switch section {
            case .newViolations, .fixedViolations:
                let fixed = section == .fixedViolations
                for v in fixed ? comparison.violations.fixed : comparison.violations.new {
                    rows.append(Row(item: .violation(v, fixed: fixed), deltaBytes: 0, shrank: false, path: v.path))
                }
            case .nowBackedUp, .nowExcluded:
                for f in files.flagChanges where (f.direction == .nowBackedUp) == (section == .nowBackedUp) {
                    rows.append(Row(item: .flag(f), deltaBytes: f.bytes, shrank: f.direction == .nowExcluded, path: f.path))
                }
            case .newFailingTests, .fixedTests, .flakyTests:
                let tests = comparison.tests
                let list = section == .newFailingTests ? tests.newFailing : section == .fixedTests ? tests.fixed : tests.flaky
                for t in list { rows.append(Row(item: .test(t, section), deltaBytes: 0, shrank: false, path: t.test)) }
            case .moved:
                for m in files.moves {
                    // A size not recorded either side gives no delta: it was not measured.
                    let measured = !m.sizeNotRecorded && !m.baseSizeNotRecorded
                    let shrank = measured && m.size < m.baseSize
                    rows.append(
                        Row(
                            item: .move(m), deltaBytes: !measured ? 0 : shrank ? m.baseSize - m.size : m.size - m.baseSize, shrank: shrank,
                            path: m.path))
                }
            case .files:
                let fileRows = files.entries.map { entry -> Row in
                    let size = entry.size ?? 0
                    let base = entry.baseSize ?? 0
                    switch entry.change {
                    case .added where entry.sizeNotRecorded:
                        unrecordedGrown += 1
                        return Row(item: .file(entry), deltaBytes: 0, shrank: false, path: entry.path)
                    case .removed where entry.sizeNotRecorded:
                        unrecordedRemoved += 1
                        return Row(item: .file(entry), deltaBytes: 0, shrank: true, path: entry.path)
                    case .added, .grown:
                        let delta = size >= base ? size - base : 0
                        grown = InventoryDiff.saturatingAdd(grown, delta)
                        return Row(item: .file(entry), deltaBytes: delta, shrank: false, path: entry.path)
                    case .removed:
                        removed = InventoryDiff.saturatingAdd(removed, base)
                        return Row(item: .file(entry), deltaBytes: base, shrank: true, path: entry.path)
                    }
                }
                // Largest growth first, removed files last (the largest last); equal deltas by path.
                rows += fileRows.sorted { a, b in
                    if a.shrank != b.shrank { return !a.shrank }
                    if a.deltaBytes != b.deltaBytes { return a.shrank ? a.deltaBytes < b.deltaBytes : a.deltaBytes > b.deltaBytes }
                    return a.path.utf8.lexicographicallyPrecedes(b.path.utf8)
                }
            }
        }
        self.rows = rows
        self.bytesGrown = grown
        self.bytesRemoved = removed
        self.unrecordedGrown = unrecordedGrown
        self.unrecordedRemoved = unrecordedRemoved
        self.regressions = comparison.regressions
        self.improvements = comparison.improvements
        self.isDecided = comparison.isDecided
        self.sectionCounts = Dictionary(uniqueKeysWithValues: RunComparison.Section.allCases.map { ($0, comparison.count($0)) })
        self.fileCounts = Dictionary(uniqueKeysWithValues: InventoryDiff.Change.allCases.map { ($0, files.count($0)) })
        cursor.index = rows.firstIndex(where: \.isSelectable) ?? 0
    }

    public var selected: Row? { rows.indices.contains(cursor.index) && rows[cursor.index].isSelectable ? rows[cursor.index] : nil }

    public func count(_ change: InventoryDiff.Change) -> Int { fileCounts[change] ?? 0 }
    public func count(_ section: RunComparison.Section) -> Int { sectionCounts[section] ?? 0 }

    /// Nothing differs: no row but notes.
    public var isEmpty: Bool { !rows.contains(where: \.isSelectable) }

    /// A movement key: as any list's, then off a title onto the nearest row in the
    /// direction moved (or the other way at an end). False for keys that are not movements.
    public mutating func move(_ action: Action, page: Int) -> Bool {
        let before = cursor.index
        guard cursor.apply(action, count: rows.count, page: page) else { return false }
        guard !rows.isEmpty, !rows[cursor.index].isSelectable else { return true }
        let down = action == .top || (action != .bottom && cursor.index >= before)
        let forward = (cursor.index..<rows.count).first { rows[$0].isSelectable }
        let backward = (0...cursor.index).reversed().first { rows[$0].isSelectable }
        cursor.index = (down ? forward ?? backward : backward ?? forward) ?? cursor.index
        // Upwards onto the first row of a section: show its title too.
        cursor.reveal(page: page, count: rows.count)
        if !down, cursor.index > 0, cursor.index - 1 < cursor.offset, !rows[cursor.index - 1].isSelectable {
            cursor.offset = cursor.index - 1
        }
        return true
    }
}
