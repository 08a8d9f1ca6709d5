import Testing

@testable import ExhibitCore
@testable import ExhibitTriageUI

@Suite struct RunIDLabelTests {
    static let samples = [
        "run-2026-10-20-xcode15-legacy", "run-2026-11-02-baseline", "run-2026-11-03-unset-attribute",
        "run-2026-11-04-misplaced-file", "run-2026-11-05-skipped-cleanup", "run-2026-11-06-junit-files-list",
        "run-2026-11-07-preferences", "run-2026-11-08-background-tasks",
    ]

    static func label(_ id: String, _ width: Int, commit: String? = nil) -> String {
        let date = String(id.dropFirst(4).prefix(10))
        return RunIDLabel.fit(id, to: width, shownDate: date, commit: commit, ellipsis: "…")
    }

    @Test func anIDThatFitsIsShownWhole() {
        #expect(Self.label("run-2026-11-02-baseline", 30) == "run-2026-11-02-baseline")
    }

    /// At 60 columns the column is 8 wide: a plain middle cut gave `run-…sks`, `run-…ile`, ...
    @Test func theSampleRunsStayDistinguishableInEightColumns() {
        let labels = Self.samples.map { Self.label($0, 8) }
        #expect(Set(labels).count == Self.samples.count, "\(labels)")
        #expect(labels.allSatisfy { !$0.hasPrefix("run-") && DisplayWidth.of($0) <= 8 })
        #expect(Self.label("run-2026-11-02-baseline", 8) == "baseline")
        #expect(Self.label("run-2026-11-08-background-tasks", 8) == "back…sks")
    }

    @Test func theDateIsDroppedOnlyWhenTheDateColumnShowsIt() {
        let id = "run-2026-11-08-background-tasks"
        #expect(RunIDLabel.fit(id, to: 20, shownDate: "2026-11-08", commit: nil, ellipsis: "…") == "background-tasks")
        // Another date in the Date column (the run's recorded time): the id's date is news.
        #expect(RunIDLabel.fit(id, to: 20, shownDate: "2026-11-09", commit: nil, ellipsis: "…").hasPrefix("2026-11-08"))
    }

    @Test func theCommitIsKeptInFrontOfTheCut() {
        let commit = "1a2b3c4d5e6f7a8b9c0d1a2b3c4d5e6f7a8b9c0d"
        let id = "run-2026-11-08-1a2b3c4d-ui-tests-shard-3"
        let label = Self.label(id, 14, commit: commit)
        #expect(label.hasPrefix("1a2b3c4"), "\(label)")
        #expect(label.hasSuffix("shard-3") || label.hasSuffix("d-3"), "\(label)")
        // Two shards of one commit still differ at their ends.
        #expect(label != Self.label("run-2026-11-08-1a2b3c4d-ui-tests-shard-4", 14, commit: commit))
        // A commit the id does not hold changes nothing.
        #expect(Self.label("run-2026-11-08-background-tasks", 8, commit: commit) == "back…sks")
    }

    @Test func escapesAreNeverCut() {
        let id = #"run-2026-11-08-\u{1F600}\u{1F600}\u{1F600}-tail"#
        let label = Self.label(id, 12)
        #expect(!label.contains(#"\u{1F6…"#))
        #expect(
            label.split(separator: "…").allSatisfy { part in
                !part.contains("\\") || part.contains("}")
            })
    }

    @Test func anIDThatIsOnlyItsPrefixAndDateIsNotEmptied() {
        #expect(!Self.label("run-2026-11-08", 6).isEmpty)
    }
}
