/// What explains a run's failing tests when it is no backup-boundary class: the
/// headline of the proposal names it (`configuration regression`), where the class alone
/// would say only "not a boundary failure". The class a person records stays one of
/// `FailureClass`; this says why.
public enum ProposalFinding: String, Sendable, CaseIterable, Codable, Hashable {
    /// The built app's Info.plist does not permit a background task or lacks its mode,
    /// or a failing test reports BGTaskScheduler's "not permitted" error.
    case configurationRegression = "configuration-regression"
    /// A UserDefaults key breaks its preference contract (wrong type, value not allowed).
    case preferenceRegression = "preference-regression"

    public var title: String {
        switch self {
        case .configurationRegression: "configuration regression"
        case .preferenceRegression: "preference regression"
        }
    }

    /// For the header, where space is short.
    public var shortTitle: String {
        switch self {
        case .configurationRegression: "config regression"
        case .preferenceRegression: "pref regression"
        }
    }
}
