import Foundation
import Testing

@testable import ExhibitTUI

/// The inbox and the runner: what a worker posts is taken once, in order; the pipe is
/// readable exactly while something waits; a running read is not waited for; writes
/// run in order and are finished on request. (What BackgroundCheckTests held for the
/// one-off check thread, for every effect.)
@Suite struct InboxTests {
    private func readable(_ inbox: Inbox<Int>) -> Bool { inbox.wait(upTo: 0) }

    @Test func postedEventsAreTakenOnceInOrder() {
        let inbox = Inbox<Int>()
        defer { inbox.close() }
        #expect(!readable(inbox))
        for i in 1...3 { inbox.post(i) }
        #expect(readable(inbox), "a post wakes the wait")
        #expect(inbox.take() == [1, 2, 3])
        #expect(!readable(inbox), "taking drains the pipe")
        #expect(inbox.take().isEmpty, "an event is delivered once")
    }

    @Test func postsFromManyThreadsAllArrive() {
        let inbox = Inbox<Int>()
        defer { inbox.close() }
        DispatchQueue.concurrentPerform(iterations: 200) { inbox.post($0) }
        var taken: [Int] = []
        while taken.count < 200 && inbox.wait(upTo: 5_000) { taken += inbox.take() }
        #expect(taken.sorted() == Array(0..<200))
    }

    @Test func aClosedInboxDropsLatePosts() {
        let inbox = Inbox<Int>()
        inbox.post(1)
        inbox.close()
        inbox.post(2)
        #expect(inbox.take().isEmpty)
    }

    @Test func aReadStillRunningIsNotWaitedForAndItsResultComesLater() {
        let runner = EffectRunner<String>()
        defer { runner.inbox.close() }
        let gate = Gate()
        runner.start(
            Work(.read) { post in
                gate.wait()
                post("late")
            })
        #expect(!runner.inbox.wait(upTo: 20), "still running: nothing yet")
        runner.finishWrites()  // returns although the read is blocked
        gate.open()
        #expect(runner.inbox.wait(upTo: 10_000))
        #expect(runner.inbox.take() == ["late"])
    }

    @Test func writesRunInOrderAndAreFinishedOnRequest() {
        let runner = EffectRunner<String>()
        defer { runner.inbox.close() }
        let order = NSLock()
        nonisolated(unsafe) var done: [Int] = []
        for i in 0..<20 {
            runner.start(
                Work(.write) { _ in
                    if i == 0 { Thread.sleep(forTimeInterval: 0.05) }
                    order.lock()
                    done.append(i)
                    order.unlock()
                })
        }
        runner.finishWrites()
        order.lock()
        #expect(done == Array(0..<20))
        order.unlock()
    }
}
