/// steps.tsv read on the second core while a `find` list's sizes.txt is read on the
/// first (issue 19): at a million deep paths the two are half of `summary`, one after
/// the other, and both only read the entries files.txt made, whose ids the finished
/// inventory keeps. What the read found waits here for the `steps` step, which records
/// and applies it where a load in one pass does, so the bundle is the same.
///
/// Only for a load that runs the `steps` step in the same pass (not the UI's first
/// screen, which leaves it for later), and only where a path names at most one node
/// (`StepAssignment.resolvesByIndex`), as the streamed assignment needs.
final class StepsReadAlongside: @unchecked Sendable {
    enum Outcome {
        case missing
        case unopenable(EvidenceSourceError)
        case read(StreamingStepAssignment, warnings: [Diagnostic])
        case failed(Diagnostic, warnings: [Diagnostic], readFailure: EvidenceSourceError?)
    }

    /// Written on the second core while the list reader waits for it, read after.
    var outcome: Outcome?

    /// Reads `file` against `lookup`, letting go of the lookup before it returns. The
    /// stream is not counted by a progress display (`UncountedStreaming`): the progress
    /// shows sizes.txt, read at the same time.
    static func read(_ file: String, from source: some EvidenceSource, against lookup: InventoryNameLookup) -> Outcome {
        let stream: FailureRecordingStream
        do throws(EvidenceSourceError) {
            let opened: (any EvidenceStream)?
            if let uncounted = source as? any UncountedStreaming {
                opened = try uncounted.uncountedStream(file)
            } else {
                opened = try source.stream(file)
            }
            guard let opened else { return .missing }
            stream = FailureRecordingStream(opened)
        } catch {
            return .unopenable(error)
        }
        var sink = StreamingStepAssignment(lookup: lookup)
        var warnings: [Diagnostic] = []
        do throws(Diagnostic) {
            try StepsReader.read(stream: stream, file: file, into: &sink, warnings: &warnings)
        } catch {
            return .failed(error, warnings: warnings, readFailure: stream.failure)
        }
        sink.releaseLookup()
        return .read(sink, warnings: warnings)
    }
}

extension Loading {
    /// The work the list reader runs beside sizes.txt: steps.tsv, when this load reads it
    /// in the same pass. Its outcome is kept in `stepsReadAlongside`.
    mutating func stepsAlongsideSizes() -> WorkAlongsideSizes? {
        guard readsStepsAlongsideSizes, resolvingStepsAsRead, source.exists(EvidenceLayout.steps) else { return nil }
        let box = StepsReadAlongside()
        stepsReadAlongside = box
        let source = self.source
        return WorkAlongsideSizes(
            run: { lookup in
                guard lookup.resolvesByIndex else { return }
                box.outcome = StepsReadAlongside.read(EvidenceLayout.steps, from: source, against: lookup)
            },
            discard: { box.outcome = nil })
    }

    /// The `steps` step from what was read beside sizes.txt; false when nothing was (or it
    /// is void: entries added since, by excluded.txt, might be named by records that
    /// matched none then), and the step reads the file itself.
    mutating func applyStepsReadAlongside() -> Bool {
        guard let outcome = stepsReadAlongside?.outcome else { return false }
        stepsReadAlongside = nil
        let file = EvidenceLayout.steps
        switch outcome {
        case .missing:
            record(file, .missing)
        case .unopenable(let error):
            record(file, .unreadable(error.reason))
            bundle.diagnostics.append(.error(file, error.reason))
        case .failed(let error, let warnings, let failure):
            _ = parse(file, readFailure: { failure }) { (w: inout [Diagnostic]) throws(Diagnostic) -> Void in
                w = warnings
                throw error
            }
        case .read(let sink, let warnings):
            guard let inventory = bundle.inventory else { return false }
            if inventory.count > sink.nodeCount && sink.unmatchedCount > 0 { return false }
            _ = parse(file) { (w: inout [Diagnostic]) throws(Diagnostic) -> Void in w = warnings }
            // One owner of the node array while the steps are written, so it is not copied.
            bundle.inventory = nil
            var applied = consume inventory
            let unmatched = sink.apply(to: &applied)
            bundle.inventory = applied
            noteUnmatchedSteps(count: unmatched.count, examples: unmatched.examples)
        }
        return true
    }
}
