import Foundation
import GameUnits
import MatchStore
import MatchWords
import RatingStore

/// Which games of a rated match are rated, read from its log record by record (issue 42): the host
/// feeds it each record it commits, and a load feeds it the whole stored log, so that both find the
/// same games under the same numbers. A game is rated when it ends (not aborted) in a rated match,
/// its game id is rated (Random Win never is), and both seats are two accounts. Reading a move costs
/// a switch: rating costs a game its ending, not its moves.
struct RatedEndings {
    /// A rated game's ending as the log tells it, before the store gave the date its record was written.
    struct Ending: Equatable {
        let gameNumber: Int
        let gameID: GameID
        let player1: RatedPlayer
        let player2: RatedPlayer
        let result: RatedResult

        /// What the rating store is given: ended when its `gameEnded` record was written.
        func game(of matchID: MatchID, endedAt: Date) -> RatedGame {
            RatedGame(
                matchID: matchID.rawValue, gameNumber: gameNumber, gameID: gameID.rawValue, player1: player1, player2: player2,
                result: result, endedAt: endedAt)
        }
    }

    let isRated: Bool
    private let games: GameCatalog
    /// The account and name of each seat as last taken (a seat left keeps its last holder until taken
    /// again: its `gameEnded` comes after the `left` that ended the game).
    private(set) var players: [Seat: RatedPlayer] = [:]
    /// The games started so far: the number of the one being played, as the games API counts them.
    private var gamesStarted = 0
    /// The game id of the game being played or last played.
    private(set) var currentGameID: GameID?
    private var aborted = false

    init(isRated: Bool, games: GameCatalog) {
        self.isRated = isRated
        self.games = games
    }

    /// Reads `record`; returns the rated ending it completes, if any.
    mutating func take(_ record: MatchRecord) -> Ending? {
        guard isRated else { return nil }
        switch record {
        case .seatTaken(let seat, let name, _, let account):
            players[seat] = account.map { RatedPlayer(accountID: $0, name: name) }
        case .computerSeated(let seat, _):
            players[seat] = nil
        case .gameStarted(let gameId, _):
            gamesStarted += 1
            currentGameID = gameId
            aborted = false
        case .gameAborted:
            aborted = true
        case .gameEnded(let winner):
            guard !aborted, let gameID = currentGameID, games.game(gameID)?.isRated == true, let first = players[.player1],
                let second = players[.player2], first.accountID != second.accountID
            else { return nil }
            let result: RatedResult =
                switch winner {
                case .player1: .player1Won
                case .player2: .player2Won
                case nil: .draw
                }
            return Ending(gameNumber: gamesStarted, gameID: gameID, player1: first, player2: second, result: result)
        default:
            break
        }
        return nil
    }

    /// Every rated game a stored log ended, each with the date its `gameEnded` was written: what a load
    /// applies again (the store rates each once, by match id and game number).
    mutating func take(_ records: [StoredRecord], of matchID: MatchID) -> [RatedGame] {
        records.compactMap { stored in take(stored.record)?.game(of: matchID, endedAt: Self.storedDate(stored.at)) }
    }

    /// The date a store keeps for a record, to the millisecond: the live rating and a load's rating of
    /// the same game are given the same date whatever a store's precision.
    static func storedDate(_ date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 * 1000).rounded(.down) / 1000)
    }
}
