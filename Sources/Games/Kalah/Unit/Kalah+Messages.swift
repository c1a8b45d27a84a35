import GameUnits
import MatchTree
import MatchWords
import WireProtocol

/// `{"type": "sow", "pit": p}`: any whole number (those outside 0-5 are `outOfBounds`).
extension Kalah {
    public var messages: [GameMessageSchema] {
        [GameMessageSchema(type: "sow", fields: [.integer("pit", in: 0...5)])]
    }

    public func action(from message: GameMessage) -> (any GameAction)? {
        guard message.type == "sow", let pit = message.integer("pit") else { return nil }
        return KalahSow(pit: pit)
    }

    /// Said of pits rather than cells.
    public func sentence(refusing error: MatchError) -> String? {
        switch error {
        case .outOfBounds: "Choose one of your six pits: 0 to 5."
        case .cellTaken: "That pit is empty."
        default: nil
        }
    }
}

extension ClientMessage {
    /// Kalah's `sow`.
    public static func sow(pit: Int) -> ClientMessage {
        .play(GameMessage(type: "sow", fields: [.init(name: "pit", value: .integer(pit))]))
    }
}
