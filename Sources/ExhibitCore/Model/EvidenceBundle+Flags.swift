extension Inventory.FlagCoverage {
    /// The word `summary --format json` and the header use: `complete`, `partial`, `none`.
    public var word: String {
        switch self {
        case .complete: "complete"
        case .partial: "partial"
        case .unrecorded: "none"
        }
    }
}

extension EvidenceBundle {
    /// What the bundle knows about backup-exclusion flags, in one line:
    /// `exclusion flags: not recorded (inventory from ncdu; no excluded.txt or xattr.txt)`.
    /// nil without an inventory. Shown by `summary`, and the UI's evidence pane.
    public var flagSummary: String? {
        guard let inv = inventory else { return nil }
        let sources = flagSources.joined(separator: ", ")
        switch inv.flagCoverage {
        case .complete:
            return "exclusion flags: recorded (\(sources))"
        case .partial:
            return "exclusion flags: recorded for some items only (\(inv.unknownFlagFileCount) files unknown; from \(sources))"
        case .unrecorded:
            return "exclusion flags: not recorded (inventory from \(inventoryOrigin); no excluded.txt or xattr.txt)"
        }
    }

    /// `ncdu`, `gdu`, `exhibit` (inventory.json's `progname`), or `files.txt`.
    var inventoryOrigin: String {
        if inventorySource == EvidenceLayout.filesList { return "files.txt" }
        return inventoryProducer.map { TerminalText.escape($0) } ?? "inventory.json"
    }
}
