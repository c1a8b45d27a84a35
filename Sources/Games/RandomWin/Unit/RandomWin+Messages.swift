import GameUnits
import MatchTree
import MatchWords
import WireProtocol

/// `{"type": "roll"}`, no fields.
extension RandomWin {
    public var messages: [GameMessageSchema] { [GameMessageSchema(type: "roll")] }

    public func action(from message: GameMessage) -> (any GameAction)? {
        message.type == "roll" ? RandomWinRoll() : nil
    }
}

extension ClientMessage {
    /// Random Win's `roll`.
    public static var roll: ClientMessage { .play(GameMessage(type: "roll")) }
}
