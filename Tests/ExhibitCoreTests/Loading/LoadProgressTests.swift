import Foundation
import Testing

@testable import ExhibitCore

/// The loader's progress (`LoadObserver`): bounded posts however many entries, the
/// bytes and entries of the file being read, and a cancel that stops the reading.
@Suite struct LoadProgressTests {
    /// A clock the test moves: milliseconds, advanced by `step` at every reading.
    final class FakeClock: @unchecked Sendable {
        private let lock = NSLock()
        private var now = 0
        let step: Int
        init(step: Int = 0) { self.step = step }
        func read() -> Int {
            lock.lock()
            defer { lock.unlock() }
            now += step
            return now
        }
        func advance(_ milliseconds: Int) {
            lock.lock()
            now += milliseconds
            lock.unlock()
        }
    }

    /// Everything posted, in order.
    final class Posts: @unchecked Sendable {
        private let lock = NSLock()
        private var kept: [LoadProgress] = []
        var all: [LoadProgress] {
            lock.lock()
            defer { lock.unlock() }
            return kept
        }
        func add(_ p: LoadProgress) {
            lock.lock()
            kept.append(p)
            lock.unlock()
        }
    }

    /// An ncdu export of `files` files in one directory: a few MiB at 50k, several chunks.
    static func ncduExport(files: Int) -> [UInt8] {
        var text = #"[1,2,{"progname":"t","progver":"1","timestamp":1},[{"name":"."},[{"name":"Documents"}"#
        for i in 0..<files { text += #",{"name":"file-\#(i).bin","asize":\#(i),"dsize":4096}"# }
        text += "]]]"
        return Array(text.utf8)
    }

    @Test func aMillionEntriesPostABoundedNumberOfEvents() {
        let clock = FakeClock()
        let posts = Posts()
        let observer = LoadObserver(clock: clock.read, firstAfterMilliseconds: 300, intervalMilliseconds: 100) { posts.add($0) }
        observer.begin(EvidenceLayout.inventoryJSON, size: 93_000_000)
        // A million entries over ten simulated seconds, told one by one.
        for entry in 1...1_000_000 {
            observer.entriesRead(entry)
            if entry % 100 == 0 { clock.advance(1) }
        }
        let all = posts.all
        // (10 000 - 300) / 100 + 1 at most: the bound is the duration, not the entries.
        #expect(all.count >= 90 && all.count <= 98, "\(all.count) posts")
        #expect(all.first.map { $0.elapsedMilliseconds >= 300 } == true, "nothing before the show-after time")
        #expect(zip(all, all.dropFirst()).allSatisfy { $1.elapsedMilliseconds - $0.elapsedMilliseconds >= 100 })
        #expect(all.last?.entries ?? 0 > 990_000)
        #expect(observer.posts == all.count)
    }

    @Test func theLoadPostsTheFileItReadsItsBytesAndEntries() throws {
        let export = Self.ncduExport(files: 50_000)
        let source = MemoryEvidenceSource([EvidenceLayout.inventoryJSON: export])
        let posts = Posts()
        // Every reading of the clock 10 ms later: each report is due.
        let observer = LoadObserver(clock: FakeClock(step: 10).read, intervalMilliseconds: 1) { posts.add($0) }
        let bundle = try #require(BundleLoader.load(runID: "run-p", from: source, observer: observer))
        #expect(bundle.inventory?.count == BundleLoader.load(runID: "run-p", from: source).inventory?.count)
        let inventory = posts.all.filter { $0.artifact == EvidenceLayout.inventoryJSON }
        #expect(inventory.count > 3, "the inventory reported chunk by chunk")
        #expect(inventory.allSatisfy { $0.bytesTotal == export.count })
        #expect(zip(inventory, inventory.dropFirst()).allSatisfy { $1.bytesRead >= $0.bytesRead && $1.entries >= $0.entries })
        #expect(inventory.last?.bytesRead == export.count)
        #expect(inventory.contains { $0.entries > 0 && $0.entries < 50_000 }, "entries counted as they are read")
        #expect(inventory.last?.entries == bundle.inventory?.count)
    }

    @Test func aCancelStopsTheReadingAndTheLoadGivesNoBundle() {
        let export = Self.ncduExport(files: 50_000)
        let source = MemoryEvidenceSource([
            EvidenceLayout.inventoryJSON: export, EvidenceLayout.duTotals: Array("4\t./Documents\n".utf8),
        ])
        let holder = ObserverHolder()
        let observer = LoadObserver(clock: FakeClock(step: 10).read, intervalMilliseconds: 1) { progress in
            // Cancelled from the first chunk of the inventory on, as q on the loading screen does.
            if progress.artifact == EvidenceLayout.inventoryJSON && progress.bytesRead > 0 { holder.observer?.cancel() }
        }
        holder.observer = observer
        #expect(BundleLoader.load(runID: "run-c", from: source, observer: observer) == nil)
        let last = observer.progress
        #expect(last.artifact == EvidenceLayout.inventoryJSON, "no later file was opened")
        #expect(last.bytesRead < export.count, "the inventory was not read to its end: \(last.bytesRead) of \(export.count)")
        #expect(observer.isCancelled)
    }

    @Test func aFractionNeedsASize() {
        #expect(LoadProgress(artifact: "a", bytesRead: 5, bytesTotal: 20).fraction == 0.25)
        #expect(LoadProgress(artifact: "a", bytesRead: 5).fraction == nil)
        #expect(LoadProgress(artifact: "a", bytesRead: 50, bytesTotal: 20).fraction == 1, "a file grown since it was opened")
    }

    final class ObserverHolder: @unchecked Sendable {
        var observer: LoadObserver?
    }
}
