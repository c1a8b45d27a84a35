import Foundation
import MatchStore
import MatchTree
import MatchWords
import RandomWin
import TicTacToe

/// Values the tests of every store write: the contract's, and each store's own.
public enum Sample {
    /// Whole seconds, so that they compare equal after a round trip through any store.
    public static func date(_ second: Int) -> Date {
        Date(timeIntervalSince1970: 1_700_000_000 + TimeInterval(second))
    }

    /// A player in seat 1.
    public static let ann = SeatedPlayer(seat: .player1, name: "Ann")
    /// A player in seat 2, with a name that needs escaping in JSON.
    public static let bob = SeatedPlayer(seat: .player2, name: "Bob \"the builder\" 🏗")

    /// One seat taken: the lobby still lists it.
    public static let oneSeated = StoredSummary(phase: .loggedOut, players: [ann], score: nil)
    /// One player waiting in a match its creator asked the lobby to list, made for Kalah, waiting since a
    /// time to the millisecond (issue 40: both kept in the summary by every store).
    public static let listedOneSeated = StoredSummary(
        phase: .loggedOut, players: [ann], score: nil, listed: true, gameId: "kalah", waitingSince: date(12).addingTimeInterval(0.345))
    /// A listed match its last player left.
    public static let listedEmpty = StoredSummary(phase: .loggedOut, players: [], score: nil, listed: true)

    /// Both seats taken, with a score.
    public static let twoSeated = StoredSummary(
        phase: .ticTacToe, players: [ann, bob],
        score: Score(player1Name: ann.name, player2Name: bob.name, player1Wins: 2, player2Wins: 1, draws: 3)
    )

    /// Every kind of record, with awkward values.
    public static let everyKind: [MatchRecord] = [
        .seatTaken(seat: .player1, name: ann.name, tokenHash: Data((0..<32).map { UInt8($0 * 7 % 256) })),
        .seatTaken(seat: .player2, name: bob.name, tokenHash: Data()),
        .launchRequested(gameId: .randomWin),
        .gameStarted(gameId: .ticTacToe, startingPlayer: .player1),
        .moved(seat: .player1, row: 0, col: 2),
        .gameEnded(winner: nil),
        .gameEnded(winner: .player2),
        .rolled(seat: .player2, winner: .player1),
        .left(seat: .player1),
        .seatTimedOut(seat: .player2),
    ]

    /// A record that carries `index`, to check order.
    public static func marker(_ index: Int) -> MatchRecord {
        .seatTaken(seat: .player1, name: "\(index)", tokenHash: Data())
    }

    /// The index a `marker` carries.
    public static func index(of record: MatchRecord) -> Int? {
        guard case .seatTaken(_, let name, _, _) = record else { return nil }
        return Int(name)
    }
}
