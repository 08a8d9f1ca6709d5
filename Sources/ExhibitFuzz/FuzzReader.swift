import ExhibitCore
import ExhibitRules
import Foundation

/// The fuzz target this run drives, picked by `EXHIBIT_FUZZ_READER` from the core's one
/// table (`EvidenceFuzzTarget.all`, named as the corpus folders under Tests/fuzz/corpus).
/// One binary serves them all, so each keeps its own corpus and coverage.
enum FuzzReader {
    static let environmentKey = "EXHIBIT_FUZZ_READER"
    /// Read once: the callback runs for every input.
    static let selected: EvidenceFuzzTarget? = ProcessInfo.processInfo.environment[environmentKey].flatMap(EvidenceFuzzTarget.named)

    /// Runs the target over one input. A broken contract traps on purpose, so libFuzzer
    /// records the input as a crasher.
    static func run(_ target: EvidenceFuzzTarget, _ bytes: [UInt8]) {
        if let broken = target.check(bytes) { preconditionFailure("\(target.name): \(broken)") }
    }
}
