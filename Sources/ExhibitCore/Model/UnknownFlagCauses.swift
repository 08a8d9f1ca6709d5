/// Why a backup-exclusion flag is unknown, as the evidence says it: no artifact records
/// it, or the collector recorded that it could not read it (`"x_backup_excluded":null`),
/// or the inventory gave a value that cannot be used (not a boolean, two that disagree).
/// A directory reported once, and a whole report, can hold several.
public struct UnknownFlagCauses: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// No artifact records the flag of the item, or of a directory above it.
    public static let notRecorded = UnknownFlagCauses(rawValue: 1 << 0)
    /// The collector recorded the flag as one it could not read (`"x_backup_excluded":null`).
    public static let unreadableToCollector = UnknownFlagCauses(rawValue: 1 << 1)
    /// The inventory gave the flag a value that cannot be used.
    public static let unusableValue = UnknownFlagCauses(rawValue: 1 << 2)

    /// Each cause in a fixed order, with its words and its JSON name.
    static let described: [(cause: UnknownFlagCauses, words: String, name: String)] = [
        (.notRecorded, "not recorded", "not-recorded"),
        (.unreadableToCollector, "recorded as unreadable by the collector", "unreadable-to-collector"),
        (.unusableValue, "recorded with a value that cannot be used", "unusable-value"),
    ]

    /// What follows "exclusion flags" or "flag": `not recorded`, `recorded as unreadable
    /// by the collector`, or several joined with ", or " (`not recorded, or recorded as
    /// unreadable by the collector`). Empty causes read as "not recorded".
    public var words: String {
        let parts = Self.described.filter { contains($0.cause) }.map(\.words)
        return parts.isEmpty ? "not recorded" : parts.joined(separator: ", or ")
    }

    /// `not-recorded`, `unreadable-to-collector`, `unusable-value`: the JSON names.
    public var names: [String] { Self.described.filter { contains($0.cause) }.map(\.name) }

    /// More than one cause: a list of entries then says each one's.
    public var isMixed: Bool { rawValue & (rawValue - 1) != 0 }
}

extension Inventory {
    /// Whether the item's unusable flag record (`isFlagRecordUnusable`) is the
    /// collector's "could not read it" (`"x_backup_excluded":null`).
    public func isFlagUnreadByCollector(_ id: NodeID) -> Bool { values.flagsUnreadByCollector.contains(Int32(id)) }

    /// Why the flag of `id` is unknown: for a file, what the item and each directory above
    /// it lacking a record of its own say; for a directory, the same over every file below
    /// it whose flag is unknown. `[.notRecorded]` when no record is unusable, without a walk.
    public func unknownFlagCauses(_ id: NodeID) -> UnknownFlagCauses {
        hasUnusableFlagRecords ? causes(id) : .notRecorded
    }

    private func causes(_ id: NodeID) -> UnknownFlagCauses {
        var above: UnknownFlagCauses = []
        var cur: NodeID? = id
        while let c = cur {
            above.formUnion(ownFlagCause(c))
            cur = parent(c)
        }
        guard isDirectory(id) else { return above.isEmpty ? .notRecorded : above }
        var found: UnknownFlagCauses = []
        var stack: [(NodeID, UnknownFlagCauses)] = children(id).map { ($0, above) }
        while let (node, inherited) = stack.popLast() {
            // Everything at and below an excluded item is known.
            guard !isExcludedEffective(node) else { continue }
            let causes = inherited.union(ownFlagCause(node))
            if isDirectory(node) {
                for child in children(node) { stack.append((child, causes)) }
            } else if countsAsFile(node) && backupFlag(node) == .unknown {
                found.formUnion(causes)
            }
        }
        let all = found.isEmpty ? above : found
        return all.isEmpty ? .notRecorded : all
    }

    /// The causes of the undecided entries (`CheckReport.undecided`) that are not only
    /// "not recorded", by node: what `CheckReport.undecidedFlagCauses` keeps.
    public func unknownFlagCauses(of entries: [Violation]) -> [NodeID: UnknownFlagCauses] {
        guard !entries.isEmpty, hasUnusableFlagRecords else { return [:] }
        var out: [NodeID: UnknownFlagCauses] = [:]
        for e in entries {
            guard let node = e.node, node >= 0, node < count, out[node] == nil else { continue }
            let found = causes(node)
            if found != .notRecorded { out[node] = found }
        }
        return out
    }

    /// Why this very item adds to an unknown flag: nothing when its own flag is recorded.
    private func ownFlagCause(_ id: NodeID) -> UnknownFlagCauses {
        if isFlagRecorded(id) { return [] }
        guard isFlagRecordUnusable(id) else { return .notRecorded }
        return isFlagUnreadByCollector(id) ? .unreadableToCollector : .unusableValue
    }

    /// Whether any item's flag record was there but unusable (one pass over the nodes).
    private var hasUnusableFlagRecords: Bool {
        !values.flagsUnreadByCollector.isEmpty || nodes.contains { $0.flagRecordUnusable }
    }
}
