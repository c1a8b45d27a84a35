import Foundation
import GameUnits
import MatchStore
import MatchTree
import MatchWords
import Testing
import WireProtocol

@testable import ConnectFour

/// Connect Four's message and record, pinned.
struct ConnectFourUnitTests {
    private let reader = ClientMessageReader(gameMessages: ConnectFour().messages)

    @Test func test_dropMessage_isReadAndWritten() throws {
        #expect(try reader.decode(#"{"type":"drop","col":3}"#).get() == .drop(col: 3))
        #expect(ClientMessage.drop(col: 6).encoded() == #"{"type":"drop","col":6}"#)
        #expect(try reader.decode(#"{"type":"drop","col":1e300}"#).get() == .drop(col: .max))
        let message = try #require(try? reader.decode(#"{"type":"drop","col":4}"#).get())
        guard case .play(let game) = message else {
            Issue.record("not a game's message")
            return
        }
        #expect(ConnectFour().action(from: game) as? ConnectFourDrop == ConnectFourDrop(column: 4))
    }

    @Test func test_aDropWithoutAWholeNumberColumn_isABadMessageWithASentence() {
        for text in [#"{"type":"drop"}"#, #"{"type":"drop","col":"3"}"#, #"{"type":"drop","col":1.5}"#, #"{"type":"drop","col":null}"#] {
            guard case .failure(let error) = reader.decode(text) else {
                Issue.record("\(text) was read")
                continue
            }
            #expect(error.message.contains("col"), "\(text): \(error.message)")
        }
    }

    @Test func test_record_isItsGoldenJSON_whatJSONEncoderWrites_andReadsBack() throws {
        let record = try #require(ConnectFour().record(of: ConnectFourDrop(column: 5), by: .player2, draws: []))
        #expect(record == GameRecord(kind: "dropped", json: #"{"col":5,"seat":"player2"}"#))
        struct Dropped: Encodable {
            let col: Int
            let seat: Seat
        }
        #expect(try GameRecord(kind: "dropped", encoding: Dropped(col: 5, seat: .player2)) == record)
        let play = try ConnectFour().play(from: record)
        #expect(play.seat == .player2)
        #expect(play.action as? ConnectFourDrop == ConnectFourDrop(column: 5))
        #expect(play.draws.isEmpty)
        #expect(MatchRecord.dropped(seat: .player2, col: 5) == .played(record))
    }

    @Test func test_anotherGamesMove_isNotRecordedHere() {
        struct OtherMove: GameAction { var game: GameID { "chess" } }
        #expect(ConnectFour().record(of: OtherMove(), by: .player1, draws: []) == nil)
    }

    @Test func test_aCatalogWithConnectFour_findsItByIdMessageAndRecord() throws {
        let catalog = GameCatalog([ConnectFour()])
        #expect(catalog.game(.connectFour)?.name == "Connect Four")
        let record = try #require(catalog.record(of: ConnectFourDrop(column: 0), by: .player1, draws: []))
        #expect(try catalog.play(from: record).action as? ConnectFourDrop == ConnectFourDrop(column: 0))
    }
}
