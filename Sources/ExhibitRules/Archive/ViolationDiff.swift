import ExhibitCore

/// Violations new and fixed between two runs held against the same rules: a violation
/// is the same when its kind, rule and path are (a directory reported whole is one path).
/// Volume warnings compare the same way, by directory. One set over the base's violations.
public struct ViolationDiff: Sendable, Equatable {
    /// In the run, not in the base; in the run's report order.
    public var new: [Violation]
    /// In the base, not in the run; in the base's report order.
    public var fixed: [Violation]

    struct Key: Hashable {
        var kind: ViolationKind
        var rule: String?
        var path: String
        var pathIsEscaped: Bool

        init(_ v: Violation) {
            kind = v.kind
            rule = v.ruleName
            path = v.path
            pathIsEscaped = v.pathIsEscaped
        }
    }

    /// `undecidedBudgets` of each side: directories whose budget that run could not
    /// decide (`DirectoryBudget.isOverKnown` false). A volume warning the other side
    /// lacks for such a directory is neither new nor fixed: that side did not know.
    public init(base: [Violation], run: [Violation], undecidedBudgets: (base: Set<String>, run: Set<String>) = ([], [])) {
        let before = Set(base.map(Key.init))
        let after = Set(run.map(Key.init))
        new = run.filter { !before.contains(Key($0)) && !($0.kind == .volume && undecidedBudgets.base.contains($0.path)) }
        fixed = base.filter { !after.contains(Key($0)) && !($0.kind == .volume && undecidedBudgets.run.contains($0.path)) }
    }

    /// New violations that block (what a regression is made of).
    public var newBlocking: Int { new.reduce(0) { $0 + ($1.kind.isBlocking ? 1 : 0) } }
}
