import Testing

@testable import SQLiteStore

/// The record log's generations, without a database: when a generation fills while the one before is
/// still being archived, it is loaded as soon as that archive ends, not at the next commit (which may
/// not come: a burst of moves, then quiet). The SQLite archive test met this under load: 55 records
/// appended faster than the first window moved left 51 of them in the log for good.
@Suite("SQLite record log generations")
struct RecordLogStateTests {
    private let log = RecordLogState(policy: RecordArchivePolicy(windowRecords: 4, matchesPerTransaction: 2))

    private func commit(rows: Int) -> ArchiveDue? {
        var changes = RecordLogChanges(generation: log.generation)
        changes.rows = rows
        return log.commit(changes)
    }

    private func window(of generation: Int, chunks: Int) -> ArchiveWindow {
        ArchiveWindow(generation: generation, rowIds: (0..<Int64(chunks)).map { $0 }, chunkEnds: Array(1...chunks))
    }

    @Test func aGenerationThatFilledDuringAnArchive_isDueWhenThatArchiveEnds() {
        #expect(commit(rows: 4)?.generation == 0, "the first window filled")
        log.loaded(window(of: 0, chunks: 2))
        #expect(commit(rows: 51) == nil, "generation 1 fills while 0 is moved")
        #expect(log.moved(log.windowToMove()!) == nil, "the first of two chunks")
        #expect(log.moved(log.windowToMove()!)?.generation == 1, "the last chunk: generation 1 is due now")
        #expect(log.generation == 2, "appends go on in the next table")
        #expect(log.windowToMove() == nil, "generation 1 is being loaded")
    }

    @Test func aGenerationNotYetFullWhenAnArchiveEnds_waitsForItsWindow() {
        #expect(commit(rows: 4)?.generation == 0)
        log.loaded(window(of: 0, chunks: 1))
        #expect(commit(rows: 3) == nil)
        #expect(log.moved(log.windowToMove()!) == nil, "three rows: not a window yet")
        #expect(commit(rows: 1)?.generation == 1, "the fourth fills it")
    }
}
