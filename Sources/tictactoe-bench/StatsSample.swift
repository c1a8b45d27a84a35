import Histogram

/// What the connections of one event loop measured since the last sample: counters are deltas, the
/// histograms hold only the latencies recorded since. The runner merges the loops' samples every second.
struct StatsSample: Sendable {
    /// Latencies are recorded in microseconds, up to a minute.
    static let highestLatency: UInt64 = 60_000_000

    static func emptyHistogram() -> Histogram<UInt64> {
        Histogram<UInt64>(lowestDiscernibleValue: 1, highestTrackableValue: highestLatency, numberOfSignificantValueDigits: .three)
    }

    /// TCP connections established.
    var connected = 0
    /// WebSocket upgrades answered with 101.
    var upgraded = 0
    /// Connections that received their `welcome`.
    var welcomed = 0
    /// Channels closed, for whatever reason.
    var closed = 0
    /// Players seated.
    var seated = 0
    /// Moves sent by players.
    var movesSent = 0
    /// Moves whose `board` reached the opponent (each one is a latency sample).
    var moves = 0
    /// `board` messages that reached a spectator (each one is a latency sample).
    var spectatorBoards = 0
    /// Boards with a last move that no sent move matched (a resync, or a board the bench did not cause).
    var unmatchedBoards = 0
    /// Games started (counted once per match, at player 1).
    var gamesStarted = 0
    /// Games finished, by result: `player1`, `player2`, `draw`.
    var gamesFinished: [String: Int] = [:]
    /// Games finished whose `gameOver` carried `ratings` (a rated match's, counted at player 1).
    var ratedGamesFinished = 0
    /// Errors by kind: `error:<code>` (error messages), `close:<code>` (closes the bench did not ask
    /// for), `connect:<reason>`, `upgrade:<status>`, `protocol:<what>`.
    var errors: [String: Int] = [:]
    /// Move sent -> the opponent's `board`, in microseconds.
    var opponentLatency = StatsSample.emptyHistogram()
    /// Move sent -> a spectator's `board`, in microseconds.
    var spectatorLatency = StatsSample.emptyHistogram()
    /// The hot match's audience (`--audience`): its spectators' counters.
    var audience = AudienceCounts()

    var gamesFinishedTotal: Int { gamesFinished.values.reduce(0, +) }
    var errorTotal: Int { errors.values.reduce(0, +) }

    mutating func count(error kind: String) {
        errors[kind, default: 0] += 1
    }

    mutating func recordOpponent(nanoseconds: UInt64) {
        moves += 1
        _ = opponentLatency.record(min(max(nanoseconds / 1000, 1), Self.highestLatency))
    }

    mutating func recordSpectator(nanoseconds: UInt64) {
        spectatorBoards += 1
        _ = spectatorLatency.record(min(max(nanoseconds / 1000, 1), Self.highestLatency))
    }

    /// Adds `other` to this sample.
    mutating func add(_ other: StatsSample) {
        connected += other.connected
        upgraded += other.upgraded
        welcomed += other.welcomed
        closed += other.closed
        seated += other.seated
        movesSent += other.movesSent
        moves += other.moves
        spectatorBoards += other.spectatorBoards
        unmatchedBoards += other.unmatchedBoards
        gamesStarted += other.gamesStarted
        gamesFinished.merge(other.gamesFinished, uniquingKeysWith: +)
        ratedGamesFinished += other.ratedGamesFinished
        errors.merge(other.errors, uniquingKeysWith: +)
        opponentLatency.add(other.opponentLatency)
        spectatorLatency.add(other.spectatorLatency)
        audience.add(other.audience)
    }
}

/// Percentiles of a latency histogram, in milliseconds.
struct LatencySummary: Codable, Sendable {
    var count: UInt64
    var p50: Double
    var p90: Double
    var p99: Double
    var p999: Double
    var max: Double

    init(_ histogram: Histogram<UInt64>) {
        count = histogram.totalCount
        func milliseconds(_ microseconds: UInt64) -> Double { Double(microseconds) / 1000 }
        if count == 0 {
            p50 = 0
            p90 = 0
            p99 = 0
            p999 = 0
            max = 0
        } else {
            p50 = milliseconds(histogram.valueAtPercentile(50))
            p90 = milliseconds(histogram.valueAtPercentile(90))
            p99 = milliseconds(histogram.valueAtPercentile(99))
            p999 = milliseconds(histogram.valueAtPercentile(99.9))
            max = milliseconds(histogram.max)
        }
    }
}
