import Foundation
import GameUnits
import MatchStore
import MatchTree
import MatchWords
import RIBs
import WireProtocol

// Translations from the match's vocabulary to docs/PROTOCOL.md's. The tree knows nothing of the wire; the
// wire module knows nothing of the tree; this file is the only place where the two meet.

extension WirePlayer {
    /// `player` as every message and summary lists it: connected when a connection plays its seat
    /// (`connectedSeats`), the computer always, being always there.
    package init(_ player: SeatedPlayer, connectedSeats: some Collection<Seat>) {
        self.init(
            seat: WireSeat(player.seat), name: player.name,
            connected: player.computer != nil || connectedSeats.contains(player.seat),
            computerLevel: player.computer?.rawValue)
    }
}

extension WirePhase {
    package init(_ phase: Phase) {
        self.init(rawValue: phase.name)
    }
}

extension WireScore {
    package init(_ score: Score) {
        self.init(
            player1: Entry(name: score.player1Name, wins: score.player1Wins),
            player2: Entry(name: score.player2Name, wins: score.player2Wins),
            draws: score.draws
        )
    }
}

extension WireScreen {
    package init(_ screen: Screen) {
        switch screen {
        case .loggedOut(let freeSeats): self = .loggedOut(freeSeats: freeSeats.map(WireSeat.init))
        case .offGame(let games): self = .offGame(games: games.map { WireGame(id: $0.id.rawValue, name: $0.name) })
        case .playing(let game, let board): self = .playing(gameId: game.rawValue, board: board?.wireBoard)
        }
    }

    /// The screen with `clock` on its board, if it shows one.
    package init(_ screen: Screen, clock: WireValue?) {
        if case .playing(let game, let board) = screen {
            self = .playing(gameId: game.rawValue, board: board?.wireBoard(clock: clock))
        } else {
            self.init(screen)
        }
    }
}

extension AnyGameBoard {
    /// The board as its game writes it, with the match's `clock` field when it has one.
    package func wireBoard(clock: WireValue?) -> WireBoard? {
        guard var board = wireBoard else { return nil }
        if let clock { board.fields["clock"] = clock }
        return board
    }
}

extension GameClock {
    /// A board's `clock` field: each player's seconds left `elapsed` after the running clock started
    /// (to the millisecond), and the seat whose clock runs (`null` once the game is over, and before
    /// both sides have moved); before both have, `firstMoveIn`: the seconds left of the first-move
    /// window, `elapsed` after it started.
    package func wireValue(after elapsed: Duration, firstMoveWindow: Duration = GameClock.firstMoveWindow) -> WireValue {
        let left = reading(after: elapsed)
        var fields: [String: WireValue] = [
            "player1": .number(Double(left.player1.wholeMilliseconds) / 1000),
            "player2": .number(Double(left.player2.wholeMilliseconds) / 1000),
            "running": .seat(running.map(WireSeat.init)),
        ]
        if let window = firstMoveLeft(after: elapsed, window: firstMoveWindow) {
            fields["firstMoveIn"] = .number(Double(window.wholeMilliseconds) / 1000)
        }
        return .object(fields)
    }
}

extension TimeControl {
    /// The time control a request asked for, read to the millisecond; nil outside the bounds (which the
    /// request's reader has refused already).
    package init?(_ wire: WireTimeControl) {
        let milliseconds = wire.milliseconds
        self.init(initialMilliseconds: milliseconds.initial, incrementMilliseconds: milliseconds.increment)
    }
}

extension WireTimeControl {
    package init(_ control: TimeControl) {
        self.init(initial: Double(control.initialMilliseconds) / 1000, increment: Double(control.incrementMilliseconds) / 1000)
    }
}

extension ErrorCode {
    package init(_ error: MatchError) {
        switch error {
        case .badName: self = .badName
        case .notSeated: self = .notSeated
        case .alreadySeated: self = .alreadySeated
        case .matchFull: self = .matchFull
        case .notYourTurn: self = .notYourTurn
        case .cellTaken: self = .cellTaken
        case .outOfBounds: self = .outOfBounds
        case .wrongPhase: self = .wrongPhase
        case .unknownGame: self = .unknownGame
        case .opponentConnected: self = .opponentConnected
        case .tooEarly: self = .tooEarly
        case .opponentAway: self = .opponentAway
        case .noOffer: self = .noOffer
        case .alreadyOffered: self = .alreadyOffered
        // Not a state of the match but of the game chosen: the phase (a game of Random Win) refuses it.
        case .notInThisGame: self = .wrongPhase
        }
    }
}

extension MatchInput {
    /// What `message` asks of the tree; nil for what the host answers itself (`sync`, `resume`, `chat`), for
    /// `claimWin` (the host adds how long the opponent has been away), and for a game's message none of
    /// `games` reads. `opponentAway`: whether the sender's opponent is a person without a connection;
    /// `playerAway`: whether any person's seat has none (for a launch, which anyone may ask for).
    package init?(_ message: ClientMessage, games: GameCatalog, opponentAway: Bool = false, playerAway: Bool = false) {
        switch message {
        case .login(let name): self = .login(name: name)
        case .startGame(let gameId): self = .startGame(gameId: gameId, opponentAway: opponentAway)
        case .offerGame(let gameId): self = .offerGame(gameId: gameId, opponentAway: opponentAway)
        case .declineGame: self = .declineGame
        case .resign: self = .resign
        case .offerDraw: self = .offerDraw
        case .acceptDraw: self = .answerDraw(accept: true)
        case .declineDraw: self = .answerDraw(accept: false)
        case .play(let message):
            guard let action = games.action(from: message) else { return nil }
            // How long it took is the host's to add: it knows when the turn was told.
            self = .play(action)
        case .launchGame(let gameId): self = .launchGame(gameId: gameId, playerAway: playerAway)
        case .leave: self = .leave
        case .sync, .resume, .claimWin, .chat: return nil
        }
    }
}

extension MatchEvent {
    /// The message every connection gets for this event, with version `v`; nil for events that are not
    /// broadcast as such (`seated` goes to one connection, `playersChanged` becomes `presence`,
    /// `gameStarted` and `launchQueued` are only logged).
    /// `clock`: the `clock` field every board carries in a match with clocks.
    package func broadcastMessage(v: Int, clock: WireValue? = nil) -> ServerMessage? {
        switch self {
        case .screen(let screen): .screen(WireScreen(screen, clock: clock), v: v)
        case .score(let score): .score(WireScore(score), v: v)
        // Every game's board writes its wire form (its unit tests check it).
        case .board(let board): board.wireBoard(clock: clock).map { .board($0, v: v) }
        // The final clocks, those of the last board, in a game played under them.
        case .gameOver(let winner, let line, let reason):
            .gameOver(winner: winner.map(WireSeat.init), line: line, reason: reason.rawValue, v: v, clock: clock)
        case .drawOffered(let seat): .drawOffered(seat: WireSeat(seat), v: v)
        case .drawDeclined(let seat): .drawDeclined(seat: WireSeat(seat), v: v)
        case .gameOffered(let seat, let gameId): .gameOffered(seat: WireSeat(seat), gameId: gameId.rawValue, v: v)
        case .gameDeclined(let seat): .gameDeclined(seat: WireSeat(seat), v: v)
        case .seated, .playersChanged, .gameStarted, .launchQueued, .drawOfferLapsed, .clock: nil
        }
    }
}

extension MatchRIBs.RIB {
    /// A RIB of a tree's description, with the workflows still waiting.
    package init(_ description: RIBDescription) {
        self.init(
            name: description.name,
            active: description.isActive,
            children: description.children.map(MatchRIBs.RIB.init),
            workflows: description.workflows.compactMap { workflow in
                workflow.waitingStep.map { MatchRIBs.Workflow(name: workflow.name, steps: workflow.steps, waitingStep: $0) }
            }
        )
    }
}

extension LivePresence {
    /// Who is connected, read from a summary the host has built anyway: the seats of the connected
    /// people (the computer, listed as connected, holds no connection) and the spectators, without
    /// counting the members again; and since when nobody is.
    package init(_ summary: MatchSummary, activity: MatchActivity) {
        let lastActive: Date? = if case .since(let date) = activity { date } else { nil }
        self.init(
            connectedSeats: summary.players.filter { $0.connected && $0.computer != true }.compactMap { Seat(rawValue: $0.seat.rawValue) },
            spectators: summary.spectators, lastActive: lastActive)
    }
}

extension WireLastGame {
    /// `clock`: the clocks as the game left them, for its final board.
    package init(_ game: FinishedGame, clock: WireValue? = nil) {
        self.init(
            gameId: game.game.rawValue, winner: game.winner.map(WireSeat.init), reason: game.reason.rawValue, line: game.line,
            board: game.board?.wireBoard(clock: clock))
    }
}

extension WireOffer {
    package init(_ offer: StandingOffer) {
        switch offer {
        case .draw(let seat): self.init(kind: .draw, seat: WireSeat(seat))
        case .game(let game, let seat): self.init(kind: .game, seat: WireSeat(seat), gameId: game.rawValue)
        }
    }
}

/// The sentences of the refusals whose words depend on what was refused, beyond the code's default.
enum MatchWording {
    static func sentence(refusing error: MatchError, of input: MatchInput) -> String? {
        switch (error, input) {
        case (.notInThisGame, _):
            "This game has no resignation or draw offers: it is decided by one roll."
        case (.tooEarly, .offerDraw):
            "Your last draw offer was declined: you can offer again after \(DrawOffers.movesBeforeOfferingAgain) more moves of your own."
        case (.alreadyOffered, .offerDraw):
            "A draw offer is already waiting for an answer."
        case (.alreadyOffered, .offerGame):
            "An offer of the next game is already waiting for an answer."
        case (.noOffer, .declineGame):
            "Your opponent has not offered a game to decline."
        case (.noOffer, _):
            "Your opponent has not offered a draw."
        case (.wrongPhase, .resign), (.wrongPhase, .offerDraw), (.wrongPhase, .answerDraw):
            "No game is being played."
        case (.wrongPhase, .offerGame), (.wrongPhase, .declineGame):
            "A next game can be offered only between games."
        default:
            nil
        }
    }
}
