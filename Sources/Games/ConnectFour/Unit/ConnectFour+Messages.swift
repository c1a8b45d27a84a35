import GameUnits
import MatchTree
import WireProtocol

/// `{"type": "drop", "col": c}`: any whole number (those off the grid are `outOfBounds`).
extension ConnectFour {
    public var messages: [GameMessageSchema] {
        [GameMessageSchema(type: "drop", fields: [.integer("col")])]
    }

    public func action(from message: GameMessage) -> (any GameAction)? {
        guard message.type == "drop", let col = message.integer("col") else { return nil }
        return ConnectFourDrop(column: col)
    }
}

extension ClientMessage {
    /// Connect Four's `drop`.
    public static func drop(col: Int) -> ClientMessage {
        .play(GameMessage(type: "drop", fields: [.init(name: "col", value: .integer(col))]))
    }
}
