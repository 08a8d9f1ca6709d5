import ExhibitCore

/// What a change started writing: files added, removed and grown between a base run's
/// inventory and a run's, matched by relative path. Both trees are walked together
/// and each name is looked up in the other tree's name index by its bytes, so no path
/// string is made except for the files reported; a million entries cost one pass.
public struct InventoryDiff: Sendable {
    public enum Change: String, Sendable, Equatable, CaseIterable {
        case added, removed, grown
    }

    public struct Entry: Sendable, Equatable {
        public var change: Change
        public var path: String
        /// Size in the base run; nil for an added file.
        public var baseSize: UInt64?
        /// Size in the run; nil for a removed file.
        public var size: UInt64?
        /// The creating step in the run (for a removed file, in the base).
        public var step: String?
        /// Violations the run's check reports for the file or a directory above it.
        public var violations: [Violation]
    }

    public var entries: [Entry]

    public func count(_ change: Change) -> Int { entries.reduce(0) { $0 + ($1.change == change ? 1 : 0) } }

    /// - Parameter report: the run's check report, for the violations of each file.
    public init(base: Inventory, run: Inventory, report: CheckReport) {
        var byNode: [Inventory.NodeID: [Violation]] = [:]
        for v in report.violations { if let n = v.node { byNode[n, default: []].append(v) } }
        func violations(_ node: Inventory.NodeID) -> [Violation] {
            var cur: Inventory.NodeID? = node
            while let c = cur {
                if let found = byNode[c] { return found }
                cur = run.parent(c)
            }
            return []
        }
        var out: [Entry] = []
        // Pairs of (run node, base counterpart or nil).
        var stack: [(Inventory.NodeID, Inventory.NodeID?)] = [(Inventory.root, Inventory.root)]
        while let (node, counterpart) = stack.popLast() {
            for child in run.children(node) {
                let other = counterpart.flatMap { base.child(named: run.nameBytes(child), of: $0) }
                if run.isDirectory(child) {
                    stack.append((child, other.flatMap { base.isDirectory($0) ? $0 : nil }))
                    continue
                }
                if let other, !base.isDirectory(other) {
                    if run.size(child) > base.size(other) {
                        out.append(
                            Entry(
                                change: .grown, path: run.path(child), baseSize: base.size(other), size: run.size(child),
                                step: run.step(child), violations: violations(child)))
                    }
                } else {
                    out.append(
                        Entry(
                            change: .added, path: run.path(child), baseSize: nil, size: run.size(child),
                            step: run.step(child), violations: violations(child)))
                }
            }
        }
        // Files of the base with no counterpart in the run.
        var baseStack: [(Inventory.NodeID, Inventory.NodeID?)] = [(Inventory.root, Inventory.root)]
        while let (node, counterpart) = baseStack.popLast() {
            for child in base.children(node) {
                let other = counterpart.flatMap { run.child(named: base.nameBytes(child), of: $0) }
                if base.isDirectory(child) {
                    baseStack.append((child, other.flatMap { run.isDirectory($0) ? $0 : nil }))
                } else if other == nil || run.isDirectory(other!) {
                    out.append(
                        Entry(
                            change: .removed, path: base.path(child), baseSize: base.size(child), size: nil,
                            step: base.step(child), violations: []))
                }
            }
        }
        out.sort { a, b in
            let ca = Change.allCases.firstIndex(of: a.change) ?? 0
            let cb = Change.allCases.firstIndex(of: b.change) ?? 0
            return ca != cb ? ca < cb : a.path.utf8.lexicographicallyPrecedes(b.path.utf8)
        }
        entries = out
    }

    /// `exhibit diff` text: one line per file, escaped for a terminal.
    public func text(base: String, run: String) -> String {
        var s =
            "Base \(TerminalText.escape(base)), run \(TerminalText.escape(run)): "
            + "\(count(.added)) added, \(count(.removed)) removed, \(count(.grown)) grown\n"
        let twins = Self.twins(entries.map(\.path))
        for e in entries {
            var line = TextFit.padRight(e.change.rawValue, to: 7) + "  "
            if twins.contains(Array(e.path.utf8)) {
                // An NFC/NFD twin would print as the same line: its non-ASCII scalars are spelled out.
                line += TerminalText.spelledOut(TerminalText.escape(e.path)) + "  (a twin in another Unicode normalization; cannot coexist on the device)"
            } else {
                line += TerminalText.escape(e.path)
            }
            switch e.change {
            case .added: line += "  " + ByteSize.format(e.size ?? 0)
            case .removed: line += "  " + ByteSize.format(e.baseSize ?? 0)
            case .grown: line += "  " + ByteSize.format(e.baseSize ?? 0) + " -> " + ByteSize.format(e.size ?? 0)
            }
            if let step = e.step { line += "  step " + TerminalText.escape(step) }
            for v in e.violations { line += "  \(v.kind.badge) " + TerminalText.escape(v.ruleName ?? v.kind.rawValue) }
            s += line + "\n"
        }
        return s
    }

    /// The paths (as bytes) that another path of the list equals under Unicode canonical
    /// equivalence (Swift's `String ==`, what APFS compares names by) with other bytes.
    static func twins(_ paths: [String]) -> Set<[UInt8]> {
        var forms: [String: Set<[UInt8]>] = [:]
        for p in paths where !p.utf8.allSatisfy({ $0 < 0x80 }) { forms[p, default: []].insert(Array(p.utf8)) }
        return forms.values.filter { $0.count > 1 }.reduce(into: Set<[UInt8]>()) { $0.formUnion($1) }
    }

    public func json(base: String, run: String) -> String {
        JSONWriter.render(
            .object([
                ("base", .string(base)),
                ("run", .string(run)),
                ("added", .int(count(.added))), ("removed", .int(count(.removed))), ("grown", .int(count(.grown))),
                (
                    "files",
                    .array(
                        entries.map { e in
                            .object([
                                ("change", .string(e.change.rawValue)),
                                ("path", .string(e.path)),
                                ("baseSize", e.baseSize.map { .uint($0) } ?? .null),
                                ("size", e.size.map { .uint($0) } ?? .null),
                                ("step", .optional(e.step)),
                                (
                                    "violations",
                                    .array(
                                        e.violations.map { v in
                                            .object([("kind", .string(v.kind.rawValue)), ("rule", .optional(v.ruleName))])
                                        })
                                ),
                            ])
                        })
                ),
            ]))
    }
}
