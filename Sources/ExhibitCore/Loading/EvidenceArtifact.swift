import Foundation

/// The one table of the artifacts a run bundle may hold: for each, where it lies in
/// the bundle, its syntax, the reader that reads it, the fuzz targets that drive that
/// reader, whether `exhibit collect` writes it, whether it marks a directory as a run,
/// and the section of exhibit-bundle(5) that documents it.
///
/// Everything that once kept its own list derives from here: `EvidenceLayout`'s names,
/// the loader's steps (`BundleLoader.Step`), the size limit of each kind of file, run
/// detection (`runMarkers`), the files a forced collect clears, the fuzz and
/// crash-replay tables (`EvidenceFuzzTarget`), and the tests that insist every row has
/// a damaged sample, a fuzz target and its entry in the man page. A new artifact (the
/// raw `.xcresult` reader was the last) is one new row here, and those tests say what
/// else it needs.
public struct EvidenceArtifact: Sendable, Hashable, CustomStringConvertible {
    public enum Syntax: String, Sendable {
        case json = "JSON"
        case xml = "XML"
        /// Binary (`bplist00`) or XML, through `PropertyListReader`'s bounds.
        case propertyList = "property list"
        /// Lines (or NUL-terminated records) of text.
        case text = "text lines"
        /// A result bundle directory: Info.plist, `Data/` objects and refs.
        case resultBundle = "result bundle"
    }

    /// When `exhibit collect` writes the artifact.
    public enum Collected: Sendable, Hashable {
        /// On every collect.
        case always
        /// When one of these options is given (without the leading `--`).
        case withOption([String])
        /// Never: written by hand or by other tools.
        case never
    }

    /// Its path in the bundle, spelled as exhibit-bundle(5) spells it: `NAME` and
    /// `<path>` stand for any name, a trailing `/` for a directory.
    public let path: String
    public let syntax: Syntax
    /// The type that reads it (its name, for the manual and reports).
    public let reader: String
    /// `EvidenceFuzzTarget` names (and `Tests/fuzz/corpus/` folders) driving `reader`.
    public let fuzzTargets: [String]
    public let collected: Collected
    /// Whether its top-level name (`run.json`, `results`, `container`) alone makes a
    /// directory a run. `rules.json`, `steps.tsv` and `app/` do not: teams keep a shared
    /// rules file at the root of an archive, which must not turn it into a run.
    public let marksRun: Bool
    /// The `.Ss` of exhibit-bundle(5) that describes it.
    public let manSection: String
    /// Which size limit applies (`ArtifactSizeLimits`).
    public let sizeKind: ArtifactSizeLimits.Kind
    /// The step of a load that reads it.
    public let loadStep: BundleLoader.Step

    public var description: String { path }

    /// The first component of `path`: what run detection looks for.
    public var topLevelName: String { String(path.split(separator: "/").first ?? "") }

    /// Whether `path` names one file (no `NAME`/`<path>` placeholder, no directory).
    public var isFixedPath: Bool { placeholder == nil && !path.hasSuffix("/") }

    /// The placeholder and the text around it, for a pattern row. Found once, in `init`:
    /// `matches` runs for every file a load reads (each of a result bundle's thousands of
    /// `Data/` objects, through the size limits), and Foundation's `range(of:)` per row and
    /// read was a sixth of `summary`'s time on a 10,000-test bundle.
    private let placeholder: (prefix: Substring, suffix: Substring)?

    private static func placeholder(in path: String) -> (prefix: Substring, suffix: Substring)? {
        for token in ["NAME", "<path>"] {
            if let r = path.range(of: token) { return (path[..<r.lowerBound], path[r.upperBound...]) }
        }
        return nil
    }

    /// Whether a bundle-relative path is this artifact (or, for a directory row,
    /// inside it): `results/Run.xcresult/Data/data.0~…` is the result bundle row.
    public func matches(_ relativePath: String) -> Bool {
        guard let (prefix, suffix) = placeholder else { return relativePath == path }
        guard relativePath.hasPrefix(prefix) else { return false }
        let rest = relativePath.dropFirst(prefix.count)
        if suffix.hasSuffix("/") {
            // A directory pattern (`results/NAME.xcresult/`): its one component, then anything.
            let name = rest.prefix(while: { $0 != "/" })
            return !name.isEmpty && (name + "/").hasSuffix(suffix)
        }
        return rest.count > suffix.count && rest.hasSuffix(suffix)
    }

    init(
        _ path: String, _ syntax: Syntax, reader: String, fuzz: [String], collected: Collected, marksRun: Bool,
        man: String, size: ArtifactSizeLimits.Kind, step: BundleLoader.Step
    ) {
        self.path = path
        self.syntax = syntax
        self.reader = reader
        self.fuzzTargets = fuzz
        self.collected = collected
        self.marksRun = marksRun
        self.manSection = man
        self.sizeKind = size
        self.loadStep = step
        self.placeholder = Self.placeholder(in: path)
    }

    public static func == (a: Self, b: Self) -> Bool { a.path == b.path }
    public func hash(into h: inout Hasher) { h.combine(path) }
}

extension EvidenceArtifact {
    static let results = "Results", inventory = "Container inventory"

    public static let runMetadata = EvidenceArtifact(
        "run.json", .json, reader: "\(RunMetadataReader.self)", fuzz: ["run-metadata"], collected: .always,
        marksRun: false, man: "Run metadata", size: .metadata, step: .metadata)
    public static let summaryJSON = EvidenceArtifact(
        "results/summary.json", .json, reader: "\(SummaryJSONReader.self)", fuzz: ["summary"],
        collected: .withOption(["xcresult", "results-json"]), marksRun: true, man: results, size: .results, step: .results)
    public static let testsJSON = EvidenceArtifact(
        "results/tests.json", .json, reader: "\(TestsJSONReader.self)", fuzz: ["tests"],
        collected: .withOption(["xcresult", "results-json"]), marksRun: true, man: results, size: .results, step: .results)
    public static let legacyJSON = EvidenceArtifact(
        "results/legacy.json", .json, reader: "\(LegacyJSONReader.self)", fuzz: ["legacy"],
        collected: .withOption(["xcresult", "results-json"]), marksRun: true, man: results, size: .results, step: .results)
    public static let junitXML = EvidenceArtifact(
        "results/junit.xml", .xml, reader: "\(JUnitReader.self)", fuzz: ["junit"],
        collected: .withOption(["results-json"]), marksRun: true, man: results, size: .results, step: .results)
    public static let xcresulttoolVersion = EvidenceArtifact(
        "results/xcresulttool-version.txt", .text, reader: "\(XcresulttoolVersionReader.self)", fuzz: ["xcresulttool-version"],
        collected: .withOption(["xcresult", "results-json"]), marksRun: true, man: results, size: .results, step: .results)
    /// Its Info.plist through `XCResultInfoReader`, its `Data/` through `XCResultGraphReader`.
    public static let resultBundle = EvidenceArtifact(
        "results/NAME.xcresult/", .resultBundle, reader: "\(XCResultInfoReader.self), \(XCResultGraphReader.self)",
        fuzz: ["xcresult-info", "xcresult-object", "xcresult-refs", "xcresult-folder"],
        collected: .withOption(["include-xcresult"]), marksRun: true, man: results, size: .results, step: .results)
    public static let resultBundleInfoPlist = EvidenceArtifact(
        "results/Info.plist", .propertyList, reader: "\(XCResultInfoReader.self)", fuzz: ["xcresult-info"],
        collected: .withOption(["xcresult", "results-json"]), marksRun: true, man: results, size: .plist, step: .results)
    public static let inventoryJSON = EvidenceArtifact(
        "container/inventory.json", .json, reader: "\(NcduInventoryReader.self)", fuzz: ["ncdu"], collected: .always,
        marksRun: true, man: inventory, size: .inventory, step: .inventory)
    public static let filesList = EvidenceArtifact(
        "container/files.txt", .text, reader: "\(FileListInventoryReader.self)", fuzz: ["filelist"], collected: .never,
        marksRun: true, man: inventory, size: .inventory, step: .inventory)
    public static let sizesList = EvidenceArtifact(
        "container/sizes.txt", .text, reader: "\(FileListInventoryReader.self)", fuzz: ["filelist"], collected: .never,
        marksRun: true, man: inventory, size: .inventory, step: .inventory)
    public static let excludedList = EvidenceArtifact(
        "container/excluded.txt", .text, reader: "\(FileListInventoryReader.self), \(BackupFlagMerge.self)", fuzz: ["filelist"],
        collected: .never, marksRun: true, man: inventory, size: .inventory, step: .inventory)
    public static let xattrDump = EvidenceArtifact(
        "container/xattr.txt", .text, reader: "\(XattrDumpReader.self)", fuzz: ["xattr", "filelist"], collected: .always,
        marksRun: true, man: inventory, size: .inventory, step: .inventory)
    public static let duTotals = EvidenceArtifact(
        "container/du.txt", .text, reader: "\(DuReader.self)", fuzz: ["du"], collected: .always,
        marksRun: true, man: "Directory totals", size: .metadata, step: .directoryTotals)
    public static let steps = EvidenceArtifact(
        "steps.tsv", .text, reader: "\(StepsReader.self)", fuzz: ["steps"], collected: .withOption(["steps"]),
        marksRun: false, man: "Creation steps", size: .steps, step: .steps)
    /// Birth and modification times of the items (the list forms', and what `collect` writes), for the creation-step inference.
    public static let timesList = EvidenceArtifact(
        "container/times.txt", .text, reader: "\(TimesReader.self)", fuzz: ["times"], collected: .always,
        marksRun: true, man: "Creation steps", size: .steps, step: .steps)
    public static let rules = EvidenceArtifact(
        "rules.json", .json, reader: "\(RulesReader.self)", fuzz: ["rules"], collected: .withOption(["rules"]),
        marksRun: false, man: "Rules and app", size: .rules, step: .rawArtifacts)
    public static let appInfoPlist = EvidenceArtifact(
        "app/Info.plist", .propertyList, reader: "\(PropertyListReader.self)", fuzz: ["property-list"],
        collected: .withOption(["app-info-plist"]), marksRun: false, man: "Rules and app", size: .plist, step: .rawArtifacts)
    /// Copies of `Library/Preferences/**/*.plist`, by their path below `Library/Preferences`.
    public static let preferences = EvidenceArtifact(
        "container/preferences/<path>.plist", .propertyList, reader: "\(PropertyListReader.self)", fuzz: ["property-list"],
        collected: .never, marksRun: true, man: "Rules and app", size: .plist, step: .rawArtifacts)

    /// Every row, in the order exhibit-bundle(5) lists them.
    public static let all: [EvidenceArtifact] = [
        runMetadata, summaryJSON, testsJSON, legacyJSON, junitXML, xcresulttoolVersion, resultBundle, resultBundleInfoPlist,
        inventoryJSON, filesList, sizesList, excludedList, xattrDump, duTotals, steps, timesList, rules, appInfoPlist, preferences,
    ]

    /// The row a bundle-relative path belongs to, if any.
    public static func row(for relativePath: String) -> EvidenceArtifact? {
        all.first { $0.matches(relativePath) }
    }

    /// The top-level names that mark a directory as a run bundle, in the table's order
    /// (`results`, `container`; a lone run.json marks none, see `RunDetection`).
    public static let runMarkers: [String] = all.filter(\.marksRun).map(\.topLevelName)
        .reduce(into: []) { names, name in if !names.contains(name) { names.append(name) } }

    /// The one-file rows: what a forced collect clears before writing, so a second
    /// collect into one RUN never mixes files of two runs.
    public static let fixedPaths: [String] = all.filter(\.isFixedPath).map(\.path)

    /// The layout drawing at the top of exhibit-bundle(5) DESCRIPTION.
    public static func manualLayout() -> String {
        ".Bd -literal -offset indent\nRUN/\n" + all.map { "  \($0.path)\n" }.joined() + ".Ed\n"
    }
}
