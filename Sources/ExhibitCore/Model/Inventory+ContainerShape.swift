extension Inventory {
    /// Why the inventory does not look like an app data container, or nil when it does:
    /// its top level holds none of the names one has (`Documents`, `Library`, `tmp`,
    /// `SystemData`, `StoreKit`, the container manager's metadata plist). An inventory
    /// taken one directory too high (`…/Data/Application`, everything under `<UUID>/`) or
    /// too low (`Library` itself) would otherwise be checked with every entry in an
    /// unknown top-level directory. One look at the root's children. A top-level name no
    /// file can have (`unusableNameCount`, said on its own) may stand for any of them.
    public var notAnAppDataContainer: String? {
        var shown: [String] = []
        var count = 0
        for child in children(Inventory.root) {
            let name = nameBytes(child)
            if ContainerPath.topLevelIndex(name) != nil { return nil }
            if name.isEmpty || name.elementsEqual([0x2E]) || name.elementsEqual([0x2E, 0x2E]) || name.contains(UInt8(ascii: "/")) { return nil }
            count += 1
            if shown.count < 3 { shown.append("\"\(TerminalText.escape(bytes: nameBytes(child).prefix(120)))\"") }
        }
        let holds =
            count == 0
            ? "it holds nothing" : "it holds " + shown.joined(separator: ", ") + (count > shown.count ? " and \(count - shown.count) more" : "")
        return "the top level holds none of Documents, Library, tmp (\(holds)), so this is not an app data container's inventory "
            + "(taken at another directory? a simulator app's is …/Containers/Data/Application/<UUID>): where its entries lie in the container is not known"
    }
}
