import AllGames
import Foundation
import GameUnits
import GridGames
import MatchTree
import MatchWords
import RandomWin
import Synchronization
import Testing
import TicTacToe
import WireProtocol

@testable import Server

/// The name rules of docs/PROTOCOL.md as `PlayerName` applies them: trimmed; over 24 characters or 256
/// UTF-8 bytes, or holding a control character, a line or paragraph separator, or a format character
/// other than a zero-width joiner between two emoji, is `badName`.
enum NameRule {
    static func isBad(_ raw: String?) -> Bool {
        let head = (raw ?? "").drop(while: \.isWhitespace)
        let name = String(head.reversed().drop(while: \.isWhitespace).reversed())
        if name.isEmpty { return false }
        let scalars = Array(name.unicodeScalars)
        let hasForbidden = scalars.indices.contains { index in
            switch scalars[index].properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator: return true
            case .format:
                let joinsEmoji =
                    scalars[index] == "\u{200D}" && index > 0 && index < scalars.count - 1
                    && scalars[index - 1].properties.isEmoji && scalars[index + 1].properties.isEmoji
                return !joinsEmoji
            default: return false
            }
        }
        return name.count > 24 || name.utf8.count > 256 || hasForbidden
    }
}

/// The answers the server may give to `message` from a client that knows `knowledge`.
///
/// Exact where the client's knowledge settles it: a connection without a seat stays without one until
/// its own `login` or `resume`, a token of another match or of a seat that left is useless for good, and
/// decoding does not depend on the match. Where another client of the same match may act in between
/// (`exclusive` false), the answer may be any the documented checks give for that message.
func expectedAnswers(to message: ClientMessage, knowing knowledge: Knowledge, exclusive: Bool, tokens: TokenPool, matchID: String) -> Set<
    Answer
> {
    let seated = knowledge.seat
    switch message {
    case .sync:
        return [.accepted]
    case .launchGame(let id):
        guard FuzzedGames.isKnown(id) else { return [.error(.unknownGame)] }
        // A launch that would start a game at once (between games) while a player is away is refused.
        guard exclusive else { return [.accepted, .error(.opponentAway)] }
        return [knowledge.phase == .offGame && knowledge.playerAway ? .error(.opponentAway) : .accepted]
    case .login(let name):
        let taken: Set<Answer> = NameRule.isBad(name) ? [.error(.badName)] : [.accepted]
        let full: Set<Answer> = [.error(.matchFull)]
        if seated != nil { return exclusive ? [.error(.alreadySeated)] : Set([.error(.alreadySeated)]).union(full).union(taken) }
        if exclusive { return knowledge.phase != .loggedOut || knowledge.takenSeats >= 2 ? full : taken }
        return full.union(taken)
    case .resume(let token):
        switch tokens.classify(token, in: matchID) {
        case .useless:
            return [.error(.badToken)]
        case .alive(let seat):
            let answer: Answer = seated == nil || seated == seat ? .accepted : .error(.alreadySeated)
            return exclusive ? [answer] : [answer, .error(.badToken), .accepted, .error(.alreadySeated)]
        }
    case .startGame(let id):
        guard seated != nil else { return [.error(.notSeated)] }
        let race: Set<Answer> = exclusive ? [] : [.error(.notSeated)]
        guard FuzzedGames.isKnown(id) else { return race.union([.error(.unknownGame)]) }
        if exclusive {
            guard knowledge.phase == .offGame else { return [.error(.wrongPhase)] }
            return [knowledge.opponentAway ? .error(.opponentAway) : .accepted]
        }
        return race.union([.accepted, .error(.wrongPhase), .error(.opponentAway)])
    case .offerGame(let id):
        guard seated != nil else { return [.error(.notSeated)] }
        let race: Set<Answer> = exclusive ? [] : [.error(.notSeated)]
        guard FuzzedGames.isKnown(id) else { return race.union([.error(.unknownGame)]) }
        if exclusive {
            guard knowledge.phase == .offGame else { return [.error(.wrongPhase)] }
            guard !knowledge.opponentAway else { return [.error(.opponentAway)] }
            return [knowledge.offer == nil ? .accepted : .error(.alreadyOffered)]
        }
        return race.union([.accepted, .error(.wrongPhase), .error(.opponentAway), .error(.alreadyOffered)])
    case .chat(let phrase):
        // The seat first, then the phrase; a second phrase within a second of this connection's last one
        // is refused, however the match stands.
        guard seated != nil else { return [.error(.notSeated)] }
        // In a match shared with other clients, one of them may have taken this seat meanwhile (a
        // `resume` with its token), as for every other message of a seated player.
        let race: Set<Answer> = exclusive ? [] : [.error(.notSeated)]
        return race.union(ChatPhrase(rawValue: phrase) == nil ? [.error(.badMessage)] : [.accepted, .error(.rateLimited)])
    case .declineGame:
        guard let seat = seated else { return [.error(.notSeated)] }
        if exclusive {
            guard knowledge.phase == .offGame else { return [.error(.wrongPhase)] }
            let offered = knowledge.offer?.kind == .game && knowledge.offer?.seat != seat
            return [offered ? .accepted : .error(.noOffer)]
        }
        return [.accepted, .error(.notSeated), .error(.wrongPhase), .error(.noOffer)]
    case .resign, .offerDraw, .acceptDraw, .declineDraw:
        return expectedAnswers(toDrawOrResign: message, knowing: knowledge, exclusive: exclusive)
    case .play(let game) where game.type == "move":
        let (row, col) = (game.integer("row") ?? 0, game.integer("col") ?? 0)
        guard let seat = seated else { return [.error(.notSeated)] }
        let inBounds = (0...2).contains(row) && (0...2).contains(col)
        if exclusive {
            guard knowledge.phase == .ticTacToe, let board = knowledge.board else { return [.error(.wrongPhase)] }
            guard board.turn == seat else { return [.error(.notYourTurn)] }
            guard inBounds else { return [.error(.outOfBounds)] }
            return [board.cells[row * 3 + col] == nil ? .accepted : .error(.cellTaken)]
        }
        let common: Set<Answer> = [.error(.notSeated), .error(.wrongPhase), .error(.notYourTurn)]
        return common.union(inBounds ? [.accepted, .error(.cellTaken)] : [.error(.outOfBounds)])
    case .play(let message):
        // Any other game's move, by the order of checks every game follows: notSeated, wrongPhase,
        // notYourTurn (for a game whose board has a turn), then the game's own refusals of the place:
        // outOfBounds for a field outside the range its schema gives, else accepted or cellTaken.
        guard let seat = seated else { return [.error(.notSeated)] }
        let game = FuzzedGames.game(sending: message.type)
        let refusals: Set<Answer> = FuzzedGames.isInRange(message) ? [.accepted, .error(.cellTaken)] : [.error(.outOfBounds)]
        if exclusive {
            guard let game, knowledge.phase.rawValue == game.id.rawValue else { return [.error(.wrongPhase)] }
            guard let board = knowledge.board else { return [.accepted] }
            return board.turn == seat ? refusals : [.error(.notYourTurn)]
        }
        return refusals.union([.error(.notSeated), .error(.wrongPhase), .error(.notYourTurn)])
    case .leave:
        guard seated != nil else { return [.error(.notSeated)] }
        return exclusive ? [.accepted] : [.accepted, .error(.notSeated)]
    case .claimWin:
        // Not generated: whether the opponent is connected is not the sender's knowledge.
        guard seated != nil else { return [.error(.notSeated)] }
        return [.accepted, .error(.notSeated), .error(.wrongPhase), .error(.opponentConnected), .error(.tooEarly)]
    }
}

/// `resign` and the draw messages, by the order of checks: notSeated, wrongPhase (no game, or Random
/// Win, which has neither), then the offer's own rules. Whether an earlier offer of the sender was
/// declined is not in a `welcome`: an offer the rules otherwise allow may be `tooEarly`.
private func expectedAnswers(toDrawOrResign message: ClientMessage, knowing knowledge: Knowledge, exclusive: Bool) -> Set<Answer> {
    guard let seat = knowledge.seat else { return [.error(.notSeated)] }
    let everything: Set<Answer> = [
        .accepted, .error(.notSeated), .error(.wrongPhase), .error(.notYourTurn), .error(.alreadyOffered), .error(.tooEarly),
        .error(.noOffer),
    ]
    guard exclusive else { return everything }
    let inGame = knowledge.phase != .loggedOut && knowledge.phase != .offGame && knowledge.phase != .randomWin
    guard inGame else { return [.error(.wrongPhase)] }
    let drawOffered = knowledge.offer?.kind == .draw
    switch message {
    case .resign:
        return [.accepted]
    case .offerDraw:
        if drawOffered { return [.error(.alreadyOffered)] }
        return knowledge.board?.turn == seat ? [.accepted, .error(.tooEarly)] : [.error(.notYourTurn)]
    default:
        return [drawOffered && knowledge.offer?.seat != seat ? .accepted : .error(.noOffer)]
    }
}

/// The games the fuzzed server offers, read from its catalog: their ids and the schemas of their
/// messages, so that every game is fuzzed without a line of its own here.
enum FuzzedGames {
    static let catalog = GameCatalog.standard
    static let ids = catalog.games.map(\.id.rawValue)
    static let schemas = catalog.games.flatMap(\.messages)

    static func isKnown(_ id: String) -> Bool { catalog.game(GameID(rawValue: id)) != nil }

    /// The game whose message has type `type`.
    static func game(sending type: String) -> (any GameUnit)? {
        catalog.games.first { $0.messages.contains { $0.type == type } }
    }

    /// Whether every integer of `message` is in the range its game's schema gives it.
    static func isInRange(_ message: GameMessage) -> Bool {
        guard let schema = schemas.first(where: { $0.type == message.type }) else { return true }
        return schema.fields.allSatisfy { field in
            guard let range = field.range, let value = message.integer(field.name) else { return true }
            return range.contains(value)
        }
    }
}
