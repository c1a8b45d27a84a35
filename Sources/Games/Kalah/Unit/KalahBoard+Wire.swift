import GameUnits
import MatchWords
import WireProtocol

/// Kalah's board on the wire (docs/PROTOCOL.md, "Kalah"): `{"pits": [14 integers], "turn": seat or null,
/// "last": {"seat", "pit"} or null}`, the pit of `last` counted on the mover's side.
extension KalahBoard: WireBoardWriting {
    public var wireBoard: WireBoard {
        WireBoard(fields: [
            "pits": .array(pits.map(WireValue.integer)),
            "turn": .seat(turn.map(WireSeat.init)),
            "last": last.map { .object(["seat": .seat(WireSeat($0.seat)), "pit": .integer($0.pit)]) } ?? .null,
        ])
    }
}

extension WireBoard {
    /// The seeds of a Kalah board's 14 places (empty for another game's board).
    public var pits: [Int] { fields["pits"]?.array?.compactMap(\.integer) ?? [] }

    /// The last sowing of a Kalah board, nil before the first (or for another game's board).
    public var lastSowing: (seat: WireSeat, pit: Int)? {
        guard let last = fields["last"]?.object, let seat = last["seat"]?.seat, let pit = last["pit"]?.integer else { return nil }
        return (seat, pit)
    }
}
