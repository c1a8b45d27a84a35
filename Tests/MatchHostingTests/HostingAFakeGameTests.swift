import Foundation
import GameTestSupport
import GameUnits
import MatchStore
import MatchTree
import MatchWords
import Testing
import WireProtocol

@testable import MatchHosting

/// Hosting with no real game: a catalog of only `FakeGame`. The host's own part is checked (a move
/// recorded as its game writes it, the log replayed into the same board, the board written through
/// the game, the games API move in the game's fields), not a game's rules.
struct HostingAFakeGameTests {
    private let games = GameCatalog([FakeGame()])

    private static func stored(_ records: [MatchRecord]) -> [StoredRecord] {
        records.enumerated().map {
            StoredRecord(sequence: $0.offset + 1, record: $0.element, at: Date(timeIntervalSince1970: 1_000 + Double($0.offset)))
        }
    }

    private func poked(_ place: Int, by seat: Seat) throws -> MatchRecord {
        .played(try #require(FakeGame().record(of: FakePoke(place: place), by: seat, draws: [])))
    }

    private func log() throws -> [StoredRecord] {
        Self.stored([
            .created, .seatTaken(seat: .player1, name: "Alice", tokenHash: Data(repeating: 1, count: 32)),
            .seatTaken(seat: .player2, name: "Bob", tokenHash: Data(repeating: 2, count: 32)),
            .gameStarted(gameId: FakeGame.id, startingPlayer: .player1), try poked(2, by: .player1), try poked(1, by: .player2),
        ])
    }

    @Test func test_aLogOfTheFakeGame_replaysIntoItsBoard_writtenThroughTheGame() throws {
        let tree = try HostedTree(replaying: try log(), games: games, trackingTag: nil)
        defer { tree.tearDown() }
        #expect(tree.snapshot.board == AnyGameBoard(FakeBoard(places: [nil, .player2, .player1], turn: .player1)))
        #expect(
            MatchMessages().welcome(for: nil, snapshot: tree.snapshot, members: Members()).jsonText().contains(
                #""board":{"places":[null,"player2","player1"],"turn":"player1"}"#))
    }

    @Test func test_theGamesAPI_listsTheFakeGamesMoves_inItsOwnFields() throws {
        let records = Self.stored(try log().map(\.record) + [try poked(0, by: .player1), .gameEnded(winner: .player2)])
        let history = try GameHistory.games(of: records, games: games)
        #expect(history.count == 1)
        #expect(history[0].gameId == "fakeGame")
        #expect(history[0].moves.map { $0.fields } == [["place": .integer(2)], ["place": .integer(1)], ["place": .integer(0)]])
        #expect(history[0].result?.winner == .player2)
        #expect(history[0].result?.line == nil)
    }

    @Test func test_aLogWithARecordOfAGameTheCatalogLacks_isRefused() throws {
        let records = Self.stored([
            .created, .seatTaken(seat: .player1, name: "Alice", tokenHash: Data(repeating: 1, count: 32)),
            .seatTaken(seat: .player2, name: "Bob", tokenHash: Data(repeating: 2, count: 32)),
            .gameStarted(gameId: FakeGame.id, startingPlayer: .player1),
            .played(GameRecord(kind: "dropped", json: #"{"col":1,"seat":"player1"}"#)),
        ])
        #expect(throws: (any Error).self) { try HostedTree(replaying: records, games: games, trackingTag: nil) }
    }
}
