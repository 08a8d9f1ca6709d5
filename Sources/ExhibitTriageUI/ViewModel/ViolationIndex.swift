import ExhibitCore
import ExhibitRules

/// Everything the UI needs to know about violations, computed once per session so no
/// frame ever walks the whole tree or the whole report.
public struct ViolationIndex: Sendable {
    /// The inventory node of each violation (`Violation.node`, or its path looked up).
    public let nodes: [Inventory.NodeID?]
    /// Per inventory node: a bit per `ViolationKind` for violations at or below it.
    private let masks: [UInt8]
    /// Violations whose node is exactly this one, as `node << 32 | violation` sorted:
    /// one array instead of an array per node (a million violations at 1M entries).
    private let byNode: [Int64]
    /// Failing tests each violation helps explain (from the proposal's links).
    private let testsByViolation: [Int: [String]]
    /// Rules that have violations, with counts, most first.
    public let ruleCounts: [(rule: String, count: Int)]
    /// Violations per kind, in `ViolationKind.allCases` order.
    public let kindCounts: [(kind: ViolationKind, count: Int)]

    public init(report: CheckReport, inventory: Inventory?) {
        var nodes: [Inventory.NodeID?] = []
        nodes.reserveCapacity(report.violations.count)
        var masks = [UInt8](repeating: 0, count: inventory?.count ?? 0)
        var byNode: [Int64] = []
        byNode.reserveCapacity(report.violations.count)
        var rules: [String: Int] = [:]
        var kinds = [Int](repeating: 0, count: ViolationKind.allCases.count)
        // Field by field: a grouped violation's path is made only where it has no node.
        let violations = report.violations
        for i in violations.indices {
            let rank = ViolationKind.allCases.firstIndex(of: violations.kind(at: i)) ?? 0
            kinds[rank] += 1
            rules[violations.ruleName(at: i) ?? Self.noRule, default: 0] += 1
            var node: Inventory.NodeID?
            if let inventory {
                let own = violations.node(at: i)
                if let n = own, n >= 0, n < inventory.count {
                    node = n
                } else if own == nil {
                    let path = violations.path(at: i)
                    if !path.isEmpty { node = inventory.lookup(path) }
                }
            }
            nodes.append(node)
            guard let node, let inventory else { continue }
            byNode.append(Int64(node) << 32 | Int64(i))
            let bit = UInt8(1) << UInt8(rank)
            var cur: Inventory.NodeID? = node
            // Stop early once an ancestor already has the bit: its ancestors do too.
            while let c = cur, masks[c] & bit == 0 {
                masks[c] |= bit
                cur = inventory.parent(c)
            }
        }
        var tests: [Int: [String]] = [:]
        for link in report.proposal.links {
            for v in link.violations where !(tests[v]?.contains(link.test) ?? false) { tests[v, default: []].append(link.test) }
        }
        self.nodes = nodes
        self.masks = masks
        byNode.sort()
        self.byNode = byNode
        self.testsByViolation = tests
        self.ruleCounts = rules.map { (rule: $0.key, count: $0.value) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.rule < $1.rule }
        self.kindCounts = ViolationKind.allCases.enumerated().map { (kind: $0.element, count: kinds[$0.offset]) }
    }

    /// How the rule chooser names violations that carry no rule name.
    public static let noRule = "(no rule)"

    private static func bit(_ kind: ViolationKind) -> UInt8 {
        UInt8(1) << UInt8(ViolationKind.allCases.firstIndex(of: kind) ?? 0)
    }

    /// Kinds of violations at or below a node, most severe first.
    public func kinds(atOrBelow node: Inventory.NodeID) -> [ViolationKind] {
        guard node >= 0, node < masks.count, masks[node] != 0 else { return [] }
        return ViolationKind.allCases.filter { masks[node] & Self.bit($0) != 0 }
    }

    /// The one badge the tree shows: the most severe kind at or below the node.
    public func badge(_ node: Inventory.NodeID) -> ViolationKind? {
        guard node >= 0, node < masks.count, masks[node] != 0 else { return nil }
        return ViolationKind.allCases.first { masks[node] & Self.bit($0) != 0 }
    }

    /// Indices of violations about exactly this node.
    public func violations(at node: Inventory.NodeID) -> [Int] {
        guard node >= 0, node < Int(Int32.max) else { return [] }
        let first = lowerBound(Int64(node) << 32)
        let end = lowerBound(Int64(node + 1) << 32)
        return byNode[first..<end].map { Int($0 & 0xFFFF_FFFF) }
    }

    private func lowerBound(_ key: Int64) -> Int {
        var lo = 0
        var hi = byNode.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if byNode[mid] < key { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    public func tests(explainedBy violation: Int) -> [String] { testsByViolation[violation] ?? [] }

    public func count(of kind: ViolationKind) -> Int { kindCounts.first { $0.kind == kind }?.count ?? 0 }
}
