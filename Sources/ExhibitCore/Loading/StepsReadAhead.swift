import Foundation

/// steps.tsv read on a thread of its own while the rest of the run loads (issue 19): its
/// records do not depend on the inventory until they are applied (`Loading.loadSteps`),
/// and with a files.txt inventory the two halves are of a size (at a million entries,
/// 79 MB of steps beside 126 MB of lists), so on two cores the load takes about as long
/// as its longer half. Only the reading happens early: the outcome is recorded against
/// the file, and its warnings join the bundle's, at the `steps` step, in the order a load
/// on one thread gives.
final class StepsReadAhead: @unchecked Sendable {
    enum Outcome {
        case missing
        case openFailed(EvidenceSourceError)
        /// The reader's result, its warnings, and why the bytes stopped coming, if they did.
        case read(Result<StepRecords, Diagnostic>, warnings: [Diagnostic], failure: EvidenceSourceError?)
    }

    private let finished = DispatchSemaphore(value: 0)
    /// Written once by the reading thread before `finished` is signalled; read after.
    private var outcome: Outcome?

    init(file: String, from source: some EvidenceSource) {
        let thread = Thread { [self] in
            outcome = Self.read(file, from: source)
            finished.signal()
        }
        thread.start()
    }

    /// Waits for the read to end.
    func wait() -> Outcome {
        finished.wait()
        finished.signal()  // a second wait returns at once
        return outcome ?? .missing
    }

    private static func read(_ file: String, from source: some EvidenceSource) -> Outcome {
        let opened: (any EvidenceStream)?
        do {
            opened = try source.stream(file)
        } catch {
            return .openFailed(error)
        }
        guard let opened else { return .missing }
        let stream = FailureRecordingStream(opened)
        var warnings: [Diagnostic] = []
        do {
            let records = try StepsReader.records(stream: stream, file: file, warnings: &warnings)
            return .read(.success(records), warnings: warnings, failure: stream.failure)
        } catch {
            return .read(.failure(error), warnings: warnings, failure: stream.failure)
        }
    }
}
