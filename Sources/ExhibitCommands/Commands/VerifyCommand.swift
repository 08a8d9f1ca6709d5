import ExhibitApp
import ExhibitCore

/// `exhibit verify RUN | X.xcresult`: checks the result bundle's `Data/` store.
enum VerifyCommand {
    static let spec = CommandSpec(
        name: "verify", positionals: ["RUN | X.xcresult"], options: [],
        summary: "Check a result bundle's objects: missing, orphaned, truncated or altered; sizes by folder",
        details: """
            Recomputes every object's id (BLAKE2b-512 over its refs and bytes), decodes every zstd
            frame to its end, and walks the refs from the root object. Decoding is bounded as
            reading is (256 MiB per object, 2 GiB per bundle, the objects the root reaches
            first); a frame past the bounds is listed as not decoded, and the bundle as not fully
            checked. RUN verifies each results/*.xcresult it holds. Also says whether
            database.sqlite3 is present and its schema (opened read-only and immutable). Exit
            status 0 when every bundle is intact, 1 when one is damaged, 2 when one cannot be read
            or was not fully checked, or RUN holds no result bundle.
            """)

    static func run(_ args: ParsedArguments, _ console: Console) throws -> Outcome {
        let verified = try VerifyRun.run(args.positionals[0])
        for text in verified.texts { console.write(text) }
        return verified.outcome
    }
}
