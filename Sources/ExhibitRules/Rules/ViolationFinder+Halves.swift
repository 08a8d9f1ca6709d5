import ExhibitCore

/// The rules walk on both cores: the walk's order is cut near its middle file, the two
/// halves are walked at once, each with its own interners, and the second's findings
/// and signatures are then renumbered as if one walk had met them in order. The report
/// is byte for byte the one-walk report (`RulesWalkHalvesTests`).
///
/// Why the renumbering matters: a finding's id orders the violations of one file that
/// share kind, path and rule (the report's sort is stable), and ids are handed out as
/// the walk first meets a finding; the first half's ids are kept, the second's new ones
/// follow in the order the second half met them, which is the one walk's order.
extension ViolationFinder {
    /// Where the walk is cut.
    enum WalkSplit {
        /// Near the middle file when the inventory is large enough to repay a second
        /// thread; else not at all.
        case automatic
        case none
        /// Just before the walk's file number `n` (0-based, as `fileCount` counts
        /// files); for the tests, which cut everywhere.
        case beforeFile(Int)

        /// Below this many nodes, one walk: a thread costs more than half the walk.
        static let threshold = 65_536

        /// The `childIndex` positions from the root down to the cut (`Meeting.path`),
        /// or nil for one walk.
        func meeting(in storage: Inventory.RulesWalkStorage, inventory: Inventory) -> [Int]? {
            switch self {
            case .none:
                return nil
            case .automatic:
                guard storage.nodes.count >= Self.threshold else { return nil }
                return Self.path(toFile: inventory.totalFiles / 2, storage: storage, inventory: inventory)
            case .beforeFile(let n):
                return Self.path(toFile: n, storage: storage, inventory: inventory)
            }
        }

        /// The positions of the directories that hold the walk's file `target` (by
        /// `fileCount`, in walk order), ending with the position the cut is before:
        /// the walk's first half stops there, the second starts there. Descends only
        /// into the directory that holds the target, so it costs one pass over a few
        /// child lists. The position is always inside its directory's child list, so
        /// it names one directory (`walkTree` pops a finished one before comparing).
        /// Nil when the cut would leave a half empty.
        static func path(toFile target: Int, storage: Inventory.RulesWalkStorage, inventory: Inventory) -> [Int]? {
            guard target > 0, target < inventory.totalFiles else { return nil }
            var path: [Int] = []
            var remaining = target
            var range = storage.childRange(storage.nodes[Inventory.root])
            descending: while true {
                for position in range {
                    let child = Int(storage.childIndex[position])
                    let files = inventory.fileCount(child)
                    if remaining == 0 || (remaining < files && storage.nodes[child].directory < 0) {
                        path.append(position)
                        return path
                    }
                    if remaining < files {
                        path.append(position)
                        range = storage.childRange(storage.nodes[child])
                        continue descending
                    }
                    remaining -= files
                }
                // fileCount disagrees with the child lists (it cannot): one walk.
                return nil
            }
        }
    }

    /// A second-half signature as written into the shared per-node array: below
    /// `neutral` and `mixed`, so the renumbering finds it.
    @inline(__always)
    static func marked(_ signature: Int32) -> Int32 { -3 - signature }

    /// Walks the halves either side of `meeting` at once, then renumbers the second's.
    mutating func walkHalves(
        meeting path: [Int], storage: Inventory.RulesWalkStorage, matchers: NameMatchers.View, tables: RulesWalkTables,
        signatureOf: UnsafeMutableBufferPointer<Int32>
    ) {
        var second = ViolationFinder(compiled: compiled, inventory: inventory, matching: matching)
        // Each half writes only the signatures of its own files.
        let out = signatureOf
        _ = TwoCores.run(
            { walkTree(from: [], until: path[path.count - 1], storage: storage, matchers: matchers, tables: tables, signatureOf: out, secondHalf: false) },
            { second.walkTree(from: path, until: -1, storage: storage, matchers: matchers, tables: tables, signatureOf: out, secondHalf: true) })
        let renumbered = absorb(second)
        for i in signatureOf.indices where signatureOf[i] < Self.mixed && signatureOf[i] != Self.neutral {
            signatureOf[i] = renumbered[Int(-3 - signatureOf[i])]
        }
    }

    /// Takes in the findings, signatures and allowed bytes of `other`, a walk of what
    /// follows this one's walk; returns `other`'s signature ids as they are here.
    private mutating func absorb(_ other: ViolationFinder) -> [Int32] {
        let findingID = other.findings.values.map { f -> Int32 in
            let id = findings.id(for: f)
            if Int(id) == singleSignature.count { singleSignature.append(-1) }
            return id
        }
        let signatureID = other.signatures.values.map { list -> Int32 in
            let ids = list.map { findingID[Int($0)] }.sorted()
            let sig = signatures.id(for: ids)
            if ids.count == 1 { singleSignature[Int(ids[0])] = sig }
            return sig
        }
        for (topLevel, bytes) in other.allowedBytes {
            allowedBytes[topLevel] = saturatingAdd(allowedBytes[topLevel, default: 0], bytes)
        }
        for (topLevel, count) in other.allowedUnrecorded { allowedUnrecorded[topLevel, default: 0] += count }
        return signatureID
    }
}
