import GameUnits

extension MatchHost {
    /// How a host runs its match.
    struct Settings: Sendable {
        /// The games the server offers.
        var games: GameCatalog
        var seatTimeout: Duration
        var maxConnections: Int
        /// The LeakDetector tag for this match's RIB objects, or nil not to track them.
        var trackingTag: String?
        /// Where the host counts moves, games, errors and latencies.
        var metrics: ServerMetrics
        /// How long a connection let in above `maxConnections` for a player coming back has to take its
        /// seat (`resume`) before it is closed 1013.
        var claimTimeout: Duration = .seconds(10)
        /// Where the host reports whether its writes succeed.
        var storageHealth = StorageHealth()
        /// How long the computer seems to think before it plays (give or take a quarter, at random, so
        /// that it does not play like a metronome). Zero in tests that need no pause.
        var computerDelay: Duration = .milliseconds(600)
    }

    /// `seat(_:)` could not seat everyone: the tree refused one (`matchFull`, `badName`) or the
    /// records could not be stored (the match is closed then).
    struct SeatingFailed: Error, CustomStringConvertible {
        let reason: String
        var description: String { "The server could not seat the players: \(reason)." }
    }

    /// What `connect` did with a connection.
    enum ConnectResult: Sendable {
        case connected
        case full
        /// The host was torn down (expired or failed): ask the registry again.
        case closed
    }
}
