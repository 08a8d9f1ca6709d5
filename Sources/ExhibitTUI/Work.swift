/// Where the runner carries a piece of work out.
enum WorkLane: Sendable {
    /// Reads (a check, a base run, a run of the archive, list lines): each on a thread
    /// of its own, so a slow one never holds up another.
    case read
    /// Writes (records, drafts, notes): one at a time, in the order asked, and finished
    /// before the UI exits.
    case write
}

/// One effect's I/O as the runner carries it out: a body run on a worker that posts
/// its results as events, and when it may start relative to the next paint.
struct Work<Event: Sendable>: Sendable {
    var lane: WorkLane
    /// How long the next paint may wait for this work's results: a small run's check
    /// takes a few milliseconds, so its screen opens whole instead of flashing
    /// "checking". Bounded, so keys are never held up for long.
    var graceMilliseconds = 0
    /// Started only after the next paint: a large run's check would delay the first
    /// screen (on two cores, beside the terminal).
    var afterPaint = false
    var body: @Sendable (_ post: @escaping @Sendable (Event) -> Void) -> Void

    init(
        _ lane: WorkLane, graceMilliseconds: Int = 0, afterPaint: Bool = false,
        _ body: @escaping @Sendable (_ post: @escaping @Sendable (Event) -> Void) -> Void
    ) {
        self.lane = lane
        self.graceMilliseconds = graceMilliseconds
        self.afterPaint = afterPaint
        self.body = body
    }

    /// The same work posting its results wrapped (a run's work inside the archive).
    func map<Outer: Sendable>(_ wrap: @escaping @Sendable (Event) -> Outer) -> Work<Outer> {
        let body = self.body
        return Work<Outer>(lane, graceMilliseconds: graceMilliseconds, afterPaint: afterPaint) { post in
            body { post(wrap($0)) }
        }
    }
}
