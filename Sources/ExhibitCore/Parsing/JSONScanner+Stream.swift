/// Where a streaming `JSONScanner` gets more bytes.
struct JSONStreamInput {
    let stream: any EvidenceStream
    /// Bytes read per refill: the window is the kept tail of the last one plus this.
    let chunkSize: Int
    var finished = false
    /// Why the stream stopped early; the scan then sees the end of the input there.
    var failure: EvidenceSourceError?
}

extension JSONScanner {
    /// The window size `NcduInventoryReader` streams with. 256 KiB: the window stays in
    /// the L2 cache, a 93 MB inventory takes 360 reads, and two windows (the old and the
    /// new, during a refill) are nothing beside the inventory. Measured at 1M entries:
    /// 64 KiB, 256 KiB and 1 MiB take the same time within noise; 1 MiB costs 2 MB and
    /// 4 MiB 11 MB more peak RSS than 256 KiB.
    public static let defaultChunkSize = 1 << 18

    /// A scanner over a stream, read `chunkSize` bytes at a time (see the type's notes).
    public init(stream: any EvidenceStream, file: String, chunkSize: Int = JSONScanner.defaultChunkSize) {
        self.init([], file: file)
        input = JSONStreamInput(stream: stream, chunkSize: max(chunkSize, 1))
        if ensureAvailable(3), bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    }

    /// Why a streaming scanner's input ended early (a read error); nil when it did not.
    public var streamFailure: EvidenceSourceError? { input?.failure }

    /// Reads on until `count` bytes from `index` are in the window; false when the input
    /// ends first.
    @inline(__always)
    mutating func ensureAvailable(_ count: Int) -> Bool {
        var start = index
        return ensureAvailable(count, keeping: &start)
    }

    /// `ensureAvailable(_:)` keeping the token from `start` (moved with the window).
    @inline(__always)
    mutating func ensureAvailable(_ count: Int, keeping start: inout Int) -> Bool {
        while bytes.count - index < count {
            guard let shift = refill(keeping: start) else { return false }
            start -= shift
        }
        return true
    }

    /// True when `bytes[index]` exists, reading on if needed; `start`, a window index
    /// of the token being read, is kept and moved with the window.
    @inline(__always)
    mutating func more(keeping start: inout Int) -> Bool {
        if index < bytes.count { return true }
        guard let shift = refill(keeping: start) else { return false }
        start -= shift
        return true
    }

    /// The slow path at the window's end: drops the bytes before `keep` (counting their
    /// lines), reads the next chunk after the rest, and moves `index` with them. Returns
    /// how far window indices moved (callers subtract it from the ones they hold), or
    /// nil, with nothing moved, when no byte came: the end of the input (or of a whole-file scanner).
    @inline(never)
    mutating func refill(keeping keep: Int) -> Int? {
        guard var input, !input.finished else { return nil }
        let keep = min(max(keep, 0), bytes.count)
        let tail = bytes.count - keep
        // Geometric growth when a huge token fills the window, so keeping it is linear.
        let capacity = tail + max(input.chunkSize, tail)
        var readFailure: EvidenceSourceError?
        let next = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            if tail > 0 {
                bytes.withUnsafeBufferPointer { old in
                    if let from = old.baseAddress { base.update(from: from + keep, count: tail) }
                }
            }
            do throws(EvidenceSourceError) {
                let n = try input.stream.read(into: UnsafeMutableRawBufferPointer(start: base + tail, count: capacity - tail))
                initialized = tail + max(0, min(n, capacity - tail))
            } catch {
                readFailure = error
                initialized = tail
            }
        }
        guard next.count > tail else {
            input.finished = true
            input.failure = readFailure
            self.input = input
            return nil
        }
        discard(keep)
        bytes = next
        index -= keep
        return keep
    }

    /// Moves the window's start past `count` bytes, counting their lines first (in one
    /// pass, which also gives the position of a kept offset among them).
    private mutating func discard(_ count: Int) {
        guard count > 0 else { return }
        let pin = pinnedOffset - windowStart
        let split = pin >= 0 && pin < count ? pin : count
        advanceLineState(over: 0..<split)
        if split < count {
            pinnedPosition = SourcePosition(
                line: 1 + newlinesBeforeWindow, column: pinnedOffset - lineStartBeforeWindow + 1,
                byteOffset: pinnedOffset)
            advanceLineState(over: split..<count)
        }
        windowStart += count
        cursorIndex = 0
        cursorLine = 1 + newlinesBeforeWindow
        cursorLineStart = lineStartBeforeWindow
    }

    /// Adds the lines of `bytes[range]` (window indices) to the state before the window.
    private mutating func advanceLineState(over range: Range<Int>) {
        guard !range.isEmpty else { return }
        let start = windowStart
        bytes.withUnsafeBytes { raw in
            let span = UnsafeRawBufferPointer(rebasing: raw[range])
            newlinesBeforeWindow += countNewlines(span)
            if let last = span.lastIndex(of: 0x0A) { lineStartBeforeWindow = start + range.lowerBound + last + 1 }
        }
    }

    // MARK: - Positions

    /// Line and column of window index `at` (clamped to the window), exact however far
    /// the window has moved on.
    public func position(at windowIndex: Int) -> SourcePosition { window.position(at: windowIndex) }

    /// The window as it is now, with the line state at its start.
    var window: Window {
        Window(bytes: bytes, start: windowStart, newlinesBefore: newlinesBeforeWindow, lineStartBefore: lineStartBeforeWindow)
    }

    /// A window kept to name positions in it later, on another thread, after the scanner
    /// has moved on (`NcduEntryApplier`): a refill replaces the scanner's array, never
    /// writes to it, so keeping one costs a reference, not a copy.
    struct Window: Sendable {
        let bytes: [UInt8]
        /// Absolute offset of `bytes[0]`.
        let start: Int
        let newlinesBefore: Int
        let lineStartBefore: Int

        /// Line and column of window index `windowIndex`, clamped to the window.
        func position(at windowIndex: Int) -> SourcePosition {
            let end = min(max(windowIndex, 0), bytes.count)
            var line = 1 + newlinesBefore
            var lineStart = lineStartBefore
            bytes.withUnsafeBytes { raw in
                let before = UnsafeRawBufferPointer(rebasing: raw[0..<end])
                line += countNewlines(before)
                if let last = before.lastIndex(of: 0x0A) { lineStart = start + last + 1 }
            }
            return SourcePosition(line: line, column: start + end - lineStart + 1, byteOffset: start + end)
        }

        /// The position of absolute `offset`, which the window holds.
        func position(of offset: Int) -> SourcePosition { position(at: offset - start) }
    }

    /// Asks the scanner to remember where `offset` (an absolute offset, usually the start
    /// of the item being read) is, should the window move past it before a diagnostic
    /// names it. One offset at a time; a new call replaces the last.
    public mutating func keepPosition(of offset: Int) {
        pinnedOffset = offset
        pinnedPosition = nil
    }

    /// The position of an absolute offset: in the window, or the one kept by
    /// `keepPosition(of:)`. Other offsets the window has moved past are reported at the
    /// window's start (their line is no longer known).
    public func position(of offset: Int) -> SourcePosition {
        if offset >= windowStart { return position(at: offset - windowStart) }
        if offset == pinnedOffset, let p = pinnedPosition { return p }
        var p = position(at: 0)
        p.byteOffset = offset
        return p
    }

    /// `position(of:)` for requests in increasing order (a reader's warnings): each
    /// scans on from the last, so all of them together cost one pass over the window.
    public mutating func trackedPosition(of offset: Int) -> SourcePosition {
        let target = offset - windowStart
        guard target >= cursorIndex, target <= bytes.count else { return position(of: offset) }
        var line = cursorLine
        var lineStart = cursorLineStart
        bytes.withUnsafeBytes { raw in
            let span = UnsafeRawBufferPointer(rebasing: raw[cursorIndex..<target])
            line += countNewlines(span)
            if let last = span.lastIndex(of: 0x0A) { lineStart = windowStart + cursorIndex + last + 1 }
        }
        cursorIndex = target
        cursorLine = line
        cursorLineStart = lineStart
        return SourcePosition(line: line, column: offset - lineStart + 1, byteOffset: offset)
    }
}

/// The number of 0x0A bytes, 32 at a time: the streaming reader counts the lines of
/// every byte it drops, so this is a pass over the whole file (4 ms for 93 MB; a byte
/// loop took 60).
func countNewlines(_ buffer: UnsafeRawBufferPointer) -> Int {
    let n = buffer.count
    let newline = SIMD32<UInt8>(repeating: 0x0A)
    var count = 0
    var i = 0
    while i + 32 <= n {
        // Up to 255 blocks summed per lane before a lane could overflow.
        var lanes = SIMD32<UInt8>(repeating: 0)
        var blocks = 0
        while blocks < 255 && i + 32 <= n {
            let v = buffer.loadUnaligned(fromByteOffset: i, as: SIMD32<UInt8>.self)
            // A true lane of the comparison mask is all ones (-1): subtracting counts it.
            lanes &-= unsafeBitCast(v .== newline, to: SIMD32<UInt8>.self)
            i += 32
            blocks += 1
        }
        count &+= Int(SIMD32<UInt16>(truncatingIfNeeded: lanes).wrappedSum())
    }
    while i < n {
        if buffer[i] == 0x0A { count &+= 1 }
        i += 1
    }
    return count
}
