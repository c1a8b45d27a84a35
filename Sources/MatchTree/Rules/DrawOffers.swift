import MatchWords

/// The draw offers of one game: whose offer stands, and when a seat whose offer was declined may offer
/// again. A rule of the match, not of any game: each game only says whose turn it is.
public struct DrawOffers: Sendable {
    /// A seat whose offer was declined waits this many moves of its own before offering again, so that
    /// an opponent who said no is not asked on every move.
    public static let movesBeforeOfferingAgain = 3

    /// The seat whose offer waits for an answer, if any.
    private(set) var standing: Seat?
    /// Each seat's moves in this game.
    private var moves: [Seat: Int] = [:]
    /// For a seat whose last offer was declined: its move count then.
    private var declinedAtMove: [Seat: Int] = [:]

    /// `seat` offers a draw while it is `turn`'s turn. Throws, changing nothing: an offer stands
    /// already, from either seat (`alreadyOffered`); not `seat`'s turn (`notYourTurn`); `seat`'s last
    /// offer was declined fewer than three of its moves ago (`tooEarly`).
    mutating func offer(by seat: Seat, turn: Seat?) throws(MatchError) {
        guard standing == nil else { throw .alreadyOffered }
        guard turn == seat else { throw .notYourTurn }
        if let declined = declinedAtMove[seat], moves[seat, default: 0] - declined < Self.movesBeforeOfferingAgain {
            throw .tooEarly
        }
        standing = seat
    }

    /// `seat` answers the opponent's offer. Throws `noOffer`, changing nothing, when no offer of the
    /// opponent stands (none was made, it lapsed, or it is `seat`'s own).
    mutating func answer(by seat: Seat, accept: Bool) throws(MatchError) {
        guard standing == seat.opponent else { throw .noOffer }
        standing = nil
        if !accept { declinedAtMove[seat.opponent] = moves[seat.opponent, default: 0] }
    }

    /// `seat` moved. Returns whether that lapsed the opponent's offer: answering by moving is a no.
    mutating func moved(by seat: Seat) -> Bool {
        moves[seat, default: 0] += 1
        guard standing == seat.opponent else { return false }
        standing = nil
        return true
    }
}
