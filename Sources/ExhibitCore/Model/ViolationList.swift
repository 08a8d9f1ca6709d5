/// The violations of a check, as a collection of `Violation` values.
///
/// A run with 900,000 violations holds a handful of distinct findings (rule, kind,
/// reason), each broken by many files: the rules walk's violations are stored grouped,
/// 8 bytes each (the node and the finding's template), and a `Violation` with its path
/// is made only when one is read (`subscript`). Readers that visit every violation use
/// the per-field accessors (`kind(at:)`, `ruleName(at:)`, ...), which make no path, and
/// `path(at:)` makes one with one allocation. Violations that are no node's (volume
/// warnings, preference and configuration findings, anything appended or set) are kept
/// as values. Equality compares the violations, not how they are stored.
public struct ViolationList: Sendable {
    /// What the rules walk's violations share: the inventory their nodes are in, and
    /// one template per finding.
    package struct Source: Sendable {
        package let inventory: Inventory
        /// Kind, rule, owner, requirement and reason of each finding; node, path, size,
        /// step and file count come from the violation's node.
        package let templates: [Violation]
        /// The creating step of each directory reported once for its files (its own, or
        /// the one every file below shares) as its `Inventory.stepNumber`, by node;
        /// absent when there is none.
        package let collapsedSteps: [Int32: Int32]
        /// Each template's kind: read per violation (counting, grouping by kind), where
        /// reading it from the template copied the template's strings in and out.
        package let templateKinds: [ViolationKind]

        package init(inventory: Inventory, templates: [Violation], collapsedSteps: [Int32: Int32]) {
            self.inventory = inventory
            self.templates = templates
            self.collapsedSteps = collapsedSteps
            templateKinds = templates.map(\.kind)
        }

        /// The size, file count and step that `subscript` gives a grouped violation.
        package func size(of g: Grouped) -> UInt64 { inventory.totalSize(g.node) }

        package func fileCount(of g: Grouped) -> Int { g.isReportedOnce ? inventory.fileCount(g.node) : 1 }

        package func step(of g: Grouped) -> String? { inventory.stepName(number: stepNumber(of: g)) }

        /// `step(of:)` as a step number (-1 for none), compared without a `String`.
        package func stepNumber(of g: Grouped) -> Int32 { stepNumber(node: Int32(g.node), reportedOnce: g.isReportedOnce) }

        /// The step of a grouped slot's node: a folder reported once has the one its
        /// files share (`collapsedSteps`), anything else its own.
        func stepNumber(node: Int32, reportedOnce: Bool) -> Int32 {
            reportedOnce ? collapsedSteps[node] ?? -1 : inventory.stepNumber(Int(node))
        }
    }

    /// One violation: a node and a template (`code >> 1`; bit 0 set for a directory
    /// reported once for its files), or, with `code == Slot.stored`, `stored[node]`.
    package struct Slot: Sendable, Equatable {
        package var node: Int32
        package var code: Int32

        package static let stored: Int32 = -1

        package init(node: Int32, code: Int32) {
            self.node = node
            self.code = code
        }

        package init(node: Int, template: Int, reportedOnce: Bool) {
            self.init(node: Int32(node), code: Int32(template << 1 | (reportedOnce ? 1 : 0)))
        }

        package var isStored: Bool { code == Slot.stored }
        package var template: Int { Int(code >> 1) }
        package var isReportedOnce: Bool { code & 1 == 1 }
    }

    package private(set) var source: Source?
    /// The violations in order.
    package var slots: [Slot]
    private var stored: [Violation]

    public init() {
        source = nil
        slots = []
        stored = []
    }

    public init(_ violations: [Violation]) {
        source = nil
        stored = violations
        slots = violations.indices.map { Slot(node: Int32($0), code: Slot.stored) }
    }

    /// Grouped violations of the rules walk, in `slots` order.
    package init(source: Source, slots: [Slot]) {
        self.source = source
        self.slots = slots
        stored = []
    }

    // MARK: - Fields without making the violation

    private func template(_ slot: Slot) -> Violation {
        // A grouped slot exists only with a source.
        source.unsafelyUnwrapped.templates[slot.template]
    }

    public func kind(at i: Int) -> ViolationKind { kind(of: slots[i]) }

    public func ruleName(at i: Int) -> String? { ruleName(of: slots[i]) }

    package func kind(of s: Slot) -> ViolationKind {
        s.isStored ? stored[Int(s.node)].kind : source.unsafelyUnwrapped.templateKinds[s.template]
    }

    package func ruleName(of s: Slot) -> String? { s.isStored ? stored[Int(s.node)].ruleName : template(s).ruleName }

    public func reason(at i: Int) -> String {
        let s = slots[i]
        return s.isStored ? stored[Int(s.node)].reason : template(s).reason
    }

    public func node(at i: Int) -> Inventory.NodeID? {
        let s = slots[i]
        return s.isStored ? stored[Int(s.node)].node : Int(s.node)
    }

    public func step(at i: Int) -> String? {
        let s = slots[i]
        if s.isStored { return stored[Int(s.node)].step }
        let source = source.unsafelyUnwrapped
        return source.inventory.stepName(number: source.stepNumber(node: s.node, reportedOnce: s.isReportedOnce))
    }

    /// Files the violation covers: a folder reported once counts what is below it.
    public func fileCount(at i: Int) -> Int {
        let s = slots[i]
        if s.isStored { return stored[Int(s.node)].fileCount }
        return s.isReportedOnce ? source.unsafelyUnwrapped.inventory.fileCount(Int(s.node)) : 1
    }

    /// The path, made with one allocation for a grouped violation.
    public func path(at i: Int) -> String {
        let s = slots[i]
        return s.isStored ? stored[Int(s.node)].path : source.unsafelyUnwrapped.inventory.pathText(Int(s.node)).text
    }

    /// `path(at:)` and whether it is the escaped form of a path that is not UTF-8
    /// (`Violation.pathIsEscaped`).
    public func pathText(at i: Int) -> (text: String, isEscaped: Bool) {
        let s = slots[i]
        if s.isStored { return (stored[Int(s.node)].path, stored[Int(s.node)].pathIsEscaped) }
        return source.unsafelyUnwrapped.inventory.pathText(Int(s.node))
    }

    /// The path's UTF-8 (as `path(at:)` holds it) into `buffer`, replacing what it held.
    package func pathUTF8(at i: Int, into buffer: inout [UInt8]) { pathUTF8(of: slots[i], into: &buffer) }

    /// The same, for violations read in order: a grouped one's directory is made once
    /// in `prefix` for the paths that share it.
    package func pathUTF8(at i: Int, into buffer: inout [UInt8], prefix: inout DirectoryPathPrefix) {
        let s = slots[i]
        guard !s.isStored else { return pathUTF8(of: s, into: &buffer) }
        let node = Int(s.node)
        // Read in place, not bound to a local: a bound `Source` is a copy, retained per path.
        prefix.move(toParentOf: node, in: source.unsafelyUnwrapped.inventory)
        buffer.removeAll(keepingCapacity: true)
        buffer += prefix.bytes
        let nameIsWellFormed = source.unsafelyUnwrapped.inventory.appendName(node, to: &buffer)
        guard !prefix.isWellFormed || !nameIsWellFormed else { return }
        // Not UTF-8: the path's text is its escaped form (`Inventory.pathText`).
        buffer = Array(TerminalText.escape(bytes: buffer).utf8)
    }

    package func pathUTF8(of s: Slot, into buffer: inout [UInt8]) {
        buffer.removeAll(keepingCapacity: true)
        if s.isStored {
            buffer.append(contentsOf: stored[Int(s.node)].path.utf8)
            return
        }
        source.unsafelyUnwrapped.inventory.appendPathBytes(Int(s.node), to: &buffer)
        // Not UTF-8: the path's text is its escaped form (`Inventory.pathText`).
        guard !buffer.withUnsafeBufferPointer(UTF8Validity.isWellFormed) else { return }
        buffer = Array(TerminalText.escape(bytes: buffer).utf8)
    }

    /// The file name `Classifier` matches (the path's last component) without making
    /// the path, when the node's name says it: a name that is valid UTF-8, not empty
    /// and without `/`. Nil means "ask the path".
    package func plainName(at i: Int) -> String? {
        let s = slots[i]
        guard !s.isStored else { return nil }
        let name = source.unsafelyUnwrapped.inventory.nameBytes(Int(s.node))
        guard !name.isEmpty, !name.contains(UInt8(ascii: "/")) else { return nil }
        let text = String(decoding: name, as: UTF8.self)
        // Invalid UTF-8 came back repaired (other bytes): the path's repair may differ.
        return text.utf8.elementsEqual(name) ? text : nil
    }

    package func isStored(at i: Int) -> Bool { slots[i].isStored }

    /// A grouped violation's parts, what a formatter writes its line from without
    /// making the `Violation` (its path goes straight into the output); nil for a stored
    /// one. Its inventory, template, size, count and step are read through `source`,
    /// taken once per report: a `Source` (or an `Inventory`) copied per violation
    /// retained and released each of its arrays, a seventh of `check` at 922k violations.
    package struct Grouped {
        package let node: Int
        /// Kind, rule, owner, requirement and reason (path, size, step and count are the node's).
        package let template: Int
        package let isReportedOnce: Bool
    }

    package func grouped(at i: Int) -> Grouped? {
        let s = slots[i]
        guard !s.isStored else { return nil }
        return Grouped(node: Int(s.node), template: s.template, isReportedOnce: s.isReportedOnce)
    }

    private func make(_ slot: Slot) -> Violation {
        if slot.isStored { return stored[Int(slot.node)] }
        let source = source.unsafelyUnwrapped
        let node = Int(slot.node)
        var v = source.templates[slot.template]
        v.node = node
        (v.path, v.pathIsEscaped) = source.inventory.pathText(node)
        v.size = source.inventory.totalSize(node)
        v.unrecordedSizes = source.inventory.unrecordedSizes(at: node)
        v.step = source.inventory.stepName(number: source.stepNumber(node: slot.node, reportedOnce: slot.isReportedOnce))
        v.fileCount = slot.isReportedOnce ? source.inventory.fileCount(node) : 1
        return v
    }

    private mutating func store(_ v: Violation) -> Slot {
        stored.append(v)
        return Slot(node: Int32(stored.count - 1), code: Slot.stored)
    }
}

extension ViolationList: RandomAccessCollection, MutableCollection, RangeReplaceableCollection {
    public typealias Index = Int
    public typealias Element = Violation
    public typealias SubSequence = Slice<ViolationList>

    public var startIndex: Int { 0 }
    public var endIndex: Int { slots.count }

    /// Made when read (a path allocated for a grouped violation); setting stores the value.
    public subscript(position: Int) -> Violation {
        get { make(slots[position]) }
        set { slots[position] = store(newValue) }
    }

    public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C) where C.Element == Violation {
        var added: [Slot] = []
        added.reserveCapacity(newElements.count)
        for v in newElements { added.append(store(v)) }
        slots.replaceSubrange(subrange, with: added)
    }

    public mutating func reserveCapacity(_ n: Int) { slots.reserveCapacity(n) }

    /// The violations as an array (every grouped one made).
    public var array: [Violation] { Array(self) }
}

extension ViolationList: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: Violation...) { self.init(elements) }
}

extension ViolationList: Equatable {
    public static func == (a: ViolationList, b: ViolationList) -> Bool {
        a.count == b.count && a.elementsEqual(b)
    }
}
