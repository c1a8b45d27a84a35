import Foundation
import GRDB
import RatingStore
import Ratings
import SQLiteStore

/// `--leaderboard-players N`: how long the leaderboard query takes with N rated players in a SQLite
/// store. Making a player rankable through `apply` takes about fifty games, so the bench writes the
/// rows as the store would have left them (ratings spread from 800 to 2800, RDs from 45 to 350, so
/// that about a sixth are rankable; every player rated in Kalah, every other one in Tic Tac Toe too),
/// straight into the store's tables in one transaction, then asks the store's own `leaderboard` for
/// Kalah's 100 best, again and again, and reports the percentiles of the time each answer took.
enum LeaderboardBench {
    static func measure(players: Int, queries: Int, path: String) async throws {
        let store = try SQLiteMatchStore(path: path)
        try await store.close()
        let started = ContinuousClock.now
        try fill(players: players, path: path)
        print("wrote \(players) rated players in \(ContinuousClock.now - started)")

        let reopened = try SQLiteMatchStore(path: path)
        let ratings = reopened.makeRatingStore()
        var rankable = 0
        var times: [Duration] = []
        for _ in 0..<queries {
            let start = ContinuousClock.now
            rankable = try await ratings.leaderboard(gameID: "kalah", limit: 100).count
            times.append(ContinuousClock.now - start)
        }
        try await reopened.close()
        times.sort()
        func percentile(_ p: Double) -> String {
            let time = times[min(times.count - 1, Int(Double(times.count) * p))]
            return String(format: "%.3f ms", Double(time.components.attoseconds) / 1e15 + Double(time.components.seconds) * 1000)
        }
        print(
            "leaderboard of kalah (\(rankable) players shown), \(queries) queries: p50 \(percentile(0.5)), p99 \(percentile(0.99)), max \(percentile(1))"
        )
    }

    private static func fill(players: Int, path: String) throws {
        let queue = try DatabaseQueue(path: path)
        var generator = SystemRandomNumberGenerator()
        let now = Date()
        try queue.write { db in
            let account = try db.makeStatement(sql: "INSERT INTO account (id, name, canonicalName, createdAt) VALUES (?, ?, ?, ?)")
            let rating = try db.makeStatement(
                sql: """
                    INSERT INTO playerRating (accountId, gameId, name, canonicalName, rating, shownRating, deviation, volatility, rankable,
                        games, wins, losses, draws, lastRatedAt) VALUES (?, ?, ?, ?, ?, ?, ?, 0.06, ?, 60, 20, 20, 20, ?)
                    """)
            for index in 0..<players {
                let id = "bench-\(index)"
                let name = "Player\(index)"
                try account.execute(arguments: [id, name, name.lowercased(), now])
                for gameID in index % 2 == 0 ? ["kalah", "ticTacToe"] : ["kalah"] {
                    let value = Double.random(in: 800...2800, using: &generator)
                    let deviation = Double.random(in: 45...350, using: &generator)
                    try rating.execute(arguments: [
                        id, gameID, name, name.lowercased(), value, WireRounding.halfUp(value), deviation,
                        RatingStoreRules.rules.isRankable(deviation: deviation), now,
                    ])
                }
            }
        }
    }
}
