/// steps.tsv's records applied as they are read (issue 19), for an inventory where a
/// path names at most one node (`StepAssignment.resolvesByIndex`): each record's path is
/// resolved at once (`StepAssignment.Cursor`) and only what the apply needs is kept, by
/// node: the first and last line naming it and the last step, 9 bytes where a kept
/// record took about 85 (at a million records, 9 MB against 85). A path is a repeat when
/// it names a node named before; a path naming no node is kept as a record
/// (`StepRecordCollection`), its repeats found by its bytes. One path resolves to one
/// node, so both answer as the whole records' `StepsRepeatTable` answered.
///
/// What `apply(to:)` does is what `StepAssignment.apply` does with every record: the
/// last record naming a node gives its step, step names are added to the inventory in
/// the order of their first winning record, and the records that take no effect (naming
/// no node, or overridden by a later one) are counted, the first three in file order.
struct StreamingStepAssignment: StepRecordSink {
    /// What paths resolve against; let go of by `releaseLookup()` once the read is done.
    private var lookup: InventoryNameLookup
    /// Nodes in the inventory resolved against.
    let nodeCount: Int
    private var cursor = StepAssignment.Cursor()
    /// By node, made at the first record (a copy of this sink made before then shares nothing).
    private var lastLine = NodeLines()
    /// By node, made at the first repeat: until a path is named again every node's first
    /// line is its last, so a file without repeats (the usual one) never has it (4 MB
    /// at a million, held at the peak of a `find` list's load).
    private var firstLine = NodeLines()
    private var stepOfNode = StepColumn()
    private var steps = StepNameTable()
    private var unmatched = StepRecordCollection()
    /// Nodes given a step.
    private var named = 0
    /// The earliest records that take no effect, in line order (at most `exampleCount`).
    private var examples: [(line: Int, path: String)] = []
    private(set) var count = 0

    static let exampleCount = 3

    init(inventory: Inventory) {
        self.init(lookup: InventoryNameLookup(inventory))
    }

    /// Resolving against `lookup`: an inventory's, or a builder's before it is finished
    /// (the nodes it has then keep their ids in the inventory).
    init(lookup: InventoryNameLookup) {
        self.lookup = lookup
        nodeCount = lookup.count
    }

    /// Lets go of the arrays the paths were resolved against, so the builder or inventory
    /// they came from can be written without copying them; no record can be taken after.
    mutating func releaseLookup() { lookup = .none }

    /// Records whose path named no node.
    var unmatchedCount: Int { unmatched.count }

    mutating func reserve(records: Int, bytes: Int) {}

    mutating func take(
        step: UnsafeBufferPointer<UInt8>, path: UnsafeBufferPointer<UInt8>, time: UnsafeBufferPointer<UInt8>?, line: Int, inLastDirectory: Bool = false
    ) -> Int? {
        count += 1
        // The reader hands paths in normal form (`StepRecordSink.take`).
        guard let node = cursor.node(atNormalized: path, in: lookup, inLastDirectory: inLastDirectory) else {
            remember(line, path)
            return unmatched.take(step: step, path: path, time: time, line: line)
        }
        if lastLine.isEmpty { lastLine = NodeLines(count: nodeCount) }
        stepOfNode.set(node, steps.intern(step), reserving: nodeCount)
        let previous = lastLine[node]
        lastLine[node] = line
        guard previous > 0 else {
            if !firstLine.isEmpty { firstLine[node] = line }
            named += 1
            return nil
        }
        if firstLine.isEmpty {
            // Before this line each node named had one record; `previous` is this node's.
            lastLine[node] = previous
            firstLine = lastLine
            lastLine[node] = line
        }
        // The record before, naming the same path, no longer takes effect.
        remember(previous, path)
        return firstLine[node]
    }

    /// Gives `target` (the inventory this sink resolved against, or one made from the
    /// builder it resolved against, whose nodes keep their ids) its steps; returns how
    /// many records took no effect and the first three of them (line and path), as
    /// `StepAssignment.apply`'s returned records give them.
    func apply(to target: inout Inventory) -> (count: Int, examples: [(line: Int, path: String)]) {
        if named > 0 {
            // Each step name's first winning record: `setSteps` adds names in the order it
            // meets them, and the records' order is not the nodes'.
            var firstWin = [(line: Int, node: Int)](repeating: (0, 0), count: steps.names.count)
            for node in 0..<nodeCount {
                let line = lastLine[node]
                guard line > 0 else { continue }
                let s = Int(stepOfNode[node])
                if firstWin[s].line == 0 || line < firstWin[s].line { firstWin[s] = (line, node) }
            }
            let order = firstWin.indices.filter { firstWin[$0].line > 0 }.sorted { firstWin[$0].line < firstWin[$1].line }
            target.setSteps(order.lazy.map { (firstWin[$0].node, steps.names[$0]) })
            target.setSteps(named: steps.names, nodes: 0..<nodeCount) { lastLine[$0] > 0 ? stepOfNode[$0] : -1 }
        }
        return (count - named, examples)
    }

    private mutating func remember(_ line: Int, _ path: UnsafeBufferPointer<UInt8>) {
        if examples.count == Self.exampleCount, let last = examples.last, last.line < line { return }
        let at = examples.firstIndex { $0.line > line } ?? examples.count
        examples.insert((line, String(decoding: path, as: UTF8.self)), at: at)
        if examples.count > Self.exampleCount { examples.removeLast() }
    }
}

/// A line number by node, 0 for none, in 32 bits: a steps.tsv with 2^32 lines is far
/// over its default size limit (1 GiB), so a larger line (a raised limit) is kept aside.
private struct NodeLines {
    private var narrow: [UInt32] = []
    private var wide: [Int: Int] = [:]

    init() {}

    init(count: Int) { narrow = [UInt32](repeating: 0, count: count) }

    var isEmpty: Bool { narrow.isEmpty }

    subscript(node: Int) -> Int {
        get {
            guard node < narrow.count else { return 0 }
            let v = narrow[node]
            return v == UInt32.max ? wide[node] ?? 0 : Int(v)
        }
        set {
            if newValue < Int(UInt32.max) {
                if narrow[node] == UInt32.max { wide[node] = nil }
                narrow[node] = UInt32(newValue)
            } else {
                narrow[node] = UInt32.max
                wide[node] = newValue
            }
        }
    }
}
