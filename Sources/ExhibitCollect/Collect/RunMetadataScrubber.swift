import ExhibitCore
import Foundation

/// Keeps the build host out of `run.json`: every text value has the home directory
/// replaced by `~`, and a value that is still an absolute path (a destination or
/// scheme given as a path by mistake) is left out. URLs lose any `user:password@`.
public enum RunMetadataScrubber {
    public static func scrub(_ m: RunMetadata, environment: [String: String]) -> RunMetadata {
        let home = environment["HOME"].flatMap { $0.count > 1 ? String($0.hasSuffix("/") ? $0.dropLast() : $0[...]) : nil }
        func clean(_ s: String?) -> String? {
            guard var s else { return nil }
            if let home { s = s.replacingOccurrences(of: home, with: "~") }
            return s.hasPrefix("/") ? nil : s
        }
        var out = m
        out.commit = clean(m.commit)
        out.branch = clean(m.branch)
        out.scheme = clean(m.scheme)
        out.destination = clean(m.destination)
        out.deviceName = clean(m.deviceName)
        out.deviceIdentifier = clean(m.deviceIdentifier)
        out.runtimeIdentifier = clean(m.runtimeIdentifier)
        out.runtimeVersion = clean(m.runtimeVersion)
        out.runtimeBuild = clean(m.runtimeBuild)
        out.bundleIdentifier = clean(m.bundleIdentifier)
        out.appVersion = clean(m.appVersion)
        out.xcodeVersion = clean(m.xcodeVersion)
        out.xcresulttoolVersion = clean(m.xcresulttoolVersion)
        out.ciJobID = clean(m.ciJobID)
        out.ciJobURL = clean(m.ciJobURL).map(CIEnvironment.withoutUserInfo)
        return out
    }
}
