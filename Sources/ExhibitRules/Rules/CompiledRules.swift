import ExhibitCore

/// Names under which built-in and container-wide checks appear in violations (where
/// an app rule would show its logical name).
public enum PolicyName {
    public static let tmpEmpty = "tmp-empty"
    public static let documentsAllowlist = "documents-allowlist"
    public static let userDataExtension = "user-data-extension"
    public static let testPreferenceDomain = "test-preference-domain"
    public static let partialDownload = "partial-download"
    public static let volumeBudget = "volume-budget"
    public static let allowedLargeResource = "allowed-large-resource"
    public static let noRule = "no-rule"
}

/// A rules inventory compiled once for fast matching: every glob in one `PatternSet`
/// (app rules first, then the container-wide lists), plus a first-byte index of
/// rule file names for the "found outside its location" check.
///
/// Cheap per-node queries (`details(for:in:)`) serve the terminal UI's details pane.
public struct CompiledRules: Sendable {
    public let rules: RulesInventory
    let patterns: PatternSet
    /// Pattern index ranges per role inside `patterns`.
    let ruleRange: Range<Int>
    let allowlistRange: Range<Int>
    let testPreferenceRange: Range<Int>
    let partialDownloadRange: Range<Int>
    let allowedResourceRange: Range<Int>
    /// Background tasks' temporary-file patterns; `taskOfTemporaryPattern` maps each back to its task.
    let taskTemporaryRange: Range<Int>
    let taskOfTemporaryPattern: [Int]
    let ignoreRange: Range<Int>
    /// Folded (when case-insensitive) user-data extensions, without the dot.
    let userDataExtensions: [[UInt8]]
    /// Per first byte of a file name: rules whose last component names files specifically
    /// (`vault.sqlite`, `Export-*`), with that component's matcher.
    let nameIndex: [[(rule: Int, glob: Glob)]]
    /// Patterns that failed to compile (the reader rejects them; programmatic inventories
    /// may still hold them): they match nothing.
    public let patternErrors: [String]

    public init(_ rules: RulesInventory) {
        self.rules = rules
        let cs = rules.caseSensitive
        var globs: [Glob] = []
        var errors: [String] = []
        func add(_ texts: [String]) -> Range<Int> {
            let start = globs.count
            for t in texts {
                do {
                    // Compiled as written first, so an error's offset is in the text as
                    // written; matched in the names' matching form (`NameMatchingForm`).
                    let written = try Glob.compile(t, caseSensitive: cs)
                    // Bytes compared: `String`'s `==` would call NFD and NFC spellings equal.
                    let form = NameMatchingForm.of(t)
                    globs.append(
                        form.utf8.elementsEqual(t.utf8)
                            ? written : Glob(text: t, caseSensitive: cs, segments: try Glob.compile(form, caseSensitive: cs).segments))
                } catch {
                    errors.append("pattern \"\(t)\" at byte \(error.offset): expected \(error.message)")
                    globs.append(Glob.nothing(t))
                }
            }
            return start..<globs.count
        }
        ruleRange = add(rules.rules.map(\.pattern))
        allowlistRange = add(rules.documentsAllowlist ?? [])
        testPreferenceRange = add(rules.testPreferenceDomains)
        partialDownloadRange = add(rules.partialDownloads)
        allowedResourceRange = add(rules.allowedLargeResources.map(\.pattern))
        taskTemporaryRange = add(rules.backgroundTasks.flatMap(\.temporaryFiles))
        taskOfTemporaryPattern = rules.backgroundTasks.indices.flatMap { i in Array(repeating: i, count: rules.backgroundTasks[i].temporaryFiles.count) }
        ignoreRange = add([BackupPolicy.containerMetadata] + rules.ignore)
        patterns = PatternSet(globs)
        patternErrors = errors
        userDataExtensions = rules.userDataExtensions.map { ext in
            let bytes = Array(ext.utf8.drop(while: { $0 == 0x2E }))
            return cs ? bytes : bytes.map(asciiFolded)
        }
        var index = [[(rule: Int, glob: Glob)]](repeating: [], count: 256)
        for r in ruleRange {
            guard let last = globs[r].segments.last else { continue }
            let first: UInt8
            switch last {
            case .literal(let l):
                guard let f = l.first else { continue }
                first = f
            case .wildcard(let p):
                // Only names with a real literal start (`Export-*`); `*.db` is what
                // userDataExtensions is for, and would flag every cache database.
                let prefix = p.literalEnds.prefix
                guard prefix.count >= 2 else { continue }
                first = prefix[0]
            case .anyDepth:
                continue
            }
            let nameGlob = Glob(text: globs[r].text, caseSensitive: cs, segments: [last])
            index[Int(first)].append((r, nameGlob))
            // A case-insensitive name may start with either case.
            if !cs, first >= 0x61, first <= 0x7A { index[Int(first - 0x20)].append((r, nameGlob)) }
        }
        nameIndex = index
    }

    var caseSensitive: Bool { rules.caseSensitive }

    // MARK: - Per-node queries (details pane)

    /// The app rules covering `path` (container-relative), in rules-file order.
    public func matchingRules(forPath path: String) -> [BackupRule] {
        let components = Self.components(path)
        return patterns.matchingPatterns(components: components).filter { ruleRange.contains($0) }.map { rules.rules[$0 - ruleRange.lowerBound] }
    }

    public func matchingRules(for node: Inventory.NodeID, in inventory: Inventory) -> [BackupRule] {
        matchingRules(forPath: inventory.path(node))
    }

    /// The backup area a container-relative path lies in.
    public func area(forPath path: String) -> BackupArea {
        BackupPolicy.area(of: Self.components(path), caseSensitive: caseSensitive)
    }

    /// Rules, area and effective backup status of one node, with the reason. Costs one
    /// path build and one pass over its components (no tree walk).
    public func details(for node: Inventory.NodeID, in inventory: Inventory) -> NodeRuleDetails {
        let pathBytes = inventory.pathBytes(node)
        let components = pathBytes.split(separator: 0x2F)
        let matched = patterns.matchingPatterns(components: components)
        let area = BackupPolicy.area(of: components, caseSensitive: caseSensitive)
        var policies: [String] = []
        var ignoredBy: String?
        var appRules: [BackupRule] = []
        for p in matched {
            if ruleRange.contains(p) { appRules.append(rules.rules[p - ruleRange.lowerBound]) }
            if allowlistRange.contains(p), !policies.contains(PolicyName.documentsAllowlist) { policies.append(PolicyName.documentsAllowlist) }
            if testPreferenceRange.contains(p), !policies.contains(PolicyName.testPreferenceDomain) { policies.append(PolicyName.testPreferenceDomain) }
            if partialDownloadRange.contains(p), !policies.contains(PolicyName.partialDownload) { policies.append(PolicyName.partialDownload) }
            if allowedResourceRange.contains(p), !policies.contains(PolicyName.allowedLargeResource) { policies.append(PolicyName.allowedLargeResource) }
            if ignoreRange.contains(p), ignoredBy == nil {
                ignoredBy = p == ignoreRange.lowerBound ? "container metadata" : "ignore \"\(patterns.globs[p].text)\""
            }
        }
        let status = BackupStatus.resolve(node, in: inventory, area: area, ignoredBy: ignoredBy)
        return NodeRuleDetails(rules: appRules, area: area, status: status, policies: policies)
    }

    /// Effective backup status of one node, with its reason.
    public func backupStatus(of node: Inventory.NodeID, in inventory: Inventory) -> BackupStatus {
        details(for: node, in: inventory).status
    }

    static func components(_ path: String) -> [ArraySlice<UInt8>] {
        Array(path.utf8).split(separator: 0x2F)
    }

    /// Whether pattern `index` covers the path of `node` (used for collapse checks).
    func pattern(_ index: Int, covers node: Inventory.NodeID, in inventory: Inventory) -> Bool {
        patterns.matches(index, components: inventory.pathBytes(node).split(separator: 0x2F))
    }

    /// Extension of a file name (after the last dot, not a leading dot), folded as the rules say.
    func userDataExtension(of name: ArraySlice<UInt8>) -> Int? {
        guard !userDataExtensions.isEmpty, let dot = name.lastIndex(of: 0x2E), dot > name.startIndex else { return nil }
        let ext = name[(dot + 1)...]
        for (i, e) in userDataExtensions.enumerated() where e.count == ext.count {
            if caseSensitive ? e.elementsEqual(ext) : zip(e, ext).allSatisfy({ $0 == asciiFolded($1) }) { return i }
        }
        return nil
    }
}

extension Glob {
    /// A placeholder for a pattern that did not compile: it matches nothing.
    static func nothing(_ text: String) -> Glob {
        Glob(
            text: text, caseSensitive: true,
            segments: [.wildcard(ComponentPattern(tokens: [.characterClass(ranges: [], negated: false)], caseSensitive: true))])
    }
}
