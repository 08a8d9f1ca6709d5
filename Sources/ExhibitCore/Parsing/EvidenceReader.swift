/// The shape every artifact reader has: bytes in, a value out, warnings on the side,
/// and a positioned `Diagnostic` thrown when the artifact is unusable. Readers do no
/// I/O, so they are unit tested and fuzzed directly.
public protocol EvidenceReader {
    associatedtype Output
    static func read(_ bytes: [UInt8], file: String, warnings: inout [Diagnostic]) throws(Diagnostic) -> Output
}
