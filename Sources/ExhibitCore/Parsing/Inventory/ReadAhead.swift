import Foundation

/// A stream read ahead on a thread of its own, into chunks handed over whole: while a
/// list's records are cut and applied on one core, the next chunk's bytes are copied out
/// of the page cache on the other (the `read` was a tenth of a million-line files.txt,
/// on the core that builds the tree). The chunks are not copied again: each has room in
/// front (`head`) for the record the last chunk ended inside, which the walk moves there.
///
/// The stream is read only by the thread from `init` until `stop()`, which waits for it
/// to stop reading; the thread may still hold the stream a moment after, so the last
/// reference (and a file's `close`) can be let go of there. Its progress (the bytes read,
/// a cancel asked for) is reported from that thread, up to two chunks ahead of the walk.
final class ReadAhead: @unchecked Sendable {
    struct Chunk {
        /// `head` bytes of room, then `count` bytes read (`count == 0`: the stream ended).
        var buffer: [UInt8]
        var count: Int
    }

    let head: Int
    let chunkSize: Int
    private let stream: any EvidenceStream
    private let condition = NSCondition()
    /// Guarded by `condition`: chunks read and not yet taken, and buffers given back.
    private var ready: [Chunk] = []
    private var spare: [[UInt8]] = []
    private var failure: EvidenceSourceError?
    private var stopping = false
    private var finished = false
    /// Chunks read and waiting at most: with the one being cut and the one being read,
    /// three buffers (6 MiB) in all, about the one window (5 MiB) a walk on one thread holds.
    static let depth = 1

    init(_ stream: any EvidenceStream, chunkSize: Int, head: Int) {
        self.stream = stream
        self.chunkSize = max(chunkSize, 1)
        self.head = head
        Thread { [self] in run() }.start()
    }

    private func run() {
        while true {
            condition.lock()
            while !stopping && ready.count >= Self.depth { condition.wait() }
            if stopping {
                finish()
                return
            }
            var buffer = spare.popLast() ?? []
            condition.unlock()
            if buffer.isEmpty { buffer = [UInt8](repeating: 0, count: head + chunkSize) }
            do throws(EvidenceSourceError) {
                let n = try TextRecordStream.fill(&buffer, from: head, atMost: chunkSize, stream)
                condition.lock()
                ready.append(Chunk(buffer: buffer, count: n))
                condition.broadcast()
                if n == 0 {
                    finish()
                    return
                }
                condition.unlock()
            } catch {
                condition.lock()
                failure = error
                finish()
                return
            }
        }
    }

    /// With `condition` held: marks the thread done, wakes the walk, unlocks.
    private func finish() {
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// The next chunk, in order; throws, once the chunks before it are taken, what
    /// stopped the stream's bytes.
    func next() throws(EvidenceSourceError) -> Chunk {
        condition.lock()
        defer { condition.unlock() }
        while ready.isEmpty && !finished { condition.wait() }
        if !ready.isEmpty {
            let chunk = ready.removeFirst()
            condition.broadcast()
            return chunk
        }
        if let failure { throw failure }
        // Ended: the chunk of 0 bytes was taken; a walk asking again gets the end again.
        return Chunk(buffer: [UInt8](repeating: 0, count: head), count: 0)
    }

    /// A chunk's buffer, cut and no longer looked at, for the thread to read into.
    func giveBack(_ buffer: consuming [UInt8]) {
        guard buffer.count == head + chunkSize else { return }
        condition.lock()
        spare.append(buffer)
        condition.broadcast()
        condition.unlock()
    }

    /// Ends the reading (a walk that stops early leaves the rest unread) and waits until
    /// the thread has left the stream.
    func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        while !finished { condition.wait() }
        condition.unlock()
    }
}
