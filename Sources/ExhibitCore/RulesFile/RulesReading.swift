/// A bundle's `rules.json` as the loader read it, kept so a command holds the run
/// against the rules without parsing the file a second time (`summary` reports it,
/// `check`, `note`, `diff`, the run list and the UI use it).
public struct RulesReading: Sendable {
    /// The rules, or the error that stopped the reader.
    public var result: Result<RulesInventory, Diagnostic>
    /// The reader's warnings (before the error, when there is one).
    public var warnings: [Diagnostic]

    public init(result: Result<RulesInventory, Diagnostic>, warnings: [Diagnostic]) {
        self.result = result
        self.warnings = warnings
    }

    /// Reads `bytes` as the rules file `file`.
    public static func read(_ bytes: [UInt8], file: String) -> RulesReading {
        var warnings: [Diagnostic] = []
        do {
            let rules = try RulesReader.read(bytes, file: file, warnings: &warnings)
            return RulesReading(result: .success(rules), warnings: warnings)
        } catch {
            return RulesReading(result: .failure(error), warnings: warnings)
        }
    }
}
