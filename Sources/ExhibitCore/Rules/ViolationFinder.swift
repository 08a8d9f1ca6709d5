/// Holds a container inventory against compiled rules in one top-down walk.
///
/// 1. Walk: every node gets the pattern states of its parent advanced by its name
///    (`PatternSet`), its backup area and, for a file, the list of findings it breaks.
///    The findings list is interned into a signature id (4 bytes per node).
/// 2. Bottom-up: a directory whose files all carry the same signature is "uniform".
/// 3. Top-down: a uniform directory that every finding may be reported for (it lies
///    inside the rule's pattern, or the same area) is reported once with its total
///    size and file count, so a 40,000-file download bundle is one line, not 40,000.
///    A directory holding a single file is never collapsed: the file itself is named.
///    Everything else is reported per file, one violation per broken rule.
struct ViolationFinder {
    let compiled: CompiledRules
    let inventory: Inventory

    /// One reason a file breaks the rules. `rule` is the app rule index, -1 for policies.
    struct Finding: Hashable {
        enum Cause: Hashable {
            case regenerableNotExcluded
            case mustRestoreExcluded
            case mustRestoreInArea(BackupArea.Kind)
            case regenerableInDocuments
            case transientInDocuments
            case outsideAllowlist
            case outsideLocation
            case userDataExtension(Int, BackupArea.Kind)
            case tmpNotEmpty
            case transientPresent
            case testPreferenceDomain(Int)
            case partialDownload(Int)
            /// A temporary file of background task `Int` (index into the rules' tasks).
            case cancelledTaskLeftover(Int)
            case unruled(BackupArea.Kind)
        }
        var cause: Cause
        var rule: Int32 = -1

        var kind: ViolationKind {
            switch cause {
            case .regenerableNotExcluded, .mustRestoreExcluded: .unsetAttribute
            case .mustRestoreInArea, .regenerableInDocuments, .transientInDocuments, .outsideAllowlist, .outsideLocation, .userDataExtension: .misplacedFile
            case .tmpNotEmpty, .transientPresent, .testPreferenceDomain, .partialDownload, .cancelledTaskLeftover: .skippedCleanup
            case .unruled: .unruled
            }
        }
    }

    private static let neutral: Int32 = -2
    private static let mixed: Int32 = -1

    private var findings = Interner<Finding>()
    /// Sorted finding-id lists; id 0 is the empty list ("breaks nothing").
    private var signatures: Interner<[Int32]> = {
        var s = Interner<[Int32]>()
        _ = s.id(for: [])
        return s
    }()
    /// Signature id for a one-finding signature, indexed by finding id (fast path).
    private var singleSignature: [Int32] = []

    init(compiled: CompiledRules, inventory: Inventory) {
        self.compiled = compiled
        self.inventory = inventory
    }

    /// Per-top-level bytes of allowed large resources, filled by `find()`.
    private(set) var allowedBytes: [Inventory.NodeID: UInt64] = [:]

    mutating func find() -> [Violation] {
        let signatureOf = walk()
        let merged = mergeBottomUp(signatureOf)
        return emit(fileSignatures: signatureOf, directorySignatures: merged)
    }

    // MARK: - 1. Walk

    private struct Frame {
        var node: Int
        var stateStart: Int
        var stateEnd: Int
        var nextChild: Int
        var childEnd: Int
        var area: BackupArea
        var topLevel: Int
        var depth: Int
    }

    private mutating func walk() -> [Int32] {
        let nodes = inventory.nodes
        let childIndex = inventory.childIndex
        let patterns = compiled.patterns
        var signatureOf = [Int32](repeating: Self.neutral, count: nodes.count)
        var states: [PatternSet.State] = []
        states.reserveCapacity(1024)
        patterns.initialStates(into: &states)
        let rootChildren = inventory.childRange(Inventory.root)
        var stack = [Frame(node: Inventory.root, stateStart: 0, stateEnd: states.count, nextChild: rootChildren.lowerBound,
                           childEnd: rootChildren.upperBound, area: BackupPolicy.outside, topLevel: -1, depth: 0)]
        var scratch: [Finding] = []
        let cs = compiled.caseSensitive
        while let frame = stack.last {
            if frame.nextChild == frame.childEnd {
                stack.removeLast()
                states.removeSubrange(frame.stateStart...)
                continue
            }
            stack[stack.count - 1].nextChild += 1
            let child = Int(childIndex[frame.nextChild])
            let node = nodes[child]
            let name = inventory.nameBytes(child)
            let start = states.count
            patterns.advance(frame.stateStart..<frame.stateEnd, by: name, in: &states)
            let end = states.count
            let depth = frame.depth + 1
            let area: BackupArea
            if depth == 1 {
                area = node.flags.contains(.directory) ? BackupPolicy.area(topLevel: name, caseSensitive: cs) : BackupPolicy.outside
            } else if depth == 2, frame.area.kind == .library {
                area = BackupPolicy.area(insideLibrary: name, caseSensitive: cs)
            } else {
                area = frame.area
            }
            let topLevel = depth == 1 ? child : frame.topLevel
            if node.flags.contains(.directory) {
                let children = inventory.childRange(child)
                stack.append(Frame(node: child, stateStart: start, stateEnd: end, nextChild: children.lowerBound,
                                   childEnd: children.upperBound, area: area, topLevel: topLevel, depth: depth))
            } else {
                scratch.removeAll(keepingCapacity: true)
                if evaluateFile(child, node: node, name: name, states: states[start..<end], area: area, topLevel: topLevel, into: &scratch) {
                    signatureOf[child] = intern(&scratch)
                }
                states.removeSubrange(start...)
            }
        }
        return signatureOf
    }

    /// Collects the findings for one file; returns false when the file is ignored.
    private mutating func evaluateFile(_ id: Int, node: Inventory.Node, name: ArraySlice<UInt8>, states: ArraySlice<PatternSet.State>,
                                       area: BackupArea, topLevel: Int, into out: inout [Finding]) -> Bool {
        let c = compiled
        var ruleHit = false
        var allowlisted = false
        var testPreference = -1
        var partial = -1
        var taskTemporary = -1
        var allowed = false
        for s in states where c.patterns.isAccepting(s) {
            let p = Int(s.pattern)
            if c.ignoreRange.contains(p) { return false }
            if c.ruleRange.contains(p) {
                ruleHit = true
                let rule = c.rules.rules[p - c.ruleRange.lowerBound]
                let r = Int32(p - c.ruleRange.lowerBound)
                switch rule.requirement {
                case .regenerable:
                    if area.isBackedUp, !node.flags.contains(.excludedEffective) { out.append(Finding(cause: .regenerableNotExcluded, rule: r)) }
                    if area.kind == .documents { out.append(Finding(cause: .regenerableInDocuments, rule: r)) }
                case .mustRestore:
                    if !area.isBackedUp {
                        out.append(Finding(cause: .mustRestoreInArea(area.kind), rule: r))
                    } else if node.flags.contains(.excludedEffective) {
                        // The attribute is wrong the other way round: user data that will not come back.
                        out.append(Finding(cause: .mustRestoreExcluded, rule: r))
                    }
                case .transient:
                    out.append(Finding(cause: .transientPresent, rule: r))
                    if area.kind == .documents { out.append(Finding(cause: .transientInDocuments, rule: r)) }
                }
            } else if c.allowlistRange.contains(p) {
                allowlisted = true
            } else if c.testPreferenceRange.contains(p) {
                if testPreference < 0 { testPreference = p - c.testPreferenceRange.lowerBound }
            } else if c.partialDownloadRange.contains(p) {
                if partial < 0 { partial = p - c.partialDownloadRange.lowerBound }
            } else if c.allowedResourceRange.contains(p) {
                allowed = true
            } else if c.taskTemporaryRange.contains(p) {
                if taskTemporary < 0 { taskTemporary = c.taskOfTemporaryPattern[p - c.taskTemporaryRange.lowerBound] }
            }
        }
        if allowed, topLevel >= 0 { allowedBytes[topLevel, default: 0] &+= node.size }
        if !ruleHit, let first = name.first {
            // A file named like a rule's files but outside every rule's pattern.
            for (rule, glob) in c.nameIndex[Int(first)] where glob.segment(0, matches: name) {
                let r = Int32(rule - c.ruleRange.lowerBound)
                if !out.contains(Finding(cause: .outsideLocation, rule: r)) { out.append(Finding(cause: .outsideLocation, rule: r)) }
            }
        }
        if area.kind == .documents, c.rules.documentsAllowlist != nil, !allowlisted { out.append(Finding(cause: .outsideAllowlist)) }
        if area.kind == .caches || area.kind == .tmp, let ext = c.userDataExtension(of: name) {
            out.append(Finding(cause: .userDataExtension(ext, area.kind)))
        }
        if testPreference >= 0 { out.append(Finding(cause: .testPreferenceDomain(testPreference))) }
        if partial >= 0 { out.append(Finding(cause: .partialDownload(partial))) }
        if taskTemporary >= 0 { out.append(Finding(cause: .cancelledTaskLeftover(taskTemporary))) }
        // "Left in tmp" only when nothing more specific (a transient rule with an owner, a
        // partial download) already reports the file as skipped cleanup.
        if area.kind == .tmp, !out.contains(where: { $0.kind == .skippedCleanup }) { out.append(Finding(cause: .tmpNotEmpty)) }
        // "Covered by no rule" only for files that break nothing else, to keep noise down;
        // the Documents allowlist and allowed large resources also count as covering a file.
        if !ruleHit, !allowlisted, !allowed, out.isEmpty, area.isBackedUp, !node.flags.contains(.excludedEffective) {
            out.append(Finding(cause: .unruled(area.kind)))
        }
        return true
    }

    private mutating func intern(_ list: inout [Finding]) -> Int32 {
        if list.isEmpty { return 0 }
        // Most files break exactly one rule: answer those without allocating.
        if list.count == 1, let id = findings.existingID(list[0]), singleSignature[Int(id)] >= 0 { return singleSignature[Int(id)] }
        var ids: [Int32] = []
        ids.reserveCapacity(list.count)
        for f in list {
            let id = findings.id(for: f)
            if Int(id) == singleSignature.count { singleSignature.append(-1) }
            ids.append(id)
        }
        ids.sort()
        let sig = signatures.id(for: ids)
        if ids.count == 1 { singleSignature[Int(ids[0])] = sig }
        return sig
    }

    // MARK: - 2. Bottom-up

    /// Children always follow their parent in node order (`InventoryBuilder`), so one
    /// reverse sweep merges every subtree.
    private func mergeBottomUp(_ signatureOf: [Int32]) -> [Int32] {
        var merged = signatureOf
        let nodes = inventory.nodes
        var i = nodes.count - 1
        while i > 0 {
            let p = Int(nodes[i].parent)
            let a = merged[p]
            let b = merged[i]
            if b != Self.neutral {
                merged[p] = a == Self.neutral ? b : (a == b ? a : Self.mixed)
            }
            i -= 1
        }
        return merged
    }

    // MARK: - 3. Emit

    private func emit(fileSignatures: [Int32], directorySignatures: [Int32]) -> [Violation] {
        var out: [Violation] = []
        var paths = PathMaker(inventory: inventory)
        var stack: [Int] = Array(inventory.children(Inventory.root))
        while let id = stack.popLast() {
            let sig = directorySignatures[id]
            if sig == 0 || sig == Self.neutral { continue }  // nothing broken below
            if inventory.isDirectory(id) {
                if sig > 0, inventory.fileCount(id) > 1, canReportOnce(id, signature: sig) {
                    let step = inventory.step(id) ?? commonStep(below: id)
                    let path = paths.path(id)
                    for f in signatures[sig] {
                        out.append(violation(findings[f], node: id, path: path, step: step, fileCount: inventory.fileCount(id)))
                    }
                } else {
                    stack.append(contentsOf: inventory.children(id))
                }
            } else {
                let path = paths.path(id)
                for f in signatures[fileSignatures[id]] {
                    out.append(violation(findings[f], node: id, path: path, step: inventory.step(id), fileCount: 1))
                }
            }
        }
        return out
    }

    private func canReportOnce(_ dir: Int, signature: Int32) -> Bool {
        let c = compiled
        let components = inventory.pathBytes(dir).split(separator: 0x2F)
        let area = BackupPolicy.area(of: components, caseSensitive: c.caseSensitive)
        for f in signatures[signature] {
            let finding = findings[f]
            switch finding.cause {
            case .outsideLocation:
                return false
            case .testPreferenceDomain(let p):
                if !c.patterns.matches(c.testPreferenceRange.lowerBound + p, components: components) { return false }
            case .partialDownload(let p):
                if !c.patterns.matches(c.partialDownloadRange.lowerBound + p, components: components) { return false }
            case .cancelledTaskLeftover(let t):
                let range = c.taskTemporaryRange
                let covered = range.contains { c.taskOfTemporaryPattern[$0 - range.lowerBound] == t && c.patterns.matches($0, components: components) }
                if !covered { return false }
            case .outsideAllowlist:
                if area.kind != .documents { return false }
            case .userDataExtension(_, let kind), .unruled(let kind):
                if area.kind != kind { return false }
            case .tmpNotEmpty:
                if area.kind != .tmp { return false }
            case .regenerableNotExcluded, .mustRestoreExcluded, .mustRestoreInArea, .regenerableInDocuments, .transientInDocuments, .transientPresent:
                if !c.patterns.matches(c.ruleRange.lowerBound + Int(finding.rule), components: components) { return false }
            }
        }
        return true
    }

    /// The creating step shared by every file below `dir`, if there is exactly one.
    private func commonStep(below dir: Int) -> String? {
        var common: String?
        var stack = [dir]
        while let id = stack.popLast() {
            if inventory.isDirectory(id) {
                stack.append(contentsOf: inventory.children(id))
                continue
            }
            guard let s = inventory.step(id) else { return nil }
            if common == nil { common = s } else if common != s { return nil }
        }
        return common
    }

    private func violation(_ f: Finding, node: Int, path: String, step: String?, fileCount: Int) -> Violation {
        let c = compiled
        let rule = f.rule >= 0 ? c.rules.rules[Int(f.rule)] : nil
        var policy: String?
        let reason: String
        switch f.cause {
        case .regenerableNotExcluded: reason = "not excluded from backup"
        case .mustRestoreExcluded: reason = "excluded from backup, but only a backup brings it back"
        case .mustRestoreInArea(let kind): reason = "must-restore data in \(Self.areaName(kind)), lost on restore"
        case .regenerableInDocuments: reason = "regenerable data in Documents"
        case .transientInDocuments: reason = "transient data in Documents"
        case .outsideLocation: reason = "named like the rule's files but outside its pattern \(rule?.pattern ?? "")"
        case .outsideAllowlist:
            policy = PolicyName.documentsAllowlist
            reason = "not in the Documents allowlist"
        case .userDataExtension(let e, let kind):
            policy = PolicyName.userDataExtension
            reason = "user-data extension .\(String(decoding: c.userDataExtensions[e], as: UTF8.self)) under \(Self.areaName(kind))"
        case .tmpNotEmpty:
            policy = PolicyName.tmpEmpty
            reason = "left in tmp/ at the end of the test"
        case .transientPresent: reason = "transient file still present at the end of the test"
        case .testPreferenceDomain(let p):
            policy = PolicyName.testPreferenceDomain
            let pattern = c.rules.testPreferenceDomains[p]
            reason = pattern.hasSuffix("." + BackupPolicy.uuidPattern + ".plist")
                ? "leftover randomly named test suite (<prefix>.<UUID>.plist): UserDefaults(suiteName:) never removed"
                : "leftover test preference domain (\(pattern))"
        case .cancelledTaskLeftover(let t):
            let task = c.rules.backgroundTasks[t]
            return Violation(kind: f.kind, node: node, path: path, size: inventory.totalSize(node),
                             // A task's temporary files are transient: they must not outlive the task.
                             ruleName: task.identifier, ruleOwner: task.owner, requirement: .transient, step: step,
                             reason: "temporary file of background task \(task.identifier) left behind: a cancelled \(task.kind.rawValue) task skipped its cleanup",
                             fileCount: fileCount)
        case .partialDownload(let p):
            policy = PolicyName.partialDownload
            reason = "partial download left behind (\(c.rules.partialDownloads[p]))"
        case .unruled:
            policy = PolicyName.noRule
            reason = "backed up but covered by no rule"
        }
        return Violation(kind: f.kind, node: node, path: path, size: inventory.totalSize(node),
                         ruleName: rule?.name ?? policy, ruleOwner: rule?.owner, requirement: rule?.requirement,
                         step: step, reason: reason, fileCount: fileCount)
    }

    static func areaName(_ kind: BackupArea.Kind) -> String {
        switch kind {
        case .documents: "Documents"
        case .library: "Library"
        case .otherBackedUp: "a backed-up directory"
        case .caches: "Library/Caches"
        case .tmp: "tmp"
        case .systemData: "SystemData"
        case .libraryNotBackedUp: "a Library area that is never backed up"
        case .outside: "the container root"
        }
    }
}

/// Violation paths for the emit walk, which visits the files of one directory one
/// after another: the directory's path bytes are made once, and each path is one
/// allocation (`Inventory.path` collects the ancestor chain and a byte array per call).
/// Same text as `Inventory.path` (invalid UTF-8 becomes U+FFFD either way).
private struct PathMaker {
    let inventory: Inventory
    private var parent = -1
    private var parentBytes: [UInt8] = []

    init(inventory: Inventory) { self.inventory = inventory }

    mutating func path(_ id: Int) -> String {
        guard let p = inventory.parent(id) else { return "" }
        if p != parent {
            parent = p
            parentBytes = inventory.pathBytes(p)
        }
        let name = inventory.nameBytes(id)
        let separator = parentBytes.isEmpty ? 0 : 1
        let count = parentBytes.count + separator + name.count
        return String(unsafeUninitializedCapacity: count) { buffer in
            var i = 0
            for b in parentBytes { buffer[i] = b; i += 1 }
            if separator == 1 { buffer[i] = UInt8(ascii: "/"); i += 1 }
            for b in name { buffer[i] = b; i += 1 }
            return i
        }
    }
}

/// Gives equal values one small id, so a million nodes can each hold 4 bytes instead
/// of a list.
private struct Interner<Value: Hashable> {
    private var ids: [Value: Int32] = [:]
    private var values: [Value] = []

    func existingID(_ value: Value) -> Int32? { ids[value] }

    mutating func id(for value: Value) -> Int32 {
        if let id = ids[value] { return id }
        let id = Int32(values.count)
        values.append(value)
        ids[value] = id
        return id
    }

    subscript(id: Int32) -> Value { values[Int(id)] }
}
