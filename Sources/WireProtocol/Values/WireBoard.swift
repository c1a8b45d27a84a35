/// The board of a game that shows one: the body of the `board` message (beside `type` and `v`), the
/// game's screen's `board` and the snapshot's `board`. Its fields are the game's (docs/PROTOCOL.md
/// gives each game's): the game's own module writes and reads them; the layers around it carry them.
public struct WireBoard: Decodable, Hashable, Sendable {
    /// The board's fields by name, none of them `type` or `v`.
    public var fields: [String: WireValue]

    /// A board with `fields`.
    public init(fields: [String: WireValue]) {
        assert(fields["type"] == nil && fields["v"] == nil, "a board's fields are the game's: type and v are the message's")
        self.fields = fields
    }

    /// `turn`, which every game with turns writes: the seat to move, nil once the game is over (or
    /// for a board without the field).
    public var turn: WireSeat? {
        get { fields["turn"]?.seat }
        set { fields["turn"] = .seat(newValue) }
    }

    /// Reads every field of the object but the message's own `type` and `v` (a `board` message's
    /// board is the message itself).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: DynamicCodingKey.self)
        var fields: [String: WireValue] = [:]
        for key in container.allKeys where key.stringValue != "type" && key.stringValue != "v" {
            fields[key.stringValue] = try container.decode(WireValue.self, forKey: key)
        }
        self.init(fields: fields)
    }
}
