@testable import ExhibitCore

/// Runs a reader on text, returning the value and the warnings it collected.
func readText<R: EvidenceReader>(_ reader: R.Type, _ text: String, file: String) throws(Diagnostic) -> (R.Output, [Diagnostic]) {
    try readBytes(reader, Array(text.utf8), file: file)
}

func readBytes<R: EvidenceReader>(_ reader: R.Type, _ bytes: [UInt8], file: String) throws(Diagnostic) -> (R.Output, [Diagnostic]) {
    var warnings: [Diagnostic] = []
    let output = try R.read(bytes, file: file, warnings: &warnings)
    return (output, warnings)
}

/// The diagnostic a reader throws on `bytes`; nil when it reads them.
func thrownDiagnostic<R: EvidenceReader>(_ reader: R.Type, _ bytes: [UInt8], file: String) -> Diagnostic? {
    do {
        _ = try readBytes(reader, bytes, file: file)
        return nil
    } catch {
        return error
    }
}

func thrownDiagnostic<R: EvidenceReader>(_ reader: R.Type, _ text: String, file: String) -> Diagnostic? {
    thrownDiagnostic(reader, Array(text.utf8), file: file)
}

/// `depth` nested arrays: `[[[…]]]`.
func deeplyNestedJSON(_ depth: Int) -> [UInt8] {
    Array(repeating: UInt8(ascii: "["), count: depth) + Array(repeating: UInt8(ascii: "]"), count: depth)
}
