import ExhibitCore
import ExhibitRules

/// The violations list with its kind and rule filters.
public struct ViolationsBrowser: Sendable {
    public private(set) var kindFilter: ViolationKind?
    public private(set) var ruleFilter: String?
    /// Indices into `CheckReport.violations` that pass the filters, in report order.
    public private(set) var shown: [Int] = []
    public var cursor = ListCursor()

    public init(report: CheckReport) {
        refilter(report, page: 1)
    }

    public var selected: Int? { shown.indices.contains(cursor.index) ? shown[cursor.index] : nil }

    public var isFiltered: Bool { kindFilter != nil || ruleFilter != nil }

    public mutating func setFilters(kind: ViolationKind?, rule: String?, _ report: CheckReport, page: Int) {
        kindFilter = kind
        ruleFilter = rule
        refilter(report, page: page)
    }

    private mutating func refilter(_ report: CheckReport, page: Int) {
        let keep = selected
        shown = report.violations.indices.filter { i in
            let v = report.violations[i]
            if let k = kindFilter, v.kind != k { return false }
            if let r = ruleFilter, (v.ruleName ?? ViolationIndex.noRule) != r { return false }
            return true
        }
        cursor.index = keep.flatMap { shown.firstIndex(of: $0) } ?? 0
        cursor.clamp(count: shown.count)
        cursor.reveal(page: page, count: shown.count)
    }

    /// Moves to the next (or previous) shown violation, wrapping; returns its index.
    public mutating func step(forward: Bool, page: Int) -> Int? {
        guard !shown.isEmpty else { return nil }
        cursor.index = (cursor.index + (forward ? 1 : shown.count - 1)) % shown.count
        cursor.reveal(page: page, count: shown.count)
        return selected
    }

    public mutating func select(_ violation: Int, page: Int) {
        if let i = shown.firstIndex(of: violation) {
            cursor.index = i
            cursor.reveal(page: page, count: shown.count)
        }
    }
}
