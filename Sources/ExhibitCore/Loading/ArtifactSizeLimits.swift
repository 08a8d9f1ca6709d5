/// The largest file exhibit reads for each kind of artifact. A bigger file is refused
/// with a message naming the limit and how to raise it, instead of being read until
/// memory runs out: a sparse 2 GiB `steps.tsv` costs 2 GiB of memory to read whole,
/// and only its size on disk is small. Documented in exhibit-bundle(5); raised with
/// `EXHIBIT_SIZE_LIMITS=steps=4G,rules=256M`.
public struct ArtifactSizeLimits: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        /// `container/inventory.json`, `files.txt` and its companion lists.
        case inventory
        /// `steps.tsv`.
        case steps
        /// `results/*.json`, `results/junit.xml`, anything else under `results/` but plists.
        case results
        /// `rules.json`, in the bundle or from `--rules`.
        case rules
        /// `app/Info.plist`, `container/preferences/**.plist`, a result bundle's Info.plist.
        case plist
        /// `run.json`, `container/du.txt`, anything else outside `results/`.
        case metadata
        /// A triage record or draft in the notes directory.
        case record

        /// The kind of a bundle-relative path: its `EvidenceArtifact` row's, else by
        /// where it lies.
        public static func of(_ relativePath: String) -> Kind {
            let row = EvidenceArtifact.row(for: relativePath)
            if let row, row.isFixedPath { return row.sizeKind }
            // A result bundle's Info.plist is a plist, the rest of it results.
            if relativePath.hasSuffix(".plist") { return .plist }
            if let row { return row.sizeKind }
            // What else a result bundle holds may be large (a copied .xcresult).
            if relativePath.hasPrefix(EvidenceLayout.resultsDirectory + "/") { return .results }
            return .metadata
        }

        public var defaultLimit: Int {
            switch self {
            case .inventory: 8 << 30
            case .steps: 1 << 30
            case .results: 1 << 30
            case .rules: 64 << 20
            case .plist: 64 << 20
            case .metadata: 64 << 20
            case .record: 1 << 20
            }
        }
    }

    /// The environment variable that raises (or lowers) limits.
    public static let environmentVariable = "EXHIBIT_SIZE_LIMITS"

    private var limits: [Kind: Int] = [:]

    public init() {}

    public static let defaults = ArtifactSizeLimits()

    public func limit(for kind: Kind) -> Int { limits[kind] ?? kind.defaultLimit }

    public mutating func set(_ kind: Kind, to bytes: Int) { limits[kind] = bytes }

    /// What a refusal says: the kind's limit and the setting that raises it.
    public func refusal(size: Int, kind: Kind) -> String {
        let limit = limit(for: kind)
        return "\(ByteSize.format(UInt64(size))) is over the \(ByteSize.format(UInt64(limit))) limit for \(kind.rawValue) files; "
            + "refusing to read it (raise it with \(Self.environmentVariable)=\(kind.rawValue)=\(Self.suggestion(above: size)))"
    }

    /// A round size in the variable's syntax that admits `size` bytes.
    static func suggestion(above size: Int) -> String {
        var gib = 1
        while gib < Int.max >> 31, (gib << 30) < size { gib *= 2 }
        return "\(gib)G"
    }

    public struct ParseError: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// Parses `kind=SIZE[,kind=SIZE…]`, SIZE a whole number with an optional `K`, `M`
    /// or `G` suffix (powers of 1024). An unknown kind or size is an error, never ignored:
    /// a limit the person believes raised must not stay in force without a word.
    public static func parse(_ text: String) throws(ParseError) -> ArtifactSizeLimits {
        var parsed = ArtifactSizeLimits()
        for item in text.split(separator: ",", omittingEmptySubsequences: true) {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let kinds = Kind.allCases.map(\.rawValue).joined(separator: ", ")
            guard parts.count == 2, let kind = Kind(rawValue: parts[0].trimmingSpaces) else {
                throw ParseError(description: "\(environmentVariable): \"\(item)\": expected KIND=SIZE, KIND one of \(kinds)")
            }
            guard let bytes = bytes(parts[1].trimmingSpaces) else {
                throw ParseError(description: "\(environmentVariable): \"\(item)\": expected a size such as 512M or 4G")
            }
            parsed.set(kind, to: bytes)
        }
        return parsed
    }

    static func bytes(_ text: String) -> Int? {
        var digits = Substring(text)
        var shift = 0
        switch digits.last {
        case "K", "k": shift = 10
        case "M", "m": shift = 20
        case "G", "g": shift = 30
        default: break
        }
        if shift > 0 { digits = digits.dropLast() }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(digits),
            n <= (Int.max >> shift)
        else { return nil }
        return n << shift
    }
}

extension Substring {
    fileprivate var trimmingSpaces: String {
        String(self.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
