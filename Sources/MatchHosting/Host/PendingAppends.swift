import MatchStore
import MatchWords

/// The records a match committed that the store does not hold yet. One writer at a time appends
/// them, in commit order, so the store's order per match holds; what piles up while an append is in
/// flight goes in the next one. No I/O: the host's writer loop takes batches and reports them written.
struct PendingAppends {
    /// One append: the records of several changes, and the summary to store with them.
    struct Batch {
        let records: [MatchRecord]
        /// nil when the store already holds this summary: most moves change nothing a summary shows,
        /// and the store keeps its summary then.
        let summary: StoredSummary?
        /// The outbox sequence of the last change in the batch: durable once the batch is written.
        let lastSequence: Int
        fileprivate let summaryAfter: StoredSummary
    }

    private var unwritten: [(sequence: Int, records: [MatchRecord], summary: StoredSummary)] = []
    /// The summary the store holds after the last append; nil before the first (which always sends one).
    private var storedSummary: StoredSummary?
    /// Whether a writer is running (from `add` returning true until `writerStopped`).
    private(set) var isWriting = false

    /// Nothing waits and no writer runs.
    var isIdle: Bool { !isWriting && unwritten.isEmpty }

    /// Queues the records of change `sequence`, with the summary of the match after it. Returns true
    /// when no writer runs: the caller must start one.
    mutating func add(sequence: Int, records: [MatchRecord], summary: StoredSummary) -> Bool {
        unwritten.append((sequence, records, summary))
        defer { isWriting = true }
        return !isWriting
    }

    /// Everything queued, as one append; nil when nothing is.
    mutating func nextBatch() -> Batch? {
        guard let last = unwritten.last else { return nil }
        defer { unwritten = [] }
        return Batch(
            records: unwritten.flatMap(\.records),
            summary: last.summary == storedSummary ? nil : last.summary,
            lastSequence: last.sequence,
            summaryAfter: last.summary
        )
    }

    /// The store holds `batch`.
    mutating func written(_ batch: Batch) {
        storedSummary = batch.summaryAfter
    }

    /// The writer stopped: nothing was left, or an append failed.
    mutating func writerStopped() {
        isWriting = false
    }
}
