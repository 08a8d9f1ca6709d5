import ExhibitCore

/// Removes what must never reach an issue tracker from text a note quotes: absolute
/// paths (they carry user names and machine layout), home directories, and anything
/// that looks like a credential. It counts what it removed so the note can say so:
/// a silent redaction would make a person trust a failure text that was changed.
public struct Redactor {
    public enum Kind: String, Sendable, CaseIterable, Hashable {
        case containerPath = "container path"
        case homeDirectory = "home directory"
        case absolutePath = "absolute path"
        case credential

        var plural: String { self == .homeDirectory ? "home directories" : rawValue + "s" }
    }

    public private(set) var counts: [Kind: Int] = [:]

    public init() {}

    public var total: Int { counts.values.reduce(0, +) }

    /// "2 absolute paths, 1 credential", in a fixed order; empty when nothing was redacted.
    public var summary: String {
        Kind.allCases.compactMap { kind in
            guard let n = counts[kind], n > 0 else { return nil }
            return "\(n) \(n == 1 ? kind.rawValue : kind.plural)"
        }.joined(separator: ", ")
    }

    public mutating func redact(_ text: String) -> String {
        var out = text
        out = replace(Self.credentialInURL, in: out, kind: .credential) { m in "\(m.output.1)<redacted>@" }
        out = replace(Self.secretParameter, in: out, kind: .credential) { m in "\(m.output.1)<redacted>" }
        out = replace(Self.bearer, in: out, kind: .credential) { m in "\(m.output.1)<redacted>" }
        for token in Self.tokens {
            out = replaceWhole(token, in: out, kind: .credential, with: "<redacted token>")
        }
        var paths = 0
        out = Self.simulatorContainer.replace(in: out, with: "<container>", count: &paths)
        out = Self.simulatorDevice.replace(in: out, with: "<simulator>", count: &paths)
        if paths > 0 { counts[.containerPath, default: 0] += paths }
        out = replace(Self.homePath, in: out, kind: .homeDirectory) { m in "\(m.output.1)…/\(m.output.2)" }
        out = replace(Self.home, in: out, kind: .homeDirectory) { m in "\(m.output.1)~" }
        out = replace(Self.absolute, in: out, kind: .absolutePath) { m in "\(m.output.1)…/\(m.output.3)" }
        return out
    }

    // MARK: Patterns

    /// `https://user:secret@host` and `https://token@host`. The scheme is at most 32
    /// characters (RFC 3986 sets no bound; IANA's longest is 31): unbounded, a long run
    /// of letters made every start scan it to its end (quadratic). A longer one still
    /// matches from its last 32 characters, so the credential still goes.
    nonisolated(unsafe) static let credentialInURL = #/([A-Za-z][A-Za-z0-9+.-]{0,31}:\/\/)[^\s\/@:]+(?::[^\s\/@]*)?@/#
    /// `token=…`, `api_key: …`, `password=…` in query strings, logs and env dumps.
    nonisolated(unsafe) static let secretParameter =
        #/(?i)((?:access_?token|auth_?token|token|secret|client_secret|password|passwd|pwd|api[_-]?key|apikey|sig|signature)\s*[=:]\s*)[^\s&"',;]+/#
    nonisolated(unsafe) static let bearer = #/(?i)(\b(?:bearer|basic|token)\s+)[A-Za-z0-9._~+\/=-]{16,}/#
    nonisolated(unsafe) static let tokens: [Regex<Substring>] = [
        #/\bgh[pousr]_[A-Za-z0-9]{30,}\b/#,
        #/\bgithub_pat_[A-Za-z0-9_]{30,}\b/#,
        #/\bglpat-[A-Za-z0-9_-]{20,}\b/#,
        #/\bxox[abprs]-[A-Za-z0-9-]{10,}\b/#,
        #/\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/#,
        // OpenAI and Anthropic keys (`sk-proj-…`, `sk-ant-…`), Stripe, Google, npm.
        #/\bsk-[A-Za-z0-9_-]{20,}/#,
        #/\b[rs]k_(?:live|test)_[A-Za-z0-9]{16,}\b/#,
        #/\bAIza[0-9A-Za-z_-]{35}\b/#,
        #/\bnpm_[A-Za-z0-9]{36}\b/#,
        #/\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/#,
        #/-----BEGIN [A-Z ]*PRIVATE KEY-----/#,
    ]
    /// Anything up to and including a simulator app container: what follows is the
    /// container-relative path, which is what a reader needs.
    /// `\/\S*?\/Containers\/(?:Data|Shared\/AppGroup)\/(?:Application\/)?[0-9A-Fa-f-]{36}`,
    /// found in one pass (`SimulatorPathScanner`: as a regex it was quadratic).
    static let simulatorContainer = SimulatorPathScanner(markers: [
        "/Containers/Data/Application/", "/Containers/Data/", "/Containers/Shared/AppGroup/Application/", "/Containers/Shared/AppGroup/",
    ])
    /// `\/\S*?\/CoreSimulator\/Devices\/[0-9A-Fa-f-]{36}`.
    static let simulatorDevice = SimulatorPathScanner(markers: ["/CoreSimulator/Devices/"])
    /// A path inside a home directory keeps only its last component; a bare home
    /// directory becomes `~`. Either way the user name goes.
    nonisolated(unsafe) static let homePath =
        #/(^|[\s"'(=<])(?:\/Users|\/home|\/var\/root|\/root)(?:\/[^\s\/:'"()<>]+)+\/([^\s\/:'"()<>]+)/#
    nonisolated(unsafe) static let home = #/(^|[\s"'(=<])(?:\/Users|\/home)\/[^\s\/:'"()<>]+/#
    /// Any other absolute path of two or more components keeps only its last one.
    nonisolated(unsafe) static let absolute = #/(^|[\s"'(=<])\/((?:[^\s\/:'"()<>]+\/)+)([^\s\/:'"()<>]+)/#

    private mutating func replace<Output>(
        _ regex: Regex<Output>, in text: String, kind: Kind,
        with make: (Regex<Output>.Match) -> String
    ) -> String {
        var n = 0
        let result = text.replacing(regex) { match in
            n += 1
            return make(match)
        }
        if n > 0 { counts[kind, default: 0] += n }
        return result
    }

    private mutating func replaceWhole(_ regex: Regex<Substring>, in text: String, kind: Kind, with replacement: String) -> String {
        replace(regex, in: text, kind: kind) { _ in replacement }
    }
}
