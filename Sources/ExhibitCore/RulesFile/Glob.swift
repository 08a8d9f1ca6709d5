/// A compiled relative-path pattern from a rules file: `Library/Application Support/Downloads/**`,
/// `**/*.download`, `Library/Preferences/*-tests.*.plist`, `tmp/Export-[0-9]*`.
///
/// Syntax (documented in exhibit-rules(5)):
/// - `/` separates components; spaces are ordinary characters.
/// - `*` matches any run of characters inside one component, `?` exactly one character.
/// - `[a-z]`, `[abc]`, `[!x]` (or `[^x]`) match one character from (or not from) a class.
/// - `**` as a whole component matches zero or more components, at either end or in the middle.
/// - `\` makes the next character literal.
/// - A leading `./` or `/` is dropped; a trailing `/` means "this directory and everything below".
///
/// A pattern that matches a directory covers everything below it, so `Documents/Drafts`,
/// `Documents/Drafts/` and `Documents/Drafts/**` are the same rule. Matching works on
/// UTF-8 bytes; `?` and classes consume whole characters (Unicode scalars). Case folding,
/// when asked for, folds ASCII letters only (see `caseSensitive` in the man page).
public struct Glob: Sendable, Equatable, CustomStringConvertible {
    /// The pattern as written.
    public let text: String
    public let caseSensitive: Bool
    package let segments: [Segment]

    package enum Segment: Sendable, Equatable {
        /// A component without wildcards, stored ASCII-folded when matching ignores case.
        case literal([UInt8])
        case wildcard(ComponentPattern)
        /// `**`: zero or more whole components.
        case anyDepth
    }

    public var description: String { text }

    /// Compiles `text`. Throws with the byte offset inside the pattern that is wrong.
    public static func compile(_ text: String, caseSensitive: Bool = false) throws(GlobError) -> Glob {
        var bytes = Array(text.utf8)
        // Drop leading "./" and "/" so patterns copied from `find .` output still work.
        while true {
            if bytes.starts(with: [0x2E, 0x2F]) { bytes.removeFirst(2) } else if bytes.first == 0x2F { bytes.removeFirst() } else { break }
        }
        guard !bytes.isEmpty else { throw GlobError(offset: 0, message: "a non-empty pattern (write `**` for everything)") }
        let trailingSlash = bytes.last == 0x2F
        var segments: [Segment] = []
        var offset = text.utf8.count - bytes.count
        for component in bytes.split(separator: 0x2F, omittingEmptySubsequences: false) {
            defer { offset += component.count + 1 }
            if component.isEmpty { continue }  // `a//b` is `a/b`; a trailing `/` is handled below
            if component.elementsEqual([0x2E]) || component.elementsEqual([0x2E, 0x2E]) {
                throw GlobError(offset: offset, message: "a name, not `.` or `..` (patterns are relative to the container)")
            }
            if component.elementsEqual([0x2A, 0x2A]) {
                if segments.last != .anyDepth { segments.append(.anyDepth) }
                continue
            }
            let pattern = try ComponentPattern.compile(component, caseSensitive: caseSensitive, offset: offset)
            if let literal = pattern.literalBytes {
                segments.append(.literal(caseSensitive ? literal : literal.map(asciiFolded)))
            } else {
                segments.append(.wildcard(pattern))
            }
        }
        if trailingSlash, segments.last != .anyDepth { segments.append(.anyDepth) }
        return Glob(text: text, caseSensitive: caseSensitive, segments: segments)
    }

    package init(text: String, caseSensitive: Bool, segments: [Segment]) {
        self.text = text
        self.caseSensitive = caseSensitive
        self.segments = segments
    }

    /// True when one component (a file or directory name) satisfies segment `index`.
    /// `anyDepth` is handled by the caller (`PatternSet`).
    @inline(__always)
    func segment(_ index: Int, matches name: ArraySlice<UInt8>) -> Bool {
        switch segments[index] {
        case .literal(let literal):
            guard literal.count == name.count else { return false }
            if caseSensitive { return literal.elementsEqual(name) }
            var i = name.startIndex
            for b in literal {
                if asciiFolded(name[i]) != b { return false }
                i += 1
            }
            return true
        case .wildcard(let pattern):
            return pattern.matches(name)
        case .anyDepth:
            return true
        }
    }

    /// The directories a match must start with (`Library/Application Support` for
    /// `Library/Application Support/Downloads/*.zip`); ASCII lower-cased when the
    /// pattern ignores case.
    public var literalPrefix: [String] {
        var out: [String] = []
        for s in segments {
            guard case .literal(let l) = s else { break }
            out.append(String(decoding: l, as: UTF8.self))
        }
        return out
    }

    /// Whether the whole relative path (or one of its ancestors) matches.
    public func matches(path: String) -> Bool {
        let components = Array(path.utf8).split(separator: 0x2F)
        return PatternSet([self]).matches(0, components: components)
    }
}

/// Why a pattern could not be compiled: a byte offset inside the pattern and what was wrong.
public struct GlobError: Error, Sendable, Equatable {
    public var offset: Int
    public var message: String
}

@inline(__always)
package func asciiFolded(_ b: UInt8) -> UInt8 {
    (b >= 0x41 && b <= 0x5A) ? b | 0x20 : b
}

/// One path component with wildcards (`*-tests.*.plist`, `Export-[0-9]*`).
package struct ComponentPattern: Sendable, Equatable {
    package enum Token: Sendable, Equatable {
        case byte(UInt8)
        case anyRun
        case anyOne
        case characterClass(ranges: [ClosedRange<UInt32>], negated: Bool)
    }

    package let tokens: [Token]
    package let caseSensitive: Bool
    /// How many leading and trailing tokens are literal bytes: a name that does not
    /// start and end with them cannot match, which `matches` checks first (most names
    /// fail `*.heic` on their last bytes, without the star's backtracking).
    private let literalHead: Int
    private let literalTail: Int
    /// For a pattern of literal bytes and stars only (`*Cache*.db`), the literal runs
    /// between its first and last star, each with its KMP failure table: each is found
    /// at its earliest place after the one before (a star absorbs the rest), so a match
    /// costs one pass over the name. The single-backtrack loop costs name × run on
    /// `*aaaa…ab*` (a 30 KB run against 60 KB names: 53 s).
    private let starSegments: [LiteralRun]?

    struct LiteralRun: Sendable, Equatable {
        let bytes: [UInt8]
        /// `failure[k]`: the length of the longest proper prefix of `bytes[0...k]` that is also its suffix.
        let failure: [Int]

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            var failure = [Int](repeating: 0, count: bytes.count)
            var k = 0
            for i in bytes.indices.dropFirst() {
                while k > 0 && bytes[i] != bytes[k] { k = failure[k - 1] }
                if bytes[i] == bytes[k] { k += 1 }
                failure[i] = k
            }
            self.failure = failure
        }
    }

    package init(tokens: [Token], caseSensitive: Bool) {
        self.tokens = tokens
        self.caseSensitive = caseSensitive
        var head = 0
        while head < tokens.count, case .byte = tokens[head] { head += 1 }
        var tail = 0
        while tail < tokens.count - head, case .byte = tokens[tokens.count - 1 - tail] { tail += 1 }
        literalHead = head
        literalTail = tail
        starSegments = Self.literalRunsBetweenStars(tokens, head: head, tail: tail)
    }

    private static func literalRunsBetweenStars(_ tokens: [Token], head: Int, tail: Int) -> [LiteralRun]? {
        guard tokens.contains(.anyRun) else { return nil }
        var runs: [LiteralRun] = []
        var current: [UInt8] = []
        for t in tokens[head..<(tokens.count - tail)] {
            switch t {
            case .byte(let b): current.append(b)
            case .anyRun:
                if !current.isEmpty { runs.append(LiteralRun(current)) }
                current = []
            case .anyOne, .characterClass: return nil
            }
        }
        return runs
    }

    /// Whether the runs occur in order in `name[from..<limit]`, each at its earliest place.
    private func runsOccur<Name: RandomAccessCollection<UInt8>>(_ runs: [LiteralRun], in name: Name, from: Int, limit: Int) -> Bool
    where Name.Index == Int {
        var i = from
        for run in runs {
            let bytes = run.bytes
            var q = 0
            while q < bytes.count {
                guard i < limit else { return false }
                let c = caseSensitive ? name[i] : asciiFolded(name[i])
                while q > 0 && bytes[q] != c { q = run.failure[q - 1] }
                if bytes[q] == c { q += 1 }
                i += 1
            }
        }
        return true
    }

    /// The bytes when the component has no wildcard at all.
    var literalBytes: [UInt8]? {
        var out: [UInt8] = []
        for t in tokens {
            guard case .byte(let b) = t else { return nil }
            out.append(b)
        }
        return out
    }

    /// Literal bytes before the first wildcard and after the last one (unfolded for
    /// case-sensitive patterns, folded otherwise); used to index name-only lookups.
    package var literalEnds: (prefix: [UInt8], suffix: [UInt8]) {
        var prefix: [UInt8] = []
        for t in tokens {
            guard case .byte(let b) = t else { break }
            prefix.append(b)
        }
        var suffix: [UInt8] = []
        for t in tokens.reversed() {
            guard case .byte(let b) = t else { break }
            suffix.append(b)
        }
        return (prefix, suffix.reversed())
    }

    static func compile(_ component: ArraySlice<UInt8>, caseSensitive: Bool, offset: Int) throws(GlobError) -> ComponentPattern {
        var tokens: [Token] = []
        var i = component.startIndex
        func fold(_ b: UInt8) -> UInt8 { caseSensitive ? b : asciiFolded(b) }
        while i < component.endIndex {
            let b = component[i]
            let here = offset + (i - component.startIndex)
            switch b {
            case 0x5C:  // backslash: next byte literal
                i += 1
                guard i < component.endIndex else { throw GlobError(offset: here, message: "a character after `\\`") }
                tokens.append(.byte(fold(component[i])))
                i += 1
            case 0x2A:
                if tokens.last != .anyRun { tokens.append(.anyRun) }
                i += 1
            case 0x3F:
                tokens.append(.anyOne)
                i += 1
            case 0x5B:
                let (token, next) = try compileClass(component, from: i, caseSensitive: caseSensitive, offset: here)
                tokens.append(token)
                i = next
            default:
                tokens.append(.byte(fold(b)))
                i += 1
            }
        }
        return ComponentPattern(tokens: tokens, caseSensitive: caseSensitive)
    }

    private static func compileClass(_ c: ArraySlice<UInt8>, from open: Int, caseSensitive: Bool, offset: Int) throws(GlobError) -> (Token, Int) {
        var i = open + 1
        var negated = false
        if i < c.endIndex, c[i] == 0x21 || c[i] == 0x5E {
            negated = true
            i += 1
        }
        var ranges: [ClosedRange<UInt32>] = []
        var first = true
        while true {
            guard i < c.endIndex else { throw GlobError(offset: offset, message: "a closing `]` for the character class") }
            if c[i] == 0x5D && !first { break }  // `[]a]` keeps a leading `]` literal
            first = false
            guard let (low, afterLow) = decodeScalar(c, at: c[i] == 0x5C ? i + 1 : i) else {
                throw GlobError(offset: offset, message: "a character inside the class")
            }
            i = afterLow
            var high = low
            if i + 1 < c.endIndex, c[i] == 0x2D, c[i + 1] != 0x5D {
                guard let (h, afterHigh) = decodeScalar(c, at: c[i + 1] == 0x5C ? i + 2 : i + 1) else {
                    throw GlobError(offset: offset, message: "a character after `-` in the class")
                }
                guard h >= low else { throw GlobError(offset: offset, message: "a range whose end is not before its start") }
                high = h
                i = afterHigh
            }
            ranges.append(low...high)
            if !caseSensitive {
                // Add the other ASCII case of any letters in the range.
                let (lowerStart, lowerEnd) = (max(low, 0x61), min(high, 0x7A))
                if lowerStart <= lowerEnd { ranges.append((lowerStart - 0x20)...(lowerEnd - 0x20)) }
                let (upperStart, upperEnd) = (max(low, 0x41), min(high, 0x5A))
                if upperStart <= upperEnd { ranges.append((upperStart + 0x20)...(upperEnd + 0x20)) }
            }
        }
        return (.characterClass(ranges: ranges, negated: negated), i + 1)
    }

    /// Matches one name: patterns of literals and stars in one pass (`starSegments`);
    /// patterns with `?` or a class with the classic single-backtrack algorithm for `*`
    /// (name × pattern at worst, never exponential). The rules walk passes the
    /// inventory's name bytes as an `UnsafeBufferPointer` (no slice, no retain).
    package func matches(_ name: UnsafeBufferPointer<UInt8>) -> Bool { matchesName(name) }

    /// The same for a slice (globs matched against split paths, and the tests).
    package func matches(_ name: ArraySlice<UInt8>) -> Bool { matchesName(name) }

    // Generic, but called only from the two concrete entry points above, so the optimiser
    // specialises it here. Called from another module it would run unspecialised (through
    // witness tables, tuple metadata at every `decodeScalar`): that made name tests a
    // quarter of the rules walk (perf on a 1M-file check, 2026-12-04).
    private func matchesName<Name: RandomAccessCollection<UInt8>>(_ name: Name) -> Bool where Name.Index == Int {
        // Each literal token matches exactly one byte, so the name's first and last
        // bytes must be the pattern's literal ends (an exact pre-check).
        guard name.count >= literalHead + literalTail else { return false }
        var k = 0
        while k < literalTail {
            guard case .byte(let b) = tokens[tokens.count - 1 - k] else { break }
            let c = name[name.endIndex - 1 - k]
            if (caseSensitive ? c : asciiFolded(c)) != b { return false }
            k += 1
        }
        k = 0
        while k < literalHead {
            guard case .byte(let b) = tokens[k] else { break }
            let c = name[name.startIndex + k]
            if (caseSensitive ? c : asciiFolded(c)) != b { return false }
            k += 1
        }
        if let runs = starSegments {
            return runsOccur(runs, in: name, from: name.startIndex + literalHead, limit: name.endIndex - literalTail)
        }
        var t = 0
        var n = name.startIndex
        var starToken = -1
        var starName = name.startIndex
        while n < name.endIndex {
            if t < tokens.count {
                switch tokens[t] {
                case .anyRun:
                    starToken = t
                    starName = n
                    t += 1
                    continue
                case .byte(let b):
                    if (caseSensitive ? name[n] : asciiFolded(name[n])) == b {
                        t += 1
                        n += 1
                        continue
                    }
                case .anyOne:
                    t += 1
                    n = Self.nextScalarStart(name, after: n)
                    continue
                case .characterClass(let ranges, let negated):
                    let (scalar, next) = Self.decodeScalar(name, at: n) ?? (0xFFFD, n + 1)
                    if ranges.contains(where: { $0.contains(scalar) }) != negated {
                        t += 1
                        n = next
                        continue
                    }
                }
            }
            // Mismatch: let the last `*` swallow one more character, or fail.
            guard starToken >= 0 else { return false }
            t = starToken + 1
            starName = Self.nextScalarStart(name, after: starName)
            n = starName
        }
        while t < tokens.count, tokens[t] == .anyRun { t += 1 }
        return t == tokens.count
    }

    private static func nextScalarStart<Name: RandomAccessCollection<UInt8>>(_ s: Name, after i: Int) -> Int where Name.Index == Int {
        var j = i + 1
        while j < s.endIndex, s[j] & 0xC0 == 0x80 { j += 1 }
        return j
    }

    /// Decodes the UTF-8 scalar at `i`; an invalid byte decodes as itself (so `[!x]`
    /// still consumes it) and never traps.
    private static func decodeScalar<Name: RandomAccessCollection<UInt8>>(_ s: Name, at i: Int) -> (UInt32, Int)? where Name.Index == Int {
        guard i < s.endIndex else { return nil }
        let b = s[i]
        if b < 0x80 { return (UInt32(b), i + 1) }
        let end = nextScalarStart(s, after: i)
        var it = s[i..<end].makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&it) { return (scalar.value, end) }
        return (UInt32(b), i + 1)
    }
}
