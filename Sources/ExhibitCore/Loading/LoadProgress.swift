/// How far the load of a run has come: what the loading screen and the headless
/// progress line show (ncdu's "Loading..." box: the file, how much of it is read, how
/// long it has taken). A value, posted through the UI's inbox like any other result.
public struct LoadProgress: Sendable, Equatable {
    /// The bundle-relative file being read (`container/inventory.json`).
    public var artifact: String
    /// Bytes of `artifact` read so far.
    public var bytesRead: Int
    /// The size of `artifact` when it was opened; nil when the source cannot say.
    public var bytesTotal: Int?
    /// Inventory entries read so far (0 before the inventory).
    public var entries: Int
    /// Time since the load started.
    public var elapsedMilliseconds: Int

    public init(artifact: String, bytesRead: Int = 0, bytesTotal: Int? = nil, entries: Int = 0, elapsedMilliseconds: Int = 0) {
        self.artifact = artifact
        self.bytesRead = bytesRead
        self.bytesTotal = bytesTotal
        self.entries = entries
        self.elapsedMilliseconds = elapsedMilliseconds
    }

    /// How much of `artifact` is read, 0...1; nil without a size.
    public var fraction: Double? {
        guard let total = bytesTotal, total > 0 else { return nil }
        return min(1, Double(bytesRead) / Double(total))
    }
}
