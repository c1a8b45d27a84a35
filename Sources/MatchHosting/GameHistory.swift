import Foundation
import GameUnits
import MatchStore
import MatchTree
import MatchWords
import WireProtocol

/// A match's games as its log tells them (`GET /api/matches/{id}/games`). The log is replayed through
/// a fresh tree, as loading the match does, because its events hold what the records leave out (the
/// board after each move, from which a game says what its move did, and the winning line). Only the stored log is read, so the answer is the
/// same whether the match is in memory, expired or restored after a crash, and holds only what is
/// durable.
enum GameHistory {
    /// Every game of the log, oldest first, the one being played last.
    /// - Throws: `MatchLog.InconsistentLog` when the tree refuses the log.
    static func games(of records: [StoredRecord], games catalog: GameCatalog) throws -> [MatchGames.Game] {
        let draws = WinnerDraws()
        let match = Match(games: catalog.definitions, timeControl: MatchRecord.timeControl(in: records), drawWinner: { draws.next() })
        defer { match.tearDown() }
        var history = Collector(catalog: catalog)
        _ = try MatchLog.replay(records, into: match, draws: draws, games: catalog) { stored, events in
            history.take(stored, events: events)
        }
        return history.games
    }
}

/// Builds the games record by record, from the records and the events the replay gave for them.
private struct Collector {
    let catalog: GameCatalog
    private(set) var games: [MatchGames.Game] = []
    private var names: [Seat: String] = [:]
    /// The end the tree announced (`gameOver`) ahead of its `gameEnded` record, with why, and the seat
    /// that gave the game away (by leaving, timing out, resigning, or being claimed against).
    private var announcedEnd: (line: [[Int]]?, reason: GameEndReason, loser: Seat?)?

    init(catalog: GameCatalog) {
        self.catalog = catalog
    }

    private var isPlaying: Bool { games.last.map { $0.result == nil } ?? false }

    mutating func take(_ stored: StoredRecord, events: [MatchEvent]) {
        let at = stored.at.wireTimestamp
        var loser: Seat?
        switch stored.record {
        case .seatTaken(let seat, let name, _, _):
            names[seat] = name
        case .computerSeated(let seat, _):
            names[seat] = ComputerPlayer.name
        case .gameStarted(let gameId, let startingPlayer):
            let players = Seat.allCases.map { MatchGames.Player(seat: WireSeat($0), name: names[$0] ?? $0.defaultName) }
            games.append(
                MatchGames.Game(
                    number: games.count + 1, gameId: gameId.rawValue, players: players, startingPlayer: WireSeat(startingPlayer),
                    moves: [], result: nil, startedAt: at, endedAt: nil))
        case .played(let record):
            // The replay read this record already: it cannot fail here.
            guard isPlaying, let play = try? catalog.play(from: record) else { break }
            let boardAfter = events.compactMap { event -> AnyGameBoard? in
                if case .board(let board) = event { board } else { nil }
            }.last
            let fields = catalog.game(play.action.game)?.historyFields(of: play, boardAfter: boardAfter) ?? [:]
            let took = record.tookMilliseconds.map { Double($0) / 1000 }
            games[games.count - 1].moves.append(MatchGames.Move(seat: WireSeat(play.seat), at: at, fields: fields, took: took))
        case .gameEnded(let winner):
            guard isPlaying else { break }
            let end = announcedEnd
            announcedEnd = nil
            let game = catalog.game(GameID(rawValue: games[games.count - 1].gameId))
            games[games.count - 1].result = MatchGames.Result(
                winner: winner.map(WireSeat.init),
                line: end?.line.flatMap { line in game?.historyLine(line) },
                forfeitBy: end?.loser.map(WireSeat.init),
                reason: (end?.reason ?? (winner == nil ? .draw : .line)).rawValue)
            games[games.count - 1].endedAt = at
        case .left(let seat, _), .seatTimedOut(let seat, _):
            loser = seat
            names[seat] = nil
        case .resigned(let seat, _):
            loser = seat
        case .gameClaimed(let seat, _):
            loser = seat.opponent
        case .timeRanOut(let seat):
            loser = seat
        case .created, .launchRequested, .listed, .drawOffered, .drawAccepted, .drawDeclined, .gameOffered, .gameDeclined, .clockSet,
            .rated,
            // An aborted game was given away by nobody: no score, no `forfeitBy`.
            .gameAborted:
            break
        }
        for case .gameOver(_, let line, let reason) in events { announcedEnd = (line, reason, loser) }
    }
}
