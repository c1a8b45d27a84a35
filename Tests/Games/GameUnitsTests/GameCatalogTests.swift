import Foundation
import GameUnits
import GridGames
import MatchStore
import MatchTree
import MatchWords
import RandomWin
import Testing
import TicTacToe
import WireProtocol

/// The catalog's lookups, which every layer uses instead of naming a game.
struct GameCatalogTests {
    private let catalog = GameCatalog([TicTacToe(), RandomWin()])

    @Test func test_gamesKeepTheirOrder_andAreFoundById() {
        #expect(catalog.games.map(\.id) == [.ticTacToe, .randomWin])
        #expect(catalog.definitions.map(\.name) == ["Tic Tac Toe", "Random Win"])
        #expect(catalog.game(.randomWin)?.name == "Random Win")
        #expect(catalog.game("chess") == nil)
    }

    @Test func test_theQueueOffers_everyGameButOneThatChanceAloneDecides() {
        #expect(catalog.queueable.map(\.id) == [.ticTacToe])
    }

    @Test func test_theReader_readsEveryGamesMessage_andRefusesAnother() throws {
        #expect(try catalog.messageReader.decode(#"{"type":"move","row":1,"col":2}"#).get() == .move(row: 1, col: 2))
        #expect(try catalog.messageReader.decode(#"{"type":"roll"}"#).get() == .roll)
        guard case .failure(let error) = catalog.messageReader.decode(#"{"type":"drop","col":1}"#) else {
            Issue.record("a message of a game the catalog does not have was read")
            return
        }
        #expect(error.message.contains("\"drop\""), "\(error.message)")
    }

    @Test func test_aGamesMessage_becomesThatGamesMove() throws {
        let message = try catalog.messageReader.decode(#"{"type":"move","row":2,"col":0}"#).get()
        guard case .play(let game) = message else {
            Issue.record("not a game's message")
            return
        }
        let action = try #require(catalog.action(from: game))
        #expect(action as? TicTacToeMove == TicTacToeMove(position: Position(row: 2, col: 0)))
        #expect(catalog.action(from: GameMessage(type: "drop")) == nil)
    }

    @Test func test_records_areWrittenByTheMovesGame_andReadBackByTheirKind() throws {
        let moved = try #require(catalog.record(of: TicTacToeMove(position: Position(row: 0, col: 1)), by: .player2, draws: []))
        #expect(moved == GameRecord(kind: "moved", json: #"{"col":1,"row":0,"seat":"player2"}"#))
        let rolled = try #require(catalog.record(of: RandomWinRoll(), by: .player1, draws: [.player2]))
        #expect(rolled == GameRecord(kind: "rolled", json: #"{"seat":"player1","winner":"player2"}"#))
        let replayed = try catalog.play(from: rolled)
        #expect(replayed.seat == .player1)
        #expect(replayed.draws == [.player2])
        #expect(replayed.action is RandomWinRoll)
    }

    @Test func test_aRecordOfAGameTheCatalogDoesNotHave_isUnknown() {
        #expect(throws: GameCatalog.UnknownRecordKind.self) {
            try catalog.play(from: GameRecord(kind: "dropped", json: #"{"col":1,"seat":"player1"}"#))
        }
    }

    @Test func test_aRefusalsSentence_isTheGamesOwn_elseNil() {
        #expect(catalog.sentence(refusing: .cellTaken, of: .move(row: 0, col: 0)) == "That cell is already taken.")
        #expect(catalog.sentence(refusing: .notYourTurn, of: .move(row: 0, col: 0)) == nil)
        #expect(catalog.sentence(refusing: .wrongPhase, of: .roll) == nil)
        #expect(catalog.sentence(refusing: .notSeated, of: .leave) == nil)
    }
}
