import Foundation
import Testing

@testable import ExhibitCore

/// Issue 19: the triage UI loads a run in two parts, all but steps.tsv and times.txt for
/// the first screen, the rest before the rules check. The finished bundle must be what
/// a load in one pass gives, down to the order of the diagnostics and the file states,
/// and the first part must not claim what it has not read.
@Suite struct FirstScreenLoadTests {
    private static func observer() -> LoadObserver { LoadObserver(clock: { 0 }) { _ in } }

    /// Every field a command prints from, in a comparable form.
    private struct Fingerprint: Equatable {
        var diagnostics: [Diagnostic]
        var files: [EvidenceFileStatus]
        var stillLoading: [String]
        var flagSources: [String]
        var nodes: [String]
        /// Per node, as text: `FileTimes` holds NaN for "not recorded", never equal to itself.
        var times: [String]
        var steps: [String]

        init(_ b: EvidenceBundle) {
            diagnostics = b.diagnostics
            files = b.files
            stillLoading = b.stillLoading
            flagSources = b.flagSources
            steps = b.inventory?.steps ?? []
            var nodes: [String] = []
            var times: [String] = []
            if let inventory = b.inventory {
                for id in 0..<inventory.count {
                    let step: String = inventory.step(id) ?? "-"
                    nodes.append("\(inventory.path(id)) \(inventory.size(id)) \(step) \(inventory.isExcludedOwn(id)) \(inventory.backupFlag(id))")
                    if let t = b.fileTimes {
                        let birth: String = t.birth(id).map { "\($0)" } ?? "-"
                        let modification: String = t.modification(id).map { "\($0)" } ?? "-"
                        times.append(birth + " " + modification)
                    }
                }
            }
            self.nodes = nodes
            self.times = times
        }
    }

    private func twoPart(_ files: [String: [UInt8]], runID: String) throws -> (first: EvidenceBundle, finished: EvidenceBundle) {
        let source = MemoryEvidenceSource(files)
        let (first, rest) = try #require(BundleLoader.loadFirstScreen(runID: runID, from: source, observer: Self.observer()))
        return (first, rest.finish(first))
    }

    private static var sampleNames: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: SampleRun.archives.path)) ?? []
        return names.filter { $0.hasPrefix("run-") }.sorted()
    }

    @Test func everySampleRunFinishesAsAOnePassLoadDoes() throws {
        #expect(Self.sampleNames.count >= 8)
        for name in Self.sampleNames {
            let run = SampleRun(name)
            let (first, finished) = try twoPart(run.files, runID: name)
            #expect(Fingerprint(finished) == Fingerprint(run.load()), "\(name)")
            #expect(finished.stillLoading.isEmpty)
            let deferred = [EvidenceLayout.steps, EvidenceLayout.timesList].filter { run.files[$0] != nil }
            #expect(first.stillLoading == deferred, "\(name)")
            // The first part has not read them: no state is recorded for them yet.
            for file in deferred { #expect(first.status(of: file) == nil, "\(name) \(file)") }
        }
    }

    /// The deferred step's warnings and notes go where a one-pass load puts them, before
    /// du.txt's and the raw artifacts' (damaged steps.tsv and times.txt, unmatched paths).
    @Test func damagedDeferredFilesKeepTheirPlace() throws {
        let run = SampleRun("run-2026-11-06-junit-files-list")
        var files = run.files
        files[EvidenceLayout.steps] = Array("step\tpath\nfirst\tDocuments/none\nno tab\n\tLibrary\n".utf8)
        files[EvidenceLayout.timesList] = Array("not a times line\n".utf8)
        files[EvidenceLayout.duTotals] = Array("12\tDocuments\nbroken du line\n".utf8)
        let (first, finished) = try twoPart(files, runID: run.name)
        let onePass = BundleLoader.load(runID: run.name, from: MemoryEvidenceSource(files))
        #expect(Fingerprint(finished) == Fingerprint(onePass))
        #expect(onePass.diagnostics.contains { $0.file == EvidenceLayout.steps })
        #expect(onePass.diagnostics.contains { $0.file == EvidenceLayout.duTotals })
        // Nothing about the deferred files before they are read.
        #expect(!first.diagnostics.contains { $0.file == EvidenceLayout.steps || $0.file == EvidenceLayout.timesList })
        let stepsAt = try #require(finished.diagnostics.firstIndex { $0.file == EvidenceLayout.steps })
        let duAt = try #require(finished.diagnostics.firstIndex { $0.file == EvidenceLayout.duTotals })
        #expect(stepsAt < duAt)
    }

    /// The warning of names that cannot coexist on the device waits for the rest too (a
    /// pass over every directory), and lands where a one-pass load puts it: after the
    /// inventory's warnings, before steps.tsv's.
    @Test func deviceNameTwinsAreWarnedByTheRestInTheirPlace() throws {
        var files: [String: [UInt8]] = [:]
        let list = "./Documents/Notes\n./Documents/notes\n./Documents/Cafe\u{301}\n./Documents/Caf\u{E9}\n./Documents/Notes\n"
        files[EvidenceLayout.filesList] = Array(list.utf8)
        files[EvidenceLayout.steps] = Array("seed\tDocuments/Notes\nno tab\n".utf8)
        let (first, finished) = try twoPart(files, runID: "r")
        let onePass = BundleLoader.load(runID: "r", from: MemoryEvidenceSource(files))
        #expect(Fingerprint(finished) == Fingerprint(onePass))
        let twins = finished.diagnostics.indices.filter { finished.diagnostics[$0].message.contains("cannot coexist on the device") }
        #expect(!twins.isEmpty)
        #expect(!first.diagnostics.contains { $0.message.contains("cannot coexist on the device") })
        let listWarnings = finished.diagnostics.indices.filter {
            finished.diagnostics[$0].file == EvidenceLayout.filesList && !twins.contains($0)
        }
        #expect(!listWarnings.isEmpty)
        let stepsWarning = try #require(finished.diagnostics.firstIndex { $0.file == EvidenceLayout.steps })
        #expect(twins.allSatisfy { t in listWarnings.allSatisfy { $0 < t } && t < stepsWarning })
    }

    @Test func theFirstPartLeavesTheStepsUnappliedAndTheRestAppliesThem() throws {
        var files: [String: [UInt8]] = [:]
        files[EvidenceLayout.filesList] = Array("./Documents/a\n./Library/Caches/b\n".utf8)
        files[EvidenceLayout.steps] = Array("seed\tDocuments/a\nfetch\tLibrary/Caches/b\n".utf8)
        let (first, finished) = try twoPart(files, runID: "r")
        let a = try #require(first.inventory?.lookup("Documents/a"))
        #expect(first.inventory?.step(a) == nil)
        #expect(first.stillLoading == [EvidenceLayout.steps])
        #expect(finished.inventory?.step(a) == "seed")
        #expect(finished.status(of: EvidenceLayout.steps) == .loaded)
        // Node ids are the same in both: the UI's cursor stays on its item.
        #expect(finished.inventory?.lookup("Documents/a") == a)
    }

    @Test func aRunWithoutStepsOrTimesDefersNothing() throws {
        let files = [EvidenceLayout.filesList: Array("./Documents/a\n".utf8)]
        let (first, finished) = try twoPart(files, runID: "r")
        #expect(first.stillLoading.isEmpty)
        #expect(Fingerprint(finished) == Fingerprint(BundleLoader.load(runID: "r", from: MemoryEvidenceSource(files))))
    }

    @Test func aCancelledFirstPartGivesNothing() {
        let observer = Self.observer()
        observer.cancel()
        let files = [EvidenceLayout.filesList: Array("./Documents/a\n".utf8)]
        #expect(BundleLoader.loadFirstScreen(runID: "r", from: MemoryEvidenceSource(files), observer: observer) == nil)
    }
}
