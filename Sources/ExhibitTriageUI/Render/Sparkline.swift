import ExhibitCore
import ExhibitRules

/// A sparkline: one character per value, eight heights, scaled from zero to the
/// largest value shown. Scaling from zero keeps a 0.1 % wobble of a big directory
/// flat; a directory that doubles still shows it. Missing values are blanks. ASCII
/// terminals get `_.-~=+*#`.
public enum Sparkline {
    static let unicodeLevels: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    static let asciiLevels: [Character] = ["_", ".", "-", "~", "=", "+", "*", "#"]

    public static func render(_ values: [UInt64?], glyphs: Glyphs) -> String {
        let levels = glyphs.unicodeText ? unicodeLevels : asciiLevels
        let known = values.compactMap { $0 }
        guard let high = known.max() else { return String(repeating: " ", count: values.count) }
        return String(
            values.map { value -> Character in
                guard let value else { return " " }
                guard high > 0 else { return levels[0] }
                let level = Int(saturating: (Double(value) / Double(high) * Double(levels.count - 1)).rounded())
                return levels[min(max(level, 0), levels.count - 1)]
            })
    }
}
