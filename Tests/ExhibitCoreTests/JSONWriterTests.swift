import Testing

@testable import ExhibitCore

@Suite struct JSONWriterTests {
    @Test func keepsKeyOrderAndEscapes() throws {
        let text = JSONWriter.render(
            .object([
                ("run", .string("run-1")),
                ("name", .string("a\"b\\c\n\u{1B}[2J\u{202E}")),
                ("counts", .array([.int(1), .uint(2), .double(1.5), .double(3)])),
                ("empty", .object([])),
                ("none", .optional(nil as String?)),
            ]))
        #expect(
            text == """
                {
                  "run": "run-1",
                  "name": "a\\"b\\\\c\\n\\u001b[2J\\u202e",
                  "counts": [
                    1,
                    2,
                    1.5,
                    3
                  ],
                  "empty": {},
                  "none": null
                }

                """)
        // The output is valid JSON for our own parser, and the text round-trips.
        let parsed = try JSONDocument.parse(Array(text.utf8), file: "x")
        #expect(parsed["name"]?.string == "a\"b\\c\n\u{1B}[2J\u{202E}")
        #expect(parsed["counts"]?.array?.count == 4)
    }
}
