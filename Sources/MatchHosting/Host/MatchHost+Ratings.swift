import Foundation
import MatchStore
import MatchWords
import RatingStore
import WireProtocol

/// What a host keeps for its match's ratings (issue 42): the log as `RatedEndings` reads it, the rated
/// endings committed whose ratings the rating store does not hold yet, and those a load found.
struct HostRatings {
    var endings: RatedEndings
    /// Rated endings committed and not rated yet, in order, by the outbox sequence of the change that
    /// tells them (it waits in the outbox for them).
    var pending: [(sequence: Int, ending: RatedEndings.Ending)] = []
    /// The rated games of the log a load replayed, applied again before the host tells anything: a
    /// server killed between storing an ending and rating it left one unrated.
    var endedBeforeLoad: [RatedGame] = []
}

/// Rating a rated game at its end, between "write" and "tell": the ending's records are durable, then
/// the rating store applies the game (once, by match id and game number), then its `gameOver` is told
/// with both sides' `ratings`. A rating store that fails is a storage failure: the match is closed,
/// nobody told what was not stored, and the load that follows rates the game.
extension MatchHost {
    /// Reads the records of a change being committed: whether it ends a rated game (its messages then
    /// wait for the rating), and looks the seats' ratings up again when a seat or the game changed.
    func readForRatings(_ records: [MatchRecord]) -> [RatedEndings.Ending] {
        guard ratings.endings.isRated else { return [] }
        var endings: [RatedEndings.Ending] = []
        var seatsOrGameChanged = false
        for record in records {
            if let ending = ratings.endings.take(record) { endings.append(ending) }
            switch record {
            case .seatTaken: seatsOrGameChanged = true
            case .gameStarted:
                seatsOrGameChanged = true
                room.lastGameRatings = nil
            default: break
            }
        }
        if seatsOrGameChanged { timers.run { await self.refreshSeatRatings() } }
        return endings
    }

    /// Rates every pending ending of the changes up to `sequence`, whose records the store has just
    /// written at `endedAt`, and lets their messages go with the ratings.
    /// - Throws: the rating store's error when it cannot be reached (nothing more is told).
    func rateEndings(through sequence: Int, endedAt: Date) async throws {
        while let first = ratings.pending.first, first.sequence <= sequence {
            let game = first.ending.game(of: id, endedAt: RatedEndings.storedDate(endedAt))
            let record = try await rated(game)
            ratings.pending.removeFirst()
            guard let record else {
                room.lastGameRatings = nil
                commits.outbox.rated(first.sequence) { $0 }
                continue
            }
            room.lastGameRatings = WireRatings(record)
            room.seatRatings[.player1] = SeatRating(after: record.player1)
            room.seatRatings[.player2] = SeatRating(after: record.player2)
            commits.outbox.rated(first.sequence) { $0.telling(WireRatings(record)) }
            presenceChanged()
        }
    }

    /// Applies, before the host tells anything, every rated game its loaded log ended (each rated once
    /// by the store whatever the number of loads), then looks the seats' ratings up.
    /// - Throws: the rating store's error when it cannot be reached: the match is not loaded.
    package func rateEndedGames() async throws {
        // The log's last rated ending is the snapshot's `lastGame` when no game started after it (the
        // snapshot shows no `lastGame` then).
        for game in ratings.endedBeforeLoad { room.lastGameRatings = try await rated(game).map(WireRatings.init) }
        ratings.endedBeforeLoad = []
        await refreshSeatRatings()
    }

    /// The stored record of `game`; nil when the store refuses to rate it (not an account any more, the
    /// same account in both seats): the game is told without ratings. Unreachable: thrown.
    private func rated(_ game: RatedGame) async throws -> RatedGameRecord? {
        guard let store = settings.ratings else { return nil }
        do {
            return try await store.apply(game)
        } catch let refusal as RatingStoreError {
            logger.warning("rated game not rated", metadata: ["game": "\(game.gameNumber)", "reason": "\(refusal)"])
            return nil
        }
    }

    /// The date a store keeps for a record, to the millisecond: the live rating and a load's rating of
    /// the same game are then given the same date.
    static func storedDate(_ date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 * 1000).rounded(.down) / 1000)
    }

    /// Looks up each account seat's rating in the match's current game id for `presence` and the
    /// snapshot; a seat whose look-up fails keeps what it showed.
    func refreshSeatRatings() async {
        guard ratings.endings.isRated, let store = settings.ratings,
            let gameID = ratings.endings.currentGameID ?? room.gameID
        else { return }
        let seated = ratings.endings.players.filter { room.tokens.accountSeats.contains($0.key) }
        var shown = room.seatRatings.filter { seated[$0.key] != nil }
        for (seat, player) in seated {
            guard let stored = try? await store.ratings(of: player.accountID) else { continue }
            shown[seat] = stored.first { $0.gameID == gameID.rawValue }.map(SeatRating.init) ?? .newPlayer
        }
        guard !isClosed, shown != room.seatRatings else { return }
        room.seatRatings = shown
        presenceChanged()
    }
}
