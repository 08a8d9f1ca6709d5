import CBytes
import ExhibitCore

/// A report's text built as UTF-8 bytes in one buffer: `check` prints a line per
/// violation, and assembling 900,000 lines from interpolated `String`s, part arrays and
/// `joined` cost more than finding the violations. Appends the same bytes the `String`
/// code would make (`CheckReportFormatterTests`, `ReportTextTests`).
final class ReportText {
    /// Grown with `realloc` (in place for large blocks): appending a piece is a bounds
    /// check and a copy, where `[UInt8].append(contentsOf:)` cost about 80 instructions.
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    /// Where full pieces go when the text is streamed (`flushingTo:`), nil when it is kept.
    private let sink: ((UnsafeBufferPointer<UInt8>) -> Void)?
    static let flushSize = 64 * 1024

    /// Collects the text (read it with `string` or `bytes`).
    convenience init(capacity: Int = 256) {
        self.init(capacity: capacity, sink: nil)
    }

    /// Hands the text to `sink` in pieces ending at `endLine()`s, about `flushSize`
    /// bytes each; `flush()` writes the rest.
    convenience init(capacity: Int, flushingTo sink: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        self.init(capacity: capacity, sink: sink)
    }

    private init(capacity: Int, sink: ((UnsafeBufferPointer<UInt8>) -> Void)?) {
        self.sink = sink
        self.capacity = Swift.max(capacity, 16)
        guard let memory = exhibit_malloc(self.capacity) else { fatalError("out of memory for a report of \(capacity) bytes") }
        base = memory.assumingMemoryBound(to: UInt8.self)
    }

    deinit { exhibit_free(base) }

    /// What `body` writes, as one `String` (`capacity` a guess of its size).
    static func collect(capacity: Int, _ body: (ReportText) -> Void) -> String {
        let out = ReportText(capacity: capacity)
        body(out)
        return out.string
    }

    /// What `body` writes, handed to `write` in pieces of about `flushSize` bytes.
    static func stream(to write: (UnsafeBufferPointer<UInt8>) -> Void, _ body: (ReportText) -> Void) {
        withoutActuallyEscaping(write) { write in
            let out = ReportText(capacity: flushSize + 4096, flushingTo: write)
            body(out)
            out.flush()
        }
    }

    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// The text as a `String` (one copy; the bytes are valid UTF-8, made of `String`s
    /// and ASCII, so nothing is repaired).
    var string: String {
        String(unsafeUninitializedCapacity: count) { buffer in
            guard let to = buffer.baseAddress else { return 0 }
            to.update(from: base, count: count)
            return count
        }
    }

    private func reserve(_ more: Int) {
        guard count + more > capacity else { return }
        var next = capacity
        while next < count + more { next = next &* 2 }
        guard let memory = exhibit_realloc(base, next) else { fatalError("out of memory for a report of \(next) bytes") }
        base = memory.assumingMemoryBound(to: UInt8.self)
        capacity = next
    }

    @inline(__always)
    func append(_ piece: UnsafeBufferPointer<UInt8>) {
        guard let from = piece.baseAddress, !piece.isEmpty else { return }
        reserve(piece.count)
        (base + count).update(from: from, count: piece.count)
        count += piece.count
    }

    @inline(__always)
    func append(byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    /// From the string's own storage when it has one (no copy of the String).
    func appendText(_ s: String) {
        if s.utf8.withContiguousStorageIfAvailable({ append($0) }) == nil { Array(s.utf8).withUnsafeBufferPointer { append($0) } }
    }

    @inline(__always)
    func append(_ s: StaticString) {
        s.withUTF8Buffer { append($0) }
    }

    /// `count` bytes written by `body` straight into the buffer (all of them).
    func appendWritten(count n: Int, _ body: (UnsafeMutableBufferPointer<UInt8>) -> Void) {
        reserve(n)
        body(UnsafeMutableBufferPointer(start: base + count, count: n))
        count += n
    }

    /// `appendEscaped(String(decoding: bytes, as: UTF8.self))` when the bytes are valid
    /// UTF-8 with nothing to escape, the usual path: appended as they are, and true.
    /// False (nothing appended) otherwise: the caller makes the `String`.
    func appendPlainUTF8(count n: Int, _ body: (UnsafeMutableBufferPointer<UInt8>) -> Void) -> Bool {
        let start = count
        appendWritten(count: n, body)
        let written = UnsafeBufferPointer(start: base + start, count: n)
        if Self.isValidUTF8(written), Self.needsNoEscape(written) { return true }
        count = start
        return false
    }

    /// Whether the bytes are well-formed UTF-8 (`UTF8Validity`): exactly the bytes
    /// `String(decoding:as:)` keeps unchanged (`GroupedLinesTests` compares the two).
    static func isValidUTF8(_ b: UnsafeBufferPointer<UInt8>) -> Bool { UTF8Validity.isWellFormed(b) }

    /// Ends a line; a streamed text hands over what it holds once that is a full piece.
    func endLine() {
        append(byte: 0x0A)
        flushIfFull()
    }

    /// A streamed text hands over what it holds once that is a full piece; call it only
    /// where a piece may end (between lines or JSON items: never inside a character).
    func flushIfFull() {
        if sink != nil, count >= Self.flushSize { flush() }
    }

    /// Empties a collected text, keeping its buffer.
    func removeAll() { count = 0 }

    /// The whole lines `other` holds, appended. A streamed text hands over what it held
    /// and then `other`'s bytes as they are when they make a piece of their own: copied
    /// in first, the 200 MB of a report of 900,000 violations were copied once more, on
    /// one core, while the two that format them waited.
    func appendLines(of other: ReportText) {
        if let sink, other.count >= Self.flushSize / 2 {
            flush()
            sink(other.bytes)
            return
        }
        append(other.bytes)
        flushIfFull()
    }

    /// Hands what is held to the sink (nothing happens for a collected text).
    func flush() {
        guard let sink, count > 0 else { return }
        sink(bytes)
        count = 0
    }

    /// `TerminalText.escape(s)`, appended: a string with nothing to escape (the usual
    /// case) is copied as it is.
    func appendEscaped(_ s: String) {
        let copied = s.utf8.withContiguousStorageIfAvailable { utf8 in
            guard Self.needsNoEscape(utf8) else { return false }
            append(utf8)
            return true
        }
        if copied != true { appendText(TerminalText.escape(s)) }
    }

    /// `TerminalText.escape(path:isEscaped:)`, appended: a report value's path, which is
    /// the escaped form already when its bytes were not UTF-8 (`Violation.pathIsEscaped`).
    func appendEscapedPath(_ path: String, isEscaped: Bool) {
        if isEscaped { appendText(TerminalText.sanitized(path)) } else { appendEscaped(path) }
    }

    /// The decimal digits of `n` (what `"\(n)"` gives).
    func appendDecimal(_ n: Int) {
        if n < 0 {
            appendText(String(n))
            return
        }
        appendDecimal(UInt64(n))
    }

    /// The decimal digits of `n` (what `String(n)` gives).
    func appendDecimal(_ n: UInt64) {
        let digits = DecimalDigits.count(n)
        reserve(digits)
        count += digits
        DecimalDigits.write(n, endingBefore: base + count)
    }

    /// `ByteSize.format(n)`, appended, with no `String` made: the same `Double`
    /// arithmetic, digits written directly (`ReportTextTests` compares them).
    func appendByteSize(_ n: UInt64) {
        if n < 1024 {
            appendDecimal(Int(n))
            append(" B")
            return
        }
        var unit = 0
        var value = Double(n) / 1024
        while unit + 1 < ByteSize.units.count {
            let shown = unit == 0 ? value.rounded() : (value * 10).rounded() / 10
            if shown < 1024 { break }
            value /= 1024
            unit += 1
        }
        if unit == 0 {
            appendDecimal(Int(value.rounded()))
            append(" KiB")
            return
        }
        let tenths = Int((value * 10).rounded())
        appendDecimal(tenths / 10)
        append(byte: 0x2E)
        appendDecimal(tenths % 10)
        append(byte: 0x20)
        appendText(ByteSize.units[unit])
    }

    /// True when no scalar of this valid UTF-8 is a backslash or one that
    /// `TerminalText.mayNeedEscape` flags (escaped by property, or an emoji selector or
    /// joiner, which the slow path judges by its neighbours). ASCII is judged on the
    /// bytes, eight at a time; each other scalar is decoded and asked. Checked against
    /// `TerminalText.escape` for every scalar.
    static func needsNoEscape(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        isPlain(b, quoteToo: false)
    }

    /// `needsNoEscape`, and no `"` either: what `JSONWriter.appendQuoted` copies as it is.
    static func needsNoJSONEscape(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        isPlain(b, quoteToo: true)
    }

    private static func isPlain(_ b: UnsafeBufferPointer<UInt8>, quoteToo: Bool) -> Bool {
        var i = 0
        let n = b.count
        // Eight ASCII bytes at a time: none below 0x20, none 0x7F or `\` (exact "any
        // byte" tests for bytes below 0x80). A word with a non-ASCII byte goes byte by byte.
        guard let start = b.baseAddress else { return true }
        let raw = UnsafeRawPointer(start)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func hasZero(_ v: UInt64) -> Bool { (v &- ones) & ~v & highs != 0 }
        while i < n {
            if i + 8 <= n {
                let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                if w & highs == 0 {
                    if (w &- ones &* 0x20) & ~w & highs != 0 || hasZero(w ^ (ones &* 0x7F)) || hasZero(w ^ (ones &* 0x5C)) { return false }
                    if quoteToo, hasZero(w ^ (ones &* 0x22)) { return false }
                    i += 8
                    continue
                }
            }
            // Byte by byte up to the next word (or the end).
            let end = Swift.min(i + 8, n)
            while i < end {
                let c = b[i]
                if c < 0x80 {
                    if c < 0x20 || c == 0x7F || c == 0x5C || (quoteToo && c == 0x22) { return false }
                } else {
                    // A lead byte (the bytes are valid UTF-8): decode the scalar and skip it.
                    guard c >= 0xC2, c <= 0xF4 else { return false }
                    let length = c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4
                    guard i + length <= n else { return false }
                    var value = UInt32(c) & (c < 0xE0 ? 0x1F : c < 0xF0 ? 0x0F : 0x07)
                    for k in 1..<length { value = value << 6 | UInt32(b[i + k] & 0x3F) }
                    guard let scalar = Unicode.Scalar(value), !TerminalText.mayNeedEscape(scalar) else { return false }
                    i += length
                    continue
                }
                i += 1
            }
        }
        return true
    }
}
