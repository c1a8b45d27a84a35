import Foundation
import Logging
import MatchStore
import MatchWords
import PostgresNIO

extension PostgresWrites {
    /// Deletes the matches whose summary last changed before `date`, except `keeping` and those another
    /// running server hosts (`PostgresOwnership`: its `keeping` is not known here), at most `limit`,
    /// least recently changed first, in one statement outside the writer's batches; their records go
    /// with them (`ON DELETE CASCADE`). Returns their ids.
    ///
    /// The owner condition is in the outer WHERE too: a server that takes a match between the
    /// subquery's snapshot and the row lock has its claim seen when PostgreSQL checks the row again.
    static func deleteMatches(
        updatedBefore date: Date, keeping: Set<MatchID>, limit: Int, by server: String, on connection: PostgresConnection,
        logger: Logger
    ) async throws -> [MatchID] {
        let kept = keeping.map(\.rawValue)
        let rows = try await connection.query(
            """
            DELETE FROM match m WHERE m.id IN (
                SELECT id FROM match WHERE updated_at < \(date) AND NOT (id = ANY(\(kept)))
                ORDER BY updated_at LIMIT \(max(limit, 0))
            ) AND NOT EXISTS (
                SELECT 1 FROM server s
                WHERE s.id = m.owner AND s.id <> \(server) AND s.seen_at > now() - make_interval(secs => \(PostgresOwnership.presenceLifetimeSeconds))
            ) RETURNING m.id
            """,
            logger: logger
        )
        var deleted: [MatchID] = []
        for try await id in rows.decode(String.self) { deleted.append(MatchID(rawValue: id)) }
        return deleted
    }
}
