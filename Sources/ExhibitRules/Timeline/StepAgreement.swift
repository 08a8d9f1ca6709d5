/// How often the inferred step agrees with the step a `steps.tsv` recorded for the same
/// path: the measured accuracy of the inference on the team's own runs. The recorded
/// step is never replaced; this only counts.
public struct StepAgreement: Sendable, Equatable {
    public enum Verdict: Sendable, Equatable {
        case agrees, disagrees
        /// The inference placed the file only by its neighbours (or not at all): there is
        /// no step name to compare.
        case notComparable
    }

    public struct Disagreement: Sendable, Equatable {
        public var path: String
        public var recorded: String
        public var inferred: String
    }

    public private(set) var agreeing = 0
    public private(set) var disagreeing = 0
    public private(set) var notComparable = 0
    /// The first few, for the report; the counts cover all.
    public private(set) var examples: [Disagreement] = []
    public static let exampleLimit = 5

    public init() {}

    public var compared: Int { agreeing + disagreeing }

    /// A recorded step agrees when it names the test or one of the activities of the
    /// inferred chain: compared without case, runs of spaces or a trailing `()`.
    public static func verdict(recorded: String, inferred: InferredStep) -> Verdict {
        guard inferred.confidence == .exact || inferred.confidence == .likely, !inferred.chain.isEmpty else { return .notComparable }
        let wanted = normalized(recorded)
        for name in inferred.chain.reversed() {
            if normalized(name) == wanted { return .agrees }
            // `VaultTests/testDownload` is also named by its method alone.
            if let slash = name.lastIndex(of: "/"), normalized(name[name.index(after: slash)...]) == wanted { return .agrees }
        }
        return normalized(inferred.chain.joined(separator: " > ")) == wanted ? .agrees : .disagrees
    }

    public mutating func count(path: String, recorded: String, inferred: InferredStep) {
        switch Self.verdict(recorded: recorded, inferred: inferred) {
        case .agrees: agreeing += 1
        case .notComparable: notComparable += 1
        case .disagrees:
            disagreeing += 1
            if examples.count < Self.exampleLimit { examples.append(Disagreement(path: path, recorded: recorded, inferred: inferred.label)) }
        }
    }

    static func normalized<S: StringProtocol>(_ text: S) -> String {
        var words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
        if words.hasSuffix("()") { words.removeLast(2) }
        return words
    }
}
