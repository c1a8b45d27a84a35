import Foundation
import GameUnits
import GridGames
import MatchStore
import MatchTree
import MatchWords
import RandomWin
import Testing
import TicTacToe

@testable import MatchHosting

/// The log, both ways: what the host records for an accepted input, and replay.
struct MatchLogTests {
    private static let hash = Data(repeating: 7, count: 32)

    /// `records` numbered from 1, as a store returns them.
    private static func stored(_ records: [MatchRecord]) -> [StoredRecord] {
        records.enumerated().map { StoredRecord(sequence: $0.offset + 1, record: $0.element, at: Date()) }
    }

    private static func replayed(_ records: [MatchRecord]) throws -> (Match, [Seat: SeatHolder]) {
        let draws = WinnerDraws()
        let match = Match(games: GameCatalog.hostingTests.definitions, drawWinner: { draws.next() })
        let hashes = try MatchLog.replay(stored(records), into: match, draws: draws, games: .hostingTests)
        return (match, hashes)
    }

    @Test func test_recordsForALogin_takeTheSeatWithTheTokenHash() {
        let events: [MatchEvent] = [.seated(SeatedPlayer(seat: .player2, name: "Bob")), .playersChanged([])]
        let records = MatchLog.records(
            for: .login(name: "Bob"), by: nil, events: events, holder: SeatHolder(tokenHash: Self.hash), drawn: [], games: .hostingTests)
        #expect(records == [.seatTaken(seat: .player2, name: "Bob", tokenHash: Self.hash)])
    }

    @Test func test_recordsForAnAccountsLogin_keepTheAccount_andItsReplayGivesTheSeatBackToTheAccount() throws {
        let events: [MatchEvent] = [.seated(SeatedPlayer(seat: .player1, name: "Ann")), .playersChanged([])]
        let holder = SeatHolder(tokenHash: Self.hash, account: "ann-id")
        let records = MatchLog.records(for: .login(name: "Ann"), by: nil, events: events, holder: holder, drawn: [], games: .hostingTests)
        #expect(records == [.seatTaken(seat: .player1, name: "Ann", tokenHash: Self.hash, account: "ann-id")])
        let (_, holders) = try Self.replayed(
            [.created] + records + [.seatTaken(seat: .player2, name: "Bob", tokenHash: Self.hash), .left(seat: .player2)])
        #expect(holders == [.player1: holder], "the account's seat, and none for the seat Bob left")
    }

    @Test func test_recordsForALaunchTheTreeTook_requestIt_thenItsOutcome() {
        let events: [MatchEvent] = [
            .launchQueued(gameId: .randomWin), .gameStarted(gameId: .randomWin, startingPlayer: .player1), .screen(.randomWin),
        ]
        let records = MatchLog.records(
            for: .launchGame(gameId: "randomWin"), by: nil, events: events, drawn: [], games: .hostingTests)
        #expect(records == [.launchRequested(gameId: .randomWin), .gameStarted(gameId: .randomWin, startingPlayer: .player1)])
    }

    @Test func test_recordsForALaunchTheTreeDidNotTake_areNone() {
        #expect(
            MatchLog.records(for: .launchGame(gameId: "randomWin"), by: nil, events: [], drawn: [], games: .hostingTests)
                .isEmpty)
    }

    @Test func test_recordsForAMoveThatEndsTheGame_moveThenGameEnded() {
        let events: [MatchEvent] = [.gameOver(winner: .player1, line: nil, reason: .line), .screen(.offGame(games: []))]
        let records = MatchLog.records(
            for: .move(row: 2, col: 0), by: .player1, events: events, drawn: [], games: .hostingTests)
        #expect(records == [.moved(seat: .player1, row: 2, col: 0), .gameEnded(winner: .player1)])
    }

    @Test func test_recordsForARoll_keepTheDrawnWinner() {
        let records = MatchLog.records(
            for: .roll, by: .player2, events: [.gameOver(winner: .player1, line: nil, reason: .roll)], drawn: [.player1],
            games: .hostingTests)
        #expect(records == [.rolled(seat: .player2, winner: .player1), .gameEnded(winner: .player1)])
    }

    @Test func test_recordsForALeave_leaveThenTheForfeitedGame() {
        let records = MatchLog.records(
            for: .leave, by: .player1, events: [.gameOver(winner: .player2, line: nil, reason: .left)], drawn: [],
            games: .hostingTests)
        #expect(records == [.left(seat: .player1), .gameEnded(winner: .player2)])
    }

    @Test func test_recordsForAStartGame_areItsOutcomeOnly() {
        let events: [MatchEvent] = [.gameStarted(gameId: .ticTacToe, startingPlayer: .player2)]
        let records = MatchLog.records(
            for: .startGame(gameId: "ticTacToe"), by: .player1, events: events, drawn: [], games: .hostingTests)
        #expect(records == [.gameStarted(gameId: .ticTacToe, startingPlayer: .player2)])
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
        #expect(match.snapshot.board?.grid?.cells[0] == .player1)
        #expect(match.snapshot.board?.grid?.cells[4] == .player2)
    }

    @Test func test_replayOfAnOutcomeTheTreeDidNotProduce_throwsInconsistentLog() {
        #expect(throws: MatchLog.InconsistentLog.self) {
            try Self.replayed([.created, .gameEnded(winner: .player1)])
        }
    }
}
