/// `run.json`: what CI knew about the run. Every field is optional; gaps are filled
/// from the results (device, OS version) by `EvidenceBundle`.
public struct RunMetadata: Sendable, Equatable {
    public var commit: String?
    public var branch: String?
    public var scheme: String?
    public var destination: String?
    public var deviceName: String?
    public var deviceIdentifier: String?
    /// e.g. `com.apple.CoreSimulator.SimRuntime.iOS-18-5`.
    public var runtimeIdentifier: String?
    public var runtimeVersion: String?
    public var runtimeBuild: String?
    public var bundleIdentifier: String?
    public var appVersion: String?
    public var xcodeVersion: String?
    /// The whole `xcresulttool version` line, e.g. `xcresulttool version 23024, format version 3.53 (current)`.
    public var xcresulttoolVersion: String?
    /// Seconds since 1970.
    public var startTime: Double?
    public var finishTime: Double?
    public var ciJobID: String?
    public var ciJobURL: String?

    public init() {}

    /// The xcresulttool build number parsed from the version line (`23024`, `24051.1`).
    /// Parsed as text with an optional fraction, since integer-only parsers broke on Xcode 26.
    public var xcresulttoolBuild: String? {
        guard let line = xcresulttoolVersion else { return nil }
        let words = line.split(separator: " ")
        guard let v = words.firstIndex(of: "version"), v + 1 < words.count else { return nil }
        let rest = words[v + 1]
        let token = rest.prefix(while: { $0.isNumber || $0 == "." })
        guard let first = token.first, first.isNumber else { return nil }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count >= 2 && !parts[1].isEmpty ? "\(parts[0]).\(parts[1])" : String(parts[0])
    }
}
