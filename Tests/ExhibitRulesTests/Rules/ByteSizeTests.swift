import Testing

@testable import ExhibitCore

@Suite struct ByteSizeTests {
    @Test func formatsInBinaryUnits() {
        #expect(ByteSize.format(0) == "0 B")
        #expect(ByteSize.format(1023) == "1023 B")
        #expect(ByteSize.format(1024) == "1 KiB")
        #expect(ByteSize.format(12 * 1024) == "12 KiB")
        #expect(ByteSize.format(1_048_575) == "1.0 MiB")
        #expect(ByteSize.format(388_000_000) == "370.0 MiB")
        #expect(ByteSize.format(406_847_488) == "388.0 MiB")
        #expect(ByteSize.format(1_610_612_736) == "1.5 GiB")
        #expect(ByteSize.format(UInt64.max) == "16.0 EiB")
    }

    @Test func parsesBinarySizesAndRefusesDecimalUnits() {
        #expect(ByteSize.parse("500 MiB") == 500 * 1_048_576)
        #expect(ByteSize.parse("1.5GiB") == 1_610_612_736)
        #expect(ByteSize.parse(" 12 KiB ") == 12_288)
        #expect(ByteSize.parse("0 B") == 0)
        #expect(ByteSize.parse("4096") == 4096)
        #expect(ByteSize.parse("500 MB") == nil)
        #expect(ByteSize.parse("1.5 B") == nil)
        #expect(ByteSize.parse("MiB") == nil)
        #expect(ByteSize.parse("1..5 MiB") == nil)
        #expect(ByteSize.parse("99999999999999 TiB") == nil)
        #expect(ByteSize.parse("-1 MiB") == nil)
    }
}
