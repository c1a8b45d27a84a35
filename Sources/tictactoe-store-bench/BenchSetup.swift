import DurableStore
import PostgresStore
import SQLiteStore

/// When a configuration stops appending.
enum BenchLimit: CustomStringConvertible {
    /// After this long.
    case duration(Duration)
    /// After this many moves, all matches together.
    case moves(Int)

    var description: String {
        switch self {
        case .duration(let duration): "\(duration) per configuration"
        case .moves(let moves): "\(moves) moves per configuration"
        }
    }
}

/// The store a configuration writes to.
enum BenchStore {
    /// A SQLite file at `path`, with `PRAGMA synchronous` at `synchronous`.
    case sqlite(path: String, synchronous: SQLiteSynchronous)
    /// A PostgreSQL database, in a new schema of the configuration's own.
    case postgres(PostgresURL, schema: String)

    var kind: String {
        switch self {
        case .sqlite: "sqlite"
        case .postgres: "postgres"
        }
    }

    /// SQLite's pragma; PostgreSQL's `synchronous_commit`, which the store always sets on.
    var durability: String {
        switch self {
        case .sqlite(_, let synchronous): synchronous.rawValue
        case .postgres: "on"
        }
    }
}

/// One configuration to measure.
struct BenchSetup {
    let store: BenchStore
    let groupCommit: Bool
    let maxBatchSize: Int
    let matches: Int
    let limit: BenchLimit
}

/// What one configuration measured.
struct BenchResult {
    /// Every append's latency, in seconds, sorted.
    let latencies: [Double]
    /// From the first append to the last one's return.
    let elapsed: Duration
    /// Committed while the moves ran (match creation excluded).
    let statistics: WriteStatistics

    var moves: Int { latencies.count }

    var movesPerSecond: Double {
        let seconds = elapsed / .seconds(1)
        return seconds > 0 ? Double(moves) / seconds : 0
    }

    /// The nearest-rank percentile `p` (0...100) of the latencies, in seconds.
    func latency(percentile p: Double) -> Double {
        guard !latencies.isEmpty else { return 0 }
        let rank = Int((p / 100 * Double(latencies.count)).rounded(.up))
        return latencies[min(max(rank, 1), latencies.count) - 1]
    }
}
