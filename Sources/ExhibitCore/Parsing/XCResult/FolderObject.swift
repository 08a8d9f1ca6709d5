/// A folder object (a CASTree node) of a result bundle: the Diagnostics folder, the
/// coverage archive, log archives. Its data is a JSON array
/// `[{"name": "…", "type": 1|2}, …]` (1 a file, 2 a folder) and its refs are the
/// entries' objects, in the same order.
public struct FolderObject: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var name: String
        public var isFolder: Bool
        public var id: XCResultObjectID
    }

    public var entries: [Entry]

    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// `content` is the decoded data, `children` the object's refs.
    public static func parse(_ content: [UInt8], children: [XCResultObjectID]) throws(Failure) -> FolderObject {
        let value: JSONValue
        do {
            value = try JSONDocument.parse(content, file: "folder object", depthLimit: 4)
        } catch {
            throw Failure(message: "not a folder listing: \(error.positionAndMessage)")
        }
        guard let items = value.array else { throw Failure(message: "not a folder listing: expected a JSON array of {name, type}") }
        guard items.count == children.count else {
            throw Failure(message: "the listing names \(items.count) entries but the refs file has \(children.count)")
        }
        var entries: [Entry] = []
        for (index, (item, id)) in zip(items, children).enumerated() {
            guard let name = item["name"]?.string, let type = item["type"]?.int, type == 1 || type == 2 else {
                throw Failure(message: "entry \(index + 1): expected {\"name\": string, \"type\": 1 or 2}")
            }
            // A name is one path component: never `..`, never a slash.
            guard !name.isEmpty, name != ".", name != "..", !name.contains("/"), !name.contains("\u{0}") else {
                throw Failure(message: "entry \(index + 1): \"\(name.prefix(80))\" is not a file name")
            }
            entries.append(Entry(name: name, isFolder: type == 2, id: id))
        }
        return FolderObject(entries: entries)
    }
}
