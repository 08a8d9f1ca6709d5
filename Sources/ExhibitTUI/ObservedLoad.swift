import Dispatch
import ExhibitCore
import Foundation

/// A run's load on a reader thread, watched: progress posted once the load passes the
/// loading screen's threshold, a heartbeat that keeps the elapsed time moving while no
/// bytes are read (the flags merged, the steps applied), and a cancellation the loop
/// holds. `exhibit RUN` and a run opened from the archive load the same way.
enum ObservedLoad {
    /// `done` gets the load's value, nil when it was cancelled part way; it may post
    /// nothing (nil) for a cancelled load nobody waits for.
    static func work<Event: Sendable, Value>(
        timing: LoadTiming, cancellation: LoadCancellation, graceMilliseconds: Int,
        progress: @escaping @Sendable (LoadProgress) -> Event,
        load: @escaping @Sendable (LoadObserver) -> Value?,
        done: @escaping @Sendable (Value?) -> Event?
    ) -> Work<Event> {
        Work(.read, graceMilliseconds: graceMilliseconds) { post in
            let observer = LoadObserver(
                clock: timing.clock, firstAfterMilliseconds: timing.showAfterMilliseconds,
                intervalMilliseconds: timing.intervalMilliseconds
            ) { post(progress($0)) }
            guard cancellation.attach(observer) else {
                if let event = done(nil) { post(event) }
                return
            }
            let heartbeat = Heartbeat(every: timing.heartbeatMilliseconds) {
                let current = observer.progress
                if current.elapsedMilliseconds >= timing.showAfterMilliseconds && !observer.isCancelled {
                    post(progress(current))
                }
            }
            let value = load(observer)
            heartbeat.stop()
            if let event = done(value) { post(event) }
        }
    }
}

/// When the loading screen shows and how often it is fed.
struct LoadTiming: Sendable {
    /// A run loaded within this opens directly on its tree (issue 19: "about 0.3 s").
    var showAfterMilliseconds = 300
    /// The loader's posts at most this often.
    var intervalMilliseconds = 100
    /// The elapsed time's tick while nothing is read.
    var heartbeatMilliseconds = 250
    var clock: LoadObserver.Clock = { Int(DispatchTime.now().uptimeNanoseconds / 1_000_000) }
}

/// The loop's handle on a load running on a worker: q cancels it, whether or not the
/// worker has made its observer yet.
final class LoadCancellation: @unchecked Sendable {
    private let lock = NSLock()
    private var observer: LoadObserver?
    private var cancelled = false

    /// False when the load was cancelled before it started: then it does not.
    func attach(_ observer: LoadObserver) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        self.observer = observer
        if cancelled { observer.cancel() }
        return !cancelled
    }

    func cancel() {
        lock.lock()
        cancelled = true
        let observer = self.observer
        lock.unlock()
        observer?.cancel()
    }

    var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }
}

/// Calls `tick` every `milliseconds` on a thread of its own until stopped.
final class Heartbeat: Sendable {
    private let stopped = DispatchSemaphore(value: 0)

    init(every milliseconds: Int, _ tick: @escaping @Sendable () -> Void) {
        let stopped = self.stopped
        let thread = Thread {
            while stopped.wait(timeout: .now() + .milliseconds(milliseconds)) == .timedOut { tick() }
        }
        thread.start()
    }

    func stop() { stopped.signal() }
}
