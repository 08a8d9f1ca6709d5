import Testing

@testable import ExhibitCore

@Suite struct TypedObjectParserTests {
    func parse(_ text: String) throws -> XCResultValue { try TypedObjectParser.parse(Array(text.utf8)) }

    /// The prefix of a real root object (Xcode 26.1.1), closed.
    @Test func readsTheRealShape() throws {
        let text =
            "[T[K2:_nV23:ActionsInvocationRecord]K7:actions[T[K2:_nV5:Array][T[K2:_nV12:ActionRecord]"
            + "K12:actionResult[T[K2:_nV12:ActionResult]K6:status[T[K2:_nV6:String]K2:_vV6:failed]"
            + "K8:testsRef[T[K2:_nV9:Reference]K2:id[S6:StringK2:_vV3:0~x]]]K5:title[S6:StringK2:_vV4:Test]]]]"
        let root = try #require(try parse(text).object)
        #expect(root.typeName == "ActionsInvocationRecord")
        let action = try #require(root.objects("actions").first)
        #expect(action.typeName == "ActionRecord")
        #expect(action.string("title") == "Test")
        #expect(action.object("actionResult")?.string("status") == "failed")
        #expect(action.object("actionResult")?.referenceText("testsRef") == "0~x")
        #expect(action.object("actionResult")?["status"] == .scalar(type: "String", text: "failed"))
    }

    @Test func keepsSupertypesAndUnknownNamesAndKeys() throws {
        let text =
            "[T[K2:_nV17:ActionTestSummaryK2:_s[K2:_nV35:ActionTestSummaryIdentifiableObjectK2:_s[K2:_nV25:ActionAbstractTestSummary]]]"
            + "K9:brandNew2[T[K2:_nV14:FutureXcodeObjK5:extra[S6:StringK2:_vV1:x]]K3:bar[T[K2:_nV6:String]K2:_vV1:y]]]"
        let object = try #require(try parse(text).object)
        #expect(object.supertypes == ["ActionTestSummaryIdentifiableObject", "ActionAbstractTestSummary"])
        #expect(object.object("brandNew2")?.typeName == "FutureXcodeObj")
        #expect(object.object("brandNew2")?.string("bar") == "y")
    }

    /// Lengths, not delimiters: brackets and markers inside a value are data.
    @Test func valuesAreBinarySafe() throws {
        let payload = "a]b[K2:V9:\u{0}\u{1B}[31m"
        let text = "[T[K2:_nV6:String]K2:_vV\(payload.utf8.count):\(payload)]"
        #expect(try parse(text) == .scalar(type: "String", text: payload))
    }

    @Test func writerOutputRoundTrips() throws {
        let value = TokenValue.object(
            "ActionTestSummary", supertypes: ["ActionAbstractTestSummary"],
            [
                ("identifier", .string("VaultTests/testCache()")),
                (
                    "failureSummaries",
                    .array([
                        .object("ActionTestFailureSummary", [("lineNumber", .int(41))]),
                        .object("ActionTestFailureSummary", [("lineNumber", .int(42))]),
                    ])
                ),
            ])
        let object = try #require(try TypedObjectParser.parse(TokenWriter.encode(value)).object)
        #expect(object.string("identifier") == "VaultTests/testCache()")
        #expect(object.objects("failureSummaries").map { $0.string("lineNumber") } == ["41", "42"])
    }

    /// Cut anywhere, the object is rejected with an offset, never a trap or a hang.
    @Test func everyTruncationIsRejected() throws {
        let bytes = TokenWriter.encode(
            .object(
                "ActionRecord",
                [
                    ("title", .string("Testing workspace Vault with scheme Vault")),
                    ("runs", .array([.object("Run", [("n", .int(1))]), .object("Run", [("n", .int(2))])])),
                ]))
        _ = try TypedObjectParser.parse(bytes)
        for cut in 0..<bytes.count {
            #expect(throws: TypedObjectParser.Failure.self, "cut at \(cut)") { try TypedObjectParser.parse(Array(bytes.prefix(cut))) }
        }
    }

    @Test func hostileShapesAreRejectedWithAPosition() {
        let cases: [(String, Int)] = [
            ("", 0), ("[", 1), ("[X", 1), ("[S6:String", 10), ("[S6:StringK2:_vV99999999999:x]", 16),
            ("[S6:StringK2:_vV50:short]", 16), ("[S6:StringQ]", 10), ("[T[K2:_x]]", 8), ("[S6:String]junk", 11),
            ("[S2:ab" + "K1:k" + "V-1:]", 11),
        ]
        for (text, offset) in cases {
            #expect(throws: TypedObjectParser.Failure.self, "\(text)") { try TypedObjectParser.parse(Array(text.utf8)) }
            do {
                _ = try TypedObjectParser.parse(Array(text.utf8))
            } catch {
                #expect(error.offset == offset, "\(text): \(error)")
            }
        }
    }

    @Test func deepNestingIsBounded() {
        let deep = String(repeating: "[S1:AK1:k", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: TypedObjectParser.Failure.self) { try TypedObjectParser.parse(Array(deep.utf8)) }
        let deepTypes = "[T" + String(repeating: "[K2:_nV1:AK2:_s", count: 10_000) + "[K2:_nV1:B]"
        #expect(throws: TypedObjectParser.Failure.self) { try TypedObjectParser.parse(Array(deepTypes.utf8)) }
    }
}
