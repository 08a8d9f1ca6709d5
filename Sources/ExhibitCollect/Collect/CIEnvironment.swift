import ExhibitCore
import Foundation

/// What the usual CI environment variables say about the job, and the branch a
/// detached checkout was built from. Only these named variables are read: nothing
/// else from the environment reaches the bundle.
public enum CIEnvironment {
    public struct Job: Sendable, Equatable {
        public var id: String?
        public var url: String?
    }

    /// GitHub Actions, GitLab, Jenkins, Buildkite, in that order; nil when none is set.
    public static func job(_ env: [String: String]) -> Job? {
        if let run = env["GITHUB_RUN_ID"], !run.isEmpty {
            var url: String?
            if let server = env["GITHUB_SERVER_URL"], let repo = env["GITHUB_REPOSITORY"], !server.isEmpty, !repo.isEmpty {
                url = "\(server)/\(repo)/actions/runs/\(run)"
            }
            return Job(id: run, url: url.map(withoutUserInfo))
        }
        if let id = nonEmpty(env["CI_JOB_ID"]) {
            return Job(id: id, url: nonEmpty(env["CI_JOB_URL"]).map(withoutUserInfo))
        }
        if let url = nonEmpty(env["BUILDKITE_BUILD_URL"]) {
            return Job(id: nonEmpty(env["BUILDKITE_JOB_ID"]) ?? nonEmpty(env["BUILDKITE_BUILD_NUMBER"]), url: withoutUserInfo(url))
        }
        if let number = nonEmpty(env["BUILD_NUMBER"]) {
            return Job(id: number, url: nonEmpty(env["BUILD_URL"]).map(withoutUserInfo))
        }
        return nil
    }

    /// The branch CI names when git reports a detached HEAD.
    public static func branch(_ env: [String: String]) -> String? {
        for key in ["GITHUB_HEAD_REF", "GITHUB_REF_NAME", "CI_COMMIT_REF_NAME", "BUILDKITE_BRANCH", "BRANCH_NAME", "GIT_BRANCH"] {
            if let v = nonEmpty(env[key]) { return v }
        }
        return nil
    }

    /// A URL with any `user:password@` removed: Jenkins URLs sometimes carry credentials.
    public static func withoutUserInfo(_ url: String) -> String {
        guard let scheme = url.range(of: "://") else { return url }
        let rest = url[scheme.upperBound...]
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? rest.endIndex
        guard let at = rest[..<authorityEnd].lastIndex(of: "@") else { return url }
        return String(url[..<scheme.upperBound]) + String(rest[rest.index(after: at)...])
    }

    private static func nonEmpty(_ s: String?) -> String? {
        guard let s, !s.isEmpty else { return nil }
        return s
    }
}
