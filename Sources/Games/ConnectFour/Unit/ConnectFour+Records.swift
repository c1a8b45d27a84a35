import GameUnits
import MatchStore
import MatchTree
import MatchWords

/// A drop is logged as `dropped`: `{"col": c, "seat": s}`. Where the disc landed follows from the
/// grid, which the replay rebuilds.
extension ConnectFour {
    public var recordKinds: [String] { ["dropped"] }

    /// Written by hand, keys sorted as `JSONEncoder` would: one is written per move.
    public func record(of action: any GameAction, by seat: Seat, draws: [Seat]) -> GameRecord? {
        guard let drop = action as? ConnectFourDrop else { return nil }
        return GameRecord(kind: "dropped", json: #"{"col":\#(drop.column),"seat":"\#(seat.rawValue)"}"#)
    }

    public func play(from record: GameRecord) throws -> RecordedPlay {
        let dropped = try record.decoded(as: Dropped.self)
        return RecordedPlay(seat: dropped.seat, action: ConnectFourDrop(column: dropped.col))
    }

    private struct Dropped: Decodable {
        let seat: Seat
        let col: Int
    }
}

extension MatchRecord {
    /// Connect Four's record of `seat` dropping a disc in `col`.
    public static func dropped(seat: Seat, col: Int) -> MatchRecord {
        // Cannot be nil: the drop is Connect Four's.
        .played(ConnectFour().record(of: ConnectFourDrop(column: col), by: seat, draws: [])!)
    }
}
