import ExhibitCore

/// What the rules walk asks of the compiled rules for every file, laid out as flat
/// arrays of small values: no `Glob`, `BackupRule` or `String` is touched per node.
struct RulesWalkTables {
    /// What a pattern of the combined `PatternSet` is for (`CompiledRules`' ranges).
    enum Role: UInt8 {
        case rule, allowlist, testPreference, partialDownload, allowedResource, taskTemporary, ignore, none
    }

    var names = NameMatchers()
    /// Per pattern: its first entry in `segmentMatcher` / `segmentFinishes`.
    private(set) var segmentStart: [Int32] = []
    /// Per pattern segment: its matcher in `names`, -1 for `**`.
    private(set) var segmentMatcher: [Int32] = []
    /// Per pattern segment: a name matching it completes the pattern (it is the last
    /// segment, or only a final `**` follows, which matches zero components).
    private(set) var segmentFinishes: [Bool] = []
    private(set) var segmentCount: [Int32] = []
    private(set) var role: [Role] = []
    /// Per pattern: its index inside its role's list (the rule index for rules, the task
    /// index for a task's temporary files).
    private(set) var roleIndex: [Int32] = []
    private(set) var ruleRequirement: [RestoreRequirement] = []
    /// "Named like a rule's files" (`CompiledRules.nameIndex`): per first byte of a name,
    /// `outsideStart[b]..<outsideStart[b + 1]` into `outsideRule` / `outsideMatcher`.
    private(set) var outsideStart: [Int32] = []
    private(set) var outsideRule: [Int32] = []
    private(set) var outsideMatcher: [Int32] = []
    /// User-data extensions (folded as the rules say), `extensionStart[i]..<extensionStart[i + 1]`.
    private(set) var extensionBytes: [UInt8] = []
    private(set) var extensionStart: [Int32] = [0]
    /// Bit `b` set when some user-data extension ends with byte `b` (folded like them):
    /// most names are rejected on their last byte.
    private var extensionLastBytes: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    let caseSensitive: Bool
    private var hasEmptyExtension = false
    /// Names are compared ASCII-folded (`caseSensitive` false).
    var foldsCase: Bool { !caseSensitive }
    /// Per matcher: the byte a name must end with (folded like the rules), nil when the
    /// matcher requires none (`*`, `Export-*`, a class at the end) or folds case unlike
    /// the rules (only `Glob.nothing`, which has no last byte either).
    private(set) var lastByte: [UInt8?] = []

    init(_ c: CompiledRules) {
        caseSensitive = c.caseSensitive
        let globs = c.patterns.globs
        for (p, glob) in globs.enumerated() {
            segmentStart.append(Int32(segmentMatcher.count))
            segmentCount.append(Int32(glob.segments.count))
            for (i, segment) in glob.segments.enumerated() {
                segmentMatcher.append(names.add(segment, caseSensitive: glob.caseSensitive) ?? -1)
                let rest = glob.segments.count - i - 1
                let finishes = rest == 0 || (rest == 1 && glob.segments[i + 1] == .anyDepth)
                segmentFinishes.append(segment != .anyDepth && finishes)
            }
            let (r, index): (Role, Int) =
                switch p {
                case c.ruleRange: (.rule, p - c.ruleRange.lowerBound)
                case c.allowlistRange: (.allowlist, p - c.allowlistRange.lowerBound)
                case c.testPreferenceRange: (.testPreference, p - c.testPreferenceRange.lowerBound)
                case c.partialDownloadRange: (.partialDownload, p - c.partialDownloadRange.lowerBound)
                case c.allowedResourceRange: (.allowedResource, p - c.allowedResourceRange.lowerBound)
                case c.taskTemporaryRange: (.taskTemporary, c.taskOfTemporaryPattern[p - c.taskTemporaryRange.lowerBound])
                case c.ignoreRange: (.ignore, p - c.ignoreRange.lowerBound)
                default: (.none, 0)
                }
            role.append(r)
            roleIndex.append(Int32(index))
        }
        lastByte = names.matchers.indices.map { names.lastByte(of: $0, foldingCase: !c.caseSensitive) }
        ruleRequirement = c.rules.rules.map(\.requirement)
        for first in 0..<256 {
            outsideStart.append(Int32(outsideRule.count))
            for (rule, _) in c.nameIndex[first] {
                // `nameIndex` holds the rule's last segment.
                let segments = globs[rule].segments
                outsideRule.append(Int32(rule - c.ruleRange.lowerBound))
                outsideMatcher.append(segmentMatcher[Int(segmentStart[rule]) + segments.count - 1])
            }
        }
        outsideStart.append(Int32(outsideRule.count))
        for e in c.userDataExtensions {
            extensionBytes += e
            extensionStart.append(Int32(extensionBytes.count))
            guard let last = e.last else {
                hasEmptyExtension = true
                continue
            }
            let bit = UInt64(1) << UInt64(last & 63)
            switch last >> 6 {
            case 0: extensionLastBytes.0 |= bit
            case 1: extensionLastBytes.1 |= bit
            case 2: extensionLastBytes.2 |= bit
            default: extensionLastBytes.3 |= bit
            }
        }
    }

    /// The index of the user-data extension `name` ends with (after its last dot, which
    /// is not its first byte), as `CompiledRules.userDataExtension(of:)` finds it.
    func userDataExtension(of name: UnsafeBufferPointer<UInt8>) -> Int? {
        guard extensionStart.count > 1, let lastByte = name.last else { return nil }
        let last = caseSensitive ? lastByte : asciiFolded(lastByte)
        let word =
            switch last >> 6 {
            case 0: extensionLastBytes.0
            case 1: extensionLastBytes.1
            case 2: extensionLastBytes.2
            default: extensionLastBytes.3
            }
        // An empty extension (`sqlite.` against ``) has no last byte: such a rules entry is
        // matched by a name ending in a dot, checked the long way.
        guard word & (UInt64(1) << UInt64(last & 63)) != 0 || hasEmptyExtension else { return nil }
        var dot = name.count - 1
        while dot > 0, name[dot] != 0x2E { dot -= 1 }
        guard dot > 0 else { return nil }
        let length = name.count - dot - 1
        for i in 0..<(extensionStart.count - 1) {
            let start = Int(extensionStart[i])
            guard Int(extensionStart[i + 1]) - start == length else { continue }
            var k = 0
            while k < length {
                let b = name[dot + 1 + k]
                if (caseSensitive ? b : asciiFolded(b)) != extensionBytes[start + k] { break }
                k += 1
            }
            if k == length { return i }
        }
        return nil
    }
}
