import Foundation

/// Who is triaging: `$EXHIBIT_USER`, else `git config user.name`, else `$USER`.
/// Resolved when first asked, that is when a record is written, never while a run
/// opens: starting git before the first paint would delay it, and a run that is only
/// looked at needs no author. git is started through `ProcessRunner` like every
/// other program, so it is looked up on the given environment's `PATH`.
public final class TriageAuthor: @unchecked Sendable {
    private let environment: [String: String]
    private let lock = NSLock()
    private var resolved: String?

    public init(environment: [String: String]) {
        self.environment = environment
    }

    /// The author's name, resolved once.
    public var name: String {
        lock.lock()
        defer { lock.unlock() }
        if let resolved { return resolved }
        let name = Self.resolve(environment: environment)
        resolved = name
        return name
    }

    static func resolve(environment: [String: String]) -> String {
        if let u = environment["EXHIBIT_USER"], !u.isEmpty { return u }
        if let name = gitUserName(environment: environment), !name.isEmpty { return name }
        return environment["USER"].flatMap { $0.isEmpty ? nil : $0 } ?? "unknown"
    }

    static func gitUserName(environment: [String: String]) -> String? {
        guard let output = try? ProcessRunner(environment: environment).run(["git", "config", "user.name"]),
            output.succeeded
        else { return nil }
        return output.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
