import Testing

@testable import ExhibitCore

@Suite struct XMLScannerTests {
    let file = "results/junit.xml"

    func parse(_ text: String) throws(Diagnostic) -> ScannedXMLElement {
        try XMLScanner.parse(Array(text.utf8), file: file)
    }

    func failure(_ text: String) -> Diagnostic? {
        failure(Array(text.utf8))
    }

    func failure(_ bytes: [UInt8]) -> Diagnostic? {
        do {
            _ = try XMLScanner.parse(bytes, file: file)
            return nil
        } catch {
            return error
        }
    }

    @Test func readsDeclarationCommentsInstructionsAndDoctype() throws {
        let root = try parse(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- written by a converter -->
            <!DOCTYPE testsuites [ <!ENTITY x "y"> ]>
            <?xml-stylesheet href="junit.xsl"?>
            <testsuites name='All tests'><!-- inside --><testsuite name="A"/></testsuites>
            <!-- trailing comment -->

            """)
        #expect(root.name == "testsuites")
        #expect(root[attribute: "name"] == "All tests")
        #expect(root.children.map(\.name) == ["testsuite"])
        #expect(root.children[0].children.isEmpty)
    }

    @Test func resolvesEntitiesAndCharacterReferences() throws {
        let root = try parse(#"<f message="a &lt; b &amp;&amp; c &gt; d &quot;q&quot; &apos;s&apos; &#65;&#x42;&#x1F600;">x &amp; y&#10;z</f>"#)
        #expect(root[attribute: "message"] == "a < b && c > d \"q\" 's' AB😀")
        #expect(root.text == "x & y\nz")
    }

    @Test func keepsCDATAVerbatimAndJoinsText() throws {
        let root = try parse("<failure>before <![CDATA[if a < b && c]]> after</failure>")
        #expect(root.text == "before if a < b && c after")
    }

    @Test func normalisesLineEndsInTextAndAttributes() throws {
        let root = try parse("<a v=\"one\r\ntwo\tthree\">x\r\ny\rz</a>")
        #expect(root[attribute: "v"] == "one two three")
        #expect(root.text == "x\ny\nz")
    }

    @Test func recordsOffsetsOfElements() throws {
        let root = try parse("<a>\n  <b/>\n</a>")
        #expect(root.offset == 0)
        #expect(root.children.first?.offset == 6)
    }

    @Test func mismatchedTagNamesBothPlaces() throws {
        let error = try #require(failure("<testsuites>\n  <testsuite>\n    <testcase>\n  </testsuite>\n</testsuites>"))
        #expect(error.description == "results/junit.xml:4:3: error: expected </testcase> to close <testcase> opened at 3:5, found </testsuite>")
    }

    @Test func unclosedElementAtEndOfFile() throws {
        let error = try #require(failure("<testsuites>\n<testsuite name=\"A\">"))
        #expect(error.message == "expected </testsuite> to close <testsuite> opened at 2:1, found end of file")
        #expect(error.position?.line == 2)
        #expect(error.position?.column == 21)
    }

    @Test(arguments: [
        ("", "expected an XML document, found an empty file", 1, 1),
        ("   \n", "expected a root element, found end of file", 2, 1),
        ("junit", "expected '<' starting the root element, found 'j'", 1, 1),
        ("<a>&nbsp;</a>", "expected an entity (&lt; &gt; &amp; &apos; &quot; &#N; &#xN;), found &nbsp;", 1, 4),
        ("<a>fish & chips</a>", "expected an entity such as &amp; or &#38; (a bare '&' must be written &amp;)", 1, 9),
        ("<a>&#0;</a>", "expected an entity (&lt; &gt; &amp; &apos; &quot; &#N; &#xN;), found &#0;", 1, 4),
        ("<a>&#xD800;</a>", "expected an entity (&lt; &gt; &amp; &apos; &quot; &#N; &#xN;), found &#xD800;", 1, 4),
        ("<a b=c/>", "expected a quoted value for the attribute b, found 'c'", 1, 6),
        ("<a b=\"1\" b=\"2\"/>", "attribute b repeated in <a>", 1, 10),
        ("<a b=\"x<y\"/>", "expected no '<' inside the attribute b (escape it as &lt;), found '<'", 1, 8),
        ("<a b=\"1\"c=\"2\"/>", "expected whitespace, '>' or '/>' in the start tag <a>, found 'c'", 1, 9),
        ("<a><!-- never closed </a>", "expected '-->' to end the comment opened at 1:4, found end of file", 1, 26),
        ("<a><![CDATA[open", "expected ']]>' to end the CDATA section opened at 1:4, found end of file", 1, 17),
        ("<a/><b/>", "expected end of file after the root element </a>, found '<'", 1, 5),
        ("<a/>text", "expected end of file after the root element </a>, found 't'", 1, 5),
        ("</a>", "expected '<' starting the root element, found '<'", 1, 1),
    ])
    func malformedDocumentsArePositioned(text: String, message: String, line: Int, column: Int) throws {
        let error = try #require(failure(text))
        #expect(error.file == file)
        #expect(error.message == message)
        #expect(error.position?.line == line)
        #expect(error.position?.column == column)
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let root = try XMLScanner.parse([0xEF, 0xBB, 0xBF] + Array("<testsuites/>".utf8), file: file)
        #expect(root.name == "testsuites")
    }

    @Test func invalidUTF8BecomesReplacementCharacters() throws {
        let root = try XMLScanner.parse(Array("<f m=\"".utf8) + [0xFF] + Array("\">".utf8) + [0xC3] + Array("</f>".utf8), file: file)
        #expect(root[attribute: "m"] == "\u{FFFD}")
        #expect(root.text == "\u{FFFD}")
    }

    @Test func tenThousandDeepNestingIsRefusedWithoutRecursion() throws {
        let deep = String(repeating: "<a>", count: 10_000) + String(repeating: "</a>", count: 10_000)
        let error = try #require(failure(deep))
        #expect(error.message == "expected nesting no deeper than 256 elements, found '<'")
        #expect(error.position?.byteOffset == 256 * 3)
        let allowed = String(repeating: "<a>", count: 300) + String(repeating: "</a>", count: 300)
        let root = try XMLScanner.parse(Array(allowed.utf8), file: file, depthLimit: 400)
        #expect(root.children.count == 1)
    }
}
