import Foundation

#if canImport(Glibc)
    import Glibc
    private func closeDescriptor(_ fd: Int32) { _ = Glibc.close(fd) }
#elseif canImport(Darwin)
    import Darwin
    private func closeDescriptor(_ fd: Int32) { _ = Darwin.close(fd) }
#endif

/// Where worker threads post the results of effects for the UI loop: a queue of events
/// plus a self-pipe, so the loop's wait on the keyboard (a `poll` of stdin and the
/// pipe's read end) returns the moment a result arrives, instead of waking every few
/// milliseconds to look.
final class Inbox<Event: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [Event] = []
    private var closed = false
    private let readEnd: Int32
    private let writeEnd: Int32

    init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) != 0 { ends = [-1, -1] }
        readEnd = ends[0]
        writeEnd = ends[1]
        for fd in ends where fd >= 0 {
            // Neither end may block: a full pipe already says "look", and an empty one is drained.
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
    }

    /// Readable while events wait to be taken.
    var wakeDescriptor: Int32 { readEnd }

    /// Queues `event` and wakes the loop; dropped once the inbox is closed (the UI is
    /// gone, and the worker that posts may outlive it).
    func post(_ event: Event) {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { return }
        events.append(event)
        // One byte per batch: the loop takes every queued event when it wakes.
        if events.count == 1 {
            var byte: UInt8 = 1
            _ = write(writeEnd, &byte, 1)
        }
    }

    /// Every event posted since the last call, in the order they were posted.
    func take() -> [Event] {
        lock.lock()
        defer { lock.unlock() }
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &buffer, buffer.count) > 0 {}
        let taken = events
        events.removeAll()
        return taken
    }

    /// Waits up to `milliseconds` for an event; true when one is there to take.
    func wait(upTo milliseconds: Int) -> Bool {
        var fds = [pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)]
        return poll(&fds, 1, Int32(milliseconds)) > 0
    }

    /// Drops what is queued and every later post, and closes the pipe.
    func close() {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { return }
        closed = true
        events.removeAll()
        for fd in [readEnd, writeEnd] where fd >= 0 { closeDescriptor(fd) }
    }
}
