import Foundation
import MatchWords

/// One entry of a match's append-only log: what happened, in order. A match is rebuilt by replaying
/// its log through the same RIB tree; entries marked "outcome" are what the tree itself produced and
/// are checked against it on replay rather than fed in.
public enum MatchRecord: Sendable, Hashable, Codable {
    /// The match was opened.
    case created
    /// A login took `seat` with `name` (already trimmed and defaulted); only the token's SHA-256 is kept.
    /// `account`: the id of the signed-in player's account whose seat it is (issue 41), which a login of
    /// that account on any device resumes; absent for a guest, and in logs written before accounts.
    case seatTaken(seat: Seat, name: String, tokenHash: Data, account: String? = nil)
    /// The server seated the computer, playing at `level`, in `seat` (a match created to play the
    /// computer). It holds no token and never leaves.
    case computerSeated(seat: Seat, level: ComputerLevel)
    /// A `launchGame` was accepted: the workflow waits for both logins, then launches `gameId`.
    case launchRequested(gameId: GameID)
    /// Outcome: a game began, with the seat that moves first.
    case gameStarted(gameId: GameID, startingPlayer: Seat)
    /// A move of the game being played, as its game writes it down (who played, what, and what the
    /// random source drew for it, replayed as drawn).
    case played(GameRecord)
    /// Outcome: a game ended; nil is a draw.
    case gameEnded(winner: Seat?)
    /// The player of `seat` left (forfeiting any game in progress). `tookMs` (in a match with a time
    /// control, when it ended a game): how long the running clock had run, charged to it on replay so
    /// that the final clocks are those of the moment the game ended; absent in logs written before.
    case left(seat: Seat, tookMs: Int? = nil)
    /// Nobody reconnected to `seat` within the seat timeout: counts as `left`. `tookMs` as `left`'s.
    case seatTimedOut(seat: Seat, tookMs: Int? = nil)
    /// The match's creator asked for it to be listed in the lobby (`POST /api/matches` with
    /// `"listed": true`); written right after `created`.
    case listed
    /// The player of `seat` claimed the game being played while the opponent was away past the grace:
    /// `seat` wins it; both seats and the pair stay.
    /// `tookMs` as `left`'s.
    case gameClaimed(seat: Seat, tookMs: Int? = nil)
    /// The player of `seat` resigned the game being played; the seat and the pair stay. `tookMs` as
    /// `left`'s.
    case resigned(seat: Seat, tookMs: Int? = nil)
    /// The player of `seat` offered a draw.
    case drawOffered(seat: Seat)
    /// The player of `seat` accepted the draw the opponent offered (the game ends drawn). `tookMs` as
    /// `left`'s.
    case drawAccepted(seat: Seat, tookMs: Int? = nil)
    /// The player of `seat` declined the draw the opponent offered.
    case drawDeclined(seat: Seat)
    /// Between games, the player of `seat` offered to play `gameId` next.
    case gameOffered(seat: Seat, gameId: GameID)
    /// The player of `seat` declined the game the opponent offered.
    case gameDeclined(seat: Seat)
    /// The match's time control, asked for by its creator (`POST /api/matches` with `clock`): every game
    /// with turns is played under it. Written right after `created`; never changed.
    case clockSet(initialMs: Int, incrementMs: Int)
    /// The clock of `seat` ran out in the game being played: the opponent wins it.
    case timeRanOut(seat: Seat)
    /// `seat`, to make a move before both sides had moved, made none within the first-move window: the
    /// game being played is aborted, nobody wins it and the score stays.
    case gameAborted(seat: Seat)
    /// The match is rated (issue 42: `POST /api/matches` or the queue with `"rated": true`): both seats
    /// are accounts', and each game of a rated game id that ends (not aborted) is rated once. Written
    /// with `clockSet`, before the match is hosted; never changed.
    case rated
}

/// A log entry with its position in the match's log and when it was written.
public struct StoredRecord: Sendable, Hashable {
    /// The position in the match's log: 1 for `created`, then 2, 3… without gaps.
    public let sequence: Int
    /// What happened.
    public let record: MatchRecord
    /// When it was appended (the `at` passed to `createMatch` or `append`), to the millisecond at least.
    public let at: Date

    /// A log entry as a store returns it.
    public init(sequence: Int, record: MatchRecord, at: Date) {
        self.sequence = sequence
        self.record = record
        self.at = at
    }
}

/// What the lobby and `GET /api/matches/{id}` need of a match without loading its tree. Written in the
/// same transaction as the records it summarises.
public struct StoredSummary: Sendable, Hashable, Codable {
    /// The RIB whose screen is presented.
    public var phase: Phase
    /// The taken seats and their players' names.
    public var players: [SeatedPlayer]
    /// The pair's score; nil while nobody is logged in as a pair (`loggedOut`).
    public var score: Score?
    /// `true` when the creator asked for the match to be listed in the lobby; absent (nil) for a
    /// private match, so that the summaries written before listing existed read as private.
    private var listedField: Bool?

    /// Whether the creator asked for the match to be listed in the lobby.
    public var listed: Bool { listedField == true }
    /// `true` in a rated match; absent (nil) otherwise, so that summaries written before issue 42 read
    /// as unrated.
    private var ratedField: Bool?

    /// Whether the match is rated (its log's `rated`).
    public var rated: Bool {
        get { ratedField == true }
        set { ratedField = newValue ? true : nil }
    }
    /// The match's time control, for the lobby to show; absent (nil) for a match without clocks.
    public var timeControl: TimeControl?
    /// The game the match was made for (its log's first `launchRequested`), for the lobby to name;
    /// absent (nil) when none was asked for, and in summaries written before issue 40.
    public var gameId: GameID?
    /// While one person is seated and the other seat is free, when they sat down (the lobby says how
    /// long they have waited); absent otherwise.
    public var waitingSince: Date? {
        get { waitingSinceMs.map { Date(timeIntervalSince1970: Double($0) / 1000) } }
        set { waitingSinceMs = newValue.map { Int(($0.timeIntervalSince1970 * 1000).rounded()) } }
    }
    /// `waitingSince` as stored: milliseconds since 1970, whatever a store's date encoding.
    private var waitingSinceMs: Int?

    /// A summary of a match's state.
    public init(
        phase: Phase, players: [SeatedPlayer], score: Score?, listed: Bool = false, timeControl: TimeControl? = nil, gameId: GameID? = nil,
        waitingSince: Date? = nil
    ) {
        self.gameId = gameId
        self.phase = phase
        self.players = players
        self.score = score
        listedField = listed ? true : nil
        self.timeControl = timeControl
        self.waitingSince = waitingSince
    }

    private enum CodingKeys: String, CodingKey {
        case phase, players, score
        case listedField = "listed"
        case ratedField = "rated"
        case timeControl = "clock"
        case gameId
        case waitingSinceMs = "waitingSince"
    }

    /// A match that was just created: nobody seated yet.
    public static let empty = StoredSummary(phase: .loggedOut, players: [], score: nil)
}

extension MatchRecord {
    /// The kinds of the match's own records (every case but `played`): a game's record kind must be
    /// none of these.
    public static let ownKinds: Set<String> = [
        "created", "seatTaken", "computerSeated", "launchRequested", "gameStarted", "played", "gameEnded", "left", "seatTimedOut",
        "listed", "gameClaimed", "resigned", "drawOffered", "drawAccepted", "drawDeclined", "gameOffered", "gameDeclined",
        "clockSet", "timeRanOut", "gameAborted", "rated",
    ]

    /// The game a match was made for: its log's first `launchRequested`; nil when none was asked for.
    public static func gameID(in records: [StoredRecord]) -> GameID? {
        for stored in records {
            if case .launchRequested(let gameId) = stored.record { return gameId }
        }
        return nil
    }

    /// Whether a match's log makes it rated (its `rated`, written before it is hosted).
    public static func isRated(_ records: [StoredRecord]) -> Bool {
        records.prefix(4).contains { $0.record == .rated }
    }

    /// The time control a match's log sets (its `clockSet`), nil for a match without one.
    public static func timeControl(in records: [StoredRecord]) -> TimeControl? {
        for stored in records {
            if case .clockSet(let initial, let increment) = stored.record {
                return TimeControl(initialMilliseconds: initial, incrementMilliseconds: increment)
            }
        }
        return nil
    }
}
