import Foundation
import Logging
import MatchStore
import PostgresNIO

extension PostgresWrites {
    /// Deletes the matches whose summary last changed before `date`, except `keeping`, at most `limit`,
    /// least recently changed first, in one statement outside the writer's batches; their records go
    /// with them (`ON DELETE CASCADE`). Returns their ids.
    static func deleteMatches(
        updatedBefore date: Date, keeping: Set<MatchID>, limit: Int, on client: PostgresClient, logger: Logger
    ) async throws -> [MatchID] {
        let kept = keeping.map(\.rawValue)
        let rows = try await client.query(
            """
            DELETE FROM match WHERE id IN (
                SELECT id FROM match WHERE updated_at < \(date) AND NOT (id = ANY(\(kept)))
                ORDER BY updated_at LIMIT \(max(limit, 0))
            ) RETURNING id
            """,
            logger: logger
        )
        var deleted: [MatchID] = []
        for try await id in rows.decode(String.self) { deleted.append(MatchID(rawValue: id)) }
        return deleted
    }
}
