/// `ContainerPath.normalized`'s common case on a pointer, for the lines of one list: a
/// path that needs only its leading `./`s dropped. It remembers the directory of the last
/// path it passed: a line in the same directory (most lines of a sorted or
/// `find`-ordered list) has its name checked, not its whole path again. At a million deep
/// paths the check walked some fifteen components a line, in each of files.txt,
/// sizes.txt and steps.tsv.
///
/// `Note` is what a reader learned about that directory (its node, its UTF-8 verdict).
/// The check keeps it only while it finds its paths there and drops it at the first path
/// it does not, so a note never describes another directory than the one held: each
/// reader had kept such a value beside the check, and one had let it go stale.
struct PlainPathCheck<Note> {
    /// The directory part of the last path passed (in normal form; empty: none yet).
    private var directory: [UInt8] = []
    /// What the reader set about `directory`; nil after any call whose path was not in it.
    var note: Note?
    /// Whether the last call found its path in `directory` (the directory of the path the
    /// last call to pass one stored): a reader caching something about that directory
    /// (its UTF-8 verdict) can reuse it without comparing the bytes again.
    private(set) var matchedLastDirectory = false
    /// Where the name starts in the path the last call returned (0: no directory part),
    /// so a caller does not look for its last `/` again.
    private(set) var nameStart = 0

    private static var slash: UInt8 { UInt8(ascii: "/") }
    private static var dot: UInt8 { UInt8(ascii: ".") }

    /// `raw` after its leading `./`s when that is in normal form (a slice of `raw`), else
    /// nil: absolute, `//`, `.` or `..` components, empty, which `normalized` handles.
    mutating func plainPath(_ raw: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        var start = 0
        while raw.count - start >= 2 && raw[start] == Self.dot && raw[start + 1] == Self.slash { start += 2 }
        let rest = UnsafeBufferPointer(rebasing: raw[start...])
        nameStart = ContainerPath.nameStart(rest)
        matchedLastDirectory = nameStart > 1 && ByteCompare.equal(UnsafeBufferPointer(rebasing: rest[..<(nameStart - 1)]), directory)
        if !matchedLastDirectory { note = nil }
        if matchedLastDirectory {
            // The directory passed before; the name is a component of its own.
            let length = rest.count - nameStart
            let isDotName = (length == 1 || length == 2) && rest[nameStart] == Self.dot && rest[rest.count - 1] == Self.dot
            return length > 0 && !isDotName ? rest : nil
        }
        guard ContainerPath.isNormalized(rest) else { return nil }
        directory.removeAll(keepingCapacity: true)
        if nameStart > 1 { directory.append(contentsOf: UnsafeBufferPointer(rebasing: rest[..<(nameStart - 1)])) }
        return rest
    }
}
