/// Typed access to the members of a results JSON object, with the policy the issue asks
/// for: a required member of the wrong type makes the file unusable (thrown, with the
/// member's position); a missing required member is a warning and the reader keeps what
/// is there; an optional member of the wrong type is a warning and is ignored.
struct JSONFields {
    let shape: JSONShapeReader

    init(bytes: [UInt8], file: String) {
        shape = JSONShapeReader(bytes: bytes, file: file)
    }

    var file: String { shape.file }

    /// `value` itself when it is an object; throws naming `what` otherwise.
    func object(_ value: JSONValue, _ what: String) throws(Diagnostic) -> JSONValue {
        guard value.members != nil else { throw shape.mismatch(value, expected: "an object for \(what)") }
        return value
    }

    func string(
        _ object: JSONValue, _ key: String, in path: String, required: Bool,
        warnings: inout [Diagnostic]
    ) throws(Diagnostic) -> String? {
        guard let value = member(object, key, in: path, required: required, warnings: &warnings) else { return nil }
        if let s = value.string { return s }
        return try reject(value, expected: "a string", key: key, in: path, required: required, warnings: &warnings)
    }

    /// A count: a non-negative integer.
    func count(
        _ object: JSONValue, _ key: String, in path: String, required: Bool,
        warnings: inout [Diagnostic]
    ) throws(Diagnostic) -> Int? {
        guard let value = member(object, key, in: path, required: required, warnings: &warnings) else { return nil }
        if let i = value.int, i >= 0 { return i }
        return try reject(
            value, expected: "a non-negative integer", key: key, in: path, required: required,
            warnings: &warnings)
    }

    func double(
        _ object: JSONValue, _ key: String, in path: String, required: Bool,
        warnings: inout [Diagnostic]
    ) throws(Diagnostic) -> Double? {
        guard let value = member(object, key, in: path, required: required, warnings: &warnings) else { return nil }
        if let d = value.double, d.isFinite { return d }
        return try reject(value, expected: "a number", key: key, in: path, required: required, warnings: &warnings)
    }

    /// The elements of a member that should be an array. Apple's schema documents some
    /// of these as objects while real output has arrays, so a lone object counts as a
    /// one-element array.
    func elements(
        _ object: JSONValue, _ key: String, in path: String, required: Bool,
        warnings: inout [Diagnostic]
    ) throws(Diagnostic) -> [JSONValue] {
        guard let value = member(object, key, in: path, required: required, warnings: &warnings) else { return [] }
        if let items = value.array { return items }
        if value.members != nil { return [value] }
        if value.isNull && !required { return [] }
        return try reject(
            value, expected: "an array (or a single object)", key: key, in: path, required: required,
            warnings: &warnings) ?? []
    }

    /// The member `key`; nil (and a warning when required) when it is absent. An
    /// optional member holding null counts as absent.
    private func member(
        _ object: JSONValue, _ key: String, in path: String, required: Bool,
        warnings: inout [Diagnostic]
    ) -> JSONValue? {
        guard let value = object[key] else {
            if required {
                warnings.append(shape.warning(object, "missing required key \"\(key)\" in \(path)"))
            }
            return nil
        }
        if value.isNull && !required { return nil }
        return value
    }

    private func reject<T>(
        _ value: JSONValue, expected: String, key: String, in path: String, required: Bool,
        warnings: inout [Diagnostic]
    ) throws(Diagnostic) -> T? {
        let what = "\(expected) for \"\(key)\" in \(path)"
        if required { throw shape.mismatch(value, expected: what) }
        warnings.append(shape.warning(value, "ignored \"\(key)\" in \(path): expected \(expected), found \(value.typeDescription)"))
        return nil
    }
}
