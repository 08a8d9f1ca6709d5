/// A path or file the user named could not be used: one line, exit status 2.
public struct InputError: Error, CustomStringConvertible {
    public var description: String

    public init(description: String) {
        self.description = description
    }
}
