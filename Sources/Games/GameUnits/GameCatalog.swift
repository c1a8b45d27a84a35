import MatchStore
import MatchTree
import MatchWords
import WireProtocol

/// The games a server offers, in the order OffGame lists them, and the lookups every layer needs:
/// a game by id, by the type of its client message, by the kind of its record.
public struct GameCatalog: Sendable {
    /// The games, in OffGame's order.
    public let games: [any GameUnit]
    /// What the match tree is given.
    public var definitions: [any GameDefinition] { games.map { $0 } }
    /// Reads the core client messages and every game's.
    public let messageReader: ClientMessageReader

    private let gameByMessageType: [String: Int]
    private let gameByRecordKind: [String: Int]

    /// A catalog of `games`. Their ids, message types and record kinds must differ, and a record kind
    /// must not be one of the match's own (a mistake in the code, caught at start).
    public init(_ games: [any GameUnit]) {
        precondition(Set(games.map(\.id)).count == games.count, "Two games have the same id.")
        var byType: [String: Int] = [:]
        var byKind: [String: Int] = [:]
        for (index, game) in games.enumerated() {
            for message in game.messages {
                precondition(byType.updateValue(index, forKey: message.type) == nil, "Two games send \(message.type).")
            }
            for kind in game.recordKinds {
                precondition(!MatchRecord.ownKinds.contains(kind), "\(game.id) writes a record of the match's own kind \(kind).")
                precondition(byKind.updateValue(index, forKey: kind) == nil, "Two games write \(kind) records.")
            }
        }
        self.games = games
        gameByMessageType = byType
        gameByRecordKind = byKind
        messageReader = ClientMessageReader(gameMessages: games.flatMap(\.messages))
    }

    /// The games "Play someone now" pairs strangers for, in OffGame's order.
    public var queueable: [any GameUnit] { games.filter(\.isQueueable) }
    /// The games that have ratings, a leaderboard and rated matches (issue 42).
    public var rated: [any GameUnit] { games.filter(\.isRated) }

    /// The game `id` names, nil if none.
    public func game(_ id: GameID) -> (any GameUnit)? {
        games.first { $0.id == id }
    }

    /// The move a game's client message asks for; nil for a message no game sends.
    public func action(from message: GameMessage) -> (any GameAction)? {
        gameByMessageType[message.type].flatMap { games[$0].action(from: message) }
    }

    /// The record of a move, as its game writes it; nil when no game of the catalog knows the move.
    public func record(of action: any GameAction, by seat: Seat, draws: [Seat]) -> GameRecord? {
        game(action.game)?.record(of: action, by: seat, draws: draws)
    }

    /// The sentence that goes with `error` refusing `input`: the game's own for a move it refused when it
    /// has one, nil for the error code's default.
    public func sentence(refusing error: MatchError, of input: MatchInput) -> String? {
        guard case .play(let action, _) = input else { return nil }
        return game(action.game)?.sentence(refusing: error)
    }

    /// A move read back from a game's record.
    public func play(from record: GameRecord) throws -> RecordedPlay {
        guard let index = gameByRecordKind[record.kind] else { throw UnknownRecordKind(kind: record.kind) }
        return try games[index].play(from: record)
    }

    /// A record no game of the catalog writes: a log from a server that offered another game.
    public struct UnknownRecordKind: Error, CustomStringConvertible {
        public let kind: String
        public var description: String { "no game of this server writes \(kind) records" }
    }
}
