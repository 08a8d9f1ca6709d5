import ExhibitCore
import ExhibitRules

/// The violations list, one row per file or reported folder (`ViolationRows`), in the
/// order the tree draws them under its sort, with the kind and rule filters; `e`/`E`
/// step through the rows shown.
public struct ViolationsBrowser: Sendable {
    public private(set) var kindFilter: ViolationKind?
    public private(set) var ruleFilter: String?
    /// The tree's sort order the rows follow.
    public private(set) var order: SortOrder
    /// Row indices (into `TriageData.violationRows.rows`) in tree order.
    private var listed: [Int]
    /// Row indices that pass the filters, in tree order.
    public private(set) var shown: [Int] = []
    public var cursor = ListCursor()
    /// Whether `e`/`E` has stepped yet: the first `e` goes to the first row listed, not
    /// past it.
    public private(set) var hasStepped = false

    public init(data: TriageData, order: SortOrder = .bySize) {
        self.order = order
        listed = data.treeOrderedRows(order)
        refilter(data, page: 1)
    }

    /// The selected row's index.
    public var selected: Int? { shown.indices.contains(cursor.index) ? shown[cursor.index] : nil }

    public var isFiltered: Bool { kindFilter != nil || ruleFilter != nil }

    public mutating func setFilters(kind: ViolationKind?, rule: String?, _ data: TriageData, page: Int) {
        kindFilter = kind
        ruleFilter = rule
        refilter(data, page: page)
    }

    /// The tree was sorted another way: the rows follow, keeping the selected one.
    public mutating func follow(_ order: SortOrder, _ data: TriageData, page: Int) {
        guard order != self.order else { return }
        self.order = order
        listed = data.treeOrderedRows(order)
        refilter(data, page: page)
    }

    private mutating func refilter(_ data: TriageData, page: Int) {
        let keep = selected
        let violations = data.report.violations
        let rows = data.violationRows.rows
        if kindFilter == nil && ruleFilter == nil {
            shown = listed
        } else {
            // Field by field: the subscript makes the whole violation, its path included.
            shown = listed.filter { r in
                rows[r].violations.contains { i in
                    if let k = kindFilter, violations.kind(at: i) != k { return false }
                    if let r = ruleFilter, (violations.ruleName(at: i) ?? ViolationIndex.noRule) != r { return false }
                    return true
                }
            }
        }
        cursor.index = keep.flatMap { shown.firstIndex(of: $0) } ?? 0
        cursor.clamp(count: shown.count)
        cursor.reveal(page: page, count: shown.count)
    }

    /// Where a step landed: the row, its position among the shown rows, and whether it
    /// went past the end (or the start).
    public struct Step: Sendable, Equatable {
        public var row: Int
        public var position: Int
        public var wrapped: Bool
    }

    /// Moves to the next (or previous) shown row, wrapping. The first step goes to the
    /// first row (or, backwards, the last).
    public mutating func step(forward: Bool, page: Int) -> Step? {
        guard !shown.isEmpty else { return nil }
        var wrapped = false
        hasStepped = hasStepped || cursor.index != 0
        if !hasStepped, cursor.index == 0 {
            hasStepped = true
            cursor.index = forward ? 0 : shown.count - 1
        } else if forward {
            wrapped = cursor.index + 1 >= shown.count
            cursor.index = wrapped ? 0 : cursor.index + 1
        } else {
            wrapped = cursor.index == 0
            cursor.index = wrapped ? shown.count - 1 : cursor.index - 1
        }
        cursor.reveal(page: page, count: shown.count)
        return selected.map { Step(row: $0, position: cursor.index, wrapped: wrapped) }
    }

    /// "violation 3 of 17", and the wrap said as a search says it.
    public func status(_ step: Step, forward: Bool) -> String {
        let position = "violation \(step.position + 1) of \(shown.count)"
        guard step.wrapped else { return position }
        return position + (forward ? " (hit BOTTOM, continuing at TOP)" : " (hit TOP, continuing at BOTTOM)")
    }

    /// Moves the cursor to a position among the shown rows.
    public mutating func select(position: Int, page: Int) {
        guard shown.indices.contains(position) else { return }
        cursor.index = position
        cursor.reveal(page: page, count: shown.count)
    }

    public mutating func select(row: Int, page: Int) {
        if let i = shown.firstIndex(of: row) {
            cursor.index = i
            cursor.reveal(page: page, count: shown.count)
        }
    }
}
