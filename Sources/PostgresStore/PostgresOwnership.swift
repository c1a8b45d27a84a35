import DurableStore
import Foundation
import Logging
import MatchStore
import MatchWords
import PostgresNIO

/// The SQL of "which server hosts which match" (docs/SCALING.md, "One host per match"): a server takes a
/// match when it loads it, moving the match's epoch on and telling the other servers on a
/// notification channel; it lets go when it stops hosting it; it publishes who is connected.
enum PostgresOwnership {
    /// The notification channel of takeovers: the payload is `"<match id> <epoch> <server> <schema>"`.
    /// Channels are per database, not per schema: the schema in the payload keeps the stores of
    /// several schemas in one database (tests, or several deployments) apart.
    static let channel = "tictactoe_match_claimed"
    /// The epoch of a match its creating server holds from the start.
    static let createdEpoch = 1
    /// How often a running server says so (`server.seen_at`).
    static let heartbeat = Duration.seconds(5)
    /// A server not seen for this long is taken for stopped: its matches' presence is not shown.
    static let presenceLifetimeSeconds = 15

    /// Makes `server` the host of `id` in a new epoch and notifies the other servers (at commit, which is
    /// the statement's end). Waits for an append of the previous host that is being committed, so that
    /// every append committed before is in the log read after this, and none after it is accepted.
    /// Returns the new epoch, or nil when no such match is stored.
    static func claim(_ id: MatchID, for server: String, on connection: PostgresConnection, logger: Logger) async throws -> Int? {
        let rows = try await connection.query(
            """
            WITH claimed AS (
                UPDATE match SET owner = \(server), epoch = epoch + 1
                WHERE id = \(id.rawValue)
                RETURNING id, epoch
            )
            SELECT claimed.epoch
            FROM claimed, pg_notify(\(channel), claimed.id || ' ' || claimed.epoch || ' ' || \(server) || ' ' || current_schema())
            """, logger: logger)
        for try await epoch in rows.decode(Int.self) { return epoch }
        return nil
    }

    /// A notification's payload, read back; nil when it is not one of ours. Server names hold no space
    /// (`PostgresHosting.newServerName`); a schema's may.
    static func takeover(from payload: String) -> (id: MatchID, epoch: Int, server: String, schema: String)? {
        let parts = payload.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, let epoch = Int(parts[1]) else { return nil }
        return (MatchID(rawValue: String(parts[0])), epoch, String(parts[2]), String(parts[3]))
    }

    /// Of the matches `held` (id → epoch), those whose owner or epoch in the database is no longer this
    /// server's: taken while this server was not listening.
    static func takenElsewhere(
        _ held: [MatchID: Int], by server: String, on connection: PostgresConnection, logger: Logger
    ) async throws -> [MatchID] {
        guard !held.isEmpty else { return [] }
        let ids = held.keys.map(\.rawValue)
        let epochs = held.keys.map { held[$0] ?? 0 }
        let rows = try await connection.query(
            """
            SELECT m.id FROM match m JOIN unnest(\(ids)::text[], \(epochs)::int8[]) AS i(id, epoch) ON m.id = i.id
            WHERE m.epoch <> i.epoch OR m.owner IS DISTINCT FROM \(server)
            """, logger: logger)
        var taken: [MatchID] = []
        for try await id in rows.decode(String.self) { taken.append(MatchID(rawValue: id)) }
        return taken
    }

    /// `server` no longer hosts `matches` (id → the epoch it held each in): clears their owner where it
    /// is still theirs (which also ends their presence: it counts only for the owner in its epoch).
    static func release(_ matches: [MatchID: Int], by server: String, on connection: PostgresConnection, logger: Logger) async throws {
        guard !matches.isEmpty else { return }
        let ids = matches.keys.map(\.rawValue)
        let epochs = matches.keys.map { matches[$0] ?? 0 }
        try await connection.query(
            """
            UPDATE match m SET owner = NULL
            FROM unnest(\(ids)::text[], \(epochs)::int8[]) AS i(id, epoch)
            WHERE m.id = i.id AND m.owner = \(server) AND m.epoch = i.epoch
            """, logger: logger)
    }

    /// Writes the presence of matches `server` hosts in the epoch given (read back only while the match's
    /// owner and epoch are still these).
    static func publish(
        _ presences: [(id: MatchID, epoch: Int, presence: LivePresence)], by server: String, on connection: PostgresConnection,
        logger: Logger
    ) async throws {
        guard !presences.isEmpty else { return }
        let ids = presences.map(\.id.rawValue)
        let epochs = presences.map(\.epoch)
        let json = try presences.map { try StorageCoding.encode(json: $0.presence) }
        // Into its own table: an UPDATE of `match` would lock the rows the writer's appends lock.
        try await connection.query(
            """
            INSERT INTO match_presence (match_id, server, epoch, presence)
            SELECT i.id, \(server), i.epoch, i.presence
            FROM unnest(\(ids)::text[], \(epochs)::int8[], \(json)::text[]) AS i(id, epoch, presence)
            JOIN match m ON m.id = i.id
            ON CONFLICT (match_id) DO UPDATE SET server = excluded.server, epoch = excluded.epoch, presence = excluded.presence
            """, logger: logger)
    }

    /// The presence of `ids` whose owner was seen lately.
    static func presence(of ids: [MatchID], on connection: PostgresConnection, logger: Logger) async throws -> [MatchID: LivePresence] {
        guard !ids.isEmpty else { return [:] }
        let rows = try await connection.query(
            """
            SELECT p.match_id, p.presence FROM match_presence p
            JOIN match m ON m.id = p.match_id AND m.owner = p.server AND m.epoch = p.epoch
            JOIN server s ON s.id = p.server
            WHERE p.match_id = ANY(\(ids.map(\.rawValue))::text[])
              AND s.seen_at > now() - make_interval(secs => \(presenceLifetimeSeconds))
            """, logger: logger)
        var found: [MatchID: LivePresence] = [:]
        for try await (id, json) in rows.decode((String, String).self) {
            found[MatchID(rawValue: id)] = try StorageCoding.decode(LivePresence.self, from: json)
        }
        return found
    }

    /// Says that `server` is running (and forgets servers gone for an hour).
    static func heartbeat(of server: String, on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query(
            """
            INSERT INTO server (id, started_at, seen_at) VALUES (\(server), now(), now())
            ON CONFLICT (id) DO UPDATE SET seen_at = now()
            """, logger: logger)
        try await connection.query("DELETE FROM server WHERE seen_at < now() - interval '1 hour'", logger: logger)
        try await connection.query(
            "DELETE FROM match_audience a WHERE NOT EXISTS (SELECT 1 FROM server s WHERE s.id = a.server)", logger: logger)
    }

    /// `server` stopped: its presences stop counting at once.
    static func stopped(_ server: String, on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query("DELETE FROM server WHERE id = \(server)", logger: logger)
    }
}
