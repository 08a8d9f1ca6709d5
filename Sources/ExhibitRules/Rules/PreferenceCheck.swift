import ExhibitCore

/// Holds the archived preference files against the rules' preference contracts.
///
/// A violation says what is wrong without quoting the value (preferences can hold user
/// identifiers, and violation reasons travel into notes); the details pane shows the
/// values on the build host.
enum PreferenceCheck {
    struct Result {
        var violations: [Violation] = []
        var observations: [PreferenceObservation] = []
    }

    static func run(
        contracts: [PreferenceContract], preferences: [PreferenceFile], inventory: Inventory?,
        caseSensitive: Bool
    ) -> Result {
        var result = Result()
        for contract in contracts {
            let observation = observe(contract, preferences: preferences, inventory: inventory, caseSensitive: caseSensitive)
            result.observations.append(observation)
            if let reason = violationReason(observation, contract: contract) {
                let node = inventory.flatMap { lookup(contract.containerPath, in: $0, caseSensitive: caseSensitive) }
                result.violations.append(
                    Violation(
                        kind: .preference, node: node, path: contract.containerPath,
                        size: node.flatMap { n in inventory.map { $0.size(n) } } ?? 0,
                        ruleName: contract.name, ruleOwner: contract.owner, step: node.flatMap { inventory?.step($0) }, reason: reason))
            }
        }
        return result
    }

    static func observe(
        _ contract: PreferenceContract, preferences: [PreferenceFile], inventory: Inventory?,
        caseSensitive: Bool
    ) -> PreferenceObservation {
        var o = PreferenceObservation(
            contract: contract.name, key: contract.key, file: contract.containerPath,
            expectedType: contract.type, state: .absent, fallback: contract.fallback?.scalarText)
        guard let file = preferences.first(where: { same($0.containerPath, contract.containerPath, caseSensitive) }) else {
            // No copy: the key is absent only if the container has no such file either.
            if let inventory, lookup(contract.containerPath, in: inventory, caseSensitive: caseSensitive) != nil {
                o.state = .notArchived
            } else if inventory == nil {
                o.state = .notArchived
            }
            return o
        }
        guard let root = file.value, root.members != nil else {
            o.state = .unreadable
            return o
        }
        guard let value = root[contract.key] else { return o }
        o.foundType = value.type
        if !accepts(contract.type, value.type) {
            o.state = .wrongType(found: value.type)
        } else if let allowed = contract.allowed, !allowed.contains(where: { equal($0, value) }) {
            o.state = .unknownValue
        } else {
            o.state = .valid
        }
        return o
    }

    static func violationReason(_ o: PreferenceObservation, contract: PreferenceContract) -> String? {
        let key = "\"\(contract.key)\""
        switch o.state {
        case .valid, .notArchived, .unreadable: return nil
        case .absent:
            // Absent with a fallback is the app's documented default, not a finding.
            return contract.fallback == nil ? "\(key) is absent and the contract names no fallback" : nil
        case .wrongType(let found):
            return "\(key) is \(article(found.rawValue)) \(found.rawValue), the app reads \(article(contract.type.rawValue)) \(contract.type.rawValue)"
        case .unknownValue:
            let n = contract.allowed?.count ?? 0
            return "\(key) holds a value that is not one of the \(n) allowed value\(n == 1 ? "" : "s")"
        }
    }

    /// An integer is a valid real (`double(forKey:)` reads it); otherwise types must match.
    static func accepts(_ expected: PropertyListType, _ found: PropertyListType) -> Bool {
        expected == found || (expected == .real && found == .integer)
    }

    static func equal(_ a: PropertyListValue, _ b: PropertyListValue) -> Bool {
        switch (a, b) {
        case (.real(let x), .integer(let y)), (.integer(let y), .real(let x)): x == Double(y)
        default: a == b
        }
    }

    static func lookup(_ path: String, in inventory: Inventory, caseSensitive: Bool) -> Inventory.NodeID? {
        if let n = inventory.lookup(path) { return n }
        guard !caseSensitive else { return nil }
        var node = Inventory.root
        for component in path.split(separator: "/") {
            guard let next = inventory.children(node).first(where: { same(inventory.name($0), String(component), false) }) else { return nil }
            node = next
        }
        return node
    }

    static func same(_ a: String, _ b: String, _ caseSensitive: Bool) -> Bool {
        caseSensitive ? a == b : a.lowercased() == b.lowercased()
    }

    private static func article(_ word: String) -> String {
        "aeiou".contains(word.first ?? "x") ? "an" : "a"
    }
}
