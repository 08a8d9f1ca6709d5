import ExhibitCore
import ExhibitRules

/// One row of the Violations pane and one stop of `e`/`E`: a file, or a folder the check
/// reported as a whole (every file below it breaks the rule the same way: the check's
/// own grouping, `Violation.fileCount`), with every violation about it. A file that
/// breaks two rules is one row naming both.
public struct ViolationRow: Sendable, Equatable {
    /// The inventory node (`ViolationIndex.nodes`); nil for a path the inventory lacks.
    public var node: Inventory.NodeID?
    public var path: String
    /// `path` is the escaped form of a path that is not UTF-8 (`Violation.pathIsEscaped`).
    public var pathIsEscaped = false
    /// Indices into `CheckReport.violations`, in report order.
    public var violations: [Int]
    /// Files the row stands for: 1 for a file, the folder's count for a folder reported
    /// as a whole.
    public var fileCount: Int
    /// The kinds of its violations, most severe first (`ViolationKind.allCases` order).
    public var kinds: [ViolationKind]

    /// A folder the check reported once for all its files ("folder: 183 files").
    public var isFolder: Bool { fileCount > 1 }

    /// The most severe kind: the row's badge.
    public var kind: ViolationKind { kinds.first ?? .unruled }
}

/// The violations grouped one row per file or reported folder, made once per report.
/// Rows are in first-violation order; `treeOrdered` gives the order the tree draws them.
public struct ViolationRows: Sendable {
    public let rows: [ViolationRow]
    /// Per violation, its row.
    public let rowOf: [Int]
    /// Per kind (`ViolationKind.allCases` order), the files and the rows it has: the
    /// header asks for them every frame, and a walk of the rows there cost 5 ms a frame
    /// at 10M entries (issue 19: frame p99 at most 5 ms).
    private let filesOfKind: [Int]
    private let rowsOfKind: [Int]

    public init(report: CheckReport, index: ViolationIndex) {
        var rows: [ViolationRow] = []
        var rowOf: [Int] = []
        rowOf.reserveCapacity(report.violations.count)
        var byNode: [Inventory.NodeID: Int] = [:]
        var byPath: [String: Int] = [:]
        // Field by field: a path is made once per row, not once per violation.
        let violations = report.violations
        for i in violations.indices {
            let node = index.nodes.indices.contains(i) ? index.nodes[i] : nil
            let kind = violations.kind(at: i)
            let fileCount = violations.fileCount(at: i)
            let path = node == nil ? violations.pathText(at: i) : nil
            let existing = node.map { byNode[$0] } ?? path.flatMap { byPath[$0.text] }
            if let r = existing {
                rows[r].violations.append(i)
                rows[r].fileCount = max(rows[r].fileCount, fileCount)
                if !rows[r].kinds.contains(kind) {
                    rows[r].kinds.append(kind)
                    rows[r].kinds.sort { Self.rank($0) < Self.rank($1) }
                }
                rowOf.append(r)
                continue
            }
            let r = rows.count
            let rowPath = path ?? violations.pathText(at: i)
            rows.append(
                ViolationRow(
                    node: node, path: rowPath.text, pathIsEscaped: rowPath.isEscaped, violations: [i], fileCount: max(fileCount, 1), kinds: [kind]))
            if let node { byNode[node] = r } else { byPath[rowPath.text] = r }
            rowOf.append(r)
        }
        self.rows = rows
        self.rowOf = rowOf
        var files = [Int](repeating: 0, count: ViolationKind.allCases.count)
        var counted = files
        for row in rows {
            for kind in row.kinds {
                files[Self.rank(kind)] += row.fileCount
                counted[Self.rank(kind)] += 1
            }
        }
        filesOfKind = files
        rowsOfKind = counted
    }

    private static func rank(_ kind: ViolationKind) -> Int { ViolationKind.allCases.firstIndex(of: kind) ?? 0 }

    /// Row indices in the order the tree shows their nodes under `order` (depth first,
    /// siblings sorted), so `e` meets them as a reader scrolling the tree would; rows
    /// the inventory lacks come last, in report order.
    /// `sizes`: the inventory's (`TriageData.unrecordedSizes`).
    public func treeOrdered(_ order: SortOrder, in inventory: Inventory?, sizes: UnrecordedSizeIndex) -> [Int] {
        guard let inventory else { return Array(rows.indices) }
        let placed = rows.indices.filter { rows[$0].node != nil }
        // A row per node (`init` keys rows by node), so the order of the nodes is the rows'.
        let order = ContainerSearch.treeOrdered(placed, node: { rows[$0].node! }, in: inventory, order: order, sizes: sizes)
        return order + rows.indices.filter { rows[$0].node == nil }
    }

    /// Files with a violation of `kind` (a reported folder counts its files).
    public func fileCount(of kind: ViolationKind) -> Int { filesOfKind[Self.rank(kind)] }

    /// Rows with a violation of `kind`.
    public func rowCount(of kind: ViolationKind) -> Int { rowsOfKind[Self.rank(kind)] }

    /// Rows with a violation of the rule named `rule` (`ViolationIndex.noRule` for none).
    public func rowCount(ofRule rule: String, _ report: CheckReport) -> Int {
        rows.reduce(0) { n, row in
            n + (row.violations.contains { (report.violations.ruleName(at: $0) ?? ViolationIndex.noRule) == rule } ? 1 : 0)
        }
    }
}
