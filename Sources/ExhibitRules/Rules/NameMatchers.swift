import ExhibitCore

/// Every non-`**` segment of a set of globs, compiled to test one name (a file's) with
/// plain byte comparisons over one shared byte pool.
///
/// Almost every segment a rules file holds is a literal name (`vault.sqlite`) or
/// literal bytes around one `*` (`*.jpg`, `photo*.heic`, `CFNetworkDownload_*.tmp`);
/// those are decided by comparing the name's length, first and last bytes. Anything
/// else (`?`, classes, several stars) is checked on its literal ends first and then by
/// `ComponentPattern.matches`. The answers are the same as `Glob.segment(_:matches:)`'s
/// (`NameMatchersDifferentialTests`).
struct NameMatchers: Sendable {
    struct Matcher: Sendable {
        enum Form: UInt8, Sendable {
            /// The name is exactly `head`.
            case literal
            /// The name starts with `head` and ends with `tail`, anything (or nothing) between.
            case headTail
            /// `head` and `tail` must match, then `general[pattern]` decides.
            case general
        }

        var form: Form
        /// Compare ASCII-folded name bytes (the pool holds folded bytes then).
        var foldsCase: Bool
        var headStart: Int32
        var headCount: Int32
        var tailStart: Int32
        var tailCount: Int32
        /// Index into `general` for the general form.
        var pattern: Int32
    }

    private(set) var matchers: [Matcher] = []
    private(set) var bytes: [UInt8] = []
    private(set) var general: [ComponentPattern] = []

    /// Adds the matcher for one segment; nil for `**`, which matches any name and is
    /// handled by the pattern states.
    mutating func add(_ segment: Glob.Segment, caseSensitive: Bool) -> Int32? {
        let id = Int32(matchers.count)
        switch segment {
        case .anyDepth:
            return nil
        case .literal(let literal):
            matchers.append(
                Matcher(
                    form: .literal, foldsCase: !caseSensitive, headStart: Int32(bytes.count), headCount: Int32(literal.count),
                    tailStart: 0, tailCount: 0, pattern: -1))
            bytes += literal
        case .wildcard(let pattern):
            let ends = pattern.literalEnds
            let stars = pattern.tokens.reduce(0) { $0 + ($1 == .anyRun ? 1 : 0) }
            let onlyBytesAndOneStar = stars == 1 && ends.prefix.count + ends.suffix.count + 1 == pattern.tokens.count
            var m = Matcher(
                form: onlyBytesAndOneStar ? .headTail : .general, foldsCase: !pattern.caseSensitive,
                headStart: Int32(bytes.count), headCount: Int32(ends.prefix.count), tailStart: 0, tailCount: Int32(ends.suffix.count),
                pattern: -1)
            bytes += ends.prefix
            m.tailStart = Int32(bytes.count)
            bytes += ends.suffix
            if m.form == .general {
                m.pattern = Int32(general.count)
                general.append(pattern)
                // A pattern of literal bytes only (never produced by `Glob.compile`, which
                // makes those `.literal`) has the same bytes as its prefix and suffix:
                // the ends may not both be checked against one name.
                if stars == 0 { m.tailCount = 0 }
            }
            matchers.append(m)
        }
        return id
    }

    /// The byte every name passing matcher `index` ends with, as stored (folded when the
    /// matcher folds case); nil when there is none or the matcher's folding differs
    /// from `foldingCase` (a lookup keyed by folded bytes would miss it).
    func lastByte(of index: Int, foldingCase: Bool) -> UInt8? {
        let m = matchers[index]
        guard m.foldsCase == foldingCase else { return nil }
        switch m.form {
        case .literal:
            return m.headCount > 0 ? bytes[Int(m.headStart + m.headCount) - 1] : nil
        case .headTail, .general:
            return m.tailCount > 0 ? bytes[Int(m.tailStart + m.tailCount) - 1] : nil
        }
    }

    func withView<R>(_ body: (View) throws -> R) rethrows -> R {
        try matchers.withUnsafeBufferPointer { matchers in
            try bytes.withUnsafeBufferPointer { bytes in
                try general.withUnsafeBufferPointer { general in
                    try body(View(matchers: matchers, bytes: bytes, general: general))
                }
            }
        }
    }

    /// The matchers as unsafe views, for a walk over a million names.
    struct View {
        let matchers: UnsafeBufferPointer<Matcher>
        let bytes: UnsafeBufferPointer<UInt8>
        let general: UnsafeBufferPointer<ComponentPattern>

        @inline(__always)
        func matches(_ index: Int32, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
            let m = matchers[Int(index)]
            let head = Int(m.headCount)
            let tail = Int(m.tailCount)
            switch m.form {
            case .literal:
                guard name.count == head else { return false }
            case .headTail, .general:
                guard name.count >= head + tail else { return false }
            }
            // Head first: within a last-byte bucket (see `ViolationFinder+Walk`) names
            // mostly share their extension and differ in how they start.
            let h = Int(m.headStart)
            var k = 0
            while k < head {
                let c = m.foldsCase ? asciiFolded(name[k]) : name[k]
                if c != bytes[h + k] { return false }
                k += 1
            }
            if tail > 0 {
                let from = name.count - tail
                let t = Int(m.tailStart)
                k = tail - 1
                while k >= 0 {
                    let c = m.foldsCase ? asciiFolded(name[from + k]) : name[from + k]
                    if c != bytes[t + k] { return false }
                    k -= 1
                }
            }
            return m.form != .general || general[Int(m.pattern)].matches(name)
        }
    }
}
