import Foundation
import MatchStore
import MatchTree
import MatchWords
import RandomWin
import Testing
import TicTacToe

@testable import MatchHosting

struct HostedTreeTests {
    private static func stored(_ records: [MatchRecord]) -> [StoredRecord] {
        records.enumerated().map { StoredRecord(sequence: $0.offset + 1, record: $0.element, at: Date()) }
    }

    @Test func test_init_replaysTheLogAndKeepsTheSeatsStillTaken() throws {
        let hash = Secrets.tokenHash("token")
        let tree = try HostedTree(
            replaying: Self.stored([
                .created, .seatTaken(seat: .player1, name: "Alice", tokenHash: hash),
                .seatTaken(seat: .player2, name: "Bob", tokenHash: hash),
                .left(seat: .player2),
            ]),
            games: .hostingTests, trackingTag: nil
        )
        #expect(tree.restoredSeats == [.player1: SeatHolder(tokenHash: hash)])
        #expect(tree.snapshot.players == [SeatedPlayer(seat: .player1, name: "Alice")])
    }

    @Test func test_apply_refusedInput_throwsTheTreesError() throws {
        let tree = try HostedTree(replaying: Self.stored([.created]), games: .hostingTests, trackingTag: "hosted-tree-test")
        #expect(throws: MatchError.notSeated) { try tree.apply(.roll, by: nil) }
        #expect(try tree.apply(.login(name: "Alice"), by: nil).contains(.seated(SeatedPlayer(seat: .player1, name: "Alice"))))
    }

    @Test func test_takeDrawn_isWhatTheLastInputDrew() throws {
        let tree = try HostedTree(replaying: Self.stored([.created]), games: .hostingTests, trackingTag: nil)
        _ = try tree.apply(.login(name: "Alice"), by: nil)
        _ = try tree.apply(.login(name: "Bob"), by: nil)
        _ = try tree.apply(.startGame(gameId: "randomWin"), by: .player1)
        #expect(tree.takeDrawn() == [])
        let events = try tree.apply(.roll, by: .player2)
        let winner = events.lazy.compactMap { if case .gameOver(let winner, _, _) = $0 { winner } else { nil } }.first
        #expect(tree.takeDrawn() == [winner].compactMap { $0 })
        #expect(tree.takeDrawn() == [], "taken once")
    }

    @Test func test_aReplayedRoll_drawsAsRecorded_andLeavesNothingToTake() throws {
        let tree = try HostedTree(
            replaying: Self.stored([
                .created,
                .seatTaken(seat: .player1, name: "Alice", tokenHash: Data(repeating: 1, count: 32)),
                .seatTaken(seat: .player2, name: "Bob", tokenHash: Data(repeating: 2, count: 32)),
                .gameStarted(gameId: .randomWin, startingPlayer: .player1),
                .rolled(seat: .player2, winner: .player2),
                .gameEnded(winner: .player2),
            ]), games: .hostingTests, trackingTag: nil)
        #expect(tree.snapshot.score?.player2Wins == 1)
        #expect(tree.takeDrawn() == [])
    }

    @Test func test_tearDown_makesEveryLaterInputThrowWrongPhase() throws {
        let tree = try HostedTree(replaying: Self.stored([.created]), games: .hostingTests, trackingTag: nil)
        tree.tearDown()
        #expect(throws: MatchError.wrongPhase) { try tree.apply(.login(name: "Alice"), by: nil) }
    }
}
