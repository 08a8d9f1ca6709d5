import ExhibitCore
import Foundation
import Testing

@testable import ExhibitCommands
@testable import ExhibitIO

/// `exhibit collect` on the simulator path, with a fake `xcrun` first on PATH that
/// prints recorded outputs in the real formats and logs its argv. The simctl error
/// texts follow what simctl prints (NSPOSIXErrorDomain code=2 for a missing app,
/// SimError code=405 for a device in the wrong state) but were not re-captured on a Mac.
@Suite struct CollectFakeXcrunTests {
    static let booted = "0A1B2C3D-4E5F-4061-8293-A4B5C6D7E8F9"
    static let shutdown = "11111111-2222-4333-8444-555555555555"
    static let xcode26Version = "xcresulttool version 24051.1, schema version: 0.1.0 (legacy commands format version: 3.53)\n"
    /// A build below 23000 with format 3.39 (Xcode 13-15); the build number is made up.
    static let xcode15Version = "xcresulttool version 22608, format version 3.39 (current)\n"

    static func devicesJSON(secondBooted: Bool = false) -> String {
        """
        {
          "devices" : {
            "com.apple.CoreSimulator.SimRuntime.iOS-18-5" : [
              {
                "lastBootedAt" : "2026-11-30T09:00:00Z",
                "dataPath" : "/Users/ci/Library/Developer/CoreSimulator/Devices/\(booted)/data",
                "dataPathSize" : 1234567,
                "logPath" : "/Users/ci/Library/Logs/CoreSimulator/\(booted)",
                "udid" : "\(booted)",
                "isAvailable" : true,
                "deviceTypeIdentifier" : "com.apple.CoreSimulator.SimDeviceType.iPhone-16",
                "state" : "Booted",
                "name" : "exhibit-ci iPhone 16"
              },
              {
                "udid" : "\(shutdown)",
                "isAvailable" : true,
                "deviceTypeIdentifier" : "com.apple.CoreSimulator.SimDeviceType.iPhone-16-Pro",
                "state" : "\(secondBooted ? "Booted" : "Shutdown")",
                "name" : "iPhone 16 Pro"
              }
            ]
          }
        }
        """
    }

    static let runtimesJSON = """
        {
          "runtimes" : [
            {
              "bundlePath" : "/Library/Developer/CoreSimulator/Volumes/iOS_22F77/Library/Developer/CoreSimulator/Profiles/Runtimes/iOS 18.5.simruntime",
              "buildversion" : "22F77",
              "platform" : "iOS",
              "runtimeRoot" : "/Library/Developer/CoreSimulator/Volumes/iOS_22F77/Library/Developer/CoreSimulator/Profiles/Runtimes/iOS 18.5.simruntime/Contents/Resources/RuntimeRoot",
              "identifier" : "com.apple.CoreSimulator.SimRuntime.iOS-18-5",
              "version" : "18.5",
              "isInternal" : false,
              "isAvailable" : true,
              "name" : "iOS 18.5",
              "supportedDeviceTypes" : []
            }
          ]
        }
        """

    enum Scenario {
        case xcode26, xcode15, appNotInstalled
        /// Booted in the device list, shut down by the time the container is asked for.
        case shutDownMeanwhile
    }

    /// Writes the fake tools and their recorded answers; returns the environment.
    func install(_ s: CollectScratch, _ scenario: Scenario, container: String, secondBooted: Bool = false) throws -> [String: String] {
        let answers = s.root + "/answers"
        try s.write(Self.devicesJSON(secondBooted: secondBooted), to: "answers/devices.json")
        try s.write(Self.runtimesJSON, to: "answers/runtimes.json")
        try s.write(scenario == .xcode15 ? Self.xcode15Version : Self.xcode26Version, to: "answers/version.txt")
        let sample = CollectScratch.samples
        let containerAnswer: String
        // simctl's texts as CI logs quote them (appium/appium#15256; wix/Detox#3933).
        if scenario == .appNotInstalled {
            containerAnswer = """
                /bin/cat >&2 <<'EOF'
                An error was encountered processing the command (domain=NSPOSIXErrorDomain, code=2):
                The operation couldn’t be completed. No such file or directory
                No such file or directory
                EOF
                exit 2
                """
        } else if scenario == .shutDownMeanwhile {
            containerAnswer = """
                /bin/cat >&2 <<'EOF'
                An error was encountered processing the command (domain=com.apple.CoreSimulator.SimError, code=405):
                Unable to lookup in current state: Shutdown
                EOF
                exit 149
                """
        } else {
            containerAnswer = "echo '\(container)'"
        }
        let legacy =
            scenario == .xcode15
            ? "/bin/cat '\(sample)/run-2026-10-20-xcode15-legacy/results/legacy.json'"
            : "echo 'Error: This command is deprecated and will be removed in a future release, --legacy flag is required to use it.' >&2; exit 1"
        let testResults =
            scenario == .xcode15
            ? "echo \"Error: Unknown option 'test-results'\" >&2; exit 64"
            : "/bin/cat '\(sample)/run-2026-11-03-unset-attribute/results/summary.json'"
        let tests =
            scenario == .xcode15
            ? "echo \"Error: Unknown option 'test-results'\" >&2; exit 64"
            : "/bin/cat '\(sample)/run-2026-11-03-unset-attribute/results/tests.json'"
        try s.write(
            """
            #!/bin/sh
            echo "$*" >> '\(answers)/log'
            case "$*" in
              "simctl list devices -j") /bin/cat '\(answers)/devices.json' ;;
              "simctl list runtimes -j") /bin/cat '\(answers)/runtimes.json' ;;
              "simctl get_app_container "*) \(containerAnswer) ;;
              "xcresulttool version") /bin/cat '\(answers)/version.txt' ;;
              "xcresulttool get test-results summary "*) \(testResults) ;;
              "xcresulttool get test-results tests "*) \(tests) ;;
              "xcresulttool get --format json "*) \(legacy) ;;
              "xcresulttool get --legacy --format json "*) /bin/cat '\(sample)/run-2026-10-20-xcode15-legacy/results/legacy.json' ;;
              *) echo "xcrun: error: unexpected: $*" >&2; exit 72 ;;
            esac
            """, to: "bin/xcrun", executable: true)
        try s.write("#!/bin/sh\nprintf 'Xcode 26.0\\nBuild version 17A324\\n'\n", to: "bin/xcodebuild", executable: true)
        try s.write(
            """
            #!/bin/sh
            case "$*" in
              "rev-parse HEAD") echo 4d0265b8d88bf0bc93f8361099347ec052ef1e6e ;;
              "rev-parse --abbrev-ref HEAD") echo HEAD ;;
              *) exit 1 ;;
            esac
            """, to: "bin/git", executable: true)
        try s.write(
            "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>storage</key><dict><key>backend</key><string>fileBacked2</string><key>compression</key><string>standard</string></dict><key>version</key><dict><key>major</key><integer>3</integer><key>minor</key><integer>56</integer></dict></dict></plist>\n",
            to: "Run.xcresult/Info.plist")
        try s.write("payload", to: "Run.xcresult/Data/data.0~abc")
        return [
            "PATH": s.root + "/bin", "HOME": s.root, "GITHUB_RUN_ID": "4711", "GITHUB_SERVER_URL": "https://github.com",
            "GITHUB_REPOSITORY": "example/vault", "GITHUB_REF_NAME": "main", "EXHIBIT_SCHEME": "Vault",
            "GITHUB_TOKEN": "ghp_secretsecretsecret",
        ]
    }

    func log(_ s: CollectScratch) -> [String] {
        ((try? String(contentsOfFile: s.root + "/answers/log", encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    func container(_ s: CollectScratch) throws -> String {
        try s.makeFile(Array("Data/Application/5C2E/Documents/vault.sqlite".utf8), size: 2048)
        try s.makeFile(Array("Data/Application/5C2E/tmp/CFNetworkDownload_1.tmp".utf8), size: 10)
        return s.root + "/Data/Application/5C2E"
    }

    @Test func xcode26CollectsTheBootedDeviceResultsAndMetadata() throws {
        let s = try CollectScratch()
        defer { s.remove() }
        let env = try install(s, .xcode26, container: try container(s))
        let run = s.root + "/RUN"
        let r = CollectRunner.collect(
            [
                "--bundle-id", "com.example.vault", "--device", "booted", "--xcresult", s.root + "/Run.xcresult",
                "--out", run, "--include-xcresult", "--destination", "platform=iOS Simulator,name=exhibit-ci iPhone 16",
            ],
            environment: env)
        #expect(r.status == 0, "\(r.err)")
        #expect(log(s).contains("simctl get_app_container \(Self.booted) com.example.vault data"), "the checked UDID, never 'booted'")
        #expect(log(s).contains(where: { $0.hasPrefix("xcresulttool get test-results tests --path ") && $0.hasSuffix(" --compact") }))
        #expect(!log(s).contains(where: { $0.contains("--legacy") }))
        for file in [
            "results/summary.json", "results/tests.json", "results/xcresulttool-version.txt", "results/Info.plist",
            "results/Run.xcresult/Data/data.0~abc", "container/inventory.json", "run.json",
        ] {
            #expect(FileManager.default.fileExists(atPath: run + "/" + file), "\(file)")
        }
        #expect(try String(contentsOfFile: run + "/results/xcresulttool-version.txt", encoding: .utf8) == Self.xcode26Version)

        let bundle = RunLocator.loadRun(at: URL(fileURLWithPath: run))
        let m = bundle.metadata
        #expect(m.deviceIdentifier == Self.booted)
        #expect(m.deviceName == "exhibit-ci iPhone 16")
        #expect(m.runtimeIdentifier == "com.apple.CoreSimulator.SimRuntime.iOS-18-5")
        #expect(m.runtimeVersion == "18.5")
        #expect(m.runtimeBuild == "22F77")
        #expect(m.xcodeVersion == "26.0")
        #expect(m.xcresulttoolBuild == "24051.1")
        #expect(m.commit == "4d0265b8d88bf0bc93f8361099347ec052ef1e6e")
        #expect(m.branch == "main", "detached HEAD: the branch comes from GITHUB_REF_NAME")
        #expect(m.scheme == "Vault")
        #expect(m.ciJobID == "4711")
        #expect(m.ciJobURL == "https://github.com/example/vault/actions/runs/4711")
        #expect(bundle.xcresultInfo.isEmpty == false)
        #expect(!bundle.failures.isEmpty)
        let runJSON = try String(contentsOfFile: run + "/run.json", encoding: .utf8)
        #expect(runJSON.contains("\"buildversion\": \"22F77\""))
        for (file, bytes) in s.contents(of: "RUN") {
            #expect(!bytes.contains(bytes: Array(s.root.utf8)), "\(file) holds an absolute path or the home directory")
            #expect(!bytes.contains(bytes: Array("ghp_secret".utf8)), "\(file) holds an environment secret")
        }
    }

    @Test func xcode15TakesTheLegacyPathWithoutTheLegacyFlag() throws {
        let s = try CollectScratch()
        defer { s.remove() }
        let env = try install(s, .xcode15, container: try container(s))
        let run = s.root + "/RUN"
        let r = CollectRunner.collect(
            [
                "--bundle-id", "com.example.vault", "--device", Self.booted.lowercased(),
                "--xcresult", s.root + "/Run.xcresult", "--out", run,
            ], environment: env)
        #expect(r.status == 0, "\(r.err)")
        #expect(log(s).contains(where: { $0.hasPrefix("xcresulttool get --format json --path ") }))
        #expect(!log(s).contains(where: { $0.contains("test-results") }), "build 22608 predates get test-results")
        #expect(FileManager.default.fileExists(atPath: run + "/results/legacy.json"))
        #expect(!FileManager.default.fileExists(atPath: run + "/results/summary.json"))
        let bundle = RunLocator.loadRun(at: URL(fileURLWithPath: run))
        #expect(bundle.status(of: EvidenceLayout.legacyJSON) == .loaded)
        #expect(bundle.metadata.xcresulttoolBuild == "22608")
    }

    @Test func appNotInstalledIsAClearErrorAndWritesNothing() throws {
        let s = try CollectScratch()
        defer { s.remove() }
        let env = try install(s, .appNotInstalled, container: "")
        let r = CollectRunner.collect(["--bundle-id", "com.example.vault", "--device", "booted", "--out", s.root + "/RUN"], environment: env)
        #expect(r.status == 2)
        #expect(
            r.err
                == "exhibit: com.example.vault is not installed on exhibit-ci iPhone 16 (\(Self.booted)); was the test run on another device or the app deleted?\n"
        )
        #expect(!FileManager.default.fileExists(atPath: s.root + "/RUN"))
    }

    @Test func aDeviceShutDownWhileCollectingIsNamed() throws {
        let s = try CollectScratch()
        defer { s.remove() }
        let env = try install(s, .shutDownMeanwhile, container: "")
        let r = CollectRunner.collect(["--bundle-id", "com.example.vault", "--device", "booted", "--out", s.root + "/RUN"], environment: env)
        #expect(r.status == 2)
        #expect(r.err == "exhibit: simulator exhibit-ci iPhone 16 (\(Self.booted)) is not booted; collect before shutting it down or erasing it\n")
        #expect(!FileManager.default.fileExists(atPath: s.root + "/RUN"))
    }

    @Test func deviceNotBootedIsRefusedBeforeAskingForTheContainer() throws {
        let s = try CollectScratch()
        defer { s.remove() }
        let env = try install(s, .xcode26, container: try container(s))
        let r = CollectRunner.collect(["--bundle-id", "com.example.vault", "--device", Self.shutdown, "--out", s.root + "/RUN"], environment: env)
        #expect(r.status == 2)
        #expect(r.err.contains("simulator iPhone 16 Pro (\(Self.shutdown)) is Shutdown, not Booted"))
        #expect(!log(s).contains(where: { $0.hasPrefix("simctl get_app_container") }), "never another booted device instead")
        #expect(!FileManager.default.fileExists(atPath: s.root + "/RUN"))
    }

    @Test func severalBootedDevicesAreNeverGuessed() throws {
        let s = try CollectScratch()
        defer { s.remove() }
        let env = try install(s, .xcode26, container: try container(s), secondBooted: true)
        let r = CollectRunner.collect(["--bundle-id", "com.example.vault", "--device", "booted", "--out", s.root + "/RUN"], environment: env)
        #expect(r.status == 2)
        #expect(r.err.contains("2 simulators are booted"))
        #expect(r.err.contains("--device UDID"))
    }

    @Test func noXcrunOnPathSaysWhatToDo() throws {
        let s = try CollectScratch()
        defer { s.remove() }
        let r = CollectRunner.collect(
            ["--bundle-id", "com.example.vault", "--device", "booted", "--out", s.root + "/RUN"],
            environment: ["PATH": s.root + "/empty"])
        #expect(r.status == 2)
        #expect(r.err.contains("xcrun: not found on PATH"))
        #expect(r.err.contains("--container DIR"))
    }
}
