import Foundation
import Logging
import MatchStore
import MatchWords
import PostgresNIO

/// The "Play someone now" queue in the `pairing_queue` table, shared by every server on the database:
/// a visitor may join on one server and renew on another, and whichever server pairs it does so for all.
///
/// Visitors are paired only with visitors of the same `PairingKey`, kept in the key's columns (`game_id`
/// and `clock`; a later field of the key is a column more, compared where they are). A pairing first reads which
/// keys have two visitors waiting, the longest waiting first; then, for one key after the other, it is
/// one transaction: it locks the two visitors of that key who have waited longest with
/// `FOR UPDATE SKIP LOCKED` (another server pairing at the same time takes the next two, never these),
/// makes and seats their match, writes their seats and commits. A server that fails or dies in the
/// middle rolls back: both visitors wait on, first in line, and the match made for them is left empty
/// of anyone who knows its tokens. Times are the database's (`now()`), so servers whose clocks differ
/// agree on who renewed in time.
final class PostgresPairingQueue: PairingQueue {
    private let pool: BoundedPool
    private let times: PairingQueueTimes
    private let logger: Logger

    init(pool: BoundedPool, times: PairingQueueTimes, logger: Logger) {
        self.pool = pool
        self.times = times
        self.logger = logger
    }

    private var renewSeconds: Double { Self.seconds(times.renewWithin) }
    private var keepSeconds: Double { Self.seconds(times.keepPaired) }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    func join(_ key: String, name: String?, pairingKey: PairingKey, account: String?) async throws {
        try await pool.withConnection { [logger] connection in
            try await connection.query(
                """
                INSERT INTO pairing_queue (ticket_hash, name, game_id, clock, account_id)
                VALUES (\(key), \(name), \(pairingKey.gameID.rawValue), \(pairingKey.clockColumn), \(account))
                """,
                logger: logger)
        }
    }

    /// A visitor that a pairing holds right now is answered as waiting without waiting for it (the
    /// pairing's transaction may take a while, and a renewal holding a connection meanwhile could starve
    /// the pool the pairing itself writes through); its next renewal reads the seat.
    func renew(_ key: String) async throws -> PairingStatus? {
        let renew = renewSeconds
        let keep = keepSeconds
        return try await pool.withConnection { [logger] connection in
            let renewed = try await connection.query(
                """
                UPDATE pairing_queue SET renewed_at = now()
                WHERE ticket_hash IN (
                    SELECT ticket_hash FROM pairing_queue
                    WHERE ticket_hash = \(key)
                      AND (match_id IS NULL AND renewed_at >= now() - make_interval(secs => \(renew))
                           OR match_id IS NOT NULL AND paired_at >= now() - make_interval(secs => \(keep)))
                    FOR UPDATE SKIP LOCKED
                )
                RETURNING \(unescaped: Self.statusColumns)
                """, logger: logger)
            if let status = try await Self.status(of: renewed) { return status }
            // Not renewed: gone, or held by a pairing, which may have committed since (a plain read does
            // not wait for its lock, and reads what it committed).
            let held = try await connection.query(
                """
                SELECT \(unescaped: Self.statusColumns) FROM pairing_queue
                WHERE ticket_hash = \(key)
                  AND (match_id IS NULL AND renewed_at >= now() - make_interval(secs => \(renew))
                       OR match_id IS NOT NULL AND paired_at >= now() - make_interval(secs => \(keep)))
                """, logger: logger)
            return try await Self.status(of: held)
        }
    }

    /// What `status(of:)` reads: seconds waited, match, seat, token, and the key's clock column.
    private static let statusColumns = "floor(extract(epoch FROM now() - joined_at))::int8, match_id, seat, seat_token, game_id, clock"

    /// The status a row of (seconds waited, match, seat, token, game, clock) tells; nil without a row.
    private static func status(of rows: PostgresRowSequence) async throws -> PairingStatus? {
        for try await (waited, matchID, seat, token, gameID, clock) in rows.decode((Int, String?, String?, String?, String, String).self) {
            guard let matchID, let seat = seat.flatMap(Seat.init(rawValue:)), let token else {
                return .waiting(seconds: max(0, waited), rated: PairingKey(gameID: GameID(rawValue: gameID), clockColumn: clock).rated)
            }
            return .paired(PairedSeat(matchID: MatchID(rawValue: matchID), seat: seat, token: token))
        }
        return nil
    }

    func leave(_ key: String) async throws {
        try await pool.withConnection { [logger] connection in
            try await connection.query("DELETE FROM pairing_queue WHERE ticket_hash = \(key)", logger: logger)
        }
    }

    func pairNext(
        keepingApart: @escaping @Sendable (WaitingVisitor, WaitingVisitor) async throws -> Bool,
        _ seat: @escaping @Sendable (WaitingVisitor, WaitingVisitor) async throws -> (PairedSeat, PairedSeat)
    ) async throws -> Bool {
        let renew = renewSeconds
        let keep = keepSeconds
        return try await pool.withConnection { [logger] connection in
            try await Self.sweep(renew: renew, keep: keep, on: connection, logger: logger)
            // A key whose two are held by another server's pairing has nobody left here: try the next.
            for pairingKey in try await Self.keysWithTwoWaiting(renew: renew, on: connection, logger: logger) {
                if try await Self.pair(pairingKey, renew: renew, keepingApart: keepingApart, seat, on: connection, logger: logger) {
                    return true
                }
            }
            return false
        }
    }

    /// The pairing keys with two or more visitors waiting (renewed in time), the key of the visitor who
    /// has waited longest first. Rows another pairing holds count too: reading them does not wait.
    private static func keysWithTwoWaiting(renew: Double, on connection: PostgresConnection, logger: Logger) async throws
        -> [PairingKey]
    {
        let rows = try await connection.query(
            """
            SELECT game_id, clock FROM pairing_queue
            WHERE match_id IS NULL AND renewed_at >= now() - make_interval(secs => \(renew))
            GROUP BY game_id, clock
            HAVING count(*) >= 2
            ORDER BY min(joined_order)
            """, logger: logger)
        var keys: [PairingKey] = []
        for try await (gameID, clock) in rows.decode((String, String).self) {
            keys.append(PairingKey(gameID: GameID(rawValue: gameID), clockColumn: clock))
        }
        return keys
    }

    /// How many waiting visitors of a key a pairing locks when the two first may not be paired (one
    /// blocks the other): enough to find a partner past a few blocks, few enough that another
    /// server pairing the same key still finds others to take.
    private static let candidatesPastABlock = 8

    /// Pairs the two visitors of `pairingKey` who have waited longest and may be paired, in one
    /// transaction; false, changing nothing, when no two of them are left that no other pairing holds.
    private static func pair(
        _ pairingKey: PairingKey, renew: Double, keepingApart: @Sendable (WaitingVisitor, WaitingVisitor) async throws -> Bool,
        _ seat: @Sendable (WaitingVisitor, WaitingVisitor) async throws -> (PairedSeat, PairedSeat),
        on connection: PostgresConnection, logger: Logger
    ) async throws -> Bool {
        try await connection.query("BEGIN", logger: logger)
        do {
            // The two first, as always; more only when those two may not be paired. Rows locked here
            // stay locked to this transaction, which is what keeps another server off them.
            var pair: (WaitingVisitor, WaitingVisitor)?
            for limit in [2, candidatesPastABlock] where pair == nil {
                let candidates = try await waiting(pairingKey, renew: renew, limit: limit, on: connection, logger: logger)
                pair = try await firstPairable(candidates, keepingApart: keepingApart)
                if candidates.count < limit { break }
            }
            guard let pair else {
                try await connection.query("ROLLBACK", logger: logger)
                return false
            }
            let visitors = [pair.0, pair.1]
            let seats = try await seat(visitors[0], visitors[1])
            for (visitor, paired) in zip(visitors, [seats.0, seats.1]) {
                try await connection.query(
                    """
                    UPDATE pairing_queue
                    SET match_id = \(paired.matchID.rawValue), seat = \(paired.seat.rawValue), seat_token = \(paired.token),
                        paired_at = now()
                    WHERE ticket_hash = \(visitor.key)
                    """, logger: logger)
            }
            try await connection.query("COMMIT", logger: logger)
            return true
        } catch {
            _ = try? await connection.query("ROLLBACK", logger: logger)
            throw error
        }
    }

    /// The first `limit` waiting visitors of `pairingKey` that no other pairing holds, locked.
    private static func waiting(
        _ pairingKey: PairingKey, renew: Double, limit: Int, on connection: PostgresConnection, logger: Logger
    ) async throws -> [WaitingVisitor] {
        let rows = try await connection.query(
            """
            SELECT ticket_hash, name, account_id, extract(epoch FROM now() - joined_at)::float8 FROM pairing_queue
            WHERE match_id IS NULL AND renewed_at >= now() - make_interval(secs => \(renew))
              AND game_id = \(pairingKey.gameID.rawValue) AND clock = \(pairingKey.clockColumn)
            ORDER BY joined_order
            LIMIT \(limit)
            FOR UPDATE SKIP LOCKED
            """, logger: logger)
        var visitors: [WaitingVisitor] = []
        for try await (key, name, account, waited) in rows.decode((String, String?, String?, Double).self) {
            visitors.append(
                WaitingVisitor(key: key, name: name, pairingKey: pairingKey, account: account, waited: .milliseconds(Int(waited * 1000))))
        }
        return visitors
    }

    /// Deletes the waiting visitors not renewed in time and the paired ones kept long enough, except
    /// those a pairing holds right now.
    private static func sweep(renew: Double, keep: Double, on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query(
            """
            DELETE FROM pairing_queue WHERE ticket_hash IN (
                SELECT ticket_hash FROM pairing_queue
                WHERE match_id IS NULL AND renewed_at < now() - make_interval(secs => \(renew))
                   OR match_id IS NOT NULL AND paired_at < now() - make_interval(secs => \(keep))
                FOR UPDATE SKIP LOCKED
            )
            """, logger: logger)
    }
}
