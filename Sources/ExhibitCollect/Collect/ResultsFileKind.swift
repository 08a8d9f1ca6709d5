import ExhibitCore

/// Which `results/` file a captured file is, told from its content, so
/// `exhibit collect --results-json` can take files whatever they were called.
public enum ResultsFileKind: String, Sendable, CaseIterable {
    case summary, tests, legacy, junit, xcresulttoolVersion, infoPlist

    /// The bundle path a file of this kind is written to.
    public var bundlePath: String {
        switch self {
        case .summary: return EvidenceLayout.summaryJSON
        case .tests: return EvidenceLayout.testsJSON
        case .legacy: return EvidenceLayout.legacyJSON
        case .junit: return EvidenceLayout.junitXML
        case .xcresulttoolVersion: return EvidenceLayout.xcresulttoolVersion
        case .infoPlist: return EvidenceLayout.resultBundleInfoPlist
        }
    }

    /// Looks at the first 64 KiB: a property list (`bplist00` or a `<plist` element),
    /// JUnit XML (`<testsuites`/`<testsuite`), the version line, legacy JSON (`"_type"`),
    /// the test tree (`"testNodes"`) or the summary (`"totalTestCount"`). nil otherwise.
    public static func sniff(_ bytes: [UInt8]) -> ResultsFileKind? {
        let head = String(decoding: bytes.prefix(65536), as: UTF8.self)
        if bytes.starts(with: Array("bplist00".utf8)) || head.contains("<plist") { return .infoPlist }
        if head.contains("<testsuites") || head.contains("<testsuite") { return .junit }
        if head.hasPrefix("xcresulttool version ") { return .xcresulttoolVersion }
        if head.contains("\"_type\"") { return .legacy }
        if head.contains("\"testNodes\"") { return .tests }
        if head.contains("\"totalTestCount\"") { return .summary }
        return nil
    }
}
