import Foundation
import GridGames
import Testing
import TicTacToe
import WireProtocol

/// A grid game's board on the wire, as a client reads it: the `board` message carries whatever fields
/// its game writes, and the grid games' reader checks theirs (`cells`, `turn` and `last`, all present).
struct GridBoardWireTests {
    @Test(
        "A grid board with a field missing or mistyped is refused with a sentence",
        arguments: [
            #"{"type":"board","v":1,"cells":[],"last":null}"#,
            #"{"type":"board","v":1,"cells":[],"turn":null}"#,
            #"{"type":"board","v":1,"cells":[],"turn":"player3","last":null}"#,
            #"{"type":"board","v":1,"cells":["player3"],"turn":null,"last":null}"#,
            #"{"type":"board","v":1,"cells":[1],"turn":null,"last":null}"#,
            #"{"type":"board","v":1,"cells":null,"turn":null,"last":null}"#,
            #"{"type":"board","v":1,"cells":[],"turn":null,"last":{"row":0,"seat":"player1"}}"#,
        ]
    )
    func test_checkedGrid_refusesABoardThatIsNotAGrid(text: String) throws {
        guard case .board(let board, _) = try ServerMessage.decode(text).get() else {
            Issue.record("not a board message")
            return
        }
        #expect(throws: WireBoard.NotAGridBoard.self) { try board.checkedGrid() }
    }

    @Test func test_aGridBoard_roundTripsThroughTheWireAndIsChecked() throws {
        let board = WireBoard(
            cells: [.player1, nil, .player2, nil, nil, nil, nil, nil, nil], turn: .player1, last: WireMove(row: 0, col: 2, seat: .player2))
        let text = ServerMessage.board(board, v: 7).jsonText()
        #expect(
            text
                == #"{"cells":["player1",null,"player2",null,null,null,null,null,null],"last":{"col":2,"row":0,"seat":"player2"},"turn":"player1","type":"board","v":7}"#
        )
        guard case .board(let read, 7) = try ServerMessage.decode(text).get() else {
            Issue.record("not read back")
            return
        }
        #expect(try read.checkedGrid() == board)
        #expect(read.cells[2] == .player2 && read.last?.col == 2 && read.turn == .player1)
    }

    @Test func test_aGridGamesWinningLine_inTheGamesAPI_isItsCellsAsRowColObjects_asVersion1WroteThem() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let result = MatchGames.Result(
            winner: .player1, line: TicTacToe().historyLine([[0, 0], [1, 1], [2, 2]]), forfeitBy: nil, reason: "line")
        #expect(
            String(decoding: try encoder.encode(result), as: UTF8.self)
                == #"{"forfeitBy":null,"line":[{"col":0,"row":0},{"col":1,"row":1},{"col":2,"row":2}],"reason":"line","winner":"player1"}"#)
    }
}
