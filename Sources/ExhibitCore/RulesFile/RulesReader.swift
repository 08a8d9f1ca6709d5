/// Reads a rules inventory (`rules.json`, `backup-rules.json`; schema in exhibit-rules(5)).
///
/// Errors name the file, the line:column of the offending value and the entry it
/// belongs to (`rules[3] "offline-catalog"`), so a failing pre-merge gate points at
/// the line to fix. Unknown keys are warnings, not errors, so an older exhibit still
/// reads a newer file of the same version.
public enum RulesReader: EvidenceReader {
    public static let supportedVersion = 1

    static let topLevelKeys: Set<String> = [
        "version", "caseSensitive", "rules", "documentsAllowlist", "userDataExtensions", "allowedLargeResources",
        "budgets", "testPreferenceDomains", "partialDownloads", "ignore", "preferences", "backgroundTasks", "app", "comment", "$schema",
    ]
    static let ruleKeys: Set<String> = ["name", "path", "requirement", "owner", "note", "comment"]
    static let resourceKeys: Set<String> = ["path", "reason", "comment"]

    /// The known key `key` is a misspelling of: equal once case, `_`, `-` and spaces are
    /// set aside; nil for a key that is new, not a variant of one.
    static func knownKey(spelledLike key: String, in known: Set<String>) -> String? {
        func folded(_ s: String) -> String { String(s.lowercased().filter { $0 != "_" && $0 != "-" && $0 != " " }) }
        let k = folded(key)
        return known.sorted().first { folded($0) == k }
    }

    public static func read(_ bytes: [UInt8], file: String, warnings: inout [Diagnostic]) throws(Diagnostic) -> RulesInventory {
        let doc = try JSONDocument.parse(bytes, file: file)
        // A pattern decoded with U+FFFD in place of bytes that are not UTF-8 matches no
        // file the rule meant: a rule that would pass unchecked. The whole file is refused,
        // as for any other malformed rule.
        if let bad = UTF8Validity.firstIllFormed(bytes) { throw illFormedUTF8(bad, in: doc, bytes: bytes, file: file) }
        var r = Reading(shape: JSONShapeReader(bytes: bytes, file: file))
        let inventory = try r.inventory(doc)
        warnings.append(contentsOf: r.warnings)
        return inventory
    }

    /// Reader state: the shape helper, warnings so far, and the case setting that
    /// later patterns compile with.
    struct Reading {
        let shape: JSONShapeReader
        var warnings: [Diagnostic] = []
        var caseSensitive = false

        func error(_ value: JSONValue, _ entry: String?, _ message: String) -> Diagnostic {
            .error(shape.file, at: shape.position(of: value), (entry.map { "\($0): " } ?? "") + message)
        }

        /// An unknown key is a warning (a newer file of the same version), but one that is
        /// a known key spelled differently (`Rules`, `documents_allowlist`) is an error: its
        /// value would be dropped without a word, and with it every rule the team wrote,
        /// so the gate would pass on rules it never read.
        mutating func warnUnknownKeys(_ object: JSONValue, allowed: Set<String>, entry: String) throws(Diagnostic) {
            for (key, value) in object.members ?? [] where !allowed.contains(key) && !key.hasPrefix("_") {
                if let meant = RulesReader.knownKey(spelledLike: key, in: allowed) {
                    throw error(
                        value, entry,
                        "key \"\(key)\" is not \"\(meant)\" (keys are spelled exactly, case included); the file is refused so its value is not ignored"
                    )
                }
                warnings.append(shape.warning(value, "\(entry): unknown key \"\(key)\" ignored"))
            }
        }

        mutating func inventory(_ doc: JSONValue) throws(Diagnostic) -> RulesInventory {
            guard doc.members != nil else { throw shape.mismatch(doc, expected: "a JSON object at the top of the rules file") }
            try warnUnknownKeys(doc, allowed: RulesReader.topLevelKeys, entry: "rules file")
            guard let versionValue = doc["version"] else {
                throw error(doc, nil, "missing \"version\" (this exhibit reads version \(RulesReader.supportedVersion))")
            }
            guard let version = versionValue.int else { throw error(versionValue, "version", "expected an integer, found \(versionValue.typeDescription)") }
            guard version == RulesReader.supportedVersion else {
                throw error(versionValue, "version", "unsupported version \(version) (this exhibit reads version \(RulesReader.supportedVersion))")
            }
            var out = RulesInventory(version: version)
            if let cs = doc["caseSensitive"] {
                guard let b = cs.bool else { throw error(cs, "caseSensitive", "expected true or false, found \(cs.typeDescription)") }
                caseSensitive = b
                out.caseSensitive = b
            }
            if let rules = doc["rules"] { out.rules = try self.rules(rules) }
            if let v = doc["documentsAllowlist"] {
                out.documentsAllowlist = try patterns(v, key: "documentsAllowlist", under: "Documents")
            }
            if let v = doc["userDataExtensions"] { out.userDataExtensions = try extensions(v) }
            if let v = doc["allowedLargeResources"] { out.allowedLargeResources = try resources(v) }
            if let v = doc["budgets"] { out.budgets = try budgets(v) }
            if let v = doc["testPreferenceDomains"] { out.testPreferenceDomains = try patterns(v, key: "testPreferenceDomains") }
            if let v = doc["partialDownloads"] { out.partialDownloads = try patterns(v, key: "partialDownloads") }
            if let v = doc["ignore"] { out.ignore = try patterns(v, key: "ignore") }
            if let v = doc["preferences"] { out.preferences = try preferenceContracts(v) }
            if let v = doc["backgroundTasks"] { out.backgroundTasks = try backgroundTasks(v) }
            return out
        }

        mutating func rules(_ value: JSONValue) throws(Diagnostic) -> [BackupRule] {
            guard let items = value.array else { throw error(value, "rules", "expected an array of rule objects, found \(value.typeDescription)") }
            var out: [BackupRule] = []
            var seen: [String: SourcePosition] = [:]
            for (i, item) in items.enumerated() {
                var entry = "rules[\(i)]"
                guard item.members != nil else { throw error(item, entry, "expected a rule object, found \(item.typeDescription)") }
                guard let nameValue = item["name"] else { throw error(item, entry, "missing \"name\" (the rule's logical name)") }
                guard let name = nameValue.string, !name.isEmpty else { throw error(nameValue, entry, "\"name\" must be a non-empty string") }
                entry += " \"\(name)\""
                if let first = seen[name] {
                    throw error(nameValue, entry, "duplicate rule name (first used at line \(first.line))")
                }
                seen[name] = shape.position(of: item)
                try warnUnknownKeys(item, allowed: RulesReader.ruleKeys, entry: entry)
                guard let pathValue = item["path"] else { throw error(item, entry, "missing \"path\" (a container-relative glob)") }
                let pattern = try checkedPattern(pathValue, entry: entry)
                guard let reqValue = item["requirement"] else {
                    throw error(item, entry, "missing \"requirement\" (must-restore, regenerable or transient)")
                }
                guard let reqText = reqValue.string, let requirement = RestoreRequirement(rawValue: reqText) else {
                    let found = reqValue.string.map { "\"\($0)\"" } ?? reqValue.typeDescription
                    throw error(reqValue, entry, "\"requirement\" must be must-restore, regenerable or transient, found \(found)")
                }
                var owner: String?
                if let o = item["owner"] {
                    guard let s = o.string else { throw error(o, entry, "\"owner\" must be a string, found \(o.typeDescription)") }
                    owner = s.isEmpty ? nil : s
                }
                if owner == nil { warnings.append(shape.warning(item, "\(entry): no \"owner\"; violations will name nobody to ask")) }
                var note: String?
                if let n = item["note"] {
                    guard let s = n.string else { throw error(n, entry, "\"note\" must be a string, found \(n.typeDescription)") }
                    note = s
                }
                out.append(
                    BackupRule(
                        name: name, pattern: pattern, requirement: requirement, owner: owner, note: note,
                        position: shape.position(of: item)))
            }
            return out
        }

        /// A pattern string that compiles; the error points into the pattern itself.
        func checkedPattern(_ value: JSONValue, entry: String) throws(Diagnostic) -> String {
            guard let text = value.string else { throw error(value, entry, "expected a path pattern string, found \(value.typeDescription)") }
            do {
                _ = try Glob.compile(text, caseSensitive: caseSensitive)
            } catch {
                // +1 for the opening quote; exact unless the string holds escapes.
                let at = SourcePosition(offset: value.offset + 1 + error.offset, in: shape.bytes)
                throw Diagnostic.error(shape.file, at: at, "\(entry): bad pattern \"\(text)\": expected \(error.message)")
            }
            return text
        }

        func patterns(_ value: JSONValue, key: String, under directory: String? = nil) throws(Diagnostic) -> [String] {
            guard let items = value.array else { throw error(value, key, "expected an array of path patterns, found \(value.typeDescription)") }
            var out: [String] = []
            for (i, item) in items.enumerated() {
                let entry = "\(key)[\(i)]"
                let text = try checkedPattern(item, entry: entry)
                if let directory {
                    let glob = try? Glob.compile(text, caseSensitive: caseSensitive)
                    let first = glob?.literalPrefix.first
                    let inside = first.map { caseSensitive ? $0 == directory : $0.lowercased() == directory.lowercased() } ?? false
                    guard inside, (glob?.segments.count ?? 0) > 1 else {
                        throw error(item, "\(entry) \"\(text)\"", "must be a path inside \(directory)/ (patterns are container-relative)")
                    }
                }
                out.append(text)
            }
            return out
        }

        func extensions(_ value: JSONValue) throws(Diagnostic) -> [String] {
            guard let items = value.array else { throw error(value, "userDataExtensions", "expected an array of extensions, found \(value.typeDescription)") }
            var out: [String] = []
            for (i, item) in items.enumerated() {
                guard let s = item.string else {
                    throw error(item, "userDataExtensions[\(i)]", "expected a string such as \"sqlite\", found \(item.typeDescription)")
                }
                let ext = String(s.drop(while: { $0 == "." }))
                guard !ext.isEmpty, !ext.contains("/") else {
                    throw error(item, "userDataExtensions[\(i)] \"\(s)\"", "expected a file extension without a path, such as \"sqlite\"")
                }
                out.append(ext)
            }
            return out
        }

        mutating func resources(_ value: JSONValue) throws(Diagnostic) -> [AllowedResource] {
            guard let items = value.array else {
                throw error(value, "allowedLargeResources", "expected an array of {path, reason} objects, found \(value.typeDescription)")
            }
            var out: [AllowedResource] = []
            for (i, item) in items.enumerated() {
                let entry = "allowedLargeResources[\(i)]"
                guard item.members != nil else { throw error(item, entry, "expected an object with \"path\" and \"reason\", found \(item.typeDescription)") }
                try warnUnknownKeys(item, allowed: RulesReader.resourceKeys, entry: entry)
                guard let p = item["path"] else { throw error(item, entry, "missing \"path\"") }
                let pattern = try checkedPattern(p, entry: entry)
                guard let reasonValue = item["reason"], let reason = reasonValue.string, !reason.isEmpty else {
                    throw error(item["reason"] ?? item, "\(entry) \"\(pattern)\"", "needs a non-empty \"reason\": say why the test needs it")
                }
                out.append(AllowedResource(pattern: pattern, reason: reason))
            }
            return out
        }

        func budgets(_ value: JSONValue) throws(Diagnostic) -> [VolumeBudget] {
            guard let members = value.members else {
                throw error(value, "budgets", "expected an object mapping top-level directories to sizes, found \(value.typeDescription)")
            }
            var out: [VolumeBudget] = []
            var slot: [String: Int] = [:]
            for (directory, v) in members {
                let entry = "budgets \"\(directory)\""
                guard !directory.isEmpty, !directory.contains("/") else {
                    throw error(v, entry, "budgets are per top-level directory (Documents, Library, tmp, SystemData)")
                }
                let bytes: UInt64
                if case .number(_, let text) = v.kind {
                    guard let n = UInt64(text) else { throw error(v, entry, "expected a whole, non-negative number of bytes, found \(text)") }
                    bytes = n
                } else if let s = v.string {
                    guard let n = ByteSize.parse(s) else {
                        throw error(v, entry, "expected a size such as \"500 MiB\" (units B, KiB, MiB, GiB, TiB), found \"\(s)\"")
                    }
                    bytes = n
                } else {
                    throw error(v, entry, "expected a byte count or a size string, found \(v.typeDescription)")
                }
                if let i = slot[directory] {
                    out[i].bytes = bytes
                } else {
                    slot[directory] = out.count
                    out.append(VolumeBudget(directory: directory, bytes: bytes))
                }
            }
            return out
        }
    }
}
