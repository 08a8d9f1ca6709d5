import Testing

@testable import ExhibitCore
@testable import ExhibitRules

@Suite struct RedactorTests {
    func redacted(_ text: String) -> (String, String) {
        var r = Redactor()
        let out = r.redact(text)
        return (out, r.summary)
    }

    @Test func macOSHomeDirectoryAndUserNameGo() {
        let (out, summary) = redacted("/Users/alice/builds/vault/VaultTests/BackupBoundaryTests.swift:41 - XCTAssertFalse failed")
        #expect(out == "…/BackupBoundaryTests.swift:41 - XCTAssertFalse failed")
        #expect(summary == "1 home directory")
    }

    @Test func linuxHomeDirectory() {
        let (out, _) = redacted("cwd was /home/jenkins and the log is at /home/jenkins/work/log.txt")
        #expect(out == "cwd was ~ and the log is at …/log.txt")
        #expect(!out.contains("jenkins"))
    }

    @Test func simulatorContainerBecomesContainerRelative() {
        let text =
            "/Users/ci/Library/Developer/CoreSimulator/Devices/5C1A7E0B-3D7F-4E52-9B0D-2F6C1D8A9E41/data/Containers/Data/Application/0E7A3C51-2B9D-4F86-A1C4-7D3E9F0B2A68/Documents/cache.db exists"
        let (out, summary) = redacted(text)
        #expect(out == "<container>/Documents/cache.db exists")
        #expect(summary == "1 container path")
    }

    @Test func simulatorDevicePath() {
        let (out, _) = redacted("log: /Users/ci/Library/Developer/CoreSimulator/Devices/5C1A7E0B-3D7F-4E52-9B0D-2F6C1D8A9E41/system.log")
        #expect(out == "log: <simulator>/system.log")
    }

    @Test func passwordInURL() {
        let (out, summary) = redacted("fetch https://bot:hunter2@git.example.com/vault.git failed")
        #expect(out == "fetch https://<redacted>@git.example.com/vault.git failed")
        #expect(summary == "1 credential")
    }

    @Test func tokenLikeStrings() {
        let cases: [(String, String)] = [
            ("GET https://api.example.com/v1?token=abcdef123456&x=1", "GET https://api.example.com/v1?token=<redacted>&x=1"),
            ("Authorization: Bearer abcdefghijklmnopqrstuvwxyz012345", "Authorization: Bearer <redacted>"),
            ("leaked ghp_abcdefghijklmnopqrstuvwxyz0123456789 here", "leaked <redacted token> here"),
            ("key AKIAIOSFODNN7EXAMPLE in env", "key <redacted token> in env"),
            ("API_KEY=s3cr3t-value", "API_KEY=<redacted>"),
            ("glpat-abcdefghij0123456789xy", "<redacted token>"),
            ("OPENAI sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z_-Q in logs", "OPENAI <redacted token> in logs"),
            ("sk-ant-api03-Ab3dEf6hIj9kLm2nOp5qRs8t", "<redacted token>"),
            ("stripe sk_live_4eC39HqLyjWDarjtT1zdp7dc", "stripe <redacted token>"),
            ("maps AIzaSyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q ok", "maps <redacted token> ok"),
            ("npm_abcdefghijklmnopqrstuvwxyz0123456789", "<redacted token>"),
            ("temp ASIAIOSFODNN7EXAMPLE", "temp <redacted token>"),
        ]
        for (input, expected) in cases {
            #expect(redacted(input).0 == expected, "\(input)")
        }
    }

    @Test func otherAbsolutePathsKeepOnlyTheirLastComponent() {
        let (out, summary) = redacted("opened /opt/ci/cache/x.db and (/tmp/y)")
        #expect(out == "opened …/x.db and (…/y)")
        #expect(summary == "2 absolute paths")
    }

    @Test func leavesRelativePathsCommitsAndPlainURLsAlone() {
        for text in [
            "Documents/cache.db exists: caches must live under Library/Caches",
            "commit 4c1e9a7d2b6f80e35a9c1d4b7e2f6a8c0d3e5b71",
            "job https://ci.example.com/vault/jobs/8841203",
            "XCTAssertEqual failed: (\"3\") is not equal to (\"0\")",
            "disk-sk-2 task-queue",
        ] {
            let (out, summary) = redacted(text)
            #expect(out == text)
            #expect(summary.isEmpty)
        }
    }
}
