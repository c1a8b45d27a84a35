extension MatchHost {
    /// How a host runs its match.
    struct Settings: Sendable {
        var seatTimeout: Duration
        var maxConnections: Int
        /// The LeakDetector tag for this match's RIB objects, or nil not to track them.
        var trackingTag: String?
        /// Where the host counts moves, games, errors and latencies.
        var metrics: ServerMetrics
        /// Where the host reports whether its writes succeed.
        var storageHealth = StorageHealth()
    }

    /// What `connect` did with a connection.
    enum ConnectResult: Sendable {
        case connected
        case full
        /// The host was torn down (expired or failed): ask the registry again.
        case closed
    }
}
