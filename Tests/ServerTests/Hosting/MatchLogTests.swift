import Foundation
@testable import Server
import Storage
import Testing
import TicTacToe

/// The log, both ways: what the host records for an accepted input, and replay.
struct MatchLogTests {
    private static let hash = Data(repeating: 7, count: 32)

    /// `records` numbered from 1, as a store returns them.
    private static func stored(_ records: [MatchRecord]) -> [StoredRecord] {
        records.enumerated().map { StoredRecord(sequence: $0.offset + 1, record: $0.element, at: Date()) }
    }

    private static func replayed(_ records: [MatchRecord]) throws -> (Match, [Seat: Data]) {
        let draws = WinnerDraws()
        let match = Match(drawWinner: { draws.next() })
        let hashes = try MatchLog.replay(stored(records), into: match, draws: draws)
        return (match, hashes)
    }

    @Test func test_replayOfRepeatedLaunchesBeforeThePair_startsTheFirstOnceThePairIsComplete() throws {
        // Logs written before the tree refused such repeats hold them.
        let (match, hashes) = try Self.replayed([
            .created,
            .launchRequested(gameId: .randomWin),
            .launchRequested(gameId: .randomWin),
            .launchRequested(gameId: .ticTacToe),
            .seatTaken(seat: .player1, name: "Alice", tokenHash: Self.hash),
            .seatTaken(seat: .player2, name: "Bob", tokenHash: Self.hash),
            .gameStarted(gameId: .randomWin, startingPlayer: .player1),
        ])
        #expect(match.snapshot.phase == .randomWin)
        #expect(hashes.keys.sorted() == [.player1, .player2])
    }

    @Test func test_replayOfALaunchDuringAGame_leavesTheGameAsItWas() throws {
        let (match, _) = try Self.replayed([
            .created,
            .seatTaken(seat: .player1, name: "Alice", tokenHash: Self.hash),
            .seatTaken(seat: .player2, name: "Bob", tokenHash: Self.hash),
            .gameStarted(gameId: .ticTacToe, startingPlayer: .player1),
            .moved(seat: .player1, row: 0, col: 0),
            .launchRequested(gameId: .randomWin),
            .moved(seat: .player2, row: 1, col: 1),
        ])
        #expect(match.snapshot.phase == .ticTacToe)
        #expect(match.snapshot.board?.cells[0] == .player1)
        #expect(match.snapshot.board?.cells[4] == .player2)
    }

    @Test func test_replayOfAnOutcomeTheTreeDidNotProduce_throwsInconsistentLog() {
        #expect(throws: MatchLog.InconsistentLog.self) {
            try Self.replayed([.created, .gameEnded(winner: .player1)])
        }
    }
}
