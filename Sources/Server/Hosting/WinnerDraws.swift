import MatchTree

/// RandomWin's random source for one match. Live, it draws; while a log is replayed, it hands out the
/// draws the log recorded, so the replayed tree reaches the same state.
final class WinnerDraws {
    private var scripted: [Seat] = []
    /// The last winner handed out: what the host logs with a roll.
    private(set) var lastDrawn: Seat?

    /// Makes the next draw return `seat` (replay).
    func script(_ seat: Seat) {
        scripted.append(seat)
    }

    func next() -> Seat {
        let seat = scripted.isEmpty ? (Bool.random() ? Seat.player1 : .player2) : scripted.removeFirst()
        lastDrawn = seat
        return seat
    }
}
