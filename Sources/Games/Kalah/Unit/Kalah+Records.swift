import GameUnits
import MatchStore
import MatchTree
import MatchWords
import WireProtocol

/// A sowing is logged as `sowed`: `{"pit": p, "seat": s}`, the pit on the mover's side. The seeds follow
/// from the rules, which the replay plays again.
extension Kalah {
    public var recordKinds: [String] { ["sowed"] }

    /// Written by hand, keys sorted as `JSONEncoder` would: one is written per move.
    public func record(of action: any GameAction, by seat: Seat, draws: [Seat]) -> GameRecord? {
        guard let sow = action as? KalahSow else { return nil }
        return GameRecord(kind: "sowed", json: #"{"pit":\#(sow.pit),"seat":"\#(seat.rawValue)"}"#)
    }

    public func play(from record: GameRecord) throws -> RecordedPlay {
        let sowed = try record.decoded(as: Sowed.self)
        return RecordedPlay(seat: sowed.seat, action: KalahSow(pit: sowed.pit))
    }

    /// A sowing in the games API: `pit`, on the mover's side.
    public func historyFields(of play: RecordedPlay, boardAfter board: AnyGameBoard?) -> [String: WireValue] {
        guard let sow = play.action as? KalahSow else { return [:] }
        return ["pit": .integer(sow.pit)]
    }

    private struct Sowed: Decodable {
        let seat: Seat
        let pit: Int
    }
}

extension MatchRecord {
    /// Kalah's record of `seat` sowing its pit `pit`.
    public static func sowed(seat: Seat, pit: Int) -> MatchRecord {
        // Cannot be nil: the sowing is Kalah's.
        .played(Kalah().record(of: KalahSow(pit: pit), by: seat, draws: [])!)
    }
}
