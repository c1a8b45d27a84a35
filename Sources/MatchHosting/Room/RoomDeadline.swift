import Logging
import MatchTree
import MatchWords
import WireProtocol

/// A deadline of a match host, by what it is for: setting one again replaces it (`HostTimers`).
enum RoomDeadline: Hashable, Sendable {
    /// A seat without connections is given up.
    case seatTimeout(Seat)
    /// The computer's pause before its move ends.
    case computerMove
    /// The coalesced `presence` is due (`MatchHost.presenceInterval`).
    case presence
    /// A connection let in above the cap for a player coming back must have taken its seat.
    case claimant(connection: UInt64)
    /// The counts of the servers relaying the match are read again (`MatchHost.audienceCheckInterval`).
    case audienceCheck
    /// The running clock ran out: said by the server's one flag watch (`FlagWatch`), not set here.
    case flag
    /// The side to move before both sides have moved made no move within the first-move window: the
    /// game is aborted. One per game at most, so a timer of its own rather than the flag watch.
    case firstMove
}

/// What to do with one deadline.
enum DeadlineChange: Equatable {
    case set(RoomDeadline, at: HostClock.Instant)
    case cancel(RoomDeadline)
}

/// Something the room did that the host logs or counts: the room itself holds no logger and counts no
/// metric, so that it stays a value given the time.
enum RoomNote {
    /// A line for the log, at `level`.
    case log(RoomLogLevel, String, [String: String] = [:])
    /// The tree accepted `input` with `events`: a move or a game over to count, an outcome to log.
    case applied(MatchInput, [MatchEvent])
    /// An error message was sent to a connection.
    case errorSent(ServerMessage)
}

/// The levels the room logs at.
enum RoomLogLevel {
    case info, notice, error

    var loggerLevel: Logger.Level {
        switch self {
        case .info: .info
        case .notice: .notice
        case .error: .error
        }
    }
}
