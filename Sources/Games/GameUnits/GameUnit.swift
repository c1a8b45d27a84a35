import MatchStore
import MatchTree
import MatchWords
import WireProtocol

/// A game as one unit, everything the server needs of it in one place: the game in the match tree
/// (id, name, RIB), the client messages that carry its moves, and how its moves are written to a
/// match's log and read back. A game module declares one; the server lists them in its `GameCatalog`.
///
/// Game-agnostic layers never name a game: the tree hands moves to the game being played, the reader
/// checks a game's messages by its schemas, the log stores a game's records as they are written here.
public protocol GameUnit: GameDefinition {
    /// The client messages that carry the game's moves, with their fields.
    var messages: [GameMessageSchema] { get }
    /// The move `message` asks for. `message` is one of `messages`, its fields checked by the reader.
    func action(from message: GameMessage) -> (any GameAction)?

    /// The kinds of the records the game writes.
    var recordKinds: [String] { get }
    /// The record of `action` played by `seat`, with the seats the random source drew for it in order;
    /// nil when `action` is another game's move.
    func record(of action: any GameAction, by seat: Seat, draws: [Seat]) -> GameRecord?
    /// A move read back from one of the game's records, to replay.
    func play(from record: GameRecord) throws -> RecordedPlay

    /// The sentence for a person that goes with the game refusing a move with `error`, when the
    /// error code's default sentence does not fit the game; nil for the default.
    func sentence(refusing error: MatchError) -> String?

    /// The game's own fields of a move in the games API (`GET /api/matches/{id}/games`), besides the
    /// `seat` and `at` every move has: what was played, from the move as logged and the board the
    /// game showed after it (nil for a game without a board).
    func historyFields(of play: RecordedPlay, boardAfter board: AnyGameBoard?) -> [String: WireValue]

    /// A game's winning line (`MatchEvent.gameOver`, in the game's own coordinates) as the games API
    /// writes it in a result.
    func historyLine(_ line: [[Int]]) -> WireValue

    /// Whether "Play someone now" pairs strangers for the game (docs/PROTOCOL.md). A game that chance
    /// alone decides is not worth a stranger's wait.
    var isQueueable: Bool { get }

    /// Whether a game of it may be rated (issue 42): a rating per game id measures skill, which a game
    /// that chance alone decides has none of.
    var isRated: Bool { get }
}

extension GameUnit {
    /// Strangers may be paired for a game of skill.
    public var isQueueable: Bool { true }

    /// A game of skill is rated.
    public var isRated: Bool { true }

    /// The error codes' default sentences fit the game.
    public func sentence(refusing error: MatchError) -> String? { nil }

    /// The line as the `gameOver` message carries it: the game's coordinates, one array per place.
    public func historyLine(_ line: [[Int]]) -> WireValue {
        .array(line.map { .array($0.map(WireValue.integer)) })
    }
}

/// A move as a match's log holds it: who played it, what, and what the random source drew for it.
public struct RecordedPlay: Sendable {
    public let seat: Seat
    public let action: any GameAction
    /// The draws to hand out again, in order, while the move is replayed.
    public let draws: [Seat]

    public init(seat: Seat, action: any GameAction, draws: [Seat] = []) {
        self.seat = seat
        self.action = action
        self.draws = draws
    }
}
