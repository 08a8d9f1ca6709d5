import Foundation

/// Loads one archived run from an `EvidenceSource`: every artifact that is present is
/// read, each failure is recorded against its file, and nothing stops the rest of the
/// bundle from loading. Pure: the source supplies the bytes.
public enum BundleLoader {
    /// The steps of a load, in order; each reads the `EvidenceArtifact` rows that name
    /// it. Later steps use what earlier ones loaded (steps and du totals are held
    /// against the inventory).
    public enum Step: String, Sendable, CaseIterable {
        /// `deviceNameTwins` reads no file: it warns of names in the inventory that could
        /// not coexist on the device, a pass over every directory that the first screen
        /// can do without.
        case metadata, results, inventory, deviceNameTwins, steps, directoryTotals, rawArtifacts
    }

    public static func load(runID: String, from source: some EvidenceSource) -> EvidenceBundle {
        load(runID: runID, from: source, steps: Step.allCases)
    }

    /// Loads the run as `load(runID:from:)` does, reporting its progress to `observer`
    /// and stopping once the observer is cancelled (the next chunk read, or the next
    /// step, whichever comes first); nil then: a half-read run is never shown.
    public static func load(runID: String, from source: some EvidenceSource, observer: LoadObserver) -> EvidenceBundle? {
        let observed = ObservedEvidenceSource(base: source, observer: observer)
        var loader = Loading(bundle: EvidenceBundle(runID: runID), source: observed)
        loader.observer = observer
        loader.readsStepsAlongsideSizes = true
        for step in Step.allCases {
            guard !observer.isCancelled else { break }
            loader.run(step)
        }
        guard !observer.isCancelled else { return nil }
        loader.fillMetadataGaps()
        return loader.bundle
    }

    /// Only `steps` (in `Step` order), then the metadata gaps filled: what the table's
    /// test uses to see that each row is read by the step it names. `resolvingStepsAsRead`
    /// false keeps steps.tsv's records and applies them after the read, as loads did
    /// before `StreamingStepAssignment` (the tests compare the two). `stepsAlongsideSizes`
    /// false reads steps.tsv after the inventory, never beside sizes.txt (the same).
    package static func load(
        runID: String, from source: some EvidenceSource, steps: [Step], resolvingStepsAsRead: Bool = true, stepsAlongsideSizes: Bool = true
    ) -> EvidenceBundle {
        var loader = Loading(bundle: EvidenceBundle(runID: runID), source: source)
        loader.resolvingStepsAsRead = resolvingStepsAsRead
        loader.readsStepsAlongsideSizes = stepsAlongsideSizes && steps.contains(.steps)
        for step in Step.allCases where steps.contains(step) { loader.run(step) }
        loader.fillMetadataGaps()
        return loader.bundle
    }
}

/// The mutable state of one load; each `load…` step handles one kind of evidence.
package struct Loading<Source: EvidenceSource> {
    package var bundle: EvidenceBundle
    let source: Source
    /// steps.tsv's records resolved as they stream (`StreamingStepAssignment`) where the
    /// inventory allows; false keeps them all first (the tests' reference).
    var resolvingStepsAsRead = true
    /// Who is told how far the load has come (the inventory's entries), when someone is.
    var observer: LoadObserver?
    /// This load runs the `steps` step in the same pass: a `find` list's steps.tsv is read
    /// on the second core beside sizes.txt (`StepsReadAlongside`).
    var readsStepsAlongsideSizes = false
    /// What was read so, for the `steps` step.
    var stepsReadAlongside: StepsReadAlongside?

    package init(bundle: EvidenceBundle, source: Source) {
        self.bundle = bundle
        self.source = source
    }

    /// Reads a file, recording `missing` or `unreadable`. Returns nil in both cases.
    mutating func bytes(of file: String) -> [UInt8]? {
        do {
            guard let b = try source.read(file) else {
                record(file, .missing)
                return nil
            }
            return b
        } catch {
            record(file, .unreadable(error.reason))
            bundle.diagnostics.append(.error(file, error.reason))
            return nil
        }
    }

    mutating func record(_ file: String, _ state: EvidenceFileStatus.State) {
        if let i = bundle.files.firstIndex(where: { $0.file == file }) {
            bundle.files[i].state = state
        } else {
            bundle.files.append(EvidenceFileStatus(file: file, state: state))
        }
    }

    /// Runs a reader over a present file; records `loaded` or `malformed`.
    package mutating func read<R: EvidenceReader>(_ reader: R.Type, _ file: String) -> R.Output? {
        guard let b = bytes(of: file) else { return nil }
        return read(reader, file, b)
    }

    mutating func read<R: EvidenceReader>(_ reader: R.Type, _ file: String, _ b: [UInt8]) -> R.Output? {
        parse(file) { w throws(Diagnostic) in try R.read(b, file: file, warnings: &w) }
    }

    /// Runs a reader over `file`; records `loaded` or `malformed`, or `unreadable` when
    /// `readFailure` says why its bytes stopped coming.
    mutating func parse<T>(
        _ file: String, readFailure: () -> EvidenceSourceError? = { nil },
        _ body: (inout [Diagnostic]) throws(Diagnostic) -> T
    ) -> T? {
        var warnings: [Diagnostic] = []
        do {
            let value = try body(&warnings)
            bundle.diagnostics += warnings
            record(file, .loaded)
            return value
        } catch {
            bundle.diagnostics += Self.excerpt(of: warnings, file: file)
            bundle.diagnostics.append(error)
            if let failure = readFailure() {
                record(file, .unreadable(failure.reason))
            } else {
                record(file, .malformed(error))
            }
            return nil
        }
    }

    /// `rules.json` read, with absent and unreadable told apart (see `BundleRules`).
    mutating func rulesFile() -> BundleRules {
        if let b = bytes(of: EvidenceLayout.rules) { return .present(b) }
        if case .unreadable(let why)? = bundle.status(of: EvidenceLayout.rules) { return .unreadable(reason: why) }
        return .absent
    }

    /// How many of a rejected file's warnings are kept. A file with no usable record is
    /// not the kind expected (a copy of /etc/passwd as du.txt): each warning quotes a
    /// line of it, and a hundred of them would print the file.
    static var rejectedFileWarnings: Int { 2 }

    /// The first warnings about a rejected file, then one note for the rest.
    static func excerpt(of warnings: [Diagnostic], file: String) -> [Diagnostic] {
        var kept: [Diagnostic] = []
        var aboutFile = 0
        for w in warnings {
            if w.file == file {
                aboutFile += 1
                if aboutFile > rejectedFileWarnings { continue }
            }
            kept.append(w)
        }
        if aboutFile > rejectedFileWarnings {
            kept.append(.note(file, "further warnings not listed: the file has no usable record, so it is quoted no further"))
        }
        return kept
    }

    // MARK: - Steps of a load

    mutating func run(_ step: BundleLoader.Step) {
        switch step {
        case .metadata: loadMetadata()
        case .results: loadResults()
        case .inventory: loadInventory()
        case .deviceNameTwins: warnOfDeviceNameTwins()
        case .steps:
            loadSteps()
            loadTimes()
        case .directoryTotals: loadDirectoryTotals()
        case .rawArtifacts: loadRawArtifacts()
        }
    }

    package mutating func loadMetadata() {
        if let m = read(RunMetadataReader.self, EvidenceLayout.runMetadata) { bundle.metadata = m }
    }

    mutating func loadResults() {
        if let r = read(SummaryJSONReader.self, EvidenceLayout.summaryJSON) { bundle.results.append(r) }
        if let r = read(TestsJSONReader.self, EvidenceLayout.testsJSON) { bundle.results.append(r) }
        if let r = read(LegacyJSONReader.self, EvidenceLayout.legacyJSON) { bundle.results.append(r) }
        if let r = read(JUnitReader.self, EvidenceLayout.junitXML) { bundle.results.append(r) }

        // A results/ that cannot be listed is one problem, said once; its files are then
        // unreadable, not missing.
        recordListingFailure(EvidenceLayout.resultsDirectory)
        // The result bundle: copied whole (`results/Run.xcresult/`, its Data/ read
        // directly) or its Info.plist alone (`results/Info.plist`), as the capture
        // checklist does.
        loadResultBundles()
        bundle.results.sort { $0.source < $1.source }
        warnResultDisagreements()
        let plist = EvidenceLayout.resultBundleInfoPlist
        if source.exists(plist), let info = read(XCResultInfoReader.self, plist) { bundle.xcresultInfo.append(info) }
        if let bytes = bytes(of: EvidenceLayout.xcresulttoolVersion),
            read(XcresulttoolVersionReader.self, EvidenceLayout.xcresulttoolVersion, bytes) != nil,
            bundle.metadata.xcresulttoolVersion == nil
        {
            // Keep the line as printed: formats differ between Xcode 16 and 26.
            let line = bytes.split(separator: 0x0A, omittingEmptySubsequences: true).first ?? []
            bundle.metadata.xcresulttoolVersion = String(decoding: line, as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
        if bundle.results.isEmpty {
            bundle.diagnostics.append(.warning("results", "no usable results (a result bundle's Data/, summary.json, tests.json, legacy.json or junit.xml)"))
        }
    }

    /// inventory.json streamed through the reader, so the file (93 MB at a million
    /// entries) is never in memory beside the inventory; records it as `read` does.
    mutating func streamInventoryJSON() -> NcduInventoryReader.Document? {
        let file = EvidenceLayout.inventoryJSON
        let observer = self.observer
        return parseStreamed(file) { stream, w throws(Diagnostic) in
            try NcduInventoryReader.readDocument(stream: stream, file: file, progress: observer, warnings: &w)
        }
    }

    /// Opens `file` as a stream and runs `reader` over it, recording the file as `read`
    /// does: `missing`, `unreadable` (when it cannot be opened, or its bytes stop coming
    /// midway), `loaded` or `malformed`.
    mutating func parseStreamed<T>(
        _ file: String,
        _ reader: (any EvidenceStream, inout [Diagnostic]) throws(Diagnostic) -> T
    ) -> T? {
        let stream: FailureRecordingStream
        do {
            guard let opened = try source.stream(file) else {
                record(file, .missing)
                return nil
            }
            stream = FailureRecordingStream(opened)
        } catch {
            record(file, .unreadable(error.reason))
            bundle.diagnostics.append(.error(file, error.reason))
            return nil
        }
        return parse(file, readFailure: { stream.failure }) { w throws(Diagnostic) in try reader(stream, &w) }
    }

    package mutating func loadInventory() {
        if let doc = streamInventoryJSON() {
            bundle.inventory = doc.inventory
            observer?.entriesRead(doc.inventory.count)
            bundle.inventorySource = EvidenceLayout.inventoryJSON
            bundle.inventoryProducer = doc.programName
            if let times = doc.times { bundle.fileTimes = times }
            for file in [EvidenceLayout.filesList, EvidenceLayout.sizesList] {
                if source.exists(file) { record(file, .superseded(by: EvidenceLayout.inventoryJSON)) }
            }
            if doc.inventory.flagCoverage != .unrecorded { bundle.flagSources.append(EvidenceLayout.inventoryJSON) }
            applyFlagCompanions(baseFile: EvidenceLayout.inventoryJSON, prefixes: [doc.rootName], excludedListApplied: false)
            warnIfNotAnAppDataContainer()
            return
        }
        let inventoryWasMalformed = bundle.status(of: EvidenceLayout.inventoryJSON) != .missing
        guard let files = listArtifact(EvidenceLayout.filesList) else {
            for file in [EvidenceLayout.sizesList, EvidenceLayout.excludedList, EvidenceLayout.xattrDump] {
                if source.exists(file) {
                    bundle.diagnostics.append(.warning(file, "ignored: there is no container/files.txt it could describe"))
                }
            }
            if !inventoryWasMalformed {
                bundle.diagnostics.append(.warning("container", "no container inventory (inventory.json or files.txt)"))
            }
            return
        }
        if inventoryWasMalformed {
            bundle.diagnostics.append(.note(EvidenceLayout.filesList, "used instead of the malformed container/inventory.json"))
        }
        // Read when the reader applies them, in this order (xattr.txt only without
        // excluded.txt: with it the list reader takes the flags from excluded.txt, and the
        // dump is merged afterwards as the weaker source, `applyFlagCompanions`).
        var present: [String] = []
        var lists: [String: ListArtifact] = [:]
        var asked: [FileListInventoryReader.Companion] = []
        func companion(_ which: FileListInventoryReader.Companion) -> ListArtifact? {
            asked.append(which)
            let file = which == .sizes ? EvidenceLayout.sizesList : EvidenceLayout.excludedList
            guard let list = listArtifact(file) else { return nil }
            present.append(file)
            lists[file] = list
            return list
        }
        func xattr() -> ArtifactBytes? {
            asked.append(.xattr)
            guard let b = bytes(of: EvidenceLayout.xattrDump) else { return nil }
            present.append(EvidenceLayout.xattrDump)
            return ArtifactBytes(file: EvidenceLayout.xattrDump, bytes: b)
        }
        var warnings: [Diagnostic] = []
        do {
            let list = try FileListInventoryReader.read(
                files: files, companion: { companion($0) }, xattr: { xattr() }, alongsideSizes: stepsAlongsideSizes(), warnings: &warnings)
            bundle.diagnostics += warnings
            bundle.inventory = list.inventory
            observer?.entriesRead(list.inventory.count)
            bundle.inventorySource = EvidenceLayout.filesList
            record(EvidenceLayout.filesList, .loaded)
            for file in present {
                if list.usedCompanions.contains(file) {
                    record(file, .loaded)
                    if file != EvidenceLayout.sizesList { bundle.flagSources.append(file) }
                } else if let failure = lists[file]?.readFailure {
                    // Its bytes stopped coming while it was walked (past the window its scan read).
                    record(file, .unreadable(failure.reason))
                } else if let failure = warnings.first(where: { $0.file == file && $0.severity == .error }) {
                    record(file, .malformed(failure))
                } else {
                    record(file, .superseded(by: EvidenceLayout.excludedList))
                }
            }
            // The reader has already warned, with the position of the first such line.
            bundle.strippedAbsolutePrefix = list.strippedPrefix
            bundle.inventoryListDoubt = list.listDoubt
            bundle.flagRecordDoubts += list.flagDoubts
            if present.contains(EvidenceLayout.excludedList) {
                applyFlagCompanions(
                    baseFile: EvidenceLayout.excludedList, prefixes: [list.strippedPrefix.map { Array($0.utf8) } ?? []],
                    excludedListApplied: true)
            }
            warnIfNotAnAppDataContainer()
        } catch {
            // Unusable files.txt: the companions are still looked at, so their absence or
            // unreadability is recorded as it is with a usable list.
            if !asked.contains(.sizes) { _ = companion(.sizes) }
            if !asked.contains(.excluded), companion(.excluded) == nil, !asked.contains(.xattr) { _ = xattr() }
            bundle.diagnostics += warnings
            bundle.diagnostics.append(error)
            if let failure = files.readFailure {
                record(EvidenceLayout.filesList, .unreadable(failure.reason))
            } else {
                record(EvidenceLayout.filesList, .malformed(error))
            }
        }
    }

    /// An inventory whose top level holds none of an app data container's names is said
    /// so against its file (`Inventory.notAnAppDataContainer`); `check` lists it as not
    /// checked (`UncheckedEvidence`) and does not pass.
    mutating func warnIfNotAnAppDataContainer() {
        guard let inventory = bundle.inventory, let file = bundle.inventorySource, let why = inventory.notAnAppDataContainer else { return }
        bundle.diagnostics.append(.warning(file, why))
    }

    /// A path list opened as a stream and its first window scanned (`ListArtifact.scan`), recorded
    /// as `bytes(of:)` records a file: `missing`, or `unreadable` with an error when it
    /// cannot be opened or its bytes stop coming. The reader walks it again from a fresh
    /// stream, so the list is never held whole.
    mutating func listArtifact(_ file: String) -> ListArtifact? {
        let source = self.source
        do {
            guard let stream = try source.stream(file) else {
                record(file, .missing)
                return nil
            }
            return try ListArtifact.scan(file: file, stream: stream) { () throws(EvidenceSourceError) in try source.stream(file) }
        } catch {
            record(file, .unreadable(error.reason))
            bundle.diagnostics.append(.error(file, error.reason))
            return nil
        }
    }

    /// Siblings whose names would be one file on the device (NFC/NFD or case-only
    /// twins): a warning each, naming both spellings with their scalars written out,
    /// as the two would otherwise print as the same line.
    mutating func warnOfDeviceNameTwins() {
        guard let inventory = bundle.inventory, let file = bundle.inventorySource else { return }
        let limit = 20
        let found = inventory.deviceNameTwins(limit: limit)
        for twin in found.twins {
            let first = TerminalText.spelledOut(TerminalText.escape(inventory.path(twin.first)))
            let second = TerminalText.spelledOut(TerminalText.escape(inventory.name(twin.second)))
            let why =
                switch twin.kind {
                case .normalization: "they differ only in Unicode normalization (NFC/NFD), and APFS takes both for one name"
                case .caseOnly: "they differ only in case, and the volume of a simulator's container is case-insensitive by default"
                }
            bundle.diagnostics.append(
                .warning(
                    file,
                    "\"\(first)\" and its sibling \"\(second)\" cannot coexist on the device: \(why); the inventory was not listed from one real container as it stood"
                ))
        }
        if found.total > found.twins.count {
            bundle.diagnostics.append(
                .warning(file, "\(found.total - found.twins.count) more pairs of names that cannot coexist on the device (the first \(limit) are listed)"))
        }
    }

    /// steps.tsv streamed in batches of lines (`StepsReader.records(stream:)`): the file is
    /// never held whole beside its records, and a sparse file's one giant line never at all.
    mutating func streamSteps() -> StepRecords? {
        let file = EvidenceLayout.steps
        return parseStreamed(file) { stream, w throws(Diagnostic) in
            try StepsReader.records(stream: stream, file: file, warnings: &w)
        }
    }

    /// Every source of flags beside the inventory, applied to the one tree
    /// (`BackupFlagMerge`): excluded.txt (unless the list reader already used it), then
    /// xattr.txt. A damaged companion costs only its own flags.
    mutating func applyFlagCompanions(baseFile: String, prefixes: [[UInt8]], excludedListApplied: Bool) {
        let excludedPending = !excludedListApplied && source.exists(EvidenceLayout.excludedList)
        guard excludedPending || source.exists(EvidenceLayout.xattrDump), let inventory = bundle.inventory else { return }
        // One owner of the node array while the flags are written, so it is not copied.
        bundle.inventory = nil
        var merge = BackupFlagMerge(inventory: consume inventory, baseFile: baseFile, prefixes: prefixes)
        if excludedPending, let b = bytes(of: EvidenceLayout.excludedList) {
            var warnings: [Diagnostic] = []
            merge.applyExcludedList(ArtifactBytes(file: EvidenceLayout.excludedList, bytes: b), warnings: &warnings)
            bundle.diagnostics += warnings
            record(EvidenceLayout.excludedList, .loaded)
            bundle.flagSources.append(EvidenceLayout.excludedList)
        }
        if source.exists(EvidenceLayout.xattrDump), let b = bytes(of: EvidenceLayout.xattrDump) {
            _ = parse(EvidenceLayout.xattrDump) { w throws(Diagnostic) in
                try merge.applyXattrDump(ArtifactBytes(file: EvidenceLayout.xattrDump, bytes: b), warnings: &w)
            }
            if bundle.status(of: EvidenceLayout.xattrDump) == .loaded { bundle.flagSources.append(EvidenceLayout.xattrDump) }
        }
        bundle.flagRecordDoubts += merge.linesInDoubt
        bundle.inventory = merge.inventory
    }

    /// The records are applied and dropped (nothing reads them after: 85 MB at a million);
    /// where a path names at most one node they are applied as they stream and never
    /// kept (`StreamingStepAssignment`), the records of a file cut short discarded.
    mutating func loadSteps() {
        if applyStepsReadAlongside() { return }
        // Asked only of a run that has steps.tsv: the question is a pass over every node.
        if resolvingStepsAsRead, let inventory = bundle.inventory, source.exists(EvidenceLayout.steps),
            StepAssignment.resolvesByIndex(inventory)
        {
            let file = EvidenceLayout.steps
            var sink = StreamingStepAssignment(inventory: inventory)
            let read: Void? = parseStreamed(file) { stream, w throws(Diagnostic) in
                try StepsReader.read(stream: stream, file: file, into: &sink, warnings: &w)
            }
            guard read != nil else { return }
            // One owner of the node array while the steps are written, so it is not copied.
            bundle.inventory = nil
            var applied = consume inventory
            let unmatched = sink.apply(to: &applied)
            bundle.inventory = applied
            noteUnmatchedSteps(count: unmatched.count, examples: unmatched.examples)
            return
        }
        guard let records = streamSteps() else { return }
        guard let inventory = bundle.inventory else { return }
        // One owner of the node array while the steps are written, so it is not copied.
        bundle.inventory = nil
        var applied = consume inventory
        let unmatched = StepAssignment.apply(records, to: &applied)
        bundle.inventory = applied
        noteUnmatchedSteps(count: unmatched.count, examples: unmatched.prefix(3).map { ($0.line, $0.path) })
    }

    mutating func noteUnmatchedSteps(count: Int, examples: [(line: Int, path: String)]) {
        guard count > 0 else { return }
        let listed = examples.map { "line \($0.line): \($0.path)" }.joined(separator: "; ")
        bundle.diagnostics.append(
            .note(EvidenceLayout.steps, "\(count) step record(s) name paths not in the inventory (\(listed))"))
    }

    mutating func loadDirectoryTotals() {
        guard let totals = read(DuReader.self, EvidenceLayout.duTotals) else { return }
        bundle.duTotals = totals
        guard let inventory = bundle.inventory else { return }
        for mismatch in DirectoryTotalsComparison.mismatches(du: totals, inventory: inventory) {
            bundle.diagnostics.append(.warning(EvidenceLayout.duTotals, at: SourcePosition(line: mismatch.line, column: 1, byteOffset: 0), mismatch.message))
        }
    }

    package mutating func loadRawArtifacts() {
        bundle.rules = rulesFile()
        if let b = bundle.rules.bytes {
            // Read once, here: `summary` reports a broken rules file instead of "loaded",
            // and `check`, `note`, the run list and the UI take the reading from the bundle.
            let reading = RulesReading.read(b, file: EvidenceLayout.rules)
            bundle.rulesReading = reading
            _ = parse(EvidenceLayout.rules) { w throws(Diagnostic) in
                w = reading.warnings
                return try reading.result.get()
            }
        }
        if let b = bytes(of: EvidenceLayout.appInfoPlist) {
            bundle.appInfoPlistBytes = b
            // The raw bytes stay for other readers; a plist that does not decode, or whose
            // top is not a dictionary, is recorded malformed, and the background tasks are
            // then not checked (`EvidenceBundle.appInfoPlistProblem`).
            bundle.appInfo = parse(EvidenceLayout.appInfoPlist) { w throws(Diagnostic) in
                try PropertyListReader.decodeDictionary(b, file: EvidenceLayout.appInfoPlist, warnings: &w).value
            }
        }
        loadPreferences()
    }

    /// A directory that is there but cannot be listed, recorded as unreadable.
    mutating func recordListingFailure(_ directory: String) {
        guard let why = source.listingFailure(directory) else { return }
        record(directory, .unreadable(why))
        bundle.diagnostics.append(.error(directory, "cannot be listed: \(why)"))
    }

    /// `container/preferences/<path>.plist`, each decoded on its own: one malformed copy
    /// is recorded against its file and the rest (and the whole bundle) still load.
    mutating func loadPreferences() {
        let directory = EvidenceLayout.preferencesDirectory
        if let why = source.listingFailure(directory) {
            bundle.preferencesDirectory = .unlistable(why)
            recordListingFailure(directory)
        } else {
            bundle.preferencesDirectory = source.exists(directory) || !source.list(directory).isEmpty ? .listed : .missing
        }
        var pending = [(bundlePath: EvidenceLayout.preferencesDirectory, relative: "", depth: 0)]
        var found: [(file: String, relative: String)] = []
        while let dir = pending.popLast() {
            for name in source.list(dir.bundlePath) {
                let file = dir.bundlePath + "/" + name
                let relative = dir.relative.isEmpty ? name : dir.relative + "/" + name
                if name.hasSuffix(".plist") {
                    found.append((file, relative))
                } else if dir.depth < 4 {
                    pending.append((file, relative, dir.depth + 1))
                }
            }
        }
        for (file, relative) in found.sorted(by: { $0.file.utf8.lexicographicallyPrecedes($1.file.utf8) }) {
            let containerPath = EvidenceLayout.containerPreferencesDirectory + "/" + relative
            guard let b = bytes(of: file) else {
                // There but not readable (a directory, a FIFO, a link out of the run): kept,
                // so the contracts on it say why they are not decided.
                if case .unreadable(let why)? = bundle.status(of: file) {
                    bundle.preferences.append(
                        PreferenceFile(file: file, containerPath: containerPath, value: nil, format: nil, problem: .error(file, why)))
                }
                continue
            }
            do {
                let decoded = try PropertyListReader.decodeDictionary(b, file: file, warnings: &bundle.diagnostics)
                record(file, .loaded)
                bundle.preferences.append(PreferenceFile(file: file, containerPath: containerPath, value: decoded.value, format: decoded.format))
            } catch {
                bundle.diagnostics.append(error)
                record(file, .malformed(error))
                bundle.preferences.append(PreferenceFile(file: file, containerPath: containerPath, value: nil, format: nil, problem: error))
            }
        }
    }

    /// What the results carry (device, OS version, scheme, times) fills gaps in run.json.
    package mutating func fillMetadataGaps() {
        guard let r = bundle.primaryResults else { return }
        var m = bundle.metadata
        if m.scheme == nil { m.scheme = r.scheme }
        if m.startTime == nil { m.startTime = r.startTime }
        if m.finishTime == nil { m.finishTime = r.finishTime }
        if let d = r.devices.first {
            if m.deviceName == nil { m.deviceName = d.name }
            if m.deviceIdentifier == nil { m.deviceIdentifier = d.identifier }
            if m.runtimeVersion == nil { m.runtimeVersion = d.osVersion }
            if m.runtimeBuild == nil { m.runtimeBuild = d.osBuildNumber }
        }
        bundle.metadata = m
    }
}

/// Remembers a read failure, so the loader records a file that could not be read to the
/// end as unreadable, not malformed.
final class FailureRecordingStream: EvidenceStream {
    private let inner: any EvidenceStream
    private(set) var failure: EvidenceSourceError?

    init(_ inner: any EvidenceStream) { self.inner = inner }

    var sizeHint: Int? { inner.sizeHint }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(EvidenceSourceError) -> Int {
        do {
            return try inner.read(into: buffer)
        } catch {
            failure = error
            throw error
        }
    }
}
