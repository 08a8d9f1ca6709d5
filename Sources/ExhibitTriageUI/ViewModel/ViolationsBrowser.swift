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

/// A one-of-many chooser: the kind filter, the rule filter, or the failure class.
public struct Chooser: Sendable, Equatable {
    public enum Purpose: Sendable, Equatable {
        case kind, rule, failureClass
        /// The base run of a comparison (`B`).
        case base
    }

    public struct Option: Sendable, Equatable {
        public var label: String
        public var count: Int?
        /// The kind's raw value, the rule name, or the class's raw value; nil means "all".
        public var value: String?
    }

    public var purpose: Purpose
    public var options: [Option]
    public var cursor: ListCursor

    public var title: String {
        switch purpose {
        case .kind: "Filter by kind"
        case .rule: "Filter by rule"
        case .failureClass: "Classify this run"
        case .base: "Compare with run"
        }
    }

    public var selected: Option? { options.indices.contains(cursor.index) ? options[cursor.index] : nil }

    static func kinds(_ index: ViolationIndex, total: Int, current: ViolationKind?) -> Chooser {
        var options = [Option(label: "all kinds", count: total, value: nil)]
        for (kind, count) in index.kindCounts where count > 0 {
            options.append(Option(label: "\(kind.badge) \(kind.title)", count: count, value: kind.rawValue))
        }
        let at = options.firstIndex { $0.value == current?.rawValue } ?? 0
        return Chooser(purpose: .kind, options: options, cursor: ListCursor(index: at))
    }

    static func rules(_ index: ViolationIndex, total: Int, current: String?) -> Chooser {
        var options = [Option(label: "all rules", count: total, value: nil)]
        for (rule, count) in index.ruleCounts { options.append(Option(label: rule, count: count, value: rule)) }
        let at = options.firstIndex { $0.value == current } ?? 0
        return Chooser(purpose: .rule, options: options, cursor: ListCursor(index: at))
    }

    static func classes(preselect: FailureClass?) -> Chooser {
        let options = FailureClass.allCases.map { Option(label: $0.title, count: nil, value: $0.rawValue) }
        let at = FailureClass.allCases.firstIndex { $0 == preselect } ?? 0
        return Chooser(purpose: .failureClass, options: options, cursor: ListCursor(index: at))
    }
}
