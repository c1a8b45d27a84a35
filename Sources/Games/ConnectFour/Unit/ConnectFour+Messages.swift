import GameUnits
import MatchTree
import MatchWords
import WireProtocol

/// `{"type": "drop", "col": c}`: any whole number (those off the grid are `outOfBounds`).
extension ConnectFour {
    public var messages: [GameMessageSchema] {
        [GameMessageSchema(type: "drop", fields: [.integer("col", in: 0...6)])]
    }

    public func action(from message: GameMessage) -> (any GameAction)? {
        guard message.type == "drop", let col = message.integer("col") else { return nil }
        return ConnectFourDrop(column: col)
    }
}

extension ConnectFour {
    /// Tic Tac Toe's sentences for a cell out of bounds or taken do not fit a column.
    public func sentence(refusing error: MatchError) -> String? {
        switch error {
        case .outOfBounds: "The column must be 0 to 6."
        case .cellTaken: "That column is full."
        default: nil
        }
    }
}

extension ClientMessage {
    /// Connect Four's `drop`.
    public static func drop(col: Int) -> ClientMessage {
        .play(GameMessage(type: "drop", fields: [.init(name: "col", value: .integer(col))]))
    }
}
