import Foundation

/// Watches one load for whoever waits on it: counts what the readers have read
/// (`ObservedEvidenceSource`, the inventory readers' entry counts), posts it as
/// `LoadProgress` at most once per `interval` (so a million entries cost a number of
/// posts bounded by the load's duration, not its size), and carries the cancellation
/// the readers look at once per chunk: aborting a load stops it, not just its screen.
/// Thread-safe: steps.tsv is read on a thread of its own beside the inventory.
public final class LoadObserver: @unchecked Sendable {
    /// Milliseconds on a monotonic clock; the core reads none itself.
    public typealias Clock = @Sendable () -> Int

    private let lock = NSLock()
    private let clock: Clock
    private let started: Int
    private let firstAfter: Int
    private let interval: Int
    private let post: @Sendable (LoadProgress) -> Void
    private var current = LoadProgress(artifact: "")
    private var lastPost: Int?
    private var cancelled = false
    private var postCount = 0

    /// `post` is called on the reading thread: not before `firstAfterMilliseconds`
    /// (a run that loads faster shows no progress at all), then at most once per
    /// `intervalMilliseconds`.
    public init(
        clock: @escaping Clock, firstAfterMilliseconds: Int = 0, intervalMilliseconds: Int = 100,
        post: @escaping @Sendable (LoadProgress) -> Void
    ) {
        self.clock = clock
        self.started = clock()
        self.firstAfter = firstAfterMilliseconds
        self.interval = max(intervalMilliseconds, 1)
        self.post = post
    }

    /// Asks the load to stop at the next chunk; it then ends without a bundle.
    public func cancel() {
        lock.lock()
        cancelled = true
        lock.unlock()
    }

    public var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }

    /// How many times `post` was called.
    public var posts: Int {
        lock.lock()
        defer { lock.unlock() }
        return postCount
    }

    /// The progress as it stands (elapsed time included).
    public var progress: LoadProgress {
        lock.lock()
        defer { lock.unlock() }
        var p = current
        p.elapsedMilliseconds = clock() - started
        return p
    }

    /// A file starts being read.
    func begin(_ artifact: String, size: Int?) {
        update {
            $0.artifact = artifact
            $0.bytesRead = 0
            $0.bytesTotal = size
        }
    }

    /// `count` more bytes of the current file were read.
    func read(_ count: Int) { update { $0.bytesRead += count } }

    /// The inventory has `count` entries so far.
    func entriesRead(_ count: Int) { update { $0.entries = count } }

    private func update(_ change: (inout LoadProgress) -> Void) {
        lock.lock()
        change(&current)
        let now = clock()
        let elapsed = now - started
        let due = elapsed >= firstAfter && lastPost.map { now - $0 >= interval } ?? true
        guard due, !cancelled else {
            lock.unlock()
            return
        }
        lastPost = now
        postCount += 1
        var p = current
        p.elapsedMilliseconds = elapsed
        lock.unlock()
        post(p)
    }
}

/// A source whose reads are counted for a `LoadObserver` and stop once it is
/// cancelled: a cancelled load's next read (or next chunk of a stream) fails as
/// unreadable, the reader stops there, and the loader returns without a bundle.
struct ObservedEvidenceSource<Base: EvidenceSource>: EvidenceSource, UncountedStreaming {
    let base: Base
    let observer: LoadObserver

    static var cancelledReason: String { "the load was cancelled" }

    private func stopIfCancelled(_ file: String) throws(EvidenceSourceError) {
        if observer.isCancelled { throw EvidenceSourceError(file: file, reason: Self.cancelledReason) }
    }

    func read(_ relativePath: String) throws(EvidenceSourceError) -> [UInt8]? {
        try stopIfCancelled(relativePath)
        observer.begin(relativePath, size: nil)
        let bytes = try base.read(relativePath)
        if let bytes { observer.read(bytes.count) }
        return bytes
    }

    func stream(_ relativePath: String) throws(EvidenceSourceError) -> (any EvidenceStream)? {
        try stopIfCancelled(relativePath)
        guard let stream = try base.stream(relativePath) else { return nil }
        observer.begin(relativePath, size: stream.sizeHint)
        return ObservedStream(stream, file: relativePath, observer: observer)
    }

    func uncountedStream(_ relativePath: String) throws(EvidenceSourceError) -> (any EvidenceStream)? {
        try stopIfCancelled(relativePath)
        guard let stream = try base.stream(relativePath) else { return nil }
        return ObservedStream(stream, file: relativePath, observer: observer, counted: false)
    }

    func list(_ relativeDirectory: String) -> [String] { base.list(relativeDirectory) }
    func exists(_ relativePath: String) -> Bool { base.exists(relativePath) }
    func listingFailure(_ relativeDirectory: String) -> String? { base.listingFailure(relativeDirectory) }

    func readResultDatabase(_ relativePath: String) -> ResultDatabaseReading {
        observer.begin(relativePath, size: nil)
        return base.readResultDatabase(relativePath)
    }
}

/// A source that can open a file for a read the progress does not count: one read on
/// the second core beside the file the progress shows (steps.tsv beside sizes.txt), whose
/// bytes would otherwise be added to the other file's count against that file's size.
protocol UncountedStreaming {
    /// `stream(_:)`, its reads still stopped by a cancel but not counted.
    func uncountedStream(_ relativePath: String) throws(EvidenceSourceError) -> (any EvidenceStream)?
}

/// A stream counted chunk by chunk (unless `counted` is false), failing at the first
/// chunk after a cancel.
final class ObservedStream: EvidenceStream {
    private let inner: any EvidenceStream
    private let file: String
    private let observer: LoadObserver
    private let counted: Bool

    init(_ inner: any EvidenceStream, file: String, observer: LoadObserver, counted: Bool = true) {
        self.inner = inner
        self.file = file
        self.observer = observer
        self.counted = counted
    }

    var sizeHint: Int? { inner.sizeHint }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(EvidenceSourceError) -> Int {
        if observer.isCancelled {
            throw EvidenceSourceError(file: file, reason: ObservedEvidenceSource<MemoryEvidenceSource>.cancelledReason)
        }
        let n = try inner.read(into: buffer)
        if counted { observer.read(n) }
        return n
    }
}
