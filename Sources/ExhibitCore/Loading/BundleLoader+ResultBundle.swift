/// The result bundles a run holds (`results/*.xcresult`): each one's Info.plist, its
/// `Data/` store read directly (XCResultGraphReader), and its `database.sqlite3` where
/// xcresulttool left one (read by the source, `EvidenceSource.readResultDatabase`).
/// Which of the two gives the results is decided in one place, `ResultBundleReadPlan`.
extension Loading {
    package mutating func loadResultBundles(limits: XCResultLimits = .standard) {
        let names = source.list(EvidenceLayout.resultsDirectory).filter { $0.hasSuffix(".xcresult") }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        for name in names {
            let bundlePath = "\(EvidenceLayout.resultsDirectory)/\(name)"
            let plist = bundlePath + "/Info.plist"
            var info: XCResultInfo?
            if source.exists(plist) {
                info = read(XCResultInfoReader.self, plist)
                if let info { bundle.xcresultInfo.append(info) }
            }
            let dataDirectory = bundlePath + "/Data"
            let databaseFile = bundlePath + "/" + ResultBundleReadPlan.databaseName
            let hasData = !source.list(dataDirectory).isEmpty
            let database = source.readResultDatabase(databaseFile)

            var fromData: TestResults?
            if hasData {
                if let info {
                    var store = XCResultStore(source: source, bundlePath: bundlePath, limits: limits)
                    let read = XCResultGraphReader.read(&store, rootID: info.rootID, infoFile: plist)
                    bundle.diagnostics += read.diagnostics
                    loadSessionLogs(&store, rootID: info.rootID)
                    if bundle.metadata.xcodeVersion == nil { bundle.metadata.xcodeVersion = read.xcodeVersion }
                    if let results = read.results {
                        fromData = results
                        record(dataDirectory, .loaded)
                    } else {
                        let problem =
                            read.diagnostics.first(where: { $0.severity == .error })
                            ?? .error(dataDirectory, "no test results could be read")
                        record(dataDirectory, .malformed(problem))
                    }
                } else {
                    let problem = Diagnostic.error(
                        plist, "the result bundle's Info.plist is missing or unreadable: its root object is unknown, so Data/ was not read")
                    bundle.diagnostics.append(problem)
                    record(dataDirectory, .malformed(problem))
                }
            } else if source.exists(plist) || database.isPresent {
                // Only Info.plist copied (the capture checklist's minimum), or a bundle
                // fastlane trimmed to its database: no objects to read.
                record(dataDirectory, .missing)
            }

            var fromDatabase: XCResultDatabaseContents?
            switch database {
            case .absent: break
            case .unsupported:
                bundle.diagnostics.append(.note(databaseFile, "present, not read: this source cannot open SQLite databases"))
            case .unreadable(let why):
                let problem = Diagnostic.error(
                    databaseFile,
                    "cannot be read as a result database (\(why)); "
                        + (fromData == nil ? "the bundle's tests are unknown" : "the results come from Data/ alone, without call stacks or captured values"))
                bundle.diagnostics.append(problem)
                record(databaseFile, .malformed(problem))
            case .read(let contents):
                fromDatabase = contents
                bundle.diagnostics += contents.diagnostics.map { d in
                    var d = d
                    d.file = databaseFile + (d.file.isEmpty ? "" : " (\(d.file))")
                    return d
                }
                record(databaseFile, .loaded)
            }

            let plan = ResultBundleReadPlan(data: fromData, database: fromDatabase, databaseFile: databaseFile)
            if let note = plan.note { bundle.diagnostics.append(note) }
            bundle.diagnostics += plan.disagreements
            if let results = plan.results { bundle.results.append(results) }
        }
    }

    /// Results files of one run that disagree with the one whose counts are shown (the
    /// result bundle itself, else the richest print): a warning against each, naming
    /// both files and both counts, and the tests only one of them records as failing
    /// (`ResultsMerge.disagreements`). The failing tests of all are listed either way.
    mutating func warnResultDisagreements() {
        for disagreement in ResultsMerge.disagreements(in: bundle.results) {
            bundle.diagnostics.append(ResultsMerge.warning(disagreement))
        }
    }
}
