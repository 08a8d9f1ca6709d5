/// Evidence the check could not read: a part of the container, a preference copy a
/// contract needs, the app's Info.plist the background tasks need. A gate says "nothing
/// blocks" only when there is none: a scan that skipped `tmp`, a name that places a
/// subtree nowhere, a flag record, a preference copy or an Info.plist that could not be
/// read is evidence not read, and a gate never passes on that.
public struct UncheckedEvidence: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable {
        /// An artifact that records exclusion flags (excluded.txt, xattr.txt) is present
        /// but could not be used: the flags the check held the files to may be wrong, so
        /// its findings, blocking ones included, are not trusted either.
        case flagRecord = "flag-record"
        /// Entries whose names cannot be a file name (`Inventory.unusableNameCount`).
        case unusableNames = "unusable-names"
        /// Entries the scan left out (ncdu `excluded`) or could not read (`read_error`):
        /// what is in them, and their own flags, were not recorded.
        case notScanned = "not-scanned"
        /// A preference file the rules' contracts name whose copy could not be read, or
        /// that the container held (or may have held) and the bundle has no copy of:
        /// its contracts are undecided (`PreferenceObservation.isDecided`).
        case preferenceCopy = "preference-copy"
        /// The built app's Info.plist is missing, unreadable or malformed while the rules
        /// declare background tasks: their configuration is undecided.
        case appInfoPlist = "app-info-plist"
        /// The inventory's top level holds none of the names an app data container has
        /// (taken at another directory): where anything lies in the container is not known.
        case notAContainer = "not-a-container"
        /// files.txt may not be the list the tool printed: its last line has no line end
        /// (cut), or it is NUL-delimited with records holding line feeds (`InventoryListDoubt`).
        case listInDoubt = "list-in-doubt"

        /// A few words, for a list of runs.
        public var title: String {
            switch self {
            case .flagRecord: "an exclusion flag record could not be read"
            case .unusableNames: "names no file can have"
            case .notScanned: "entries not scanned"
            case .preferenceCopy: "a preference copy missing, unreadable or malformed"
            case .appInfoPlist: "app/Info.plist missing, unreadable or malformed"
            case .notAContainer: "the inventory is not of an app data container"
            case .listInDoubt: "the path list may be cut or misread"
            }
        }

        /// Whether it is a part of the container's listing the rules walk could not see,
        /// rather than a file of the app's configuration beside it.
        public var isContainer: Bool {
            switch self {
            case .flagRecord, .unusableNames, .notScanned, .notAContainer, .listInDoubt: true
            case .preferenceCopy, .appInfoPlist: false
            }
        }

        /// What was not checked because of it, for a result line: "part of the
        /// container", "preference contracts", "background tasks".
        public var whatWasNotChecked: String {
            switch self {
            case .flagRecord, .unusableNames, .notScanned: "part of the container"
            case .notAContainer, .listInDoubt: "the container"
            case .preferenceCopy: "preference contracts"
            case .appInfoPlist: "background tasks"
            }
        }
    }

    public var kind: Kind
    /// One sentence whose paths are escaped already, as a diagnostic's quoted bytes
    /// are: show it through `TerminalText.sanitized`.
    public var reason: String

    public init(kind: Kind, reason: String) {
        self.kind = kind
        self.reason = reason
    }

    /// Whether the findings themselves may be wrong, not only incomplete: then a blocking
    /// verdict is not trusted either and the gate fails closed.
    public var voidsFindings: Bool { kind == .flagRecord || kind == .notAContainer || kind == .listInDoubt }

    /// What of `bundle`'s container its check cannot see. Empty without an inventory
    /// (that is said apart: nothing was checked at all).
    public static func assess(_ bundle: EvidenceBundle) -> [UncheckedEvidence] {
        guard let inventory = bundle.inventory else { return [] }
        var found: [UncheckedEvidence] = []
        if let shape = inventory.notAnAppDataContainer {
            found.append(UncheckedEvidence(kind: .notAContainer, reason: "\(bundle.inventorySource ?? "the inventory"): \(shape)"))
        }
        if let doubt = bundle.inventoryListDoubt { found.append(UncheckedEvidence(kind: .listInDoubt, reason: doubt.reason)) }
        for file in EvidenceArtifact.flagRecords.map(\.path) {
            let why: String
            switch bundle.status(of: file) {
            case .malformed(let d)?: why = "is malformed (\(d.positionAndMessage))"
            case .unreadable(let reason)?: why = "cannot be read (\(reason))"
            default: continue
            }
            found.append(
                UncheckedEvidence(
                    kind: .flagRecord,
                    reason: "\(file) \(why): the exclusion flags it records are unknown, so the findings may be wrong"))
        }
        for doubt in bundle.flagRecordDoubts {
            let reason =
                doubt.lastLineCut && doubt.lines == 1
                ? "\(doubt.file): its last line (line \(doubt.firstLine)) has no line end, so the file may have been cut there: "
                    + "its exclusion flags are in doubt and the findings may be wrong"
                : "\(doubt.file): \(doubt.lines) \(doubt.lines == 1 ? "line" : "lines") could not be read or placed in the inventory "
                    + "(the first at line \(doubt.firstLine)\(doubt.lastLineCut ? "; the last has no line end, so the file may have been cut" : "")), "
                    + "so its exclusion flags are in doubt (a name holding a line break reads as two lines) and the findings may be wrong"
            found.append(UncheckedEvidence(kind: .flagRecord, reason: reason))
        }
        let unusable = inventory.unusableNameCount
        if unusable > 0 {
            found.append(
                UncheckedEvidence(
                    kind: .unusableNames,
                    reason:
                        "\(unusable) \(unusable == 1 ? "entry has a name" : "entries have names") no file can have (empty, '.', '..', holding '/' or a NUL byte, or given twice in one item): "
                        + "where \(unusable == 1 ? "it and what it holds lie" : "they and what they hold lie") in the container is not known"))
        }
        let skipped = inventory.entriesNotScanned(examples: 3)
        if skipped.count > 0 {
            let listed = skipped.examples.map { "\($0.path) (\($0.why))" }.joined(separator: ", ")
            let more = skipped.count > skipped.examples.count ? " and \(skipped.count - skipped.examples.count) more" : ""
            found.append(
                UncheckedEvidence(
                    kind: .notScanned,
                    reason: "\(skipped.count) \(skipped.count == 1 ? "entry was" : "entries were") not scanned: \(listed)\(more); "
                        + "what \(skipped.count == 1 ? "it holds" : "they hold") and \(skipped.count == 1 ? "its" : "their") exclusion flags were not recorded")
            )
        }
        return found
    }
}

extension EvidenceArtifact {
    /// The artifacts besides the inventory that record exclusion flags: one present but
    /// unusable leaves the flags unknown (`UncheckedEvidence.Kind.flagRecord`).
    public static let flagRecords: [EvidenceArtifact] = [excludedList, xattrDump]
}

extension Inventory {
    /// Entries the scan skipped (`ScanExclusion`) or could not read (`read_error`): how
    /// many, and the first `examples` in node order (paths escaped) with why, for one
    /// line of text.
    public func entriesNotScanned(examples limit: Int) -> (count: Int, examples: [(path: String, why: String)]) {
        var count = 0
        var examples: [(path: String, why: String)] = []
        for id in 1..<max(nodes.count, 1) {
            guard let why = whyNotScanned(id) else { continue }
            count += 1
            if examples.count < limit { examples.append((TerminalText.escape(path(id)), why)) }
        }
        return (count, examples)
    }
}

extension Inventory {
    /// Why the scan did not record what `id` holds (left out, or not readable), in the
    /// words `entriesNotScanned` uses; nil for an entry it scanned.
    public func whyNotScanned(_ id: NodeID) -> String? {
        let node = nodes[id]
        if node.scanExclusion != .none { return node.scanExclusion.reason }
        if node.flags.contains(.readError) { return "could not be read" }
        return nil
    }
}

extension Inventory.ScanExclusion {
    /// Why the scan left the entry out, in words.
    var reason: String {
        switch self {
        case .none: "scanned"
        case .pattern: "excluded by a pattern"
        case .otherFilesystem: "on another file system"
        case .kernelFilesystem: "a kernel file system"
        case .firmlink: "a firmlink"
        }
    }
}

/// Lines of a flag record (excluded.txt, xattr.txt) that could not be read or placed in
/// the inventory (`BackupFlagMerge.linesInDoubt`).
public struct FlagRecordDoubt: Sendable, Equatable {
    public var file: String
    public var lines: Int
    public var firstLine: Int
    /// The file's last line has no line end (counted in `lines`): it may have been cut there.
    public var lastLineCut: Bool

    public init(file: String, lines: Int, firstLine: Int, lastLineCut: Bool = false) {
        self.file = file
        self.lines = lines
        self.firstLine = firstLine
        self.lastLineCut = lastLineCut
    }
}

/// files.txt's records that may not be the paths the tool printed
/// (`FileListInventoryReader`): a last record without its delimiter (the file may have
/// been cut there: the entry's name may be cut, and what followed is missing), and, in a
/// NUL-delimited list, records holding a line feed (a name may hold one, or the file is a
/// newline-separated list with a stray NUL, whose lines then run together).
public struct InventoryListDoubt: Sendable, Equatable {
    public var file: String
    /// The last record's number when it has no delimiter.
    public var cutAtLine: Int?
    public var lineFeedRecords: Int
    public var firstLineFeedRecord: Int?

    public init(file: String, cutAtLine: Int? = nil, lineFeedRecords: Int = 0, firstLineFeedRecord: Int? = nil) {
        self.file = file
        self.cutAtLine = cutAtLine
        self.lineFeedRecords = lineFeedRecords
        self.firstLineFeedRecord = firstLineFeedRecord
    }

    /// One sentence for "not checked".
    public var reason: String {
        var parts: [String] = []
        if let line = cutAtLine {
            parts.append(
                "its last line (line \(line)) has no line end, so the list may have been cut there: that entry's name may be cut, and entries after it were not listed"
            )
        }
        if lineFeedRecords > 0, let first = firstLineFeedRecord {
            parts.append(
                "it is NUL-delimited and \(lineFeedRecords) \(lineFeedRecords == 1 ? "record holds" : "records hold") a line feed (the first, record \(first)): "
                    + "names holding line breaks cannot be told from the lines of a newline-separated list with a stray NUL")
        }
        return "\(file): " + parts.joined(separator: "; ") + "; its entries and the findings on them are in doubt"
    }
}
