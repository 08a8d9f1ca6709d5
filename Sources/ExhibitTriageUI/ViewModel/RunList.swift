import ExhibitCore
import ExhibitRules

/// The archive's runs as the list screen holds them: every run id known at once, each
/// line filled in when its run has been read, kept newest first, with a live filter.
/// Runs not read yet sort by the date in their id, so lines rarely jump when they fill in.
public struct RunList: Sendable {
    public struct Entry: Sendable, Equatable {
        public var runID: String
        /// nil until the run has been read.
        public var summary: RunSummary?

        var sortDate: Double { summary?.sortDate ?? RunSummary.date(inRunID: runID) ?? 0 }
    }

    /// Newest first.
    public private(set) var entries: [Entry]
    /// Indices into `entries` that pass the filter, in list order.
    public private(set) var shown: [Int] = []
    public private(set) var filter: String = ""
    public var cursor = ListCursor()
    /// How many runs have been read.
    public private(set) var readCount = 0

    public init(runIDs: [String]) {
        entries = runIDs.map { Entry(runID: $0, summary: nil) }
        entries.sort { RunSummary.newestFirst($0.runID, $0.sortDate, $1.runID, $1.sortDate) }
        refilter(keeping: nil, page: 1)
    }

    public var count: Int { entries.count }
    public var isReading: Bool { readCount < entries.count }

    /// The run under the cursor.
    public var selected: Entry? { selectedIndex.map { entries[$0] } }

    /// Where the run under the cursor is in `entries`.
    public var selectedIndex: Int? { shown.indices.contains(cursor.index) ? shown[cursor.index] : nil }

    public func entry(_ runID: String) -> Entry? { entries.first { $0.runID == runID } }

    /// Files a run's line in its place; the cursor stays on the run it was on.
    public mutating func received(_ summary: RunSummary, page: Int) {
        guard let i = entries.firstIndex(where: { $0.runID == summary.runID }) else { return }
        let keep = selected?.runID
        if entries[i].summary == nil { readCount += 1 }
        var entry = entries.remove(at: i)
        entry.summary = summary
        let at = entries.firstIndex { RunSummary.newestFirst(entry.runID, entry.sortDate, $0.runID, $0.sortDate) } ?? entries.count
        entries.insert(entry, at: at)
        refilter(keeping: keep, page: page)
    }

    /// Shows a new triage status for a run (after it was classified in the UI).
    public mutating func setTriage(_ status: TriageStatus, of runID: String, page: Int) {
        guard let i = entries.firstIndex(where: { $0.runID == runID }), entries[i].summary != nil else { return }
        entries[i].summary?.triage = status
        refilter(keeping: selected?.runID, page: page)
    }

    public mutating func setFilter(_ text: String, page: Int) {
        filter = text
        refilter(keeping: selected?.runID, page: page)
    }

    public mutating func select(_ runID: String, page: Int) {
        guard let i = shown.firstIndex(where: { entries[$0].runID == runID }) else { return }
        cursor.index = i
        cursor.reveal(page: page, count: shown.count)
    }

    /// The run after (or before) `runID` in the list as shown; nil at either end.
    public func neighbour(of runID: String, forward: Bool) -> String? {
        guard let i = shown.firstIndex(where: { entries[$0].runID == runID }) else { return nil }
        let j = forward ? i + 1 : i - 1
        return shown.indices.contains(j) ? entries[shown[j]].runID : nil
    }

    private mutating func refilter(keeping runID: String?, page: Int) {
        let needle = filter.lowercased()
        shown = entries.indices.filter { needle.isEmpty || Self.haystack(entries[$0]).contains(needle) }
        if let runID, let i = shown.firstIndex(where: { entries[$0].runID == runID }) {
            cursor.index = i
        }
        cursor.clamp(count: shown.count)
        cursor.reveal(page: page, count: shown.count)
    }

    /// What `/` matches: the id and every text column of the line.
    static func haystack(_ entry: Entry) -> String {
        guard let s = entry.summary else { return entry.runID.lowercased() }
        let parts = [
            s.runID, s.dateText, s.commit ?? "", s.branch ?? "", s.scheme ?? "", s.runtime ?? "", s.device ?? "",
            s.triage.label,
        ]
        return parts.joined(separator: "\n").lowercased()
    }
}
