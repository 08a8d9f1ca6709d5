/// The human `duration` text of a tests.json node, for Xcode before 16.3 which prints
/// no `durationInSeconds`. It is locale dependent: `0,0021s` (comma decimal), `22s`,
/// `1m 5s`, `1h 2m 3s`. `ms` is accepted too (not seen in Apple's output, harmless).
public enum TestDurationText {
    public static func seconds(_ text: String) -> Double? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\u{00A0}" })
        guard !words.isEmpty else { return nil }
        var total = 0.0
        for word in words {
            let units: [(suffix: String, scale: Double)] = [("ms", 0.001), ("h", 3600), ("m", 60), ("s", 1)]
            guard let unit = units.first(where: { word.hasSuffix($0.suffix) }) else { return nil }
            let number = word.dropLast(unit.suffix.count).replacingOccurrences(",", with: ".")
            guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
                let value = Double(number)
            else { return nil }
            total += value * unit.scale
        }
        return total.isFinite ? total : nil
    }
}

extension Substring {
    fileprivate func replacingOccurrences(_ target: Character, with replacement: Character) -> String {
        String(map { $0 == target ? replacement : $0 })
    }
}
