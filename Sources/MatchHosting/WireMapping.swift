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
        }
    }
}

extension MatchInput {
    /// What `message` asks of the tree; nil for what the host answers itself (`sync`, `resume`), for
    /// `claimWin` (the host adds whether the opponent is away), and for a game's message none of
    /// `games` reads.
    package init?(_ message: ClientMessage, games: GameCatalog) {
        switch message {
        case .login(let name): self = .login(name: name)
        case .startGame(let gameId): self = .startGame(gameId: gameId)
        case .play(let message):
            guard let action = games.action(from: message) else { return nil }
            self = .play(action)
        case .launchGame(let gameId): self = .launchGame(gameId: gameId)
        case .leave: self = .leave
        case .sync, .resume, .claimWin: return nil
        }
    }
}

extension MatchEvent {
    /// The message every connection gets for this event, with version `v`; nil for events that are not
    /// broadcast as such (`seated` goes to one connection, `playersChanged` becomes `presence`,
    /// `gameStarted` and `launchQueued` are only logged).
    package func broadcastMessage(v: Int) -> ServerMessage? {
        switch self {
        case .screen(let screen): .screen(WireScreen(screen), v: v)
        case .score(let score): .score(WireScore(score), v: v)
        // Every game's board writes its wire form (its unit tests check it).
        case .board(let board): board.wireBoard.map { .board($0, v: v) }
        case .gameOver(let winner, let line): .gameOver(winner: winner.map(WireSeat.init), line: line, v: v)
        case .seated, .playersChanged, .gameStarted, .launchQueued: nil
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
