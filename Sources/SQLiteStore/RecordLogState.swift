import MatchStore
import MatchWords
import Synchronization

/// One of the two tables records are appended to. Generation `g` of the log is table `g % 2`.
enum RecordLogTable: Int, CaseIterable, Sendable {
    case recordLog0, recordLog1

    /// The table generation `generation` appends to.
    init(generation: Int) {
        self = generation % 2 == 0 ? .recordLog0 : .recordLog1
    }

    var name: String { "\(self)" }

    /// The append statement of this table, spelled out once: it runs for every append of every move,
    /// and interpolating the table's name there built a new string per append.
    var insertSQL: String {
        switch self {
        case .recordLog0: "INSERT INTO recordLog0 (matchId, sequence, at, kind, payload) VALUES (?, ?, ?, ?, ?)"
        case .recordLog1: "INSERT INTO recordLog1 (matchId, sequence, at, kind, payload) VALUES (?, ?, ?, ?, ?)"
        }
    }
}

/// What the writer knows about the record log, so that an append runs no query to find its sequence
/// and the log is archived a window at a time: the last sequence of every match with rows in a log
/// table, the generation appends go to, and how archiving the previous generation is going.
///
/// The log works in generations: appends go to generation `g` (table `g % 2`) until it holds a
/// window's worth of rows and generation `g - 1` has been archived; then appends go to `g + 1`, and
/// generation `g` is loaded on a reader connection, moved into `record` a few matches per transaction,
/// and its table emptied with the last of them.
///
/// Invariant: every match with rows in a log table has an entry. A match without one has all its
/// records in `record`, where `MAX(sequence)` is one index lookup. At open both tables are empty (the
/// store archives what a crash left), and an entry goes once the generation of its newest row is
/// archived.
///
/// Only the writer loop and its window loader use it. The mutex is there because GRDB's closures are
/// `@Sendable`; it is held for a few dictionary operations at a time.
final class RecordLogState: Sendable {
    /// A match with rows in the log.
    struct Entry: Sendable {
        var lastSequence: Int
        /// The generation that holds the match's newest row.
        var generation: Int
    }

    private enum Archiving: Sendable {
        case idle
        case loading(generation: Int)
        case moving(ArchiveWindow)
        /// Loading or moving `generation` failed; tried again once `retryAfterRows` more rows came.
        case failed(generation: Int, retryAfterRows: Int)
    }

    private struct State {
        var entries: [MatchID: Entry] = [:]
        var generation = 0
        var rowsInGeneration = 0
        var generationStarted = ContinuousClock.now
        var archiving = Archiving.idle
    }

    private let state = Mutex(State())
    private let policy: RecordArchivePolicy

    init(policy: RecordArchivePolicy) {
        self.policy = policy
    }

    /// The generation a transaction starting now appends to.
    var generation: Int { state.withLock { $0.generation } }

    /// The last sequence of match `id` if it has rows in the log.
    func entry(of id: MatchID) -> Entry? {
        state.withLock { $0.entries[id] }
    }

    /// Forgets the log entries of deleted matches.
    func forget(_ ids: [MatchID]) {
        guard !ids.isEmpty else { return }
        state.withLock { state in
            for id in ids { state.entries[id] = nil }
        }
    }

    /// Takes in what a committed transaction appended (call only after the commit succeeded). Returns
    /// a generation to load for archiving when one is due now: the current one just filled up, or a
    /// failed one waited long enough.
    func commit(_ changes: RecordLogChanges) -> ArchiveDue? {
        guard changes.rows > 0 else { return nil }
        return state.withLock { state in
            state.entries.merge(changes.entries) { $1 }
            state.rowsInGeneration += changes.rows
            switch state.archiving {
            case .idle:
                return archiveIfFull(&state)
            case .failed(let generation, let retryAfterRows) where state.rowsInGeneration >= retryAfterRows:
                state.archiving = .loading(generation: generation)
                return ArchiveDue(generation: generation, filledIn: .zero)
            default:
                return nil
            }
        }
    }

    /// The window whose next chunk the writer moves now, if one is loaded.
    func windowToMove() -> ArchiveWindow? {
        state.withLock { state in
            if case .moving(let window) = state.archiving { return window }
            return nil
        }
    }

    /// The loader's window is ready to move.
    func loaded(_ window: ArchiveWindow) {
        state.withLock { $0.archiving = .moving(window) }
    }

    /// Takes in a committed archive step: `window`'s chunk `nextChunk` is in `record`. After the last
    /// one (whose transaction also emptied the table), forgets the matches whose newest row was there,
    /// and returns the current generation to load when it filled up meanwhile: waiting for the next
    /// commit to notice would leave it unarchived for as long as no move comes (a burst, then quiet).
    func moved(_ window: ArchiveWindow) -> ArchiveDue? {
        state.withLock { state in
            var next = window
            next.nextChunk += 1
            guard next.nextChunk >= window.chunkCount else {
                state.archiving = .moving(next)
                return nil
            }
            state.archiving = .idle
            // `filter` builds a dictionary sized for what stays: the capacity of a busy moment is not
            // kept once the matches are gone.
            state.entries = state.entries.filter { $0.value.generation > window.generation }
            return archiveIfFull(&state)
        }
    }

    /// With nothing being archived: when the current generation holds a window's worth of rows, moves
    /// appends on to the next and returns the full one to load.
    private func archiveIfFull(_ state: inout State) -> ArchiveDue? {
        guard state.rowsInGeneration >= policy.windowRecords else { return nil }
        let full = state.generation
        let now = ContinuousClock.now
        let filledIn = now - state.generationStarted
        state.generation += 1
        state.rowsInGeneration = 0
        state.generationStarted = now
        state.archiving = .loading(generation: full)
        return ArchiveDue(generation: full, filledIn: filledIn)
    }

    /// Loading or moving `generation` failed: appends go on, and it is tried again (from the start:
    /// `RecordArchive` allows rows to be copied twice) once another window's worth of rows came.
    func archiveFailed(generation: Int) {
        state.withLock { state in
            state.archiving = .failed(generation: generation, retryAfterRows: state.rowsInGeneration + policy.windowRecords)
        }
    }
}

/// A generation to archive, and how long it took to fill: its steps are spread over half that time.
struct ArchiveDue: Sendable {
    let generation: Int
    let filledIn: Duration
}

/// What one transaction appended to the log, taken into `RecordLogState` once it committed.
struct RecordLogChanges: Sendable {
    /// The generation (table) this transaction appends to.
    let generation: Int
    /// Matches this transaction appended to, with their new state.
    var entries: [MatchID: RecordLogState.Entry] = [:]
    /// Rows appended.
    var rows = 0

    init(generation: Int) {
        self.generation = generation
    }

    var table: RecordLogTable { RecordLogTable(generation: generation) }
}

/// A generation of the log being moved into `record`, a few matches per transaction.
struct ArchiveWindow: Sendable {
    /// The generation; its table is emptied with the last chunk.
    let generation: Int
    /// The table's row ids, sorted by match and sequence.
    let rowIds: [Int64]
    /// Where each chunk ends in `rowIds` (exclusive); a chunk holds whole matches.
    let chunkEnds: [Int]
    /// The chunk the next step moves.
    var nextChunk = 0
    /// The least time between two steps (at most `GroupCommitWriter.longestStepInterval`), so that they
    /// spread over half the time the next generation takes to fill rather than follow one another:
    /// steps in a row keep the writer busy for a stretch, and the appends queued behind them wait
    /// longest (docs/PERFORMANCE.md, item 11).
    var stepInterval = Duration.zero

    var table: RecordLogTable { RecordLogTable(generation: generation) }

    var chunkCount: Int { chunkEnds.count }

    /// The row ids of chunk `index`, empty past the last chunk.
    func rowIds(ofChunk index: Int) -> ArraySlice<Int64> {
        guard chunkEnds.indices.contains(index) else { return [] }
        return rowIds[(index == 0 ? 0 : chunkEnds[index - 1])..<chunkEnds[index]]
    }
}
