/// Access to the `_type`/`_value` encoding of `xcresulttool get --legacy --format json`:
/// objects are `{"_type": {"_name": "T"}, …fields}`, every scalar is
/// `{"_type": {"_name": "Int"}, "_value": "5"}` with the value **always a string**,
/// and arrays are `{"_type": {"_name": "Array"}, "_values": […]}`. Missing optionals
/// are omitted. A scalar whose text does not read as its type is an error for values
/// the reader depends on (counts) and a warning elsewhere.
struct LegacyFields {
    let fields: JSONFields

    var shape: JSONShapeReader { fields.shape }

    /// `_type._name`, e.g. `ActionsInvocationRecord`.
    func typeName(_ value: JSONValue) -> String? {
        value["_type"]?["_name"]?.string
    }

    /// The object member `key` (nil when absent); throws when it is not an object.
    func object(_ parent: JSONValue, _ key: String, in path: String) throws(Diagnostic) -> JSONValue? {
        guard let value = parent[key], !value.isNull else { return nil }
        return try fields.object(value, "\"\(key)\" in \(path)")
    }

    /// The elements of the `Array` member `key`; a plain JSON array is accepted too.
    func array(_ parent: JSONValue, _ key: String, in path: String) throws(Diagnostic) -> [JSONValue] {
        guard let value = parent[key], !value.isNull else { return [] }
        if let plain = value.array { return plain }
        guard value.members != nil else {
            throw shape.mismatch(value, expected: "an Array object for \"\(key)\" in \(path)")
        }
        guard let items = value["_values"] else { return [] }  // an empty Array may omit `_values`
        guard let list = items.array else {
            throw shape.mismatch(items, expected: "an array for \"_values\" of \"\(key)\" in \(path)")
        }
        return list
    }

    /// The text of the scalar member `key`. A bare JSON string is accepted too, since
    /// hand-trimmed archives sometimes drop the wrapper.
    func string(
        _ parent: JSONValue, _ key: String, in path: String,
        warnings: inout [Diagnostic]
    ) throws(Diagnostic) -> String? {
        guard let value = parent[key], !value.isNull else { return nil }
        if let bare = value.string { return bare }
        guard value.members != nil, let scalar = value["_value"] else {
            warnings.append(shape.warning(value, "ignored \"\(key)\" in \(path): expected a {\"_value\": …} scalar, found \(value.typeDescription)"))
            return nil
        }
        if let text = scalar.string { return text }
        warnings.append(shape.warning(scalar, "ignored \"\(key)\" in \(path): expected a string \"_value\", found \(scalar.typeDescription)"))
        return nil
    }

    /// A count scalar (`{"_value": "5"}`); text that is not a non-negative integer throws.
    func count(
        _ parent: JSONValue, _ key: String, in path: String,
        warnings: inout [Diagnostic]
    ) throws(Diagnostic) -> Int? {
        guard let text = try string(parent, key, in: path, warnings: &warnings) else { return nil }
        if let n = Int(text), n >= 0 { return n }
        let at = parent[key]?["_value"] ?? parent[key]
        let position = at.map(shape.position(of:))
        throw Diagnostic.error(
            shape.file, at: position,
            "expected a non-negative integer string for \"\(key)\" in \(path), found \"\(text)\"")
    }
}
