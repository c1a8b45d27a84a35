import Foundation
import GameUnits
import MatchStore
import MatchTree
import MatchWords
import Testing
import WireProtocol

@testable import Kalah

/// Kalah's message, board, record and games-API move, pinned to their exact JSON (stored matches and
/// clients hold them).
struct KalahUnitTests {
    private let reader = ClientMessageReader(gameMessages: Kalah().messages)

    @Test func test_sowMessage_isReadAndWritten() throws {
        #expect(try reader.decode(#"{"type":"sow","pit":3}"#).get() == .sow(pit: 3))
        #expect(ClientMessage.sow(pit: 5).encoded() == #"{"type":"sow","pit":5}"#)
        #expect(try reader.decode(#"{"type":"sow","pit":-1e300}"#).get() == .sow(pit: .min))
        guard case .play(let game) = try reader.decode(#"{"type":"sow","pit":4}"#).get() else {
            Issue.record("not a game's message")
            return
        }
        #expect(Kalah().action(from: game) as? KalahSow == KalahSow(pit: 4))
    }

    @Test func test_aSowWithoutAWholeNumberPit_isABadMessageWithASentence() {
        for text in [#"{"type":"sow"}"#, #"{"type":"sow","pit":"3"}"#, #"{"type":"sow","pit":1.5}"#, #"{"type":"sow","pit":null}"#] {
            guard case .failure(let error) = reader.decode(text) else {
                Issue.record("\(text) was read")
                continue
            }
            #expect(error.message.contains("pit"), "\(text): \(error.message)")
        }
    }

    @Test func test_board_isItsGoldenJSON() throws {
        let opening = KalahGame(startingPlayer: .player2).board
        #expect(
            ServerMessage.board(try #require(AnyGameBoard(opening).wireBoard), v: 3).jsonText()
                == #"{"last":null,"pits":[4,4,4,4,4,4,0,4,4,4,4,4,4,0],"turn":"player2","type":"board","v":3}"#)
        var game = KalahGame(startingPlayer: .player1)
        try game.sow(pit: 2, by: .player1)
        let board = try #require(AnyGameBoard(game.board).wireBoard)
        #expect(
            ServerMessage.board(board, v: 4).jsonText()
                == #"{"last":{"pit":2,"seat":"player1"},"pits":[4,4,0,5,5,5,1,4,4,4,4,4,4,0],"turn":"player1","type":"board","v":4}"#)
        guard case .board(let read, 4) = try ServerMessage.decode(ServerMessage.board(board, v: 4).jsonText()).get() else {
            Issue.record("not read back")
            return
        }
        #expect(read.pits == [4, 4, 0, 5, 5, 5, 1, 4, 4, 4, 4, 4, 4, 0])
        #expect(read.lastSowing?.seat == .player1 && read.lastSowing?.pit == 2 && read.turn == .player1)
    }

    @Test func test_record_isItsGoldenJSON_whatJSONEncoderWrites_andReadsBack() throws {
        let record = try #require(Kalah().record(of: KalahSow(pit: 5), by: .player2, draws: []))
        #expect(record == GameRecord(kind: "sowed", json: #"{"pit":5,"seat":"player2"}"#))
        struct Sowed: Encodable {
            let pit: Int
            let seat: Seat
        }
        #expect(try GameRecord(kind: "sowed", encoding: Sowed(pit: 5, seat: .player2)) == record)
        let play = try Kalah().play(from: record)
        #expect(play.seat == .player2)
        #expect(play.action as? KalahSow == KalahSow(pit: 5))
        #expect(play.draws.isEmpty)
        #expect(MatchRecord.sowed(seat: .player2, pit: 5) == .played(record))
        #expect(Kalah().historyFields(of: play, boardAfter: nil) == ["pit": .integer(5)])
    }

    @Test func test_anotherGamesMove_isNotRecordedHere() {
        struct OtherMove: GameAction { var game: GameID { "chess" } }
        #expect(Kalah().record(of: OtherMove(), by: .player1, draws: []) == nil)
    }

    @Test func test_refusals_areWordedForPits() {
        #expect(Kalah().sentence(refusing: .cellTaken) == "That pit is empty.")
        #expect(Kalah().sentence(refusing: .outOfBounds) == "Choose one of your six pits: 0 to 5.")
        #expect(Kalah().sentence(refusing: .notYourTurn) == nil)
    }

    @Test func test_aCatalogWithKalah_findsItByIdMessageAndRecord() throws {
        let catalog = GameCatalog([Kalah()])
        #expect(catalog.game(.kalah)?.name == "Kalah")
        let record = try #require(catalog.record(of: KalahSow(pit: 0), by: .player1, draws: []))
        #expect(try catalog.play(from: record).action as? KalahSow == KalahSow(pit: 0))
        guard case .play(let message) = ClientMessage.sow(pit: 1) else {
            Issue.record("expected .play from ClientMessage.sow(pit: 1)")
            return
        }
        #expect(catalog.action(from: message) as? KalahSow == KalahSow(pit: 1))
    }
}
