import Testing

@testable import ExhibitCore

@Suite struct TimestampTests {
    @Test func formatsUTC() {
        #expect(Timestamp.utc(1767225600.125) == "2026-01-01 00:00:00 UTC")
        #expect(Timestamp.iso8601(0) == "1970-01-01T00:00:00Z")
        #expect(Timestamp.iso8601(951_782_400) == "2000-02-29T00:00:00Z")
        #expect(Timestamp.iso8601(-1) == "1969-12-31T23:59:59Z")
        #expect(Timestamp.utc(.nan) == "????-??-?? ??:??:?? UTC")
    }

    /// What may be printed as a date: 1970 to the end of 9999; the rest is said unusable.
    @Test func usableDates() {
        #expect(Timestamp.utcIfUsable(0) == "1970-01-01 00:00:00 UTC")
        #expect(Timestamp.iso8601IfUsable(253_402_300_799) == "9999-12-31T23:59:59Z")
        for bad in [253_402_300_800, 1e13, 1e300, -1, .infinity, .nan] as [Double] {
            #expect(!Timestamp.isUsable(bad), "\(bad)")
            #expect(Timestamp.utcIfUsable(bad) == nil)
        }
    }
}
