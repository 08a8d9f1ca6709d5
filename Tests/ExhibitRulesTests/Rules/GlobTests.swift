import Testing

@testable import ExhibitCore

@Suite struct GlobTests {
    private func matches(_ pattern: String, _ path: String, caseSensitive: Bool = false) throws -> Bool {
        try Glob.compile(pattern, caseSensitive: caseSensitive).matches(path: path)
    }

    @Test func spacesAreOrdinaryCharacters() throws {
        #expect(try matches("Library/Application Support/Downloads/*.zip", "Library/Application Support/Downloads/a b.zip"))
        #expect(try matches("Library/Saved Application State/**", "Library/Saved Application State/com.example.vault.savedState/data.data"))
        #expect(try !matches("Library/Application Support/*.zip", "Library/ApplicationSupport/a.zip"))
        #expect(
            try Glob.compile("Library/Application Support/Downloads/**", caseSensitive: true).literalPrefix
                == ["Library", "Application Support", "Downloads"])
        #expect(try Glob.compile("Library/Caches/*.db").literalPrefix == ["library", "caches"])
    }

    @Test func doubleStarAtEitherEndAndInTheMiddle() throws {
        #expect(try matches("**/*.download", "a.download"))
        #expect(try matches("**/*.download", "Library/Caches/deep/x/y.download"))
        #expect(try !matches("**/*.download", "Library/Caches/y.downloaded"))
        #expect(try matches("Documents/**", "Documents/a/b/c.txt"))
        #expect(try matches("Documents/**", "Documents"))
        #expect(try !matches("Documents/**", "DocumentsX/a"))
        #expect(try matches("Library/**/Cache.db", "Library/Cache.db"))
        #expect(try matches("Library/**/Cache.db", "Library/Caches/com.example.vault/Cache.db"))
        #expect(try matches("**", "anything/at/all"))
    }

    @Test func aPatternMatchingADirectoryCoversItsSubtree() throws {
        #expect(try matches("Documents/Drafts", "Documents/Drafts/2024/note.draft"))
        #expect(try matches("Documents/Drafts/", "Documents/Drafts/note.draft"))
        #expect(try matches("Library/Application Support/Downloads/*.bundle", "Library/Application Support/Downloads/catalog.bundle/data/0001.json"))
        #expect(try !matches("Documents/Drafts", "Documents/DraftsOld/x"))
    }

    @Test func caseIsFoldedByDefaultAndExactOnRequest() throws {
        #expect(try matches("Library/Caches/**", "library/caches/x"))
        #expect(try matches("Documents/VAULT.sqlite", "Documents/vault.SQLITE"))
        #expect(try matches("tmp/[A-C]*", "tmp/beta"))
        #expect(try !matches("Library/Caches/**", "library/caches/x", caseSensitive: true))
        #expect(try matches("Library/Caches/**", "Library/Caches/x", caseSensitive: true))
        #expect(try !matches("tmp/[A-C]*", "tmp/beta", caseSensitive: true))
        // Folding is ASCII only: APFS would also fold É/é; exhibit does not (documented).
        #expect(try !matches("Documents/É.txt", "Documents/é.txt"))
    }

    @Test func characterClassesAndSingleCharacters() throws {
        #expect(try matches("tmp/Export-[0-9]*", "tmp/Export-2024.zip"))
        #expect(try !matches("tmp/Export-[0-9]*", "tmp/Export-x.zip"))
        #expect(try matches("tmp/Export-[!0-9]*", "tmp/Export-x.zip"))
        #expect(try matches("tmp/Export-[^0-9]*", "tmp/Export-x.zip"))
        #expect(try matches("Documents/vault.sqlite-[sw][ha][lm]", "Documents/vault.sqlite-wal"))
        #expect(try matches("Documents/vault.sqlite-[sw][ha][lm]", "Documents/vault.sqlite-shm"))
        #expect(try !matches("Documents/vault.sqlite-[sw][ha][lm]", "Documents/vault.sqlite-journal"))
        #expect(try matches("Documents/[]]x", "Documents/]x"))
        #expect(try matches("Documents/?.txt", "Documents/é.txt"))  // `?` is one character, not one byte
        #expect(try !matches("Documents/?.txt", "Documents/ab.txt"))
        #expect(try matches("Documents/a\\*b", "Documents/a*b"))
        #expect(try !matches("Documents/a\\*b", "Documents/axxb"))
        #expect(try matches("Documents/*", "Documents/a/b"))  // `Documents/a` matches, so its subtree is covered
    }

    @Test func starsDoNotCrossComponentsOrExplode() throws {
        #expect(try !matches("Library/*.plist", "Library/Preferences/x.plist"))
        #expect(try matches("Library/Preferences/*-tests.*.plist", "Library/Preferences/preferences-tests.4C1B7A38-2F0D-4E1B-9C55-0B1D2E3F4A5B.plist"))
        let long = String(repeating: "a", count: 4_000) + "b"
        #expect(try !matches("*a*a*a*a*a*a*a*a*c", long))
    }

    @Test func leadingDotSlashAndDoubleSlashesAreNormalised() throws {
        #expect(try matches("./Documents//vault.sqlite", "Documents/vault.sqlite"))
        #expect(try matches("/Documents/vault.sqlite", "Documents/vault.sqlite"))
    }

    @Test func badPatternsAreRefusedWithTheirOffset() {
        #expect(throws: GlobError.self) { try Glob.compile("") }
        do {
            _ = try Glob.compile("Documents/[a-")
            Issue.record("expected an error")
        } catch {
            #expect(error.offset == 10)
            #expect(error.message.contains("]"))
        }
        #expect(throws: GlobError.self) { try Glob.compile("Documents/../x") }
        #expect(throws: GlobError.self) { try Glob.compile("tmp/[z-a]") }
        #expect(throws: GlobError.self) { try Glob.compile("tmp/x\\") }
    }

    @Test func invalidUTF8NamesNeverTrap() throws {
        let pattern = try ComponentPattern.compile(ArraySlice(Array("[!a]?*".utf8)), caseSensitive: false, offset: 0)
        #expect(pattern.matches(ArraySlice([0xFF, 0xFE, 0x80])))
        #expect(!pattern.matches(ArraySlice([0x61, 0xFF])))
        #expect(!pattern.matches(ArraySlice([0xC3])))  // a truncated sequence is one character
    }

    @Test func moreDoubleStarAndSpaceEdgeCases() throws {
        #expect(try matches("**/Application Support/**", "Library/Application Support/x/y.db"))
        #expect(try matches("**/Application Support/**", "Library/Application Support"))
        #expect(try !matches("**/Application Support/**", "Library/Application  Support/x"))
        #expect(try matches("**/Saved Application State/*.savedState", "Library/Saved Application State/com.example.vault.savedState"))
        #expect(try matches("Library/**/", "Library/Caches/x"))
        #expect(try matches("**/**/x.db", "x.db"))  // repeated `**` collapse into one
        #expect(try matches("Library/**/Downloads/**/*.partial", "Library/Application Support/Downloads/a/b/c.partial"))
        #expect(try !matches("Library/**/Downloads/**/*.partial", "Library/Application Support/Uploads/a/c.partial"))
        #expect(try !matches("Documents/a?b", "Documents/a/b"))  // `?` never matches `/`
        #expect(try matches("Documents/[éè]t[ée].txt", "Documents/été.txt"))
        #expect(try matches("Documents/*", "Documents/name with  two spaces "))
    }

    @Test func patternSetsReportEveryCoveringPatternOnce() throws {
        let set = PatternSet([
            try Glob.compile("Library/**"),
            try Glob.compile("Library/Application Support/Downloads/**"),
            try Glob.compile("**/*.zip"),
            try Glob.compile("tmp/**"),
        ])
        let components = Array("Library/Application Support/Downloads/a.zip".utf8).split(separator: 0x2F)
        #expect(set.matchingPatterns(components: components) == [0, 1, 2])
        #expect(set.matchingPatterns(components: []) == [])
    }
}
