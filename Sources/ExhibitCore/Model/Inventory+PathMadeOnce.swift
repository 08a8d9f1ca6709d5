import CBytes

extension Inventory {
    /// `path(id)` with one allocation: the length is summed up the parent chain and the
    /// bytes are written back to front into the string's own storage (`path` collects
    /// the chain and a byte array first). Same text: invalid UTF-8 becomes U+FFFD.
    public func pathMadeOnce(_ id: NodeID) -> String {
        var wellFormed = true
        return pathMadeOnce(id, wellFormed: &wellFormed)
    }

    /// `pathMadeOnce`, saying whether the bytes were UTF-8. The string's own check of
    /// its bytes tells, read back cheaply: a repair writes U+FFFD (EF BF BD), so a string
    /// of the path's length without a byte EF holds the bytes as they were. Only a path
    /// with an EF (U+F000–U+FFFF, rare) is checked again, from its bytes: checking every
    /// path twice was 1 % of `check --format json` at 922k violations.
    func pathMadeOnce(_ id: NodeID, wellFormed: inout Bool) -> String {
        let count = pathLength(id)
        guard count > 0 else { return "" }
        let text = names.withUnsafeBufferPointer { names in
            String(unsafeUninitializedCapacity: count) { buffer in
                writePath(id, count: count, names: names, into: buffer)
                return count
            }
        }
        let unrepaired =
            text.utf8.withContiguousStorageIfAvailable { utf8 in
                utf8.count == count && exhibit_memchr(utf8.baseAddress, 0xEF, count) == nil
            } ?? false
        wellFormed = unrepaired || pathBytes(id).withUnsafeBufferPointer(UTF8Validity.isWellFormed)
        return text
    }

    /// The path as a report value carries it (`Violation.path`): its text when its bytes
    /// are UTF-8, the usual case, made once; otherwise its escaped form
    /// (`TerminalText.escape(bytes:)`, `\xNN` for each byte that is not UTF-8), with
    /// `isEscaped`, so `a\xff` and `a\xfe` are not both `a\u{FFFD}`.
    public func pathText(_ id: NodeID) -> (text: String, isEscaped: Bool) {
        var wellFormed = true
        let text = pathMadeOnce(id, wellFormed: &wellFormed)
        return wellFormed ? (text, false) : (TerminalText.escape(bytes: pathBytes(id)), true)
    }

    /// `pathText` for the bytes of a path made elsewhere.
    public static func pathText(bytes: some Collection<UInt8>, wellFormed: Bool) -> (text: String, isEscaped: Bool) {
        wellFormed ? (String(decoding: bytes, as: UTF8.self), false) : (TerminalText.escape(bytes: bytes), true)
    }

    /// The byte length of `path(id)`, summed up the parent chain.
    func pathLength(_ id: NodeID) -> Int {
        var count = 0
        var cur = id
        while true {
            let n = nodes[cur]
            guard n.parent >= 0 else { break }
            count += Int(n.nameLength) + (nodes[Int(n.parent)].parent >= 0 ? 1 : 0)
            cur = Int(n.parent)
        }
        return count
    }

    /// The byte length of `pathBytes(id)`, for `writePathBytes`.
    public func pathByteCount(_ id: NodeID) -> Int { pathLength(id) }

    /// The bytes of `pathBytes(id)` into `buffer`, which holds exactly `pathByteCount(id)`:
    /// a formatter writes a path into its own output, with no array or `String` of it.
    public func writePathBytes(_ id: NodeID, into buffer: UnsafeMutableBufferPointer<UInt8>) {
        assert(buffer.count == pathLength(id), "a buffer of the path's length")
        guard !buffer.isEmpty else { return }
        names.withUnsafeBufferPointer { names in writePath(id, count: buffer.count, names: names, into: buffer) }
    }

    /// Appends the bytes of `pathBytes(id)` to `bytes`, without the chain array.
    public func appendPathBytes(_ id: NodeID, to bytes: inout [UInt8]) {
        let count = pathLength(id)
        guard count > 0 else { return }
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: count))
        names.withUnsafeBufferPointer { names in
            bytes.withUnsafeMutableBufferPointer { out in
                writePath(id, count: count, names: names, into: UnsafeMutableBufferPointer(rebasing: out[start..<(start + count)]))
            }
        }
    }

    /// Names from `id` up to the root's child, each before the last, joined by `/`.
    private func writePath(_ id: NodeID, count: Int, names: UnsafeBufferPointer<UInt8>, into buffer: UnsafeMutableBufferPointer<UInt8>) {
        var end = count
        var cur = id
        while true {
            let n = nodes[cur]
            guard n.parent >= 0 else { break }
            let length = Int(n.nameLength)
            let start = Int(n.nameStart)
            end -= length
            for k in 0..<length { buffer[end + k] = names[start + k] }
            if nodes[Int(n.parent)].parent >= 0 {
                end -= 1
                buffer[end] = UInt8(ascii: "/")
            }
            cur = Int(n.parent)
        }
    }
}
