/// A typed object of a result bundle as the token grammar spells it, the same tree
/// `xcresulttool get --legacy --format json` prints: objects with a type name and
/// keyed fields, arrays, and scalars (every scalar is text, as in the JSON: `"21"`,
/// `"true"`, `"2025-11-24T11:52:25.472+0500"`).
public indirect enum XCResultValue: Sendable, Equatable {
    case object(XCResultObject)
    case array([XCResultValue])
    /// A scalar: its type name when it came wrapped (`[S6:StringK2:_vV…]`), and its text.
    case scalar(type: String?, text: String)

    public var object: XCResultObject? {
        if case .object(let o) = self { return o }
        return nil
    }

    public var text: String? {
        if case .scalar(_, let t) = self { return t }
        return nil
    }
}

public struct XCResultObject: Sendable, Equatable {
    public var typeName: String
    /// The supertype chain of the type's first use (`ActionTestSummary` →
    /// `ActionTestSummaryIdentifiableObject` → …); empty for a later use (`S…`).
    public var supertypes: [String]
    /// Fields in the order they were written.
    public var fields: [(key: String, value: XCResultValue)]

    public init(typeName: String, supertypes: [String] = [], fields: [(key: String, value: XCResultValue)] = []) {
        self.typeName = typeName
        self.supertypes = supertypes
        self.fields = fields
    }

    public subscript(key: String) -> XCResultValue? {
        fields.first(where: { $0.key == key })?.value
    }

    /// The text of scalar field `key`.
    public func string(_ key: String) -> String? { self[key]?.text }

    public func object(_ key: String) -> XCResultObject? { self[key]?.object }

    /// The elements of array field `key`; empty when absent (the format omits empty arrays).
    public func array(_ key: String) -> [XCResultValue] {
        if case .array(let items)? = self[key] { return items }
        return []
    }

    /// The object elements of array field `key`.
    public func objects(_ key: String) -> [XCResultObject] { array(key).compactMap(\.object) }

    /// The id a `Reference` field names (`{"_t": "Reference", "id": "0~…"}`), as written.
    public func referenceText(_ key: String) -> String? { object(key)?.string("id") }

    public static func == (a: XCResultObject, b: XCResultObject) -> Bool {
        a.typeName == b.typeName && a.supertypes == b.supertypes && a.fields.count == b.fields.count
            && zip(a.fields, b.fields).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}
