import ExhibitCore

/// What `Classifier.link` asks of many violation paths against one failure text,
/// answered once per directory: violations come sorted by path, so thousands in a row
/// share their directory.
extension Classifier {
    /// `deepestMentionedAncestor` over many violations. The answer depends only on the
    /// path's directory, and violations come sorted by path, so thousands in a row share
    /// it: the last directory's answer is kept (compared as bytes: `String` equality is
    /// canonical equivalence, and `mentions` compares bytes). Paths as the inventory
    /// makes them (no leading, trailing or doubled `/`) are cut at their slashes in
    /// place; any other path takes `deepestMentionedAncestor`'s split.
    struct AncestorLookup {
        let text: [UInt8]
        private var lastParent: [UInt8]?
        private var lastDepth = 0
        private var mentionedPrefixes: [ByteKey: Bool] = [:]

        init(text: [UInt8]) { self.text = text }

        mutating func depth(of path: String) -> Int {
            if let answer = path.utf8.withContiguousStorageIfAvailable({ depth(of: $0) }) { return answer }
            return Array(path.utf8).withUnsafeBufferPointer { depth(of: $0) }
        }

        /// The same for a path's UTF-8 (valid: what a `String` holds).
        mutating func depth(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
            // The usual case: a file of the same directory as the path before, `parent/name`
            // with a name that is not empty and has no `/`. That path is plain and its
            // parent is `lastParent`, which is what the long way finds too.
            if let last = lastParent, bytes.count > last.count + 1, bytes[last.count] == UInt8(ascii: "/"),
                last.withUnsafeBufferPointer({ ByteCompare.compare($0, UnsafeBufferPointer(rebasing: bytes[..<last.count])) == 0 }),
                !bytes[(last.count + 1)...].contains(UInt8(ascii: "/"))
            {
                return lastDepth
            }
            guard Classifier.isPlainPath(bytes) else {
                return Classifier.deepestMentionedAncestor(text, String(decoding: bytes, as: UTF8.self))
            }
            return plainDepth(of: bytes)
        }

        private mutating func plainDepth(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
            let slash = UInt8(ascii: "/")
            guard let lastSlash = bytes.lastIndex(of: slash) else { return 0 }
            let parent = UnsafeBufferPointer(rebasing: bytes[..<lastSlash])
            if let last = lastParent, last.count == parent.count, last.elementsEqual(parent) { return lastDepth }
            // `parent` has as many components as `path` has slashes: the split version's
            // first candidate, `components[..<(count - 1)]`.
            var depth = 0
            for b in bytes where b == slash { depth += 1 }
            var end = lastSlash
            var found = 0
            while true {
                if mentions(prefix: UnsafeBufferPointer(rebasing: bytes[..<end])) {
                    found = depth
                    break
                }
                guard let previous = bytes[..<end].lastIndex(of: slash) else { break }
                end = previous
                depth -= 1
            }
            lastParent = Array(parent)
            lastDepth = found
            return found
        }

        /// `mentions(text, path[..<prefix.count])`, remembered per prefix: the directories
        /// of a run share their ancestors (`Library/Application Support/Downloads` heads
        /// thousands of them), and each ancestor is decided once.
        private mutating func mentions(prefix: UnsafeBufferPointer<UInt8>) -> Bool {
            let key = ByteKey(Array(prefix))
            if let known = mentionedPrefixes[key] { return known }
            // A prefix ending before a `/` of valid UTF-8 is valid UTF-8: the text of `path[..<end]`.
            let found = Classifier.mentions(text, String(decoding: prefix, as: UTF8.self))
            mentionedPrefixes[key] = found
            return found
        }
    }

    /// A cheap necessary condition for `mentions(text, path)`, decided once per
    /// directory (violations come sorted by path): a text naming the path names its
    /// directory (everything before the last `/`), lower-cased scalar by scalar, so it
    /// holds that directory's longest ASCII run, lower-cased.
    struct DirectoryMentionFilter {
        let text: [UInt8]
        private var lastParent: [UInt8]?
        private var lastAnswer = true

        init(text: [UInt8]) { self.text = text }

        mutating func mayMention(_ path: String) -> Bool {
            // On the string's own storage (no copy of the String, so no retain); a
            // string without contiguous UTF-8 goes through an array.
            if let answer = path.utf8.withContiguousStorageIfAvailable({ mayMention($0) }) { return answer }
            return Array(path.utf8).withUnsafeBufferPointer { mayMention($0) }
        }

        mutating func mayMention(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
            guard let slash = utf8.lastIndex(of: UInt8(ascii: "/")) else { return true }
            let parent = UnsafeBufferPointer(rebasing: utf8[..<slash])
            if let last = lastParent, last.withUnsafeBufferPointer({ ByteCompare.compare($0, parent) == 0 }) { return lastAnswer }
            lastParent = Array(parent)
            lastAnswer = Classifier.containsLongestASCIIRun(of: parent, in: text)
            return lastAnswer
        }
    }
}
