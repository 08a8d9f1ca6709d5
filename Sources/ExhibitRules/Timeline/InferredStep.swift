/// Which step of the test run created a file, as far as the run's own timeline shows,
/// with the rule that placed it: what `check`, the details pane and the note print
/// when no `steps.tsv` named the step.
public struct InferredStep: Sendable, Equatable, Hashable {
    /// How much the timeline supports the step, strongest first.
    public enum Confidence: String, Sendable, Equatable, Hashable, CaseIterable {
        /// A named activity (`XCTContext.runActivity(named:)`) held the birth time.
        case exact
        /// A test's window held it; the activity inside is not known.
        case likely
        /// Only the neighbours are known: between two tests, before the first, after the
        /// last, before the container was replaced, or during tests that overlap.
        case boundary
        /// Nothing to place it with: no time recorded for the file, or no timeline.
        case none
    }

    /// Which of the file's times placed it.
    public enum TimeSource: String, Sendable, Equatable, Hashable {
        case birth = "birth time"
        /// Only used when no birth time was recorded; a later write moves it, so a step
        /// found with it is never called exact.
        case modification = "modification time"
    }

    public var confidence: Confidence
    /// `VaultTests/testDownloadModel > Download model > Write to disk`, or the boundary
    /// said in words (`after VaultTests/testA, before VaultTests/testB`); empty for `.none`.
    public var label: String
    /// The test, then each activity down to the innermost; empty when no test holds the
    /// time. A `steps.tsv` name agrees when it names one of these.
    public var chain: [String]
    /// One sentence: the rule, the evidence and the skew allowed, for the details pane.
    public var rule: String
    public var timeSource: TimeSource?

    public init(confidence: Confidence, label: String, chain: [String] = [], rule: String, timeSource: TimeSource? = nil) {
        self.confidence = confidence
        self.label = label
        self.chain = chain
        self.rule = rule
        self.timeSource = timeSource
    }
}
