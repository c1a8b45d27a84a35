import GameUnits
import MatchTree
import RatingStore

extension MatchHost {
    /// How a host runs its match.
    package struct Settings: Sendable {
        /// The games the server offers.
        package var games: GameCatalog
        package var seatTimeout: Duration
        package var maxConnections: Int
        /// The LeakDetector tag for this match's RIB objects, or nil not to track them.
        package var trackingTag: String?
        /// Where the host counts moves, games, errors and latencies.
        package var metrics: ServerMetrics
        /// How long a connection let in above `maxConnections` for a player coming back has to take its
        /// seat (`resume`) before it is closed 1013.
        package var claimTimeout: Duration = .seconds(10)
        /// Where the host reports whether its writes succeed.
        package var storageHealth = StorageHealth()
        /// How long the computer seems to think before it plays (give or take a quarter, at random, so
        /// that it does not play like a metronome). Zero in tests that need no pause.
        package var computerDelay: Duration = .milliseconds(600)
        /// How long a player's seat must have had no connection before the opponent may claim the game
        /// being played (`claimWin`): a page that reloads or a phone that changes networks comes back in
        /// time.
        package var claimGrace: Duration = .seconds(20)
        /// How long the side to move has for a first move before the game is aborted (issue 40).
        package var firstMoveWindow: Duration = GameClock.firstMoveWindow
        /// The server's clock: every host reads the time and sets its deadlines on it.
        package var clock: HostClock
        /// The one timer of the server's running clocks (shared by every host), on `clock`.
        package var flagWatch: FlagWatch
        /// Where rated games are rated (issue 42); nil without one (a read-only store): no match is
        /// rated then.
        package var ratings: (any RatingStore)?

        package init(
            games: GameCatalog, seatTimeout: Duration, maxConnections: Int, trackingTag: String?, metrics: ServerMetrics,
            claimTimeout: Duration = .seconds(10), storageHealth: StorageHealth = StorageHealth(),
            computerDelay: Duration = .milliseconds(600), claimGrace: Duration = .seconds(20), clock: HostClock = .continuous
        ) {
            self.clock = clock
            flagWatch = FlagWatch(clock: clock)
            self.claimGrace = claimGrace
            self.games = games
            self.seatTimeout = seatTimeout
            self.maxConnections = maxConnections
            self.trackingTag = trackingTag
            self.metrics = metrics
            self.claimTimeout = claimTimeout
            self.storageHealth = storageHealth
            self.computerDelay = computerDelay
        }

        /// The times a match's room is given.
        var roomRules: MatchRoom.Rules {
            MatchRoom.Rules(
                seatTimeout: seatTimeout, claimGrace: claimGrace, computerDelay: computerDelay, firstMoveWindow: firstMoveWindow)
        }
    }

    /// `seat(_:)` could not seat everyone: the tree refused one (`matchFull`, `badName`) or the
    /// records could not be stored (the match is closed then).
    package struct SeatingFailed: Error, CustomStringConvertible {
        package let reason: String

        package init(reason: String) {
            self.reason = reason
        }
        package var description: String { "The server could not seat the players: \(reason)." }
    }

    /// What `connect` did with a connection.
    package enum ConnectResult: Sendable {
        case connected
        case full
        /// The host was torn down (expired or failed): ask the registry again.
        case closed
    }
}
