/// One evidence file's name (bundle-relative, for diagnostics) and contents.
public struct ArtifactBytes: Sendable {
    public var file: String
    public var bytes: [UInt8]

    public init(file: String, bytes: [UInt8]) {
        self.file = file
        self.bytes = bytes
    }
}
