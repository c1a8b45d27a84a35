import GameUnits
import GridGames
import MatchTree
import MatchWords
import WireProtocol

/// `{"type": "move", "row": r, "col": c}`: any whole numbers (those off the board are `outOfBounds`).
extension TicTacToe {
    public var messages: [GameMessageSchema] {
        [GameMessageSchema(type: "move", fields: [.integer("row", in: 0...2), .integer("col", in: 0...2)])]
    }

    public func action(from message: GameMessage) -> (any GameAction)? {
        guard message.type == "move", let row = message.integer("row"), let col = message.integer("col") else { return nil }
        return TicTacToeMove(position: Position(row: row, col: col))
    }
}

extension ClientMessage {
    /// Tic Tac Toe's `move`.
    public static func move(row: Int, col: Int) -> ClientMessage {
        .play(GameMessage(type: "move", fields: [.init(name: "row", value: .integer(row)), .init(name: "col", value: .integer(col))]))
    }
}

extension TicTacToe {
    /// Said of a square of the 3×3 board.
    public func sentence(refusing error: MatchError) -> String? {
        switch error {
        case .outOfBounds: "Row and column must each be 0, 1 or 2."
        case .cellTaken: "That cell is already taken."
        default: nil
        }
    }
}
