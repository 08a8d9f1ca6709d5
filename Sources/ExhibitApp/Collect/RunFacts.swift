import ExhibitCollect
import ExhibitCore
import ExhibitIO
import Foundation

/// Gathers what `run.json` records from git, xcodebuild, the simulator and the CI
/// environment. Each source is optional: a missing tool leaves its keys out with a
/// warning, never fails the collect.
struct RunFacts {
    let runner: ProcessRunner
    let environment: [String: String]

    /// The environment variables that may name the scheme and destination when no
    /// option does (the names the CI examples in exhibit(1) export).
    static let schemeVariables = ["EXHIBIT_SCHEME", "SCHEME"]
    static let destinationVariables = ["EXHIBIT_DESTINATION", "DESTINATION"]

    func gitFacts(into m: inout RunMetadata, warn: (String) -> Void) {
        if let commit = output(["git", "rev-parse", "HEAD"]), commit.count >= 7, commit.allSatisfy(\.isHexDigit) {
            m.commit = commit
        } else {
            m.commit =
                environment["GITHUB_SHA"] ?? environment["CI_COMMIT_SHA"] ?? environment["BUILDKITE_COMMIT"]
                ?? environment["GIT_COMMIT"]
            if m.commit == nil { warn("no commit: git rev-parse HEAD failed and no CI variable names one") }
        }
        let branch = output(["git", "rev-parse", "--abbrev-ref", "HEAD"])
        m.branch = branch == nil || branch == "HEAD" ? CIEnvironment.branch(environment) : branch
    }

    /// `xcodebuild -version` prints `Xcode 16.4` and `Build version 16F6`; the first line's number is kept.
    func xcodeVersion() -> String? {
        guard let text = output(["xcodebuild", "-version"]) else { return nil }
        let first = text.split(separator: "\n").first ?? ""
        guard first.hasPrefix("Xcode ") else { return nil }
        return String(first.dropFirst("Xcode ".count)).trimmingCharacters(in: .whitespaces)
    }

    func firstVariable(_ names: [String]) -> String? {
        names.lazy.compactMap { environment[$0] }.first(where: { !$0.isEmpty })
    }

    /// `CFBundleShortVersionString` and `CFBundleIdentifier` of the app's Info.plist,
    /// through the bundle's own plist reader (bounded; the same file is evidence later).
    /// A value holding an unexpanded build setting (`$(PRODUCT_BUNDLE_IDENTIFIER)`, as a
    /// project's source Info.plist has it: immich's Runner) names nothing and is left out.
    static func appFacts(_ plist: [UInt8]) -> (version: String?, bundleID: String?) {
        guard let dict = try? PropertyListReader.decode(plist, file: EvidenceLayout.appInfoPlist).value, dict.members != nil
        else { return (nil, nil) }
        func expanded(_ key: String) -> String? {
            guard let value = dict[key]?.string, !value.contains("$(") else { return nil }
            return value
        }
        return (expanded("CFBundleShortVersionString"), expanded("CFBundleIdentifier"))
    }

    /// Trimmed stdout of a successful run; nil when the tool is missing or fails.
    private func output(_ arguments: [String]) -> String? {
        guard let out = try? runner.run(arguments), out.succeeded else { return nil }
        let text = out.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}
