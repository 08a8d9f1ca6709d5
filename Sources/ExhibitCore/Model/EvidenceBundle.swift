/// The bundle-relative names of every artifact a run archive may hold, from the one
/// table (`EvidenceArtifact`). Kept exactly so archives written by other tools (or by
/// hand) open too; `man/exhibit-bundle.5` documents them.
public enum EvidenceLayout {
    public static let summaryJSON = EvidenceArtifact.summaryJSON.path
    public static let testsJSON = EvidenceArtifact.testsJSON.path
    public static let legacyJSON = EvidenceArtifact.legacyJSON.path
    public static let junitXML = EvidenceArtifact.junitXML.path
    public static let resultsDirectory = "results"
    public static let inventoryJSON = EvidenceArtifact.inventoryJSON.path
    public static let filesList = EvidenceArtifact.filesList.path
    public static let sizesList = EvidenceArtifact.sizesList.path
    public static let excludedList = EvidenceArtifact.excludedList.path
    public static let xattrDump = EvidenceArtifact.xattrDump.path
    public static let duTotals = EvidenceArtifact.duTotals.path
    public static let steps = EvidenceArtifact.steps.path
    public static let timesList = EvidenceArtifact.timesList.path
    public static let runMetadata = EvidenceArtifact.runMetadata.path
    public static let rules = EvidenceArtifact.rules.path
    public static let appInfoPlist = EvidenceArtifact.appInfoPlist.path
    /// A result bundle's Info.plist copied alone (what `collect --xcresult` writes).
    public static let resultBundleInfoPlist = EvidenceArtifact.resultBundleInfoPlist.path
    /// Copies of `Library/Preferences/**/*.plist`, by their path below `Library/Preferences`.
    public static let preferencesDirectory = "container/preferences"
    /// Where the copies stand in the data container.
    public static let containerPreferencesDirectory = "Library/Preferences"
    public static let xcresulttoolVersion = EvidenceArtifact.xcresulttoolVersion.path
}

/// What became of one artifact while loading a bundle.
public struct EvidenceFileStatus: Sendable, Equatable {
    public enum State: Sendable, Equatable {
        /// Read and used.
        case loaded
        /// Not in the bundle.
        case missing
        /// Present but unusable; the diagnostic says where and why.
        case malformed(Diagnostic)
        /// Present and valid, but not needed because a richer artifact was used
        /// (e.g. files.txt next to inventory.json).
        case superseded(by: String)
        /// Present but could not be read (permissions, I/O error).
        case unreadable(String)
    }

    public var file: String
    public var state: State

    public init(file: String, state: State) {
        self.file = file
        self.state = state
    }

    public var wasLoaded: Bool { state == .loaded }
}

/// The state of a bundle's `rules.json`.
public enum BundleRules: Sendable, Equatable {
    /// Not in the bundle: the built-in policy applies.
    case absent
    /// There, but it could not be read (a directory, a FIFO, a link out of the run, no
    /// permission, over the size limit): a rules file with errors, never the defaults.
    case unreadable(reason: String)
    /// Its bytes, as read.
    case present([UInt8])

    public var bytes: [UInt8]? {
        if case .present(let b) = self { return b }
        return nil
    }
}

/// How a directory of copies (`container/preferences/`) was found in the bundle: what
/// a missing copy means depends on it.
public enum ArchivedDirectory: Sendable, Equatable {
    /// There and listed (possibly empty).
    case listed
    /// Not in the bundle.
    case missing
    /// There but not listable (not a directory, a link out of the run, no permission).
    case unlistable(String)
}

/// One archived run, as far as its evidence could be read.
public struct EvidenceBundle: Sendable {
    /// The run id: the bundle directory's name.
    public var runID: String
    public var metadata: RunMetadata
    /// Every results artifact that loaded, richest first (see `ResultsSource`).
    public var results: [TestResults]
    public var xcresultInfo: [XCResultInfo]
    public var inventory: Inventory?
    /// Which file the inventory came from (`container/inventory.json` or `container/files.txt`).
    public var inventorySource: String?
    /// A container prefix stripped from absolute paths in a list inventory, if any.
    public var strippedAbsolutePrefix: String?
    /// The program that wrote inventory.json (its `progname`: `ncdu`, `gdu`, `exhibit`).
    public var inventoryProducer: String?
    /// The artifacts that recorded backup-exclusion flags, strongest first
    /// (`BackupFlagMerge`); empty when no artifact records any.
    public var flagSources: [String] = []
    /// Flag records with lines that could not be read or placed (`FlagRecordDoubt`):
    /// their flags are in doubt (`UncheckedEvidence`).
    public var flagRecordDoubts: [FlagRecordDoubt] = []
    /// files.txt's records that may not be what the tool printed (`InventoryListDoubt`),
    /// when the inventory came from it.
    public var inventoryListDoubt: InventoryListDoubt?
    public var duTotals: [DirectoryTotal]?
    /// When each inventory node was born and last modified, where an artifact recorded
    /// it (`container/times.txt`); nil when nothing did.
    public var fileTimes: FileTimes?
    /// The result bundles' session-log test windows and container events
    /// (`BundleLoader+Timeline`), for the creation-step inference.
    public var timelineSources = TimelineSources()
    /// The bundle's own `rules.json`: absent, unreadable, or its raw bytes (parsed by
    /// the rules engine). Absent and unreadable are different states: only an absent
    /// file lets a check fall back to the built-in policy.
    public var rules: BundleRules
    /// `rules` as the loader read it (nil when absent or unreadable, or not loaded):
    /// parsed once, here, for every command that holds the run against it.
    public var rulesReading: RulesReading?
    /// Raw bytes of the built app's Info.plist, when collected.
    public var appInfoPlistBytes: [UInt8]?
    /// The built app's Info.plist, decoded (a dictionary); nil when absent, unreadable or
    /// malformed (`appInfoPlistProblem` says which).
    public var appInfo: PropertyListValue?
    /// Copies of the container's preference files, in path order; malformed and
    /// unreadable ones carry their diagnostic instead of a value.
    public var preferences: [PreferenceFile]
    /// `container/preferences/` as the load found it (a bundle not loaded from a source:
    /// `.missing`).
    public var preferencesDirectory: ArchivedDirectory = .missing
    public var files: [EvidenceFileStatus]
    /// Everything worth telling about the evidence itself, in load order.
    public var diagnostics: [Diagnostic]
    /// Present files not read yet: a first screen's bundle (`BundleLoader.loadFirstScreen`)
    /// names what `DeferredLoad.finish` will read; empty in a finished bundle.
    public var stillLoading: [String] = []

    public init(runID: String) {
        self.runID = runID
        self.metadata = RunMetadata()
        self.results = []
        self.xcresultInfo = []
        self.inventory = nil
        self.inventorySource = nil
        self.strippedAbsolutePrefix = nil
        self.duTotals = nil
        self.fileTimes = nil
        self.rules = .absent
        self.rulesReading = nil
        self.appInfoPlistBytes = nil
        self.appInfo = nil
        self.preferences = []
        self.files = []
        self.diagnostics = []
    }

    /// The results shown: the richest source, with gaps filled from the others, and
    /// the failing tests of every source (`ResultsMerge.failures`): a test any file
    /// records as failing is listed, marked with its file when the shown one lacks it.
    public var primaryResults: TestResults? {
        guard var best = results.min(by: { $0.source < $1.source }) else { return nil }
        let others = results.sorted(by: { $0.source < $1.source }).filter { $0.source != best.source }
        for other in others {
            if best.title == nil { best.title = other.title }
            if best.outcome == .unknown { best.outcome = other.outcome }
            if best.totalCount == nil { best.totalCount = other.totalCount }
            if best.passedCount == nil { best.passedCount = other.passedCount }
            if best.failedCount == nil { best.failedCount = other.failedCount }
            if best.skippedCount == nil { best.skippedCount = other.skippedCount }
            if best.expectedFailureCount == nil { best.expectedFailureCount = other.expectedFailureCount }
            if best.startTime == nil { best.startTime = other.startTime }
            if best.finishTime == nil { best.finishTime = other.finishTime }
            if best.scheme == nil { best.scheme = other.scheme }
            if best.devices.isEmpty { best.devices = other.devices }
            if best.destinations.isEmpty { best.destinations = other.destinations }
            if best.testCases.isEmpty, !other.testCases.isEmpty {
                best.testCases = other.testCases
                // Whether a retry would show is the listing's, not the counts'.
                best.recordsAttempts = other.recordsAttempts
            }
        }
        best.failures = ResultsMerge.failures(shown: best, others: others)
        return best
    }

    /// Where the shown results' files disagree with each other (`ResultsMerge`).
    public var resultDisagreements: [ResultsMerge.Disagreement] { ResultsMerge.disagreements(in: results) }

    /// The failing tests shown everywhere (UI, note, classifier).
    public var failures: [TestFailure] { primaryResults?.failures ?? [] }

    /// Why the built app's Info.plist could not be held against the rules' background
    /// tasks, naming the file and, for a malformed one, the reader's diagnostic (position
    /// and what was expected); nil when it was read (`appInfo`).
    public var appInfoPlistProblem: String? {
        guard appInfo == nil else { return nil }
        let file = EvidenceLayout.appInfoPlist
        switch status(of: file) {
        case .malformed(let d)?: return "\(file) is malformed (\(d.positionAndMessage))"
        case .unreadable(let why)?: return "\(file) cannot be read (\(why))"
        case .loaded?, .superseded?: return "\(file) did not decode"
        case .missing?, nil: return "the bundle has no \(file) (exhibit collect --app-info-plist copies it)"
        }
    }

    /// The preference file copied from `containerPath`, if the bundle holds it.
    public func preference(at containerPath: String) -> PreferenceFile? {
        preferences.first(where: { $0.containerPath == containerPath })
    }

    public func status(of file: String) -> EvidenceFileStatus.State? {
        files.first(where: { $0.file == file })?.state
    }
}
