/// The rules file's `preferences` and `backgroundTasks` arrays (exhibit-rules(5)).
extension RulesReader {
    static let preferenceKeys: Set<String> = ["domain", "key", "type", "allowed", "fallback", "owner", "note", "comment"]
    static let backgroundTaskKeys: Set<String> = ["identifier", "kind", "temporaryFiles", "owner", "note", "comment"]
    /// Types whose values a rules file can spell in JSON (allowed values, fallbacks).
    static let scalarTypes: Set<PropertyListType> = [.boolean, .integer, .real, .string]
}

extension RulesReader.Reading {
    mutating func preferenceContracts(_ value: JSONValue) throws(Diagnostic) -> [PreferenceContract] {
        guard let items = value.array else {
            throw error(value, "preferences", "expected an array of {domain, key, type} objects, found \(value.typeDescription)")
        }
        var out: [PreferenceContract] = []
        var seen: Set<[String]> = []
        for (i, item) in items.enumerated() {
            var entry = "preferences[\(i)]"
            guard item.members != nil else { throw error(item, entry, "expected a preference contract object, found \(item.typeDescription)") }
            let domain = try nonEmptyString(item, "domain", entry: entry, what: "the preferences domain, such as \"com.example.vault\"")
            guard !domain.contains("/") else { throw error(item["domain"] ?? item, entry, "\"domain\" is a domain name, not a path") }
            let key = try nonEmptyString(item, "key", entry: entry, what: "the UserDefaults key")
            entry += " \"\(domain):\(key)\""
            if !seen.insert([domain, key]).inserted {
                throw error(item, entry, "duplicate preference contract for this domain and key")
            }
            try warnUnknownKeys(item, allowed: RulesReader.preferenceKeys, entry: entry)
            guard let typeValue = item["type"] else { throw error(item, entry, "missing \"type\" (\(Self.typeNames))") }
            guard let typeText = typeValue.string, let type = PropertyListType(rawValue: typeText) else {
                let found = typeValue.string.map { "\"\($0)\"" } ?? typeValue.typeDescription
                throw error(typeValue, entry, "\"type\" must be one of \(Self.typeNames), found \(found)")
            }
            var allowed: [PropertyListValue]?
            if let a = item["allowed"] {
                guard let values = a.array, !values.isEmpty else {
                    throw error(a, entry, "\"allowed\" must be a non-empty array of \(type.rawValue) values, found \(a.typeDescription)")
                }
                var list: [PropertyListValue] = []
                for v in values { list.append(try scalar(v, as: type, entry: entry, key: "allowed")) }
                allowed = list
            }
            var fallback: PropertyListValue?
            if let f = item["fallback"], !f.isNull {
                let v = try scalar(f, as: type, entry: entry, key: "fallback")
                if let allowed, !allowed.contains(v) {
                    throw error(f, entry, "\"fallback\" \(v.scalarText) is not one of the allowed values")
                }
                fallback = v
            }
            let owner = try optionalString(item, "owner", entry: entry)
            let note = try optionalString(item, "note", entry: entry)
            out.append(
                PreferenceContract(
                    domain: domain, key: key, type: type, allowed: allowed, fallback: fallback,
                    owner: owner, note: note, position: shape.position(of: item)))
        }
        return out
    }

    mutating func backgroundTasks(_ value: JSONValue) throws(Diagnostic) -> [BackgroundTaskRule] {
        guard let items = value.array else {
            throw error(value, "backgroundTasks", "expected an array of {identifier, kind} objects, found \(value.typeDescription)")
        }
        var out: [BackgroundTaskRule] = []
        var seen: Set<String> = []
        for (i, item) in items.enumerated() {
            var entry = "backgroundTasks[\(i)]"
            guard item.members != nil else { throw error(item, entry, "expected a background task object, found \(item.typeDescription)") }
            let identifier = try nonEmptyString(
                item, "identifier", entry: entry,
                what: "the identifier listed in BGTaskSchedulerPermittedIdentifiers")
            entry += " \"\(identifier)\""
            if !seen.insert(identifier).inserted { throw error(item, entry, "duplicate background task identifier") }
            try warnUnknownKeys(item, allowed: RulesReader.backgroundTaskKeys, entry: entry)
            let kinds = BackgroundTaskRule.Kind.allCases.map(\.rawValue).joined(separator: " or ")
            guard let kindValue = item["kind"] else { throw error(item, entry, "missing \"kind\" (\(kinds))") }
            guard let kindText = kindValue.string, let kind = BackgroundTaskRule.Kind(rawValue: kindText) else {
                let found = kindValue.string.map { "\"\($0)\"" } ?? kindValue.typeDescription
                throw error(kindValue, entry, "\"kind\" must be \(kinds), found \(found)")
            }
            var temporaryFiles: [String] = []
            if let t = item["temporaryFiles"] { temporaryFiles = try patterns(t, key: "\(entry) temporaryFiles") }
            let owner = try optionalString(item, "owner", entry: entry)
            if owner == nil { warnings.append(shape.warning(item, "\(entry): no \"owner\"; findings will name nobody to ask")) }
            let note = try optionalString(item, "note", entry: entry)
            out.append(
                BackgroundTaskRule(
                    identifier: identifier, kind: kind, temporaryFiles: temporaryFiles, owner: owner,
                    note: note, position: shape.position(of: item)))
        }
        return out
    }

    private static var typeNames: String { PropertyListType.allCases.map(\.rawValue).joined(separator: ", ") }

    private func nonEmptyString(_ item: JSONValue, _ key: String, entry: String, what: String) throws(Diagnostic) -> String {
        guard let v = item[key] else { throw error(item, entry, "missing \"\(key)\" (\(what))") }
        guard let s = v.string, !s.isEmpty else { throw error(v, entry, "\"\(key)\" must be a non-empty string, found \(v.typeDescription)") }
        return s
    }

    private func optionalString(_ item: JSONValue, _ key: String, entry: String) throws(Diagnostic) -> String? {
        guard let v = item[key] else { return nil }
        guard let s = v.string else { throw error(v, entry, "\"\(key)\" must be a string, found \(v.typeDescription)") }
        return s.isEmpty ? nil : s
    }

    /// A JSON value spelled as a property-list value of `type`.
    private func scalar(_ v: JSONValue, as type: PropertyListType, entry: String, key: String) throws(Diagnostic) -> PropertyListValue {
        guard RulesReader.scalarTypes.contains(type) else {
            throw error(v, entry, "\"\(key)\" is only allowed for boolean, integer, real and string keys, not \(type.rawValue)")
        }
        switch (type, v.kind) {
        case (.boolean, .bool(let b)): return .boolean(b)
        case (.integer, .number(_, let text)):
            if let i = Int64(text) { return .integer(i) }
        case (.real, .number(let d, _)): return .real(d)
        case (.string, .string(let s)): return .string(s)
        default: break
        }
        throw error(v, entry, "\"\(key)\" values must be \(type.rawValue) values like the key's type, found \(v.typeDescription)")
    }
}
