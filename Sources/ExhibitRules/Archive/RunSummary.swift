import ExhibitCore

/// One line of the run list: what a person needs to pick a run out of an archive,
/// read from run.json, the results summary and a rules check of the inventory (the
/// inventory itself is not kept).
public struct RunSummary: Sendable, Equatable {
    /// Where `date` came from.
    public enum DateSource: String, Sendable, Equatable {
        /// `startTime` in run.json.
        case runMetadata = "run.json"
        /// The start time the results report.
        case results
        /// A `YYYY-MM-DD` in the run id (midnight UTC).
        case runID = "run-id"
    }

    public var runID: String
    /// Seconds since 1970; nil when neither the evidence nor the id names a date.
    public var date: Double?
    public var dateSource: DateSource?
    public var commit: String?
    public var branch: String?
    public var scheme: String?
    /// The simulator runtime version (`18.5`).
    public var runtime: String?
    public var device: String?
    public var outcome: TestOutcome?
    public var failedTests: Int?
    public var totalTests: Int?
    /// Blocking violations by kind; nil when the run has no usable inventory or its
    /// rules could not be read (see `problems`).
    public var blocking: BlockingCounts?
    /// The classifier's proposal, when the rules check ran.
    public var proposal: FailureClass?
    public var proposalConfidence: ClassificationProposal.Confidence?
    public var triage: TriageStatus
    /// Bytes under each top-level directory of the container (Documents, Library,
    /// tmp), largest first; nil without an inventory. The run list draws volume drift
    /// across runs from these (a total with sizes not recorded is no point of it).
    public var volumes: [DirectoryVolume]?
    /// Short reasons a column is empty ("no results", "rules.json: …").
    public var problems: [String]
    /// Whether the run's test results or its container inventory could be read: false
    /// for an entry that could not be looked into and for a run whose results and
    /// container both failed. `runs` exits 2 when no run of the archive was read.
    public var evidenceRead = false

    public init(runID: String) {
        self.runID = runID
        self.triage = TriageStatus()
        self.problems = []
    }

    /// The date the list sorts by: the evidence's, else the one in the id.
    public var sortDate: Double { date ?? Self.date(inRunID: runID) ?? 0 }

    /// `2026-11-02 09:12` (UTC), `2026-11-02` when the date only came from the id, `-` when unknown.
    public var dateText: String {
        guard let date else { return "-" }
        let full = Timestamp.utc(date)
        return dateSource == .runID ? String(full.prefix(10)) : String(full.prefix(16))
    }

    /// Newest first; runs of the same date by id, descending (ids start with the date).
    public static func newestFirst(_ a: RunSummary, _ b: RunSummary) -> Bool {
        newestFirst(a.runID, a.sortDate, b.runID, b.sortDate)
    }

    package static func newestFirst(_ idA: String, _ dateA: Double, _ idB: String, _ dateB: Double) -> Bool {
        if dateA != dateB { return dateA > dateB }
        return idB.utf8.lexicographicallyPrecedes(idA.utf8)
    }

    /// The first `YYYY-MM-DD` in a run id as midnight UTC, if it is a real date.
    public static func date(inRunID id: String) -> Double? {
        let b = Array(id.utf8)
        guard b.count >= 10 else { return nil }
        func digits(_ r: Range<Int>) -> Int? {
            var v = 0
            for i in r {
                guard b[i] >= 0x30, b[i] <= 0x39 else { return nil }
                v = v * 10 + Int(b[i] - 0x30)
            }
            return v
        }
        for s in 0...(b.count - 10) where b[s + 4] == 0x2D && b[s + 7] == 0x2D {
            guard let y = digits(s..<s + 4), let m = digits(s + 5..<s + 7), let d = digits(s + 8..<s + 10),
                (1...12).contains(m), (1...31).contains(d), y >= 1970
            else { continue }
            return Double(daysFromCivil(y, m, d) * 86400)
        }
        return nil
    }

    /// Howard Hinnant's days-from-civil: days since 1970-01-01 of a proleptic Gregorian date.
    static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}

/// The bytes under one top-level directory of a run's container.
public struct DirectoryVolume: Sendable, Equatable, Hashable {
    public var directory: String
    /// What the recorded sizes below add up to: a lower bound when `unrecordedSizes` is
    /// not 0 (nothing known when it is also 0), as `DirectoryBudget.bytes`.
    public var bytes: UInt64
    /// Entries below whose size the inventory never recorded (`Inventory.unrecordedSizes`).
    public var unrecordedSizes: Int

    public init(directory: String, bytes: UInt64, unrecordedSizes: Int = 0) {
        self.directory = directory
        self.bytes = bytes
        self.unrecordedSizes = unrecordedSizes
    }

    /// Whether `bytes` is the whole total: no size below was left unrecorded.
    public var isKnown: Bool { unrecordedSizes == 0 }

    /// The top-level directories of an inventory with their totals, largest first (a
    /// lower bound by what it adds up to; a tie by name).
    public static func topLevel(of inventory: Inventory) -> [DirectoryVolume] {
        // One walk of each top-level directory, only when some size was not recorded.
        let unrecorded = inventory.hasUnrecordedSizes
        return inventory.children(Inventory.root).filter { inventory.isDirectory($0) }
            .map {
                DirectoryVolume(
                    directory: inventory.name($0), bytes: inventory.totalSize($0),
                    unrecordedSizes: unrecorded ? inventory.unrecordedSizes(at: $0) : 0)
            }
            .sorted { $0.bytes != $1.bytes ? $0.bytes > $1.bytes : $0.directory < $1.directory }
    }
}

/// Blocking violations of a run by kind: the list's U, M and C columns.
public struct BlockingCounts: Sendable, Equatable, Hashable {
    public var unsetAttribute: Int
    public var misplacedFile: Int
    public var skippedCleanup: Int
    /// Blocking findings that are not backup-boundary failures (I and P badges).
    public var configuration: Int
    public var preference: Int
    /// Kinds whose count is not known: a blocking rule of the kind is undecided (the
    /// files' exclusion flags are not recorded), or the flags the check read may be
    /// wrong (`CheckReport.findingsVoided`). Shown `?`, null in JSON, never 0.
    public var unknown: Set<ViolationKind> = []

    public init(
        unsetAttribute: Int = 0, misplacedFile: Int = 0, skippedCleanup: Int = 0, configuration: Int = 0,
        preference: Int = 0
    ) {
        self.unsetAttribute = unsetAttribute
        self.misplacedFile = misplacedFile
        self.skippedCleanup = skippedCleanup
        self.configuration = configuration
        self.preference = preference
    }

    public init(_ report: CheckReport) {
        self.init(
            unsetAttribute: report.count(of: .unsetAttribute), misplacedFile: report.count(of: .misplacedFile),
            skippedCleanup: report.count(of: .skippedCleanup), configuration: report.count(of: .configuration),
            preference: report.count(of: .preference))
        unknown = Self.unknownKinds(of: report)
    }

    /// The blocking kinds whose count `report` does not know: those of undecided rules
    /// (only flags decide one, and only unset-attribute findings rest on them), and those
    /// the unchecked evidence leaves in doubt. For the run list and the UI's header alike.
    public static func unknownKinds(of report: CheckReport) -> Set<ViolationKind> {
        var unknown = Set(report.undecided.filter(\.kind.isBlocking).map(\.kind))
        for u in report.unchecked {
            switch u.kind {
            case .flagRecord: unknown.insert(.unsetAttribute)
            // Where anything lies, or which paths there are, is in doubt: every boundary kind.
            case .notAContainer, .listInDoubt: unknown.formUnion([.unsetAttribute, .misplacedFile, .skippedCleanup])
            case .preferenceCopy: unknown.insert(.preference)
            case .appInfoPlist: unknown.insert(.configuration)
            // Parts not seen: what was seen is counted, and the run says what was not.
            case .unusableNames, .notScanned: break
            }
        }
        return unknown
    }

    /// The known counts' sum.
    public var total: Int { unsetAttribute + misplacedFile + skippedCleanup + findings }
    public var findings: Int { configuration + preference }

    /// The count of `kind`; nil when it is not known (`unknown`).
    public func count(of kind: ViolationKind) -> Int? {
        guard !unknown.contains(kind) else { return nil }
        switch kind {
        case .unsetAttribute: return unsetAttribute
        case .misplacedFile: return misplacedFile
        case .skippedCleanup: return skippedCleanup
        case .configuration: return configuration
        case .preference: return preference
        // Warnings never block.
        case .volume, .unruled: return 0
        }
    }

    /// The backup-boundary counts in `ViolationKind` order (U, M, C): the list's columns;
    /// nil where not known.
    public var byKind: [(kind: ViolationKind, count: Int?)] {
        [ViolationKind.unsetAttribute, .misplacedFile, .skippedCleanup].map { ($0, count(of: $0)) }
    }

    /// Every blocking kind, for JSON.
    public var allKinds: [(kind: ViolationKind, count: Int?)] {
        byKind + [ViolationKind.configuration, .preference].map { ($0, count(of: $0)) }
    }

    /// " +2 config/pref" after the triage status, or nothing: the columns stay the
    /// three boundary kinds, the rarer findings are still never hidden.
    public var findingsSuffix: String {
        findings == 0 ? "" : " +\(findings) config/pref"
    }
}

/// Where a run stands in triage: nobody decided yet, the classifier proposes a class,
/// or a person confirmed one; a draft is an unfinished classification kept aside.
public struct TriageStatus: Sendable, Equatable, Hashable {
    public enum State: Sendable, Equatable, Hashable {
        case untriaged
        case proposed(FailureClass)
        case confirmed(FailureClass)
    }

    public var state: State
    public var hasDraft: Bool
    /// The issue the confirmed classification was filed as, when it names one.
    public var issue: String?

    public init(_ state: State = .untriaged, hasDraft: Bool = false) {
        self.state = state
        self.hasDraft = hasDraft
    }

    /// A confirmed record wins; otherwise the classifier's proposal when it saw
    /// evidence of a boundary failure; otherwise untriaged.
    public init(record: TriageRecord?, draft: TriageRecord?, proposal: ClassificationProposal?) {
        if let record, !record.isDraft {
            self.init(.confirmed(record.failureClass), hasDraft: draft != nil)
            issue = record.issue
        } else if let proposal, proposal.proposesClass, proposal.confidence != .noEvidence,
            proposal.confidence != .noTestResults || !proposal.evidence.isEmpty
        {
            self.init(.proposed(proposal.proposed), hasDraft: draft != nil)
        } else {
            self.init(.untriaged, hasDraft: draft != nil)
        }
    }

    /// `confirmed misplaced file (VAULT-412)`, `proposed unset attribute, draft`,
    /// `untriaged`. The issue is evidence of a person's typing: escaped here, as the
    /// label is shown as it is.
    public var label: String {
        let base: String
        switch state {
        case .untriaged: base = "untriaged"
        case .proposed(let c): base = "proposed " + c.title
        case .confirmed(let c): base = "confirmed " + c.title
        }
        let filed = issue.map { " (" + TerminalText.escape($0) + ")" } ?? ""
        return (hasDraft ? base + ", draft" : base) + filed
    }

    /// `untriaged`, `proposed` or `confirmed`, for JSON.
    public var stateName: String {
        switch state {
        case .untriaged: "untriaged"
        case .proposed: "proposed"
        case .confirmed: "confirmed"
        }
    }

    public var failureClass: FailureClass? {
        switch state {
        case .untriaged: nil
        case .proposed(let c), .confirmed(let c): c
        }
    }
}
