import ExhibitCore

/// Holds the archived preference files against the rules' preference contracts.
///
/// A violation says what is wrong without quoting the value (preferences can hold user
/// identifiers, and violation reasons travel into notes); the details pane shows the
/// values on the build host.
///
/// What is evidence and what is not: a copy that was read decides its contracts; so
/// does the container's inventory when it shows the file was not there (the keys are
/// absent, and each contract's fallback judges them). A copy that could not be read, or
/// a file the inventory lists (or cannot rule out: no inventory, a directory it did not
/// scan) without a copy, leaves its contracts undecided: unknown, never valid.
enum PreferenceCheck {
    struct Result {
        var violations: [Violation] = []
        var observations: [PreferenceObservation] = []
    }

    /// What the bundle holds of the preference files: the copies, how
    /// `container/preferences/` was found, and each copy's load state.
    struct Copies {
        var files: [PreferenceFile]
        var directory: ArchivedDirectory = .listed
        var status: (String) -> EvidenceFileStatus.State? = { _ in nil }

        init(
            _ files: [PreferenceFile], directory: ArchivedDirectory = .listed,
            status: @escaping (String) -> EvidenceFileStatus.State? = { _ in nil }
        ) {
            self.files = files
            self.directory = directory
            self.status = status
        }

        init(bundle: EvidenceBundle) {
            self.init(bundle.preferences, directory: bundle.preferencesDirectory, status: { bundle.status(of: $0) })
        }
    }

    static func run(
        contracts: [PreferenceContract], preferences: Copies, inventory: Inventory?,
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
        _ contract: PreferenceContract, preferences: Copies, inventory: Inventory?,
        caseSensitive: Bool
    ) -> PreferenceObservation {
        var o = PreferenceObservation(
            contract: contract.name, key: contract.key, file: contract.containerPath,
            expectedType: contract.type, state: .absent, fallback: contract.fallback?.scalarText)
        guard let file = preferences.files.first(where: { same($0.containerPath, contract.containerPath, caseSensitive) }) else {
            // No copy: the key is absent only where the inventory shows there was no such file.
            let noCopy = noCopyWords(preferences.directory)
            guard let inventory else {
                o.state = .notArchived
                o.problem = "no container inventory shows whether the container held it, and \(noCopy)"
                return o
            }
            switch presence(contract.containerPath, in: inventory, caseSensitive: caseSensitive) {
            case .listed:
                o.state = .notArchived
                o.problem = "the inventory lists it, but \(noCopy)"
            case .notScanned(let directory, let why):
                o.state = .notArchived
                o.problem = "\(directory) was not scanned (\(why)), so whether it exists is not known, and \(noCopy)"
            case .absent:
                break
            }
            return o
        }
        guard let root = file.value, root.members != nil else {
            o.state = .unreadable
            o.problem = copyProblem(file, status: preferences.status(file.file))
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

    /// Why a file has no copy, by how `container/preferences/` was found.
    static func noCopyWords(_ directory: ArchivedDirectory) -> String {
        let copies = EvidenceLayout.preferencesDirectory + "/"
        switch directory {
        case .listed: return "\(copies) holds no copy of it"
        case .missing: return "the bundle has no \(copies) (exhibit collect copies Library/Preferences there)"
        case .unlistable(let why): return "\(copies) cannot be listed (\(why))"
        }
    }

    /// Why a copy there was not read: where it is malformed (the reader's diagnostic,
    /// with what was expected, is among the bundle's: it may quote the file's text, which
    /// a note must not), or why it could not be opened.
    static func copyProblem(_ file: PreferenceFile, status: EvidenceFileStatus.State?) -> String {
        let copy = "its copy \(TerminalText.escape(file.file))"
        if case .unreadable(let why)? = status { return "\(copy) cannot be read (\(why))" }
        guard let problem = file.problem else { return "\(copy) is not a dictionary" }
        guard let p = problem.position else { return "\(copy) cannot be read (\(problem.message))" }
        let byte = p.line == 1 && p.byteOffset > 0 ? " (byte \(p.byteOffset))" : ""
        return "\(copy) is malformed at \(p.line):\(p.column)\(byte)"
    }

    /// Whether the inventory records a file: listed, shown absent, or not known because
    /// a directory on its way was not scanned (its path, escaped, and why).
    enum Presence: Equatable {
        case listed
        case absent
        case notScanned(directory: String, why: String)
    }

    static func presence(_ path: String, in inventory: Inventory, caseSensitive: Bool) -> Presence {
        if inventory.lookup(path) != nil { return .listed }
        var node = Inventory.root
        for component in path.split(separator: "/") {
            if let why = inventory.whyNotScanned(node) {
                return .notScanned(directory: node == Inventory.root ? "the container" : TerminalText.escape(inventory.path(node)), why: why)
            }
            guard let next = child(of: node, named: component, in: inventory, caseSensitive: caseSensitive) else { return .absent }
            node = next
        }
        return .listed
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
            guard let next = child(of: node, named: component, in: inventory, caseSensitive: false) else { return nil }
            node = next
        }
        return node
    }

    static func child(of node: Inventory.NodeID, named name: Substring, in inventory: Inventory, caseSensitive: Bool) -> Inventory.NodeID? {
        inventory.children(node).first { same(inventory.name($0), String(name), caseSensitive) }
    }

    static func same(_ a: String, _ b: String, _ caseSensitive: Bool) -> Bool {
        caseSensitive ? a == b : a.lowercased() == b.lowercased()
    }

    private static func article(_ word: String) -> String {
        "aeiou".contains(word.first ?? "x") ? "an" : "a"
    }
}
