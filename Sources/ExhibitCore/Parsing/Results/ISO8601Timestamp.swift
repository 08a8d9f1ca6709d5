/// Parses the ISO 8601 timestamps the results tools print into seconds since 1970:
/// legacy xcresulttool Dates (`2026-01-01T09:00:05.109+0200`: milliseconds, offset
/// without a colon), plus `Z` and `+02:00` offsets and missing fractions. Hand-written
/// because ISO8601DateFormatter's option sets differ between Darwin and Linux
/// Foundation for colon-less offsets, and a date must read the same on both.
public enum ISO8601Timestamp {
    public static func secondsSince1970(_ text: String) -> Double? {
        parse(text)?.seconds
    }

    /// The zone the text was written in, seconds east of UTC (`+0500` is 18000; `Z` is 0);
    /// nil when the text has no offset or is not a timestamp. The session log's local
    /// stamps are placed on the UTC clock with the action's offset.
    public static func utcOffsetSeconds(_ text: String) -> Int? {
        guard let parsed = parse(text), parsed.hasOffset else { return nil }
        return parsed.offset
    }

    private static func parse(_ text: String) -> (seconds: Double, offset: Int, hasOffset: Bool)? {
        let b = Array(text.utf8)
        var i = 0
        func number(_ digits: Int) -> Int? {
            guard i + digits <= b.count else { return nil }
            var v = 0
            for k in i..<(i + digits) {
                guard (0x30...0x39).contains(b[k]) else { return nil }
                v = v * 10 + Int(b[k] - 0x30)
            }
            i += digits
            return v
        }
        func skip(_ c: Unicode.Scalar) -> Bool {
            guard i < b.count, b[i] == UInt8(ascii: c) else { return false }
            i += 1
            return true
        }
        guard let year = number(4), skip("-"), let month = number(2), skip("-"), let day = number(2),
            skip("T") || skip(" "), let hour = number(2), skip(":"), let minute = number(2), skip(":"),
            let second = number(2)
        else { return nil }
        guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second <= 60 else { return nil }
        var fraction = 0.0
        if skip(".") || skip(",") {
            var scale = 0.1
            let start = i
            while i < b.count, (0x30...0x39).contains(b[i]) {
                fraction += Double(b[i] - 0x30) * scale
                scale /= 10
                i += 1
            }
            guard i > start else { return nil }
        }
        var offsetSeconds = 0
        var hasOffset = true
        if skip("Z") {
            offsetSeconds = 0
        } else if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
            let sign = b[i] == UInt8(ascii: "-") ? -1 : 1
            i += 1
            guard let oh = number(2) else { return nil }
            _ = skip(":")
            let om = number(2) ?? 0
            guard oh < 24, om < 60 else { return nil }
            offsetSeconds = sign * (oh * 3600 + om * 60)
        } else {
            hasOffset = false
        }
        guard i == b.count else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let local = Double(days * 86_400 + hour * 3600 + minute * 60 + second) + fraction
        return (local - Double(offsetSeconds), offsetSeconds, hasOffset)
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let shiftedMonth = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
