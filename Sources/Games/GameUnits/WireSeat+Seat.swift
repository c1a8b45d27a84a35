import MatchWords
import WireProtocol

extension WireSeat {
    /// The wire's name of `seat`.
    public init(_ seat: Seat) {
        self = seat == .player1 ? .player1 : .player2
    }
}
