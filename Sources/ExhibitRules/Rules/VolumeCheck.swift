import ExhibitCore

/// Top-level directory sizes against the rules' budgets.
///
/// A directory's size is its `du` total when the bundle has one (allocated bytes, what
/// the device really spends), else the inventory's apparent total; allowed large test
/// resources inside are subtracted. Over budget is a warning, never blocking, and
/// nothing here ever changes a budget: only a person editing the rules file does.
enum VolumeCheck {
    static let contributorLimit = 5

    static func run(
        inventory: Inventory?, duTotals: [DirectoryTotal]?, compiled: CompiledRules,
        allowedBytes: [Inventory.NodeID: UInt64], allowedUnrecorded: [Inventory.NodeID: Int] = [:]
    ) -> (budgets: [DirectoryBudget], warnings: [Violation]) {
        let rules = compiled.rules
        var names: [String] = []
        var topNodes: [String: Inventory.NodeID] = [:]
        if let inventory {
            for id in inventory.children(Inventory.root) where inventory.isDirectory(id) {
                let name = inventory.name(id)
                names.append(name)
                topNodes[name] = id
            }
        }
        for total in duTotals ?? [] where !names.contains(total.name) { names.append(total.name) }

        // Sizes are looked for below each directory only when some are missing at all.
        let unrecorded = inventory?.hasUnrecordedSizes ?? false
        var budgets: [DirectoryBudget] = []
        var warnings: [Violation] = []
        for name in names {
            // A top-level node exists only when the inventory does.
            let located: (Inventory, Inventory.NodeID)? = inventory.flatMap { inv in topNodes[name].map { (inv, $0) } }
            let node = located?.1
            let du = duTotals?.last(where: { $0.name == name })
            let measured = du?.bytes ?? located.map { $0.0.totalSize($0.1) } ?? 0
            let allowed = node.flatMap { allowedBytes[$0] } ?? 0
            let counted = measured >= allowed ? measured - allowed : 0
            let budget = rules.budget(for: name)
            var entry = DirectoryBudget(
                directory: name, bytes: counted, budget: budget, allowedBytes: allowed,
                measuredBy: du != nil ? "du" : "inventory")
            // Measured by the inventory, a size it never recorded reads as 0: the total is
            // a lower bound, which can show a budget broken but never kept.
            // Allowed resources of no recorded size: measured by the inventory they would
            // have been subtracted, so they are not counted as missing; under du they were
            // not subtracted, so the du figure is an upper bound.
            let allowedMissing = node.flatMap { allowedUnrecorded[$0] } ?? 0
            if du == nil, unrecorded, let (inv, top) = located {
                entry.unrecordedSizes = max(0, inv.unrecordedSizes(at: top) - allowedMissing)
            } else if du != nil {
                entry.allowedUnrecordedSizes = allowedMissing
            }
            budgets.append(entry)
            // Over only when it is known to be: an upper bound over the budget says nothing.
            guard let budget, entry.isOver, entry.isOverKnown == true else { continue }
            let contributors = located.map { largestContributors(of: $0.1, in: $0.0, compiled: compiled) } ?? []
            // A total with sizes missing is a lower bound: over by at least the difference.
            let bound = entry.unrecordedSizes > 0 ? "at least " : ""
            var warning = Violation(
                kind: .volume, node: node, path: name, size: counted, ruleName: PolicyName.volumeBudget,
                reason: "over its budget of \(ByteSize.format(budget)) by \(bound)\(ByteSize.format(counted - budget))",
                fileCount: located.map { $0.0.fileCount($0.1) } ?? 0, budget: budget,
                largestContributors: contributors)
            warning.unrecordedSizes = entry.unrecordedSizes
            warnings.append(warning)
        }
        return (budgets, warnings)
    }

    /// The largest entries below `top`. A directory that is mostly one child directory
    /// (`Library/Application Support` holding one big `Downloads`) is looked through,
    /// so the list names the entry someone can act on; a directory whose largest child
    /// is a file (`catalog.bundle`) is kept whole. Allowed resources are skipped.
    static func largestContributors(of top: Inventory.NodeID, in inventory: Inventory, compiled: CompiledRules) -> [VolumeContributor] {
        var candidates = Array(inventory.children(top))
        var result: [VolumeContributor] = []
        var lookThroughBudget = 32
        while result.count < contributorLimit, !candidates.isEmpty {
            guard let i = candidates.indices.max(by: { inventory.totalSize(candidates[$0]) < inventory.totalSize(candidates[$1]) }) else { break }
            let id = candidates.remove(at: i)
            let size = inventory.totalSize(id)
            guard size > 0 else { break }
            if compiled.isAllowedResource(id, in: inventory) { continue }
            if inventory.isDirectory(id), lookThroughBudget > 0,
                let biggest = inventory.children(id).max(by: { inventory.totalSize($0) < inventory.totalSize($1) }),
                inventory.isDirectory(biggest), inventory.totalSize(biggest) > size / 2
            {
                lookThroughBudget -= 1
                candidates.append(contentsOf: inventory.children(id))
                continue
            }
            let (path, escaped) = inventory.pathText(id)
            var contributor = VolumeContributor(node: id, path: path, size: size, fileCount: inventory.fileCount(id))
            contributor.pathIsEscaped = escaped
            result.append(contributor)
        }
        return result
    }
}

extension CompiledRules {
    func isAllowedResource(_ node: Inventory.NodeID, in inventory: Inventory) -> Bool {
        guard !allowedResourceRange.isEmpty else { return false }
        let components = inventory.pathBytes(node).split(separator: 0x2F)
        return allowedResourceRange.contains { patterns.matches($0, components: components) }
    }
}
