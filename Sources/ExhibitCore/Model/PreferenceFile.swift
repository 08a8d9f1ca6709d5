/// A copy of one `Library/Preferences/*.plist` from the app data container, as the
/// bundle carries it under `container/preferences/` (see exhibit-bundle(5)).
public struct PreferenceFile: Sendable, Equatable {
    /// Bundle-relative file (`container/preferences/com.example.vault.plist`).
    public var file: String
    /// The container-relative path it is a copy of (`Library/Preferences/com.example.vault.plist`).
    public var containerPath: String
    /// The decoded property list; nil when it did not decode (`problem` says why).
    public var value: PropertyListValue?
    /// Binary or XML, when it decoded.
    public var format: PropertyListReader.Format?
    public var problem: Diagnostic?

    public init(
        file: String, containerPath: String, value: PropertyListValue?, format: PropertyListReader.Format?,
        problem: Diagnostic? = nil
    ) {
        self.file = file
        self.containerPath = containerPath
        self.value = value
        self.format = format
        self.problem = problem
    }

    /// The preferences domain (`com.example.vault`): the file name without `.plist`.
    public var domain: String {
        let name = containerPath.split(separator: "/").last.map(String.init) ?? containerPath
        return name.hasSuffix(".plist") ? String(name.dropLast(".plist".count)) : name
    }
}
