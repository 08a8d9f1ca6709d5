import ExhibitCore

/// A run id fitted to the run list's Run column. Archived ids are long and alike at the
/// front (`run-2026-11-08-background-tasks`), so a plain middle cut leaves every row
/// reading `run-…sks` at 60 columns. What the row shows in another column is dropped
/// first: the `run-` prefix every id shares and the date the Date column already gives.
/// Where the column is too narrow for what is left and the id holds the run's commit,
/// the commit's first seven characters are kept in front of the cut, since date and
/// commit are what tell two runs apart; otherwise the rest is cut in the middle.
enum RunIDLabel {
    /// `id` is the escaped run id; `shownDate` the row's Date cell (`2026-11-08`), when
    /// it shows one; `commit` the run's recorded commit, when the Commit column does not
    /// show it.
    static func fit(_ id: String, to width: Int, shownDate: String?, commit: String?, ellipsis: String) -> String {
        if DisplayWidth.of(id) <= width { return id }
        var rest = Substring(id)
        for prefix in ["run-", "run_"] where rest.lowercased().hasPrefix(prefix) {
            rest = rest.dropFirst(prefix.count)
        }
        if let date = shownDate, date.count == 10, rest.hasPrefix(date) {
            rest = rest.dropFirst(date.count)
            if let first = rest.first, "-_T .".contains(first) { rest = rest.dropFirst() }
        }
        if rest.isEmpty { rest = Substring(id) }
        let label = String(rest)
        if DisplayWidth.of(label) <= width { return label }
        if let commit, let kept = keepingCommit(label, commit: commit, width: width, ellipsis: ellipsis) {
            return kept
        }
        return TextFit.shorten(label, to: width, ellipsis: ellipsis)
    }

    /// The short commit, the ellipsis, then as much of the id's end as fits; nil when
    /// the id does not hold the commit or the column cannot hold it with a letter more.
    private static func keepingCommit(_ label: String, commit: String, width: Int, ellipsis: String) -> String? {
        let short = String(commit.prefix(7))
        guard short.count == 7, short.allSatisfy(\.isHexDigit), let found = label.firstRange(of: short) else { return nil }
        let mark = DisplayWidth.of(ellipsis)
        guard width >= short.count + mark + 1 else { return nil }
        if found.lowerBound == label.startIndex {
            // The commit leads: keep it and cut what follows in the middle.
            return short + TextFit.shorten(String(label[found.upperBound...]), to: width - short.count, ellipsis: ellipsis)
        }
        let tail = TextFit.suffix(String(label[found.upperBound...]), width: width - short.count - mark)
        return short + ellipsis + tail
    }
}
