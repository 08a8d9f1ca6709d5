import Dispatch

/// Run summaries read on every core. A bundle of 10,000 tests holds 10,000
/// `ActionTestSummary` objects, one file each; reading, decompressing, parsing and
/// folding them into their runs is most of `summary`'s time, and each is independent of
/// the others. Only the budget and the messages depend on order, and the graph reader
/// keeps both in order (`readPendingSummaries`).

/// A run whose `ActionTestSummary` is still to be read: its index in the runs, and the
/// summary's id (or why the text naming it is not one).
struct PendingSummary: Sendable {
    var run: Int
    var id: Result<XCResultObjectID, XCResultObjectError>
}

/// The part of a read that runs on several threads: run summaries decoded from copies of
/// the store (`XCResultStore.decoded`, which charges nothing) and folded into their runs.
enum SummaryDecoding {
    /// A summary decoded on a thread: the run it filled and the bytes it decoded, for
    /// the reader to charge in order.
    struct Decoded: Sendable {
        var run: XCResultTestRun
        var decodedBytes: Int
    }

    /// Summaries per task: large enough that a task's cost dwarfs handing it out, small
    /// enough that two cores finish together.
    static let batch = 64

    /// Each pending summary decoded and folded into a copy of its run; nil where that
    /// failed for any reason (the reader then reads it again, on its own, to say why).
    /// The limit is what was left of the budget when the batch started; the reader
    /// checks each against what is left at its turn.
    static func decode<S: EvidenceSource>(
        _ pending: [PendingSummary], runs: [XCResultTestRun], store: XCResultStore<S>, parallel: Bool
    ) -> [Decoded?] {
        let remaining = store.limits.perBundle - store.decodedTotal
        @Sendable func one(_ entry: PendingSummary) -> Decoded? {
            guard case .success(let id) = entry.id,
                let bytes = try? store.decoded(id, remaining: remaining),
                let object = (try? TypedObjectParser.parse(bytes))?.object,
                object.typeName == "ActionTestSummary" || object.supertypes.contains("ActionTestSummary")
            else { return nil }
            var run = runs[entry.run]
            fill(&run, from: object)
            return Decoded(run: run, decodedBytes: bytes.count)
        }
        var out = [Decoded?](repeating: nil, count: pending.count)
        let batches = (pending.count + batch - 1) / batch
        guard parallel, batches > 1 else {
            for (index, entry) in pending.enumerated() { out[index] = one(entry) }
            return out
        }
        out.withUnsafeMutableBufferPointer { buffer in
            // Each index is written by exactly one batch, and read only after all ended.
            nonisolated(unsafe) let slots = buffer
            DispatchQueue.concurrentPerform(iterations: batches) { number in
                for index in (number * batch)..<min(pending.count, (number + 1) * batch) { slots[index] = one(pending[index]) }
            }
        }
        return out
    }

    /// A run's arguments, repetition policy, failure messages and activities from its
    /// `ActionTestSummary`.
    static func fill(_ run: inout XCResultTestRun, from summary: XCResultObject) {
        let arguments = summary.objects("arguments").map { argument -> String in
            let value = argument.object("value")?.string("description") ?? argument.string("identifier") ?? ""
            return argument.object("parameter")?.string("label").map { "\($0): \(value)" } ?? value
        }
        if !arguments.isEmpty { run.arguments = arguments.joined(separator: ", ") }
        run.policy = summary.object("repetitionPolicySummary")?.string("repetitionMode")
        for failure in summary.objects("failureSummaries") {
            run.messages.append(
                FailureMessage(
                    text: failure.string("message") ?? "", sourceFile: failure.string("fileName").map(FailureLocation.lastPathComponent),
                    line: failure.string("lineNumber").flatMap(Int.init),
                    timestamp: failure.string("timestamp").flatMap(ISO8601Timestamp.secondsSince1970)))
        }
        run.activities = summary.objects("activitySummaries").map(activity)
    }

    /// An `ActionTestActivitySummary` and its subactivities (the typed-object
    /// parser bounds nesting, so this recursion is bounded too). Dates carry their
    /// UTC offset (`…+0500`) and become absolute.
    static func activity(_ summary: XCResultObject) -> TestActivity {
        TestActivity(
            title: summary.string("title") ?? "", activityType: summary.string("activityType"),
            start: summary.string("start").flatMap(ISO8601Timestamp.secondsSince1970),
            finish: summary.string("finish").flatMap(ISO8601Timestamp.secondsSince1970),
            attachments: summary.objects("attachments").map { attachment in
                TestAttachment(
                    name: attachment.string("name"), filename: attachment.string("filename"),
                    uniformType: attachment.string("uniformTypeIdentifier"),
                    size: attachment.string("payloadSize").flatMap(Int.init),
                    timestamp: attachment.string("timestamp").flatMap(ISO8601Timestamp.secondsSince1970),
                    lifetime: attachment.string("lifetime"), payloadID: attachment.referenceText("payloadRef"))
            },
            children: summary.objects("subactivities").map(activity))
    }
}
