import ExhibitCore
import ExhibitRules

/// The ncdu-style browser over the container: one directory at a time, sorted,
/// optionally filtered by name, with the selection remembered per directory.
public struct TreeBrowser: Sendable {
    public private(set) var directory: Inventory.NodeID = Inventory.root
    public private(set) var order: SortOrder = .bySize
    public private(set) var filter: String = ""
    /// The current directory's entries as shown.
    public private(set) var entries: [Inventory.NodeID] = []
    public var cursor = ListCursor()
    private var cache = ListingCache()
    /// The entry last selected in each directory visited, so going back up lands on it.
    private var remembered: [Inventory.NodeID: Inventory.NodeID] = [:]
    /// The inventory's unrecorded sizes, for the size order (as the listings, made for
    /// the inventory the browser was made with).
    private let sizes: UnrecordedSizeIndex

    /// `sizes`: the inventory's (`TriageData.unrecordedSizes`).
    public init(inventory: Inventory?, sizes: UnrecordedSizeIndex) {
        self.sizes = sizes
        if let inventory { relist(inventory) }
    }

    public var selected: Inventory.NodeID? {
        entries.indices.contains(cursor.index) ? entries[cursor.index] : nil
    }

    private mutating func relist(_ inventory: Inventory) {
        let dir = directory
        let order = order
        let sizes = sizes
        let sorted = cache.listing(.init(directory: dir, order: order, filter: "")) {
            DirectoryListing.sorted(inventory, directory: dir, order: order, sizes: sizes)
        }
        if filter.isEmpty {
            entries = sorted
        } else {
            let filter = filter
            entries = cache.listing(.init(directory: dir, order: order, filter: filter)) {
                DirectoryListing.filtered(sorted, by: filter, in: inventory)
            }
        }
    }

    /// Re-lists keeping `keep` selected when it is still shown.
    private mutating func relist(_ inventory: Inventory, keeping keep: Inventory.NodeID?, page: Int) {
        relist(inventory)
        cursor.index = keep.flatMap { entries.firstIndex(of: $0) } ?? 0
        cursor.clamp(count: entries.count)
        cursor.reveal(page: page, count: entries.count)
    }

    /// Enters the selected entry when it is a directory.
    public mutating func open(_ inventory: Inventory, page: Int) -> Bool {
        guard let sel = selected, inventory.isDirectory(sel) else { return false }
        enter(sel, inventory, select: remembered[sel], page: page)
        return true
    }

    /// Goes to the parent directory, selecting the directory just left.
    public mutating func back(_ inventory: Inventory, page: Int) -> Bool {
        guard let parent = inventory.parent(directory) else { return false }
        let left = directory
        enter(parent, inventory, select: left, page: page)
        return true
    }

    private mutating func enter(_ dir: Inventory.NodeID, _ inventory: Inventory, select: Inventory.NodeID?, page: Int) {
        if let sel = selected { remembered[directory] = sel }
        directory = dir
        filter = ""
        cursor = ListCursor()
        relist(inventory, keeping: select, page: page)
    }

    /// Shows `node` selected in its directory, clearing a filter that would hide it.
    public mutating func reveal(_ node: Inventory.NodeID, _ inventory: Inventory, page: Int) {
        guard node > Inventory.root, node < inventory.count, let parent = inventory.parent(node) else { return }
        if parent != directory {
            enter(parent, inventory, select: node, page: page)
        } else {
            if !filter.isEmpty, !entries.contains(node) { filter = "" }
            relist(inventory, keeping: node, page: page)
        }
    }

    public mutating func sort(by key: SortOrder.Key, _ inventory: Inventory, page: Int) {
        order = order.toggled(to: key)
        relist(inventory, keeping: selected, page: page)
    }

    /// Live filter: called on every keystroke of the `/` prompt.
    public mutating func setFilter(_ text: String, _ inventory: Inventory, page: Int) {
        guard text != filter else { return }
        let keep = selected
        filter = text
        relist(inventory, keeping: keep, page: page)
    }

    /// Listings currently cached (for tests of the cost model).
    var cachedListings: Int { cache.count }
}
