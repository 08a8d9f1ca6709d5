/// Byte counts for people, in binary units: `0 B`, `512 B`, `12 KiB`, `370.0 MiB`, `1.5 GiB`.
///
/// Bytes and KiB are whole numbers (du counts KiB, a tenth of one says nothing);
/// MiB and up carry one decimal. A value that would round up to 1024 of a unit is
/// shown in the next unit (`1.0 MiB`, never `1024 KiB`).
public enum ByteSize {
    package static let units = ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB"]

    public static func format(_ bytes: UInt64) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        var unit = 0
        var value = Double(bytes) / 1024
        while unit + 1 < units.count {
            let shown = unit == 0 ? value.rounded() : (value * 10).rounded() / 10
            if shown < 1024 { break }
            value /= 1024
            unit += 1
        }
        if unit == 0 { return "\(Int(value.rounded())) KiB" }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }

    /// Parses `"500 MiB"`, `"1.5GiB"`, `"12 KiB"`, `"0 B"` or a plain byte count `"4096"`.
    /// Binary units only: `MB`/`GB` are refused (nil) because rules files should not leave
    /// readers guessing whether a megabyte is 10^6 or 2^20 bytes.
    public static func parse(_ text: String) -> UInt64? {
        var trimmed = Substring(text)
        while trimmed.first == " " { trimmed.removeFirst() }
        while trimmed.last == " " { trimmed.removeLast() }
        let numberEnd = trimmed.firstIndex(where: { !($0.isASCII && ($0.isNumber || $0 == ".")) }) ?? trimmed.endIndex
        let numberText = trimmed[..<numberEnd]
        let unitText = String(trimmed[numberEnd...].drop(while: { $0 == " " }))
        guard !numberText.isEmpty, numberText.filter({ $0 == "." }).count <= 1, numberText.first != ".", numberText.last != "." else { return nil }
        let multiplier: UInt64
        switch unitText {
        case "", "B": multiplier = 1
        case "KiB": multiplier = 1 << 10
        case "MiB": multiplier = 1 << 20
        case "GiB": multiplier = 1 << 30
        case "TiB": multiplier = 1 << 40
        default: return nil
        }
        if !numberText.contains(".") {
            guard let whole = UInt64(numberText) else { return nil }
            let (product, overflow) = whole.multipliedReportingOverflow(by: multiplier)
            return overflow ? nil : product
        }
        guard multiplier > 1, let value = Double(numberText) else { return nil }  // "1.5 B" is not a byte count
        let bytes = (value * Double(multiplier)).rounded()
        guard bytes < 1.8e19 else { return nil }
        return UInt64(bytes)
    }
}
