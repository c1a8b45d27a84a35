import GameUnits
import MatchStore
import MatchTree
import MatchWords
import WireProtocol

/// A roll is logged as `rolled`: `{"seat": s, "winner": w}`, the winner as the random source drew it,
/// so that a replay draws the same.
extension RandomWin {
    public var recordKinds: [String] { ["rolled"] }

    public func record(of action: any GameAction, by seat: Seat, draws: [Seat]) -> GameRecord? {
        guard action is RandomWinRoll, let winner = draws.first else { return nil }
        return GameRecord(kind: "rolled", json: #"{"seat":"\#(seat.rawValue)","winner":"\#(winner.rawValue)"}"#)
    }

    public func play(from record: GameRecord) throws -> RecordedPlay {
        let rolled = try record.decoded(as: Rolled.self)
        return RecordedPlay(seat: rolled.seat, action: RandomWinRoll(), draws: [rolled.winner])
    }

    private struct Rolled: Decodable {
        let seat: Seat
        let winner: Seat
    }
}

extension MatchRecord {
    /// Random Win's record of a roll by `seat` that drew `winner`.
    public static func rolled(seat: Seat, winner: Seat) -> MatchRecord {
        // Cannot be nil: the roll is Random Win's and one seat was drawn.
        .played(RandomWin().record(of: RandomWinRoll(), by: seat, draws: [winner])!)
    }
}

extension RandomWin {
    /// A roll in the games API: `roll`, the seat it drew as the winner, and `cell`, always `null` (version 1
    /// of the games API wrote both fields for every game, and stored clients read them).
    public func historyFields(of play: RecordedPlay, boardAfter board: AnyGameBoard?) -> [String: WireValue] {
        ["cell": .null, "roll": .seat(play.draws.first.map(WireSeat.init))]
    }
}
