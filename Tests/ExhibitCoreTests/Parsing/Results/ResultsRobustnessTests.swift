import Testing

@testable import ExhibitCore
@testable import ExhibitSynthetic

/// Every prefix and many single-byte corruptions of every sample: each reader either
/// reads the bytes or throws a Diagnostic naming the file, never traps.
@Suite struct ResultsRobustnessTests {
    static let samples: [(name: String, text: String, read: @Sendable ([UInt8], String) -> Diagnostic?)] = [
        ("results/summary.json", ResultsSamples.summaryJSON, { thrownDiagnostic(SummaryJSONReader.self, $0, file: $1) }),
        ("results/tests.json", ResultsSamples.testsJSON, { thrownDiagnostic(TestsJSONReader.self, $0, file: $1) }),
        ("results/legacy.json", ResultsSamples.legacyJSON, { thrownDiagnostic(LegacyJSONReader.self, $0, file: $1) }),
        ("results/junit.xml", ResultsSamples.junitXML, { thrownDiagnostic(JUnitReader.self, $0, file: $1) }),
    ]

    @Test(arguments: 0..<4)
    func everyPrefixIsReadOrDiagnosed(sample: Int) {
        let (name, text, read) = Self.samples[sample]
        let bytes = Array(text.utf8)
        var diagnosed = 0
        for length in 0..<bytes.count {
            if let error = read(Array(bytes[..<length]), name) {
                diagnosed += 1
                #expect(error.file == name)
                #expect(error.position != nil)
            }
        }
        // Only a prefix that happens to end a complete document may read cleanly.
        #expect(diagnosed >= bytes.count - 2)
    }

    @Test(arguments: 0..<4)
    func corruptedBytesAreReadOrDiagnosed(sample: Int) {
        let (name, text, read) = Self.samples[sample]
        let original = Array(text.utf8)
        let replacements: [UInt8] = [0x00, 0x22, 0x27, 0x3C, 0x3E, 0x26, 0x5B, 0x7B, 0x7D, 0x5C, 0xFF, 0x0A]
        var generator = SplitMix64(seed: UInt64(sample) &+ 0x5EED)
        for _ in 0..<600 {
            var bytes = original
            let at = Int(generator.next() % UInt64(bytes.count))
            bytes[at] = replacements[Int(generator.next() % UInt64(replacements.count))]
            if let error = read(bytes, name) { #expect(error.file == name) }
        }
    }
}

/// A tiny deterministic generator, so a failing corruption can be replayed.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
