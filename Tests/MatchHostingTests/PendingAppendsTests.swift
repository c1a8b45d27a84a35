import MatchStore
import MatchTree
import MatchWords
import Testing
import TicTacToe

@testable import MatchHosting

struct PendingAppendsTests {
    private static let seated = StoredSummary(phase: .loggedOut, players: [SeatedPlayer(seat: .player1, name: "Alice")], score: nil)

    @Test func test_add_asksForAWriterOnlyWhenNoneRuns() {
        var appends = PendingAppends()
        let first = appends.add(sequence: 1, records: [.left(seat: .player1)], summary: .empty)
        let second = appends.add(sequence: 2, records: [.left(seat: .player2)], summary: .empty)
        #expect(first)
        #expect(!second)
        #expect(appends.isWriting)
    }

    @Test func test_nextBatch_takesEverythingQueuedInOrderAsOneAppend() throws {
        var appends = PendingAppends()
        _ = appends.add(sequence: 3, records: [.moved(seat: .player1, row: 0, col: 0)], summary: .empty)
        _ = appends.add(sequence: 5, records: [.moved(seat: .player2, row: 1, col: 1), .gameEnded(winner: nil)], summary: .empty)
        let batch = try #require(appends.nextBatch() as PendingAppends.Batch?)
        #expect(batch.records == [.moved(seat: .player1, row: 0, col: 0), .moved(seat: .player2, row: 1, col: 1), .gameEnded(winner: nil)])
        #expect(batch.lastSequence == 5)
        let after = appends.nextBatch()
        #expect(after == nil)
    }

    @Test func test_nextBatch_firstAppend_carriesTheSummary() {
        var appends = PendingAppends()
        _ = appends.add(sequence: 1, records: [.created], summary: .empty)
        let batch = appends.nextBatch()
        #expect(batch?.summary == .empty)
    }

    @Test func test_nextBatch_summaryTheStoreHolds_isLeftOut_andAChangedOneIsSent() {
        var appends = PendingAppends()
        _ = appends.add(sequence: 1, records: [.created], summary: .empty)
        appends.nextBatch().map { appends.written($0) }
        _ = appends.add(sequence: 2, records: [.launchRequested(gameId: .ticTacToe)], summary: .empty)
        let unchanged = appends.nextBatch()
        #expect(unchanged != nil)
        #expect(unchanged?.summary == nil)
        unchanged.map { appends.written($0) }
        _ = appends.add(sequence: 3, records: [.seatTaken(seat: .player1, name: "Alice", tokenHash: .init())], summary: Self.seated)
        let changed = appends.nextBatch()
        #expect(changed?.summary == Self.seated)
    }

    @Test func test_nextBatch_afterABatchThatWasNotWritten_sendsTheSummaryAgain() {
        var appends = PendingAppends()
        _ = appends.add(sequence: 1, records: [.created], summary: .empty)
        _ = appends.nextBatch()
        _ = appends.add(sequence: 2, records: [.left(seat: .player1)], summary: .empty)
        let batch = appends.nextBatch()
        #expect(batch?.summary == .empty)
    }

    @Test func test_writerStopped_makesTheNextAddAskForAWriter() {
        var appends = PendingAppends()
        _ = appends.add(sequence: 1, records: [.created], summary: .empty)
        _ = appends.nextBatch()
        appends.writerStopped()
        #expect(!appends.isWriting)
        let startsWriter = appends.add(sequence: 2, records: [.left(seat: .player1)], summary: .empty)
        #expect(startsWriter)
    }

    @Test func test_isIdle_onlyWithNothingQueuedAndNoWriter() {
        var appends = PendingAppends()
        #expect(appends.isIdle)
        _ = appends.add(sequence: 1, records: [.created], summary: .empty)
        #expect(!appends.isIdle)
        _ = appends.nextBatch()
        #expect(!appends.isIdle)
        appends.writerStopped()
        #expect(appends.isIdle)
    }
}
