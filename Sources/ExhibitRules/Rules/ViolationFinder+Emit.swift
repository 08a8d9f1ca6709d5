import ExhibitCore

extension ViolationFinder {
    // MARK: - 3. Emit

    /// The violations grouped (`ViolationList`: a node and a finding's template each, no
    /// path), in walk order; the undecided findings made as values (few, and listed
    /// entry by entry).
    /// At most one violation per finding of every file (collapsed directories make
    /// fewer), from the walk's signatures before they are merged.
    func emitBound(_ fileSignatures: [Int32]) -> Int {
        var sizes = [Int](repeating: -1, count: signatures.count)
        var bound = 0
        for sig in fileSignatures where sig > 0 {
            if sizes[Int(sig)] < 0 { sizes[Int(sig)] = signatures[sig].count }
            bound += sizes[Int(sig)]
        }
        return bound
    }

    /// `merged`: each file's signature, each directory's merged over its subtree.
    /// `bound`: `emitBound`, reserved at once (with room for the volume warnings), so the
    /// array is not regrown and copied while it fills.
    func emit(_ merged: [Int32], bound: Int) -> (violations: ViolationList, undecided: [Violation]) {
        let fileSignatures = merged
        let directorySignatures = merged
        // And room for the volume warnings appended next (one per top-level directory,
        // or per `du` total): appending them must not regrow, and so copy, the array.
        var out = Emission(self, reserving: bound + inventory.children(Inventory.root).count + 16)
        var collapsedSteps: [Int32: Int32] = [:]
        // The signatures' finding ids in one flat array: reading `signatures[sig]` per
        // file retained and released its array, a tenth of the emit at 922k violations.
        var signatureStart: [Int] = [0]
        var signatureFindings: [Int32] = []
        for list in signatures.values {
            signatureFindings += list
            signatureStart.append(signatureFindings.count)
        }
        inventory.withRulesWalkStorage { storage in
            var stack: [Int] = []
            func pushChildren(_ id: Int) {
                for k in storage.childRange(storage.nodes[id]) { stack.append(Int(storage.childIndex[k])) }
            }
            pushChildren(Inventory.root)
            while let id = stack.popLast() {
                let sig = directorySignatures[id]
                if sig == 0 || sig == Self.neutral { continue }  // nothing broken below
                if storage.nodes[id].flags.contains(.directory) {
                    if sig > 0, inventory.fileCount(id) > 1, canReportOnce(id, signature: sig) {
                        let own = inventory.stepNumber(id)
                        let step = own >= 0 ? own : commonStep(below: id)
                        if step >= 0 { collapsedSteps[Int32(id)] = step }
                        for k in signatureStart[Int(sig)]..<signatureStart[Int(sig) + 1] {
                            out.add(signatureFindings[k], node: id, reportedOnce: true, collapsedStep: step, finder: self)
                        }
                    } else {
                        pushChildren(id)
                    }
                } else {
                    let fileSig = Int(fileSignatures[id])
                    for k in signatureStart[fileSig]..<signatureStart[fileSig + 1] {
                        out.add(signatureFindings[k], node: id, reportedOnce: false, collapsedStep: -1, finder: self)
                    }
                }
            }
        }
        // A finding no violation used keeps an empty template (no slot points to it).
        let made = out.templates.map { $0 ?? Violation(kind: .unruled, path: "", size: 0, reason: "") }
        let source = ViolationList.Source(inventory: inventory, templates: made, collapsedSteps: collapsedSteps)
        return (ViolationList(source: source, slots: out.slots), out.undecided)
    }

    /// What `emit` fills, in a struct of its own rather than captured by a nested
    /// function: captured variables are boxed, and each access to a box was checked for
    /// exclusivity at run time (half of the emit at 922k violations).
    private struct Emission {
        var slots: [ViolationList.Slot] = []
        var undecided: [Violation] = []
        /// Rule, owner and reason depend on the finding only: made once per finding, and
        /// their strings shared by its violations, not rebuilt per violation.
        var templates: [Violation?]
        /// Whether a finding's template is made, kept apart: testing `templates[f]`
        /// itself copied the whole optional violation per violation.
        var templateMade: [Bool]
        let undecidedFinding: [Bool]
        var paths: PathMaker

        init(_ finder: ViolationFinder, reserving capacity: Int) {
            templates = [Violation?](repeating: nil, count: finder.findings.count)
            templateMade = [Bool](repeating: false, count: finder.findings.count)
            undecidedFinding = finder.findings.values.map(\.isUndecided)
            paths = PathMaker(inventory: finder.inventory)
            slots.reserveCapacity(capacity)
        }

        /// Only an undecided violation is stored whole (with its path and step); the
        /// others are slots, so their step is not looked up here.
        mutating func add(_ f: Int32, node: Int, reportedOnce: Bool, collapsedStep: Int32, finder: ViolationFinder) {
            if !templateMade[Int(f)] {
                templates[Int(f)] = finder.violation(finder.findings[f], node: node, path: "", step: nil, fileCount: 1)
                templateMade[Int(f)] = true
            }
            guard undecidedFinding[Int(f)], var v = templates[Int(f)] else {
                slots.append(ViolationList.Slot(node: node, template: Int(f), reportedOnce: reportedOnce))
                return
            }
            let inventory = finder.inventory
            v.node = node
            (v.path, v.pathIsEscaped) = paths.path(node)
            v.size = inventory.totalSize(node)
            v.step = reportedOnce ? inventory.stepName(number: collapsedStep) : inventory.step(node)
            v.fileCount = reportedOnce ? inventory.fileCount(node) : 1
            v.unrecordedSizes = inventory.unrecordedSizes(at: node)
            undecided.append(v)
        }
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
            case .regenerableNotExcluded, .mustRestoreExcluded, .regenerableFlagUnknown, .mustRestoreFlagUnknown, .mustRestoreInArea, .regenerableInDocuments,
                .transientInDocuments, .transientPresent:
                if !c.patterns.matches(c.ruleRange.lowerBound + Int(finding.rule), components: components) { return false }
            }
        }
        return true
    }

    /// The creating step shared by every file below `dir` (its `Inventory.stepNumber`),
    /// if there is exactly one; -1 otherwise. Step numbers are distinct per name.
    private func commonStep(below dir: Int) -> Int32 {
        var common: Int32 = -1
        var stack = [dir]
        while let id = stack.popLast() {
            if inventory.isDirectory(id) {
                stack.append(contentsOf: inventory.children(id))
                continue
            }
            let s = inventory.stepNumber(id)
            guard s >= 0 else { return -1 }
            if common < 0 { common = s } else if common != s { return -1 }
        }
        return common
    }

    fileprivate func violation(_ f: Finding, node: Int, path: String, step: String?, fileCount: Int) -> Violation {
        let c = compiled
        let rule = f.rule >= 0 ? c.rules.rules[Int(f.rule)] : nil
        var policy: String?
        let reason: String
        switch f.cause {
        case .regenerableNotExcluded: reason = "not excluded from backup"
        case .mustRestoreExcluded: reason = "excluded from backup, but only a backup brings it back"
        case .regenerableFlagUnknown: reason = "exclusion flag not recorded: must be excluded from backup, cannot tell whether it is"
        case .mustRestoreFlagUnknown: reason = "exclusion flag not recorded: must not be excluded from backup, cannot tell whether it is"
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
            reason =
                pattern.hasSuffix("." + BackupPolicy.uuidPattern + ".plist")
                ? "leftover randomly named test suite (<prefix>.<UUID>.plist): UserDefaults(suiteName:) never removed"
                : "leftover test preference domain (\(pattern))"
        case .cancelledTaskLeftover(let t):
            let task = c.rules.backgroundTasks[t]
            return Violation(
                kind: f.kind, node: node, path: path, size: inventory.totalSize(node),
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
        return Violation(
            kind: f.kind, node: node, path: path, size: inventory.totalSize(node),
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

/// Paths of undecided findings for the emit walk, which visits the files of one
/// directory one after another: the directory's path bytes are made once (`DirectoryPathPrefix`),
/// and each path is one `String` (`Inventory.path` collects the ancestor chain and a byte array per call).
/// Same text as `Inventory.pathText`: a path that is not UTF-8 is its escaped form, so
/// `a\xff` and `a\xfe` stay apart (`String(decoding:)` made both `a\u{FFFD}`).
private struct PathMaker {
    let inventory: Inventory
    private var prefix = DirectoryPathPrefix()
    private var bytes: [UInt8] = []

    init(inventory: Inventory) { self.inventory = inventory }

    mutating func path(_ id: Int) -> (text: String, isEscaped: Bool) {
        guard id != Inventory.root else { return ("", false) }
        prefix.move(toParentOf: id, in: inventory)
        bytes.removeAll(keepingCapacity: true)
        bytes += prefix.bytes
        let nameIsWellFormed = inventory.appendName(id, to: &bytes)
        return Inventory.pathText(bytes: bytes, wellFormed: prefix.isWellFormed && nameIsWellFormed)
    }
}
