import Foundation
import GameUnits
import MatchStore
import MatchTree
import MatchWords

/// Translates between a match's inputs and its log, both ways: what to record for an accepted input,
/// and how to rebuild a match by feeding its log through the same RIB tree.
enum MatchLog {
    /// A log that the tree refuses: the store and the code disagree.
    struct InconsistentLog: Error, CustomStringConvertible {
        let sequence: Int
        let detail: String
        var description: String { "record \(sequence): \(detail)" }
    }

    /// What to record for `input`, which the tree accepted from `seat` with `events` as its result:
    /// the input's own record when a replay must redo it, then the tree's outcomes.
    /// - Parameters:
    ///   - holder: for a login, the hash of the token its seat was given and the account it belongs to.
    ///   - drawn: what the random source drew for the input, in order.
    ///   - games: the games that write the records of their moves.
    ///   - clockRan: how long the running clock had run when the input arrived (`Match.apply`): kept on
    ///     the record of an input that ended the game without a move, which a replay charges again.
    static func records(
        for input: MatchInput, by seat: Seat?, events: [MatchEvent], holder: SeatHolder? = nil, drawn: [Seat], games: GameCatalog,
        clockRan: Duration? = nil
    ) -> [MatchRecord] {
        var records: [MatchRecord] = []
        let endsGame = events.contains { if case .gameOver = $0 { true } else { false } }
        let tookMs = endsGame ? clockRan?.wholeMilliseconds : nil
        switch input {
        case .login:
            for case .seated(let player) in events {
                if let holder {
                    records.append(.seatTaken(seat: player.seat, name: player.name, tokenHash: holder.tokenHash, account: holder.account))
                }
            }
        case .play(let action, let took):
            if let seat, let record = games.record(of: action, by: seat, draws: drawn) { records.append(.played(record.taking(took))) }
        case .timeRanOut:
            if let seat { records.append(.timeRanOut(seat: seat)) }
        case .firstMoveMissed:
            if let seat { records.append(.gameAborted(seat: seat)) }
        case .launchGame:
            // Only a launch the tree took: a repeat while one waits for the pair changed nothing.
            for case .launchQueued(let gameId) in events { records.append(.launchRequested(gameId: gameId)) }
        case .leave:
            if let seat { records.append(.left(seat: seat, tookMs: tookMs)) }
        case .seatTimedOut:
            if let seat { records.append(.seatTimedOut(seat: seat, tookMs: tookMs)) }
        case .startGame:
            // Its record is its outcome: replay takes a `gameStarted` nobody launched as a start.
            break
        case .claimWin:
            if let seat { records.append(.gameClaimed(seat: seat, tookMs: tookMs)) }
        case .resign:
            if let seat { records.append(.resigned(seat: seat, tookMs: tookMs)) }
        case .offerDraw:
            if let seat { records.append(.drawOffered(seat: seat)) }
        case .answerDraw(let accept):
            if let seat { records.append(accept ? .drawAccepted(seat: seat, tookMs: tookMs) : .drawDeclined(seat: seat)) }
        case .offerGame:
            for case .gameOffered(let offerer, let gameId) in events { records.append(.gameOffered(seat: offerer, gameId: gameId)) }
        case .declineGame:
            if let seat { records.append(.gameDeclined(seat: seat)) }
        case .seatComputer(let level):
            for case .seated(let player) in events { records.append(.computerSeated(seat: player.seat, level: level)) }
        }
        return records + outcomeRecords(of: events)
    }

    /// What the tree itself produced (game started, game ended), to log after the input's own record.
    static func outcomeRecords(of events: [MatchEvent]) -> [MatchRecord] {
        events.compactMap { event in
            switch event {
            case .gameStarted(let gameId, let startingPlayer): .gameStarted(gameId: gameId, startingPlayer: startingPlayer)
            case .gameOver(let winner, _, _): .gameEnded(winner: winner)
            default: nil
            }
        }
    }

    /// Feeds `records` through `match` (fresh from `init`), with `draws` replaying recorded rolls.
    /// Returns who holds the seats still taken at the end: their tokens' hashes and accounts.
    /// - Parameter observe: called after each record with the events its input caused (none for a
    ///   record that is an outcome: its events came with the input before it).
    static func replay(
        _ records: [StoredRecord], into match: Match, draws: WinnerDraws, games: GameCatalog,
        observe: (StoredRecord, [MatchEvent]) -> Void = { _, _ in }
    ) throws -> [Seat: SeatHolder] {
        var holders: [Seat: SeatHolder] = [:]
        var expectedOutcomes: [MatchRecord] = []
        for stored in records {
            let apply = { (input: MatchInput, seat: Seat?, clockRan: Int?) throws -> [MatchEvent] in
                do {
                    return try match.apply(input, by: seat, clockRan: clockRan.map { .milliseconds($0) })
                } catch {
                    throw InconsistentLog(sequence: stored.sequence, detail: "\(input) by \(String(describing: seat)) refused: \(error)")
                }
            }
            var events: [MatchEvent]? = nil
            switch stored.record {
            case .created:
                break
            case .seatTaken(let seat, let name, let tokenHash, let account):
                events = try apply(.login(name: name), nil, nil)
                guard events?.contains(.seated(SeatedPlayer(seat: seat, name: name))) == true else {
                    throw InconsistentLog(sequence: stored.sequence, detail: "login did not take \(seat) as \(name)")
                }
                holders[seat] = SeatHolder(tokenHash: tokenHash, account: account)
            case .computerSeated(let seat, let level):
                events = try apply(.seatComputer(level: level), nil, nil)
                guard events?.contains(where: { if case .seated(let player) = $0 { player.seat == seat } else { false } }) == true else {
                    throw InconsistentLog(sequence: stored.sequence, detail: "the computer did not take \(seat)")
                }
            case .launchRequested(let gameId):
                events = try apply(.launchGame(gameId: gameId.rawValue), nil, nil)
            case .played(let record):
                let play: RecordedPlay
                do {
                    play = try games.play(from: record)
                } catch {
                    throw InconsistentLog(sequence: stored.sequence, detail: "unreadable \(record.kind) record: \(error)")
                }
                draws.script(play.draws)
                events = try apply(.play(play.action, took: record.took), play.seat, nil)
            case .left(let seat, let took):
                events = try apply(.leave, seat, took)
                holders[seat] = nil
            case .seatTimedOut(let seat, let took):
                events = try apply(.seatTimedOut, seat, took)
                holders[seat] = nil
            case .listed, .clockSet, .rated:
                // The lobby's concern, the tree's time control, which it is built with, and the ratings'
                // (the host's): read from the log before the replay.
                break
            case .timeRanOut(let seat):
                events = try apply(.timeRanOut, seat, nil)
            case .gameAborted(let seat):
                events = try apply(.firstMoveMissed, seat, nil)
            case .gameClaimed(let seat, let took):
                events = try apply(.claimWin(opponent: .awayPastGrace), seat, took)
            case .resigned(let seat, let took):
                events = try apply(.resign, seat, took)
            case .drawOffered(let seat):
                events = try apply(.offerDraw, seat, nil)
            case .drawAccepted(let seat, let took):
                events = try apply(.answerDraw(accept: true), seat, took)
            case .drawDeclined(let seat):
                events = try apply(.answerDraw(accept: false), seat, nil)
            case .gameOffered(let seat, let gameId):
                events = try apply(.offerGame(gameId: gameId.rawValue), seat, nil)
            case .gameDeclined(let seat):
                events = try apply(.declineGame, seat, nil)
            case .gameStarted(let gameId, let startingPlayer) where expectedOutcomes.first != stored.record:
                // A game a player started (not one the launch workflow started as the outcome of an
                // earlier record): `startGame` is its input. Any seated player may press start.
                events = try apply(.startGame(gameId: gameId.rawValue), startingPlayer, nil)
                guard MatchLog.outcomeRecords(of: events ?? []).first == stored.record else {
                    throw InconsistentLog(sequence: stored.sequence, detail: "starting \(gameId) did not give \(stored.record)")
                }
                events?.removeAll { if case .gameStarted = $0 { true } else { false } }
            case .gameStarted, .gameEnded:
                // Outcomes: check that the tree produced the same, in the same order.
                guard !expectedOutcomes.isEmpty, expectedOutcomes.removeFirst() == stored.record else {
                    throw InconsistentLog(sequence: stored.sequence, detail: "the tree did not produce \(stored.record)")
                }
            }
            if let events {
                guard expectedOutcomes.isEmpty else {
                    throw InconsistentLog(sequence: stored.sequence, detail: "outcomes missing from the log: \(expectedOutcomes)")
                }
                expectedOutcomes = outcomeRecords(of: events)
            }
            observe(stored, events ?? [])
        }
        return holders
    }
}
