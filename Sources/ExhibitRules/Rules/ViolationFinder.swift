import ExhibitCore

/// Holds a container inventory against compiled rules in one top-down walk.
///
/// 1. Walk (`ViolationFinder+Walk.swift`): every directory gets the pattern states of
///    its parent advanced by its name (`PatternSet`) and its backup area; every file
///    the list of findings it breaks, from the patterns that cover it. The findings
///    list is interned into a signature id (4 bytes per node). A large tree is walked
///    in two halves at once (`ViolationFinder+Halves.swift`).
/// 2. Bottom-up: a directory whose files all carry the same signature is "uniform".
/// 3. Top-down: a uniform directory that every finding may be reported for (it lies
///    inside the rule's pattern, or the same area) is reported once with its total
///    size and file count, so a 40,000-file download bundle is one line, not 40,000.
///    A directory holding a single file is never collapsed: the file itself is named.
///    Everything else is reported per file, one violation per broken rule.
struct ViolationFinder {
    let compiled: CompiledRules
    let inventory: Inventory
    /// `inventory` with its names in the form the rules match (`NameMatchingForm`): the
    /// walk reads names from it, the report from `inventory`, so a file is reported under
    /// its name as recorded. The same inventory unless some name is not in that form.
    let matching: Inventory

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
            /// A regenerable rule's file in a backed-up area whose flag no artifact records.
            case regenerableFlagUnknown
            /// A must-restore rule's file in a backed-up area whose flag no artifact records.
            case mustRestoreFlagUnknown
        }
        var cause: Cause
        var rule: Int32 = -1

        /// The rule cannot be decided: the kind is what it would be if the flag showed a break.
        var isUndecided: Bool { cause == .regenerableFlagUnknown || cause == .mustRestoreFlagUnknown }

        var kind: ViolationKind {
            switch cause {
            case .regenerableNotExcluded, .mustRestoreExcluded, .regenerableFlagUnknown, .mustRestoreFlagUnknown: .unsetAttribute
            case .mustRestoreInArea, .regenerableInDocuments, .transientInDocuments, .outsideAllowlist, .outsideLocation, .userDataExtension: .misplacedFile
            case .tmpNotEmpty, .transientPresent, .testPreferenceDomain, .partialDownload, .cancelledTaskLeftover: .skippedCleanup
            case .unruled: .unruled
            }
        }
    }

    static let neutral: Int32 = -2
    static let mixed: Int32 = -1

    var findings = Interner<Finding>()
    /// Sorted finding-id lists; id 0 is the empty list ("breaks nothing").
    var signatures: Interner<[Int32]> = {
        var s = Interner<[Int32]>()
        _ = s.id(for: [])
        return s
    }()
    /// Signature id for a one-finding signature, indexed by finding id (fast path).
    var singleSignature: [Int32] = []

    init(compiled: CompiledRules, inventory: Inventory, matching: Inventory? = nil) {
        self.compiled = compiled
        self.inventory = inventory
        self.matching = matching ?? inventory.withNamesInMatchingForm() ?? inventory
    }

    /// Per-top-level bytes of allowed large resources, filled by `find()`.
    var allowedBytes: [Inventory.NodeID: UInt64] = [:]
    /// Per top level, the allowed large resources whose size was never recorded: what
    /// `allowedBytes` leaves out, so a budget it is subtracted from is not exact.
    var allowedUnrecorded: [Inventory.NodeID: Int] = [:]

    /// The violations, and the rule findings left undecided by unknown flags (shaped as
    /// violations of the kind they would be, `CheckReport.undecided`).
    mutating func find(split: WalkSplit = .automatic) -> (violations: ViolationList, undecided: [Violation]) {
        var perNode = walk(split: split)
        let bound = emitBound(perNode)
        // Merged in place: the sweep writes only directories, so files keep their own
        // signatures (4 bytes a node less at the check's peak than a merged copy).
        mergeBottomUp(&perNode)
        return emit(perNode, bound: bound)
    }

    // MARK: - 2. Bottom-up

    /// Children always follow their parent in node order (`InventoryBuilder`), so one
    /// reverse sweep merges every subtree.
    private func mergeBottomUp(_ merged: inout [Int32]) {
        inventory.withRulesWalkStorage { storage in
            var i = storage.nodes.count - 1
            while i > 0 {
                let p = Int(storage.nodes[i].parent)
                let a = merged[p]
                let b = merged[i]
                if b != Self.neutral {
                    merged[p] = a == Self.neutral ? b : (a == b ? a : Self.mixed)
                }
                i -= 1
            }
        }
    }
}
