import ExhibitCore
import ExhibitRules

/// A sparkline: one character per value, eight heights, scaled from zero to the
/// largest value shown. Scaling from zero keeps a 0.1 % wobble of a big directory
/// flat; a directory that doubles still shows it. Missing values are blanks, a value
/// not known (`VolumeDrift.Volume.unknown`) is `?` and scales nothing. ASCII terminals
/// get `_.-~=+*#`.
public enum Sparkline {
    static let unicodeLevels: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    static let asciiLevels: [Character] = ["_", ".", "-", "~", "=", "+", "*", "#"]
    /// A value not known: ASCII, so the same under `Glyphs.ascii`, and no level's glyph.
    static let unknownMark: Character = "?"

    public static func render(_ values: [VolumeDrift.Volume?], glyphs: Glyphs) -> String {
        let levels = glyphs.unicodeText ? unicodeLevels : asciiLevels
        let known = values.compactMap { value -> UInt64? in
            if case .bytes(let bytes)? = value { return bytes }
            return nil
        }
        let high = known.max() ?? 0
        return String(
            values.map { value -> Character in
                switch value {
                case nil: return " "
                case .unknown?: return unknownMark
                case .bytes(let value)?:
                    guard high > 0 else { return levels[0] }
                    let level = Int(saturating: (Double(value) / Double(high) * Double(levels.count - 1)).rounded())
                    return levels[min(max(level, 0), levels.count - 1)]
                }
            })
    }
}
