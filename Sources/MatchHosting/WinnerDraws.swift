import MatchTree
import MatchWords

/// The random source of one match's games. Live, it draws; while a log is replayed, it hands out the
/// draws the log recorded, so the replayed tree reaches the same state.
final class WinnerDraws {
    private var scripted: [Seat] = []
    /// What was handed out since the last `takeDrawn()`: what the host logs with a move.
    private var drawn: [Seat] = []

    /// Makes the next draws return `seats`, in order (replay).
    func script(_ seats: [Seat]) {
        scripted += seats
    }

    func next() -> Seat {
        let seat = scripted.isEmpty ? (Bool.random() ? Seat.player1 : .player2) : scripted.removeFirst()
        drawn.append(seat)
        return seat
    }

    /// The seats handed out since the last call, in order.
    func takeDrawn() -> [Seat] {
        defer { drawn = [] }
        return drawn
    }
}
