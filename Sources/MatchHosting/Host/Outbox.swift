/// Write before tell, as a value: a match's changes in commit order, each released once the records
/// it reports are durable, and never before an earlier one.
///
/// A change with no records (a welcome, an error, presence) still waits behind earlier ones, so that
/// every connection sees the versions in order. No I/O: the host enqueues what it commits, marks
/// what the store has written, and delivers what `releasable()` hands back.
struct Outbox<Change> {
    private struct Entry {
        let sequence: Int
        let needsDurability: Bool
        /// It tells a rated game's end, whose ratings must be stored and added to it first (issue 42).
        var awaitsRating: Bool
        var change: Change
    }

    private var entries: [Entry] = []
    private var lastSequence = 0
    private var durableSequence = 0

    /// Whether no change waits.
    var isEmpty: Bool { entries.isEmpty }

    /// Adds `change` behind every earlier one. Returns its sequence number: 1, then 2, 3…, the number
    /// `markDurable(through:)` takes once its records are written.
    /// - Parameters:
    ///   - needsDurability: whether the change has records to wait for.
    ///   - awaitsRating: whether it also waits for `rated(_:_:)` (a rated game's end).
    mutating func enqueue(_ change: Change, needsDurability: Bool, awaitsRating: Bool = false) -> Int {
        lastSequence += 1
        entries.append(Entry(sequence: lastSequence, needsDurability: needsDurability, awaitsRating: awaitsRating, change: change))
        return lastSequence
    }

    /// The ratings of the game change `sequence` ends are stored: it is rewritten by `update` (to tell
    /// them) and waits no more for them.
    mutating func rated(_ sequence: Int, _ update: (Change) -> Change) {
        guard let index = entries.firstIndex(where: { $0.sequence == sequence }) else { return }
        entries[index].change = update(entries[index].change)
        entries[index].awaitsRating = false
    }

    /// The store holds the records of every change up to `sequence`.
    mutating func markDurable(through sequence: Int) {
        durableSequence = max(durableSequence, sequence)
    }

    /// Removes and returns, in order, the changes deliverable now: the leading ones whose records are
    /// durable or that have none. Stops at the first change still waiting for its records.
    mutating func releasable() -> [Change] {
        let waiting = entries.firstIndex { ($0.needsDurability && $0.sequence > durableSequence) || $0.awaitsRating } ?? entries.endIndex
        defer { entries.removeFirst(waiting) }
        return entries[..<waiting].map(\.change)
    }

    /// Drops every waiting change (the match is torn down).
    mutating func removeAll() {
        entries = []
    }
}
