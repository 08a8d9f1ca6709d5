/// The bytes of a directory's path followed by `/` (nothing for the root), kept while
/// the paths of its entries are read one after another: violations in report order
/// mostly share their directory, so its path is made, and checked for well-formed
/// UTF-8, once per directory rather than once per path (the classifier and `check`'s
/// text at 922k violations made every path from the root).
///
/// A path is its directory's prefix followed by its name, and the two meet at a `/`,
/// which no multi-byte UTF-8 sequence contains: the path is well-formed exactly when
/// both are, and a property of each scalar (needing an escape) holds for the path
/// exactly when it holds for both.
package struct DirectoryPathPrefix {
    /// The directory the prefix is of: -1 above the root (the root's own path), -2
    /// before the first move.
    private var directory = -2
    package private(set) var bytes: [UInt8] = []
    package private(set) var isWellFormed = true

    package init() {}

    /// Makes the prefix that of the directory holding `node` (the root's, empty, for
    /// the root itself), unless it is already; true when it moved (what a caller keeps
    /// about the prefix is then to be made again).
    @discardableResult
    package mutating func move(toParentOf node: Inventory.NodeID, in inventory: Inventory) -> Bool {
        let parent = inventory.parent(node) ?? -1
        guard parent != directory else { return false }
        directory = parent
        bytes.removeAll(keepingCapacity: true)
        if parent > Inventory.root {
            inventory.appendPathBytes(parent, to: &bytes)
            bytes.append(UInt8(ascii: "/"))
        }
        isWellFormed = bytes.withUnsafeBufferPointer(UTF8Validity.isWellFormed)
        return true
    }
}
