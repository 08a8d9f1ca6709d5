/// The triage UI's load in two parts (issue 19: "nothing runs before the first paint that
/// the first paint does not need"). The first screen shows the tree, its sizes and flags,
/// the header's tests and the rules' marks; it never shows an item's creation step or
/// times. So the `steps` step (steps.tsv, times.txt: at a million files a 79 MB file,
/// as large as the rest of a `find` list run) is left to `DeferredLoad.finish`, which the
/// UI runs off its thread before the rules check, whose classifier reads the steps. So
/// is the warning of device-name twins (a pass over every directory, 12 % of a 1M ncdu
/// JSON run's first screen): its warnings are listed a moment later.
///
/// The finished bundle is the one `load(runID:from:)` gives, byte for byte in what any
/// command prints: the deferred step's diagnostics and file states go where a load in
/// one pass puts them (after the inventory's), not at the end.
extension BundleLoader {
    /// The steps a first screen can do without.
    static let stepsAfterFirstScreen: [Step] = [.deviceNameTwins, .steps]

    /// Loads every step but `stepsAfterFirstScreen`, reporting to `observer` as
    /// `load(runID:from:observer:)` does; nil once it is cancelled. The bundle names the
    /// deferred files that are present in `EvidenceBundle.stillLoading`.
    public static func loadFirstScreen<Source: EvidenceSource>(
        runID: String, from source: Source, observer: LoadObserver
    ) -> (bundle: EvidenceBundle, rest: DeferredLoad)? {
        let observed = ObservedEvidenceSource(base: source, observer: observer)
        var loader = Loading(bundle: EvidenceBundle(runID: runID), source: observed)
        loader.observer = observer
        var marks: (diagnostics: Int, files: Int)?
        for step in Step.allCases where !stepsAfterFirstScreen.contains(step) {
            guard !observer.isCancelled else { return nil }
            loader.run(step)
            if step == .inventory { marks = (loader.bundle.diagnostics.count, loader.bundle.files.count) }
        }
        guard !observer.isCancelled else { return nil }
        loader.fillMetadataGaps()
        var bundle = loader.bundle
        bundle.stillLoading = [EvidenceLayout.steps, EvidenceLayout.timesList].filter { source.exists($0) }
        let rest = DeferredLoad(source: source, diagnosticsMark: marks?.diagnostics ?? 0, filesMark: marks?.files ?? 0)
        return (bundle, rest)
    }
}

/// What `BundleLoader.loadFirstScreen` left to read: the `steps` step, run on the bundle
/// the first screen shows. Holds the source only, so it can be carried to a worker.
public struct DeferredLoad: Sendable {
    private let run: @Sendable (EvidenceBundle) -> EvidenceBundle

    init<Source: EvidenceSource>(source: Source, diagnosticsMark: Int, filesMark: Int) {
        run = { partial in
            var loader = Loading(bundle: partial, source: source)
            loader.bundle.stillLoading = []
            let diagnosticsBefore = loader.bundle.diagnostics.count
            let filesBefore = loader.bundle.files.count
            for step in BundleLoader.stepsAfterFirstScreen { loader.run(step) }
            var bundle = loader.bundle
            // Moved to where a one-pass load appends them: after the inventory step's.
            let diagnostics = bundle.diagnostics[diagnosticsBefore...]
            bundle.diagnostics.removeSubrange(diagnosticsBefore...)
            bundle.diagnostics.insert(contentsOf: diagnostics, at: min(diagnosticsMark, diagnosticsBefore))
            let files = bundle.files[filesBefore...]
            bundle.files.removeSubrange(filesBefore...)
            bundle.files.insert(contentsOf: files, at: min(filesMark, filesBefore))
            return bundle
        }
    }

    /// The bundle `BundleLoader.load(runID:from:)` would have given, from the partial
    /// one `loadFirstScreen` gave.
    public func finish(_ partial: EvidenceBundle) -> EvidenceBundle { run(partial) }
}
